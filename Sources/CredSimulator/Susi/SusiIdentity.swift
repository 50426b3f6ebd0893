/// Who the server thinks is calling: the owner of a valid access token, or an anonymous
/// caller named after its host and a hash of three request headers (docs/susi.md,
/// "Identities"). Every JSON answer reports it under `session.identity`.
public enum SusiIdentity: Equatable, Sendable {
    case email(String)
    case anonymous(name: String)

    /// The caller behind `request`: the token's owner while the token is valid,
    /// anonymous otherwise (no token, an unknown one or an expired one).
    static func of(_ request: SusiRequest, tokens: SusiTokenStore, hasher: PasswordHasher, now: Int64) -> SusiIdentity {
        if let token = request.firstParameter("access_token"),
           let owner = tokens.owner(of: token, hasher: hasher, now: now) {
            return .email(owner)
        }
        return .anonymous(name: request.clientHost + "_" + headerSalt(request))
    }

    /// The server hashes `User-Agent + Accept-Encoding + Accept-Language` with Java's
    /// `String.hashCode` and writes it in hex; a missing header reads as "null".
    static func headerSalt(_ request: SusiRequest) -> String {
        let hint = ["User-Agent", "Accept-Encoding", "Accept-Language"].map { request.header($0) ?? "null" }.joined()
        return String(javaHashCode(hint), radix: 16)
    }

    /// `String.hashCode()`: s[0]·31^(n−1) + … over UTF-16 code units, wrapping at 32 bits.
    static func javaHashCode(_ text: String) -> UInt32 {
        text.utf16.reduce(UInt32(0)) { $0 &* 31 &+ UInt32($1) }
    }

    /// The base user role, in the server's words: `USER` for a signed-in caller.
    public var role: String {
        if case .email = self { return "USER" }
        return "ANONYMOUS"
    }

    public var json: JSONValue {
        switch self {
        case .email(let email):
            return .object([("type", .string("email")), ("name", .string(email)), ("anonymous", .bool(false))])
        case .anonymous(let name):
            return .object([("type", .string("host")), ("name", .string(name)), ("anonymous", .bool(true))])
        }
    }

    /// `"session":{"identity":{…}}`, which the server adds to every JSON answer.
    var session: JSONValue { .object([("identity", json)]) }
}
