/// The SAP Fiori passcode controllers as the double offers them to an app (docs/double.md,
/// "Calls"). The vendor's part is UI: the app presents a controller and the controller
/// calls the app's delegate. The double stands in for the controllers: the app's
/// `present` and the user's taps on them are the calls, the delegate calls (and the
/// screens shown) are the events. `answerTouchID` says how the user answers the next
/// Touch ID prompt, as the steering line `touchid fail|cancel` does.
extension FioriSimulator {
    public static let calls: [CallSpec] = [
        CallSpec("present", "the app presents FUIPasscodeInputController (to unlock) or FUIPasscodeChangeController",
                 fields: [FieldSpec("controller", .string, choices: [FioriController.input, FioriController.change]),
                          FieldSpec("userIdentifier", .string, optional: true, namesUser: true)],
                 callbacks: ["evaluatePolicy", "shouldTryPasscode", "showScreen", "failedToMatch"]),
        CallSpec("enterPasscode", "the user types a passcode on the screen on display and taps Done",
                 fields: [FieldSpec("passcode", .string, secret: true), FieldSpec("validationError", .string, optional: true)],
                 callbacks: ["shouldTryPasscode", "failedToMatch", "validate", "failedToMeetPolicy", "passcodeMismatch", "showScreen"]),
        CallSpec("tapCancel", "the user taps Cancel on the screen on display", callbacks: ["didCancelPasscodeEntry"]),
        CallSpec("tapReset", "the user taps the reset button a wrong passcode brought up", callbacks: ["shouldResetPasscode"]),
        CallSpec("answerTouchID", "how the user answers the next Touch ID prompt a presented controller shows: success, authenticationFailed or userCancel",
                 fields: [FieldSpec("result", .string, choices: ["success", "authenticationFailed", "userCancel"])], callbacks: []),
    ]

    /// The device keeps its passcode store (users, hashes, counters, Touch ID), who has
    /// unlocked the app, the screen on display and an armed Touch ID failure; the policy
    /// is the app's configuration, shared. Fiori has no server (docs/fiori.md).
    public struct DeviceSide: Sendable {
        var users: [String: FioriUser]
        var signedInUser: String?
        var presented: PresentedScreen?
        var armedBiometricFailure: BiometricFailure?
    }

    public var deviceSide: DeviceSide {
        get { DeviceSide(users: users, signedInUser: signedInUser, presented: presented, armedBiometricFailure: armedBiometricFailure) }
        set {
            users = newValue.users
            signedInUser = newValue.signedInUser
            presented = newValue.presented
            armedBiometricFailure = newValue.armedBiometricFailure
        }
    }

    public mutating func perform(_ call: ValidatedCall, world: World) -> [Outcome] {
        do throws(SimulationError) {
            switch call.method {
            case "present":
                return try present(call, world: world)
            case "enterPasscode":
                // The app's validation delegate refused a new passcode (the client asked it
                // first): screen 2 refuses it with the delegate's message (docs/double.md).
                let refusal = call["validationError"] != nil ? call.string("validationError") : nil
                return [call.record()] + (try answerPasscode(call.string("passcode"), validationError: refusal, world: world))
            case "tapCancel":
                return [call.record()] + (try cancel(world: world))
            case "tapReset":
                return [call.record()] + (try resetPasscode(world: world))
            case "answerTouchID":
                return answerTouchID(call)
            default:
                return call.ignored("fiori has no call '\(call.method)'")
            }
        } catch {
            return call.ignored(error.message)
        }
    }

    /// The user's finger for the next Touch ID prompt, as `touchid fail` and `touchid
    /// cancel` arm it: the prompt shows when a controller is presented for a user with
    /// Touch ID on (docs/fiori.md, "Unlocking").
    private mutating func answerTouchID(_ call: ValidatedCall) -> [Outcome] {
        let result = call.string("result")
        if result == "success" {
            armedBiometricFailure = nil
        } else if let failure = BiometricFailure(rawValue: result) {
            armedBiometricFailure = failure
        } else {
            return call.ignored("result is success, "
                                + BiometricFailure.allCases.map(\.rawValue).joined(separator: " or ") + ", not '\(result)'")
        }
        return [call.record(), .note("the next Touch ID prompt ends with \(result)")]
    }

    private mutating func present(_ call: ValidatedCall, world: World) throws(SimulationError) -> [Outcome] {
        switch call.string("controller") {
        case FioriController.input:
            guard call["userIdentifier"] != nil else {
                throw SimulationError("\(FioriController.input) needs the userIdentifier of the passcode store to unlock")
            }
            return try login(call.string("userIdentifier"), secret: nil, world: world)
        case FioriController.change:
            if let given = call["userIdentifier"], given != signedInUser.map(JSONValue.string) {
                throw SimulationError("the change controller works on the signed-in user's store, not '\(call.string("userIdentifier"))'")
            }
            return try changePasscode(world: world)
        default:
            throw SimulationError("the double presents \(FioriController.input) or \(FioriController.change), not '\(call.string("controller"))'")
        }
    }
}
