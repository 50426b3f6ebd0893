/// The simulated REL-ID server: accounts, the password policy, the KDF, and the
/// decisions the server makes when the SDK forwards a password. No I/O, no clock of its
/// own: time is passed in, so the simulation controls it.
public struct IdentityServer: Sendable {
    /// Every account, by user ID; look-ups are O(1) however many there are.
    private var records: [String: AccountRecord] = [:]
    /// Only the activated accounts: passwords and history.
    private var credentials: [String: Credential] = [:]
    public var policy = PasswordPolicy.standard
    public var hasher = PasswordHasher()
    private var random: SeededGenerator

    public init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    public func account(_ userID: String) -> Account? {
        guard let record = records[userID] else { return nil }
        let credential = credentials[userID]
        return Account(userID: userID, password: credential?.current, history: credential?.history ?? [],
                       passwordSetAt: credential?.setAt ?? 0, markedExpired: record.markedExpired,
                       blocked: record.blocked, attemptsLeft: attemptsLeft(record))
    }

    /// None once blocked; otherwise what the policy's limit leaves, but at least one: a
    /// limit lowered below the failures already made leaves a last attempt, never a
    /// block nobody caused (docs/relid.md, "Attempts").
    private func attemptsLeft(_ record: AccountRecord) -> Int {
        record.blocked ? 0 : max(1, policy.attempts - record.failures)
    }

    /// The user IDs in a stable (sorted) order, for listings and completion.
    public var userIDs: [String] { records.keys.sorted() }

    /// Adds a user: activated with `password`, or waiting for activation without one.
    /// An administrator's initial password is not checked against the policy.
    public mutating func addUser(_ userID: String, password: String?, now: Int64) throws(SimulationError) {
        guard !userID.isEmpty else { throw SimulationError("a user ID cannot be empty") }
        guard records[userID] == nil else { throw SimulationError(.userExists, "user '\(userID)' already exists") }
        records[userID] = AccountRecord()
        if let password { changePassword(userID, to: password, now: now) }
    }

    // MARK: Administration

    public mutating func setBlocked(_ userID: String, _ blocked: Bool) {
        records[userID]?.blocked = blocked
        if !blocked { resetAttempts(userID) }
    }

    public mutating func markExpired(_ userID: String) { records[userID]?.markedExpired = true }

    /// Whether the server offers the user's password for update (`offer USER Password`)
    /// or nothing (`offer USER none`).
    public mutating func setOffersPasswordUpdate(_ userID: String, _ offers: Bool) {
        records[userID]?.offersNoUpdate = !offers
    }

    /// What `getAllChallenges` lists for the user: `["Password"]`, or nothing.
    public func offeredCredentials(_ userID: String) -> [String] {
        records[userID]?.offersNoUpdate == true ? [] : [RelIDSDK.passwordCredential]
    }

    // MARK: Decisions

    public func isExpired(_ userID: String, now: Int64) -> Bool {
        guard let record = records[userID], let credential = credentials[userID] else { return false }
        if record.markedExpired { return true }
        if let maxAge = policy.maxAge { return now - credential.setAt >= maxAge }
        return false
    }

    /// When the password expires by age, if the policy has a maximum age.
    public func expiryDate(_ userID: String) -> Int64? {
        guard let credential = credentials[userID], let maxAge = policy.maxAge else { return nil }
        return credential.setAt + maxAge
    }

    public func verify(_ userID: String, _ password: String) -> Bool {
        guard let stored = credentials[userID]?.current else { return false }
        return hasher.verify(password, against: stored)
    }

    /// True when `password` is the current password or one of the N−1 before it.
    public func isReused(_ userID: String, _ password: String) -> Bool {
        guard let credential = credentials[userID], policy.historySize > 0 else { return false }
        return credential.history.prefix(policy.historySize).contains { hasher.verify(password, against: $0) }
    }

    /// Uses one attempt; returns how many are left. At zero the account is blocked.
    public mutating func useAttempt(_ userID: String) -> Int {
        guard var record = records[userID] else { return 0 }
        let left = max(0, attemptsLeft(record) - 1)
        record.failures = policy.attempts - left
        if left == 0 { record.blocked = true }
        records[userID] = record
        return left
    }

    public mutating func resetAttempts(_ userID: String) {
        records[userID]?.failures = 0
    }

    /// Stores a new password: hashed with a fresh salt, pushed onto the history, the
    /// expiry cleared, the clock of its age restarted, attempts restored.
    public mutating func changePassword(_ userID: String, to password: String, now: Int64) {
        guard records[userID] != nil else { return }
        let stored = hasher.hash(password, salt: random.bytes(PasswordHasher.saltBytes))
        var history = [stored] + (credentials[userID]?.history ?? [])
        // Keep as many as the history setting asks for (at least the current password).
        let keep = max(policy.historySize, 1)
        if history.count > keep { history.removeLast(history.count - keep) }
        credentials[userID] = Credential(current: stored, history: history, setAt: now)
        records[userID]?.markedExpired = false
        resetAttempts(userID)
    }
}
