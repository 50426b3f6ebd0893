/// One user as the server sees them: a read-only view assembled from the server's two
/// tables (see `IdentityServer`). Never holds a password, only its salted hash.
public struct Account: Sendable {
    public let userID: String
    /// nil until the user sets a password at activation (challenge mode 1).
    public let password: StoredPassword?
    /// The most recent passwords, newest first, the current one included.
    public let history: [StoredPassword]
    public let passwordSetAt: Int64
    /// Set by an administrator (`expire`); cleared when the password changes.
    public let markedExpired: Bool
    public let blocked: Bool
    public let attemptsLeft: Int

    public var isActivated: Bool { password != nil }
}

/// What every account has, kept small so that a million accounts never activated
/// cost little more than their names.
struct AccountRecord: Sendable {
    /// Wrong passwords since the counter was last reset. The attempts left follow from
    /// the policy's `attempts` at each challenge, so a new limit applies from the next
    /// one (docs/relid.md, "Attempts").
    var failures = 0
    var blocked = false
    var markedExpired = false
    /// Set by an administrator (`offer USER none`): the server offers no credential for
    /// update, so `getAllChallenges` answers `options=[]` (S1, test 8).
    var offersNoUpdate = false
}

/// What only an activated account has: its password and history, as hashes.
struct Credential: Sendable {
    var current: StoredPassword
    /// Newest first, the current one included.
    var history: [StoredPassword]
    var setAt: Int64
}
