/// What the simulated app keeps for one user on the device: the passcode (as a hash),
/// where it came from, the Touch ID preference, and the wrong passcodes counted so far.
public struct FioriUser: Equatable, Sendable {
    /// Nil once the passcode store has been reset: the user must onboard again.
    public internal(set) var passcode: StoredPassword?
    /// `device` after a Touch ID change: the controller made the passcode up and only the
    /// keychain behind Touch ID knows it.
    public internal(set) var source: PasscodeSource
    public internal(set) var touchID: Bool
    /// Wrong passcodes since the last right one; the app counts them, not the SDK.
    public internal(set) var failedAttempts = 0

    public var isReset: Bool { passcode == nil }

    /// Tries left before the store is reset, or `PasscodePolicy.noLimit`.
    public func triesRemaining(under policy: PasscodePolicy) -> Int {
        policy.retryLimit == PasscodePolicy.noLimit ? PasscodePolicy.noLimit : max(policy.retryLimit - failedAttempts, 0)
    }

    /// What a reset leaves: no passcode, and no Touch ID data, which belonged to it.
    mutating func reset() {
        passcode = nil
        source = .user
        touchID = false
        failedAttempts = 0
    }
}
