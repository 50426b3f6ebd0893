/// The simulated REL-ID server: accounts, the password policy, the KDF, and the
/// decisions the server makes when the SDK forwards a password. No I/O, no clock of its
/// own: time is passed in, so the simulation controls it.
public struct IdentityServer: Sendable {
    public private(set) var accounts: [String: Account] = [:]
    public var policy = PasswordPolicy.standard
    public var hasher = PasswordHasher()
    private var random: SeededGenerator

    public init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    public func account(_ userID: String) -> Account? { accounts[userID] }

    /// The user IDs in a stable (sorted) order, for listings and completion.
    public var userIDs: [String] { accounts.keys.sorted() }

    /// Adds a user: activated with `password`, or waiting for activation without one.
    /// An administrator's initial password is not checked against the policy.
    public mutating func addUser(_ userID: String, password: String?, now: Int64) throws(SimulationError) {
        guard !userID.isEmpty else { throw SimulationError("a user ID cannot be empty") }
        guard accounts[userID] == nil else { throw SimulationError("user '\(userID)' already exists") }
        var account = Account(userID: userID, attempts: policy.attempts)
        if let password { store(password, in: &account, now: now) }
        accounts[userID] = account
    }

    public mutating func removeUser(_ userID: String) { accounts[userID] = nil }

    // MARK: Administration

    public mutating func setBlocked(_ userID: String, _ blocked: Bool) {
        accounts[userID]?.blocked = blocked
        if !blocked { accounts[userID]?.attemptsLeft = policy.attempts }
    }

    public mutating func markExpired(_ userID: String) { accounts[userID]?.markedExpired = true }

    // MARK: Decisions

    public func isExpired(_ userID: String, now: Int64) -> Bool {
        guard let account = accounts[userID], account.isActivated else { return false }
        if account.markedExpired { return true }
        if let maxAge = policy.maxAge { return now - account.passwordSetAt >= maxAge }
        return false
    }

    /// When the password expires by age, if the policy has a maximum age.
    public func expiryDate(_ userID: String) -> Int64? {
        guard let account = accounts[userID], account.isActivated, let maxAge = policy.maxAge else { return nil }
        return account.passwordSetAt + maxAge
    }

    public func verify(_ userID: String, _ password: String) -> Bool {
        guard let stored = accounts[userID]?.password else { return false }
        return hasher.verify(password, against: stored)
    }

    /// True when `password` is the current password or one of the N−1 before it.
    public func isReused(_ userID: String, _ password: String) -> Bool {
        guard let account = accounts[userID], policy.historySize > 0 else { return false }
        return account.history.prefix(policy.historySize).contains { hasher.verify(password, against: $0) }
    }

    /// Uses one attempt; returns how many are left. At zero the account is blocked.
    public mutating func useAttempt(_ userID: String) -> Int {
        guard var account = accounts[userID] else { return 0 }
        account.attemptsLeft = max(0, account.attemptsLeft - 1)
        if account.attemptsLeft == 0 { account.blocked = true }
        accounts[userID] = account
        return account.attemptsLeft
    }

    public mutating func resetAttempts(_ userID: String) { accounts[userID]?.attemptsLeft = policy.attempts }

    /// Stores a new password: hashed with a fresh salt, pushed onto the history, the
    /// expiry cleared, the clock of its age restarted, attempts restored.
    public mutating func changePassword(_ userID: String, to password: String, now: Int64) {
        guard var account = accounts[userID] else { return }
        store(password, in: &account, now: now)
        accounts[userID] = account
    }

    private mutating func store(_ password: String, in account: inout Account, now: Int64) {
        let stored = hasher.hash(password, salt: random.bytes(PasswordHasher.saltBytes))
        account.password = stored
        account.history.insert(stored, at: 0)
        // Keep as many as any history setting up to the current one can ask for.
        if account.history.count > max(policy.historySize, 1) { account.history.removeLast(account.history.count - max(policy.historySize, 1)) }
        account.passwordSetAt = now
        account.markedExpired = false
        account.attemptsLeft = policy.attempts
    }
}
