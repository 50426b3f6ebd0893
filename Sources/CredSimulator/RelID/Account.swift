/// One user on the simulated server. Kept small: an account that was added but never
/// activated holds no password and no history, so a million of them stay cheap.
public struct Account: Sendable {
    public let userID: String
    /// nil until the user sets a password at activation (challenge mode 1).
    public internal(set) var password: StoredPassword?
    /// The most recent passwords, newest first, the current one included.
    public internal(set) var history: [StoredPassword] = []
    public internal(set) var passwordSetAt: Int64 = 0
    /// Set by an administrator (`expire`); cleared when the password changes.
    public internal(set) var markedExpired = false
    public internal(set) var blocked = false
    public internal(set) var attemptsLeft: Int

    public var isActivated: Bool { password != nil }

    init(userID: String, attempts: Int) {
        self.userID = userID
        self.attemptsLeft = attempts
    }
}
