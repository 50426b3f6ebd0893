import CredSimulator

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Who may use the control API (docs/serving.md, "The control API"): the control API changes the
/// simulation (`network down`, a new policy), so it answers only a client that
/// - names this server in `Host`: an IP address or `localhost`, with the port bound. A DNS
///   name is refused, since a web page can make its own name resolve to 127.0.0.1 (DNS
///   rebinding) but cannot make the browser send an IP address as the Host of its page;
///   bound to one address, only that address and loopback are this server's;
/// - sends no `Origin` but the server's own (`http://` + the Host): a page of another
///   site cannot POST a script, even as a `text/plain` form that needs no preflight;
/// - holds the run's token, printed at start (as Jupyter does): `?token=…` or
///   `Authorization: Bearer …` (both, only if each is the token).
struct ControlAccess: Sendable {
    /// The per-run token; random unless given.
    let token: String
    /// The address bound (`127.0.0.1`, `0.0.0.0`, `::1`) and its port.
    let boundHost: String
    let boundPort: Int
    private let authority: ServerAuthority
    /// What the refusals name: the control API, or the live page (LiveServer), and who printed the token.
    var service = "the control API"
    var printedBy = "credsh serve"

    init(token: String, boundHost: String, boundPort: Int) {
        self.token = token
        self.boundHost = boundHost
        self.boundPort = boundPort
        authority = ServerAuthority(boundHost: boundHost, boundPort: boundPort)
    }

    /// A fresh token: 128 random bits from the kernel, as 32 hex digits.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next(), radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// Nil when the request may go on; otherwise the refusal to answer with.
    func refusal(_ request: WireRequest) -> WireResponse? {
        let hosts = request.headers.filter { WireRequest.sameName($0.0, "Host") }.map(\.1)
        guard hosts.count == 1, let host = hosts.first, isThisServer(host) else {
            let named = hosts.count == 1 ? "Host '\(Self.shortened(hosts[0]))'" : hosts.isEmpty ? "a request without Host" : "a request with \(hosts.count) Host headers"
            return Refusals.plain(403, "Forbidden", "\(named) does not name this server: \(service) answers an IP address or localhost with port \(boundPort) (a DNS name could be a rebinding page)\n")
        }
        // Every Origin is checked, not only the first: two are refused whatever they say
        // (a browser sends one; a second is a request made to slip past this check).
        let origins = request.headers.filter { WireRequest.sameName($0.0, "Origin") }.map(\.1)
        if origins.count > 1 {
            return Refusals.plain(403, "Forbidden", "cross-origin request refused: \(origins.count) Origin headers; a browser sends one\n")
        }
        if let origin = origins.first, origin.lowercased() != "http://" + host.lowercased() {
            return Refusals.plain(403, "Forbidden", "cross-origin request refused: Origin '\(Self.shortened(origin))' is not http://\(host)\n")
        }
        // Two tokens are refused whatever they say, as two Origins are: which one counts is not guessed.
        let authorizations = request.count(of: "Authorization")
        if authorizations > 1 {
            return Refusals.givenTwice("Authorization", count: authorizations, says: "the token printed at start")
        }
        // So are two `token=` of the query string (the last one counted before).
        let queryTokens = request.query.isEmpty ? [] : FormEncoding.decode(request.query).filter { $0.0 == "token" }.map(\.1)
        if queryTokens.count > 1 {
            return Refusals.givenTwice("token=", "parameters", count: queryTokens.count, says: "the token printed at start")
        }
        // And a Bearer header beside `?token=`: each must be the token, or a wrong one would
        // pass unseen beside the right one.
        let given = [bearerToken(request), queryTokens.first.map { Substring($0) }].compactMap { $0 }
        guard !given.isEmpty, given.allSatisfy({ Self.same($0, token) }) else {
            let both = given.count > 1 ? " (both were given: each must be it)" : ""
            var refusal = Refusals.plain(401, "Unauthorized", "\(service) needs the token \(printedBy) printed at start: ?token=… or Authorization: Bearer …\(both)\n")
            refusal.headers.append(("WWW-Authenticate", #"Bearer realm="credsh""#))
            return refusal
        }
        return nil
    }

    /// The token of `Authorization: Bearer`, read in place (a check on every request of
    /// the control API and the wire).
    private func bearerToken(_ request: WireRequest) -> Substring? {
        if let authorization = request.header("Authorization"),
           let space = authorization.utf8.firstIndex(of: UInt8(ascii: " ")),
           WireRequest.sameName(String(authorization[..<space]), "Bearer") {
            // The scheme without case (RFC 9110 §11.1), then the token without the spaces and tabs around it.
            let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
            var token = authorization[authorization.index(after: space)...]
            while let first = token.utf8.first, blank(first) { token = token.dropFirst() }
            while let last = token.utf8.last, blank(last) { token = token.dropLast() }
            if !token.isEmpty { return token }
        }
        return nil
    }

    /// `host[:port]`: an IP literal or localhost, and the bound port (ServerAuthority).
    func isThisServer(_ value: String) -> Bool {
        authority.names(value)
    }

    /// Compares in time that depends on the lengths only, not on where they differ.
    private static func same(_ a: Substring, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { a in
            b.withUTF8 { b in
                var difference: UInt8 = 0
                for index in a.indices { difference |= a[index] ^ b[index] }
                return difference == 0
            }
        }
    }

    /// A header value quoted in a refusal: at most 80 characters, terminal-safe later by the log.
    private static func shortened(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
