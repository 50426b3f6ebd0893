/// The server's access tokens. A token is a bearer secret, so the store keeps only its
/// KDF hash; one salt for the whole store (drawn from the seed) makes the hash usable as
/// the look-up key, since a token, unlike a password, arrives without a user name.
struct SusiTokenStore: Sendable {
    struct Grant: Equatable, Sendable {
        let owner: String
        let issuedAt: Int64
        /// The first instant the token is no longer valid; nil for a token that never expires.
        var expiresAt: Int64?

        func isValid(at now: Int64) -> Bool { expiresAt.map { now < $0 } ?? true }
    }

    /// Tokens one account holds at most. Every login issues one, and a client of `credsh
    /// serve` may log in without end: past this, the account's oldest token is forgotten
    /// (docs/susi.md, "Simulator decisions"), so the store is bounded by the accounts.
    static let tokensPerAccount = 1_000

    private let salt: [UInt8]
    private var grants: [[UInt8]: Grant] = [:]
    /// Each account's token keys, oldest first.
    private var keysByOwner: [String: [[UInt8]]] = [:]
    /// Tokens ever issued to each account, the forgotten ones included.
    private var issuedByOwner: [String: Int] = [:]

    init(salt: [UInt8]) { self.salt = salt }

    private func key(_ token: String, _ hasher: PasswordHasher) -> [UInt8] { hasher.hash(token, salt: salt).key }

    /// Stores a new token; returns when it stops being valid (nil: never).
    @discardableResult
    mutating func issue(_ token: String, to owner: String, now: Int64, validSeconds: Int64?, hasher: PasswordHasher) -> Int64? {
        let expiry = validSeconds.map { now.addingReportingOverflow($0) }.map { $0.overflow ? Int64.max : $0.partialValue }
        let key = key(token, hasher)
        if let previous = grants[key] { keysByOwner[previous.owner]?.removeAll { $0 == key } }
        grants[key] = Grant(owner: owner, issuedAt: now, expiresAt: expiry)
        keysByOwner[owner, default: []].append(key)
        issuedByOwner[owner, default: 0] += 1
        if let keys = keysByOwner[owner], keys.count > Self.tokensPerAccount {
            for oldest in keys.prefix(keys.count - Self.tokensPerAccount) { grants[oldest] = nil }
            keysByOwner[owner] = Array(keys.suffix(Self.tokensPerAccount))
        }
        return expiry
    }

    func grant(for token: String, hasher: PasswordHasher) -> Grant? { grants[key(token, hasher)] }

    /// The owner while the token is valid at `now`.
    func owner(of token: String, hasher: PasswordHasher, now: Int64) -> String? {
        guard let grant = grant(for: token, hasher: hasher), grant.isValid(at: now) else { return nil }
        return grant.owner
    }

    /// Makes the token invalid from `now` on; false for a token the store does not know.
    mutating func expire(_ token: String, now: Int64, hasher: PasswordHasher) -> Bool {
        let k = key(token, hasher)
        guard var grant = grants[k] else { return false }
        if grant.expiresAt.map({ $0 > now }) ?? true { grant.expiresAt = now }
        grants[k] = grant
        return true
    }

    /// Makes every token of `owner` that is still valid invalid from `now` on; returns how many.
    mutating func expireAll(of owner: String, now: Int64) -> Int {
        var count = 0
        for key in keysByOwner[owner] ?? [] where grants[key]?.isValid(at: now) == true {
            grants[key]?.expiresAt = now
            count += 1
        }
        return count
    }

    func issuedCount(of owner: String) -> Int { issuedByOwner[owner] ?? 0 }

    /// Every grant of one account, oldest first (for `user show`).
    func grants(of owner: String) -> [Grant] {
        (keysByOwner[owner] ?? []).compactMap { grants[$0] }
    }
}
