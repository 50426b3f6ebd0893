/// A user profile registered on the simulated device (docs/onewelcome.md, "Users").
public struct PinProfile: Equatable, Sendable {
    public enum Registration: Equatable, Sendable {
        /// Registered with a PIN, kept only as a KDF hash.
        case pin(StoredPassword)
        /// Registered statelessly: no PIN and no profile stored on the device.
        case stateless
        /// Removed after too many wrong PINs: nothing about it is left on the device.
        case deregistered
    }

    public let id: String
    public internal(set) var registration: Registration
    /// Wrong PINs in a row, counted until a correct PIN (the token server's counter, so
    /// cancelling a challenge does not reset it).
    public internal(set) var failedAttempts = 0

    public var isStateless: Bool { registration == .stateless }
    public var isDeregistered: Bool { registration == .deregistered }
}

/// A PIN challenge as the SDK hands it to the app: the counters it shows.
public struct PinChallengeCounters: Equatable, Sendable {
    public let profileID: String
    public let maxFailureCount: Int
    public let previousFailureCount: Int

    public var remainingFailureCount: Int { maxFailureCount - previousFailureCount }

    /// The counters after one more wrong PIN, keeping the maximum the challenge started with.
    var afterFailure: PinChallengeCounters {
        PinChallengeCounters(profileID: profileID, maxFailureCount: maxFailureCount,
                             previousFailureCount: previousFailureCount + 1)
    }
}

/// What the SDK waits for from the app, if anything.
public enum PendingPinFlow: Equatable, Sendable {
    /// `authenticateUser` asked for the PIN.
    case authentication(PinChallengeCounters)
    /// `changePin` asked for the current PIN.
    case currentPin(PinChallengeCounters)
    /// `changePin` accepted the current PIN and asks for a new one.
    case createPin(profileID: String)

    public var profileID: String {
        switch self {
        case .authentication(let c), .currentPin(let c): return c.profileID
        case .createPin(let id): return id
        }
    }

    /// A few words for the prompt and `state`.
    public var step: String {
        switch self {
        case .authentication: return "PIN"
        case .currentPin: return "current PIN"
        case .createPin: return "new PIN"
        }
    }
}
