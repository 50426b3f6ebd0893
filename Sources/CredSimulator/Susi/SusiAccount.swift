/// One account on the simulated SUSI.AI server, keyed by its e-mail. The password is
/// only a KDF hash; the invalid-login record and the block belong to the account
/// (docs/susi.md, "Login throttle": a simulator decision).
struct SusiAccount: Sendable {
    var password: StoredPassword
    var activated: Bool
    /// When each recent invalid login happened (virtual seconds), oldest first.
    var invalidLogins: [Int64] = []
    /// Logins are refused until this instant; 0 when not blocked (the vendor's encoding).
    var blockedUntil: Int64 = 0

    func invalidLogins(within period: Int64, now: Int64) -> Int {
        invalidLogins.reduce(0) { $0 + ($1 > now - period ? 1 : 0) }
    }

    func isBlocked(at now: Int64) -> Bool { blockedUntil != 0 && blockedUntil > now }
}

/// What `user show` may tell about an account: never the password or its hash.
public struct SusiAccountSummary: Equatable, Sendable {
    public let email: String
    public let activated: Bool
    public let passwordStorage: String
    /// Instants at which its tokens stop being valid (nil = never), oldest token first:
    /// the tokens the server keeps, at most SusiTokenStore.tokensPerAccount.
    public let tokenExpiries: [Int64?]
    /// Tokens ever issued to it, the forgotten ones included.
    public let tokensIssued: Int
    public let invalidLoginsInPeriod: Int
    /// Until when logins are refused, if they are now.
    public let blockedUntil: Int64?
}
