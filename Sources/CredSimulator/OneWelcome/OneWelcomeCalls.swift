/// The OneWelcome SDK's API as the double offers it to an app (docs/double.md, "Calls"):
/// `authenticateUser`, `changePin`, the challenge sender's `respond` and `cancel`,
/// `logoutUser` and `validatePolicyCompliance`. The app around the SDK is the real app, so
/// the example app's PIN pad check does not run here: what the app sends reaches the SDK.
extension OneWelcomeSimulator {
    public static let calls: [CallSpec] = [
        CallSpec("authenticateUser", "starts authentication of a registered profile",
                 fields: [FieldSpec("profileId", .string, namesUser: true)],
                 callbacks: ["didStartAuthentication", "didReceivePinChallenge", "didAuthenticateUser", "didFailToAuthenticateUser"]),
        CallSpec("changePin", "starts the change PIN flow for the authenticated profile",
                 callbacks: ["didStartPinChange", "didReceivePinChallenge", "didFailToChangePin"]),
        CallSpec("respond", "the pending challenge's sender answers it with a PIN (log in, current PIN or new PIN)",
                 fields: [FieldSpec("pin", .string, secret: true)],
                 callbacks: ["didAuthenticateUser", "didReceivePinChallenge", "didReceiveCreatePinChallenge", "didChangePin",
                             "didFailToAuthenticateUser", "didFailToChangePin"]),
        CallSpec("cancel", "the pending challenge's sender cancels it",
                 callbacks: ["didFailToAuthenticateUser", "didFailToChangePin"]),
        CallSpec("logoutUser", "logs the authenticated profile out", callbacks: ["logoutUser"]),
        CallSpec("validatePolicyCompliance", "asks whether a PIN would pass the PIN policy",
                 fields: [FieldSpec("pin", .string, secret: true)], callbacks: ["validatePolicyCompliance"]),
    ]

    /// The device keeps its registered profiles (with their stored PIN and failure
    /// counter), the authenticated session and the pending challenge; the PIN policy and
    /// the token server are shared (a simulator decision, docs/double.md).
    public struct DeviceSide: Sendable {
        var profiles: [String: PinProfile]
        var authenticatedUser: String?
        var pending: PendingPinFlow?
    }

    public var deviceSide: DeviceSide {
        get { DeviceSide(profiles: profiles, authenticatedUser: authenticatedUser, pending: pending) }
        set {
            profiles = newValue.profiles
            authenticatedUser = newValue.authenticatedUser
            pending = newValue.pending
        }
    }

    public mutating func perform(_ call: ValidatedCall, world: World) -> [Outcome] {
        switch call.method {
        case "authenticateUser":
            return authenticate(call, world: world)
        case "changePin":
            return changePin(world: world)
        case "respond":
            let pin = call.string("pin")
            switch pending {
            case nil: return call.ignored("no PIN challenge is pending, so no sender is there to answer")
            case .authentication(let challenge): return answerAuthentication(challenge, pin: pin, world: world)
            case .currentPin(let challenge): return answerCurrentPin(challenge, pin: pin, world: world)
            case .createPin(let id): return answerNewPin(id, pin: pin, world: world)
            }
        case "cancel":
            guard pending != nil else { return call.ignored("no PIN challenge is pending, so no sender is there to cancel") }
            return (try? cancel(world: world)) ?? call.ignored("no PIN challenge is pending")
        case "logoutUser":
            guard authenticatedUser != nil else {
                return [call.record(), OneWelcomeEvents.logoutUserFailed(error: .userNotAuthenticated)]
            }
            if let pending {
                return [call.record(), .note(Self.pendingMessage(pending)), OneWelcomeEvents.logoutUserFailed(error: .actionAlreadyInProgress)]
            }
            return (try? logout(world: world)) ?? call.ignored("nobody is signed in")
        case "validatePolicyCompliance":
            let rule = policy.firstViolation(of: call.string("pin"))
            var out = [call.record()]
            if let rule { out.append(.policyRefusal(rule: rule.key, message: rule.error.message)) }
            out.append(OneWelcomeEvents.validatePolicyCompliance(error: rule?.error))
            return out
        default:
            return call.ignored("onewelcome has no call '\(call.method)'")
        }
    }

    /// `authenticateUser` as the SDK answers it: an unknown or deregistered profile, a
    /// session already open or a flow under way fail in `didFailToAuthenticateUser`.
    private mutating func authenticate(_ call: ValidatedCall, world: World) -> [Outcome] {
        let id = call.string("profileId")
        guard let profile = profiles[id], !profile.isDeregistered else {
            return [call.record(), OneWelcomeEvents.didFailToAuthenticateUser(id, error: .userDeregistered)]
        }
        if let pending {
            return [call.record(), .note(Self.pendingMessage(pending)),
                    OneWelcomeEvents.didFailToAuthenticateUser(id, error: .actionAlreadyInProgress)]
        }
        if let user = authenticatedUser {
            return [call.record(), .note("'\(user)' is already authenticated on this device"),
                    OneWelcomeEvents.didFailToAuthenticateUser(id, error: .actionAlreadyInProgress)]
        }
        return startAuthentication(profile, world: world)
    }
}

extension OneWelcomeEvents {
    /// `logoutUser`'s completion when nobody could be logged out: no profile, the error.
    static func logoutUserFailed(error: OneWelcomeError) -> Outcome {
        .event(SDKEvent("logoutUser", error.fields))
    }
}
