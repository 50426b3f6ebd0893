/// The simulated OneWelcome (Onegini) iOS SDK with the example app around it and the
/// token server behind it, as one value: PIN registration, PIN authentication, change PIN
/// and PIN policy validation (docs/onewelcome.md). Every operation returns its outcomes in
/// the order they happen: the API call, then the delegate calls it triggers.
public struct OneWelcomeSimulator: SimulatedSDK {
    public var policy: PinPolicy = .standard
    /// How PINs are stored; tests lower the rounds to run faster.
    public var hasher = PasswordHasher()

    public internal(set) var profiles: [String: PinProfile] = [:]
    /// The profile the SDK holds an authenticated session for.
    public internal(set) var authenticatedUser: String?
    public internal(set) var pending: PendingPinFlow?
    /// Feeds the salt of every stored PIN, so a seed reproduces them.
    var salts: SeededGenerator

    public init(seed: UInt64) { salts = SeededGenerator(seed: seed) }

    // MARK: Registration (setup commands: no SDK flow is shown)

    /// `user add ID pin PIN`: registers a profile whose PIN passes the policy, stored as a
    /// KDF hash. A deregistered profile may register again.
    public mutating func addProfile(_ id: String, pin: String) throws(SimulationError) {
        try checkNewID(id)
        if let refusal = Self.pinPadRefusal(pin) { throw SimulationError(refusal) }
        if let rule = policy.firstViolation(of: pin) { throw SimulationError(rule.error.message) }
        profiles[id] = PinProfile(id: id, registration: .pin(storedPin(pin)))
    }

    /// `user add ID stateless`: a user who authenticates with no PIN and keeps no profile.
    public mutating func addStatelessUser(_ id: String) throws(SimulationError) {
        try checkNewID(id)
        profiles[id] = PinProfile(id: id, registration: .stateless)
    }

    private func checkNewID(_ id: String) throws(SimulationError) {
        guard !id.isEmpty else { throw SimulationError("a user needs a name") }
        if let existing = profiles[id], !existing.isDeregistered {
            throw SimulationError(.userExists, "user '\(id)' already exists")
        }
    }

    /// The example app's PIN pad only has the digits 0-9, so nothing else reaches the SDK.
    static func pinPadRefusal(_ pin: String) -> String? {
        if pin.isEmpty { return "Please enter a PIN: the PIN pad was left empty." }
        if !pin.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            return "A PIN has digits 0-9 only: the PIN pad has no other keys."
        }
        return nil
    }

    // MARK: SimulatedSDK

    public var userIDs: [String] { profiles.keys.sorted() }
    public var signedInUser: String? { authenticatedUser }

    public func states(of userID: String, world: World) -> [String]? {
        guard let profile = profiles[userID] else { return nil }
        return UserState.allCases.filter { state in
            switch state {
            case .loggedIn: return authenticatedUser == userID
            case .loggedOut: return authenticatedUser != userID
            case .registered: if case .pin = profile.registration { return true } else { return false }
            case .stateless: return profile.isStateless
            case .deregistered: return profile.isDeregistered
            case .changingPin:
                switch pending {
                case .currentPin(let c): return c.profileID == userID
                case .createPin(let id): return id == userID
                case .authentication, nil: return false
                }
            }
        }.map(\.rawValue)
    }

    public var promptState: PromptState {
        PromptState(signedIn: authenticatedUser, pending: pending.map { .init(user: $0.profileID, label: "\($0.step)") })
    }

    /// `login ID [PIN]`: `authenticateUser`; with a PIN the app answers the challenge at once.
    public mutating func login(_ userID: String, secret: String?, world: World) throws(SimulationError) -> [Outcome] {
        guard let profile = profiles[userID] else { throw SimulationError(.unknownUser, "no user '\(userID)'") }
        guard !profile.isDeregistered else {
            throw SimulationError("'\(userID)' was deregistered from the device; register again with 'user add \(userID) pin …'")
        }
        if let authenticatedUser {
            throw SimulationError(.alreadySignedIn, "'\(authenticatedUser)' is already signed in: log out first")
        }
        if let pending { throw SimulationError(.notNow, Self.pendingMessage(pending)) }
        var out = startAuthentication(profile, world: world)
        if let secret {
            if profile.isStateless {
                out.append(.note("\(userID) is stateless: there is no PIN challenge, so the PIN given was not used"))
            } else if case .authentication = pending {
                out += try answerPin(secret, world: world)
            }
        }
        return out
    }

    /// `update CURRENT NEW [CONFIRM]`: the app's change PIN screens filled in one go; the
    /// confirmation is compared on the create-PIN screen, not before (docs/onewelcome.md).
    public mutating func update(current: String, new: String, confirm: String?, world: World) throws(SimulationError) -> [Outcome] {
        try changePinInOneGo(current: current, new: new, confirm: confirm, world: world)
    }

    /// `logout`: `logoutUser`. Without a network the session still ends on the device.
    public mutating func logout(world: World) throws(SimulationError) -> [Outcome] {
        guard let user = authenticatedUser else { throw SimulationError(.notSignedIn, "nobody is signed in") }
        if let pending { throw SimulationError(.notNow, Self.pendingMessage(pending)) }
        authenticatedUser = nil
        var out: [Outcome] = [.call(api: "logoutUser", arguments: [], error: nil)]
        if let fault = world.network.fault {
            out.append(.note("\(fault.rawValue): the token was not revoked on the server; the session ended on the device"))
            out.append(OneWelcomeEvents.logoutUser(user, error: .from(fault)))
        } else {
            out.append(OneWelcomeEvents.logoutUser(user, error: nil))
        }
        return out
    }

    /// `cancel`: the app cancels the pending challenge through its sender.
    public mutating func cancel(world: World) throws(SimulationError) -> [Outcome] {
        guard let pending else { throw SimulationError(.notNow, "nothing to cancel: no PIN challenge is pending") }
        self.pending = nil
        switch pending {
        case .authentication(let challenge):
            return [Self.senderCall("cancel", challenge: "PinChallenge"),
                    OneWelcomeEvents.didFailToAuthenticateUser(challenge.profileID, error: .actionCancelled)]
        case .currentPin(let challenge):
            return [Self.senderCall("cancel", challenge: "PinChallenge"),
                    OneWelcomeEvents.didFailToChangePin(challenge.profileID, error: .actionCancelled)]
        case .createPin(let id):
            return [Self.senderCall("cancel", challenge: "CreatePinChallenge"),
                    OneWelcomeEvents.didFailToChangePin(id, error: .actionCancelled)]
        }
    }

    // MARK: Helpers shared by the flows

    static func pendingMessage(_ pending: PendingPinFlow) -> String {
        "a challenge for \(pending.profileID)'s \(pending.step) is pending: answer it with 'pin' or 'cancel' it"
    }

    /// A challenge sender's `respond(with:to:)` or `cancel(_:)`; the PIN is masked.
    static func senderCall(_ api: String, challenge: String, pin: Bool = false) -> Outcome {
        var arguments: [(String, JSONValue)] = []
        if pin { arguments.append(("pin", FieldSpec.hidden)) }
        arguments.append(("challenge", .string(challenge)))
        return .call(api: api, arguments: arguments, error: nil)
    }

    /// A PIN as the device keeps it: a fresh salt and the derived key, never the digits.
    mutating func storedPin(_ pin: String) -> StoredPassword {
        hasher.hash(pin, salt: salts.bytes(PasswordHasher.saltBytes))
    }
}
