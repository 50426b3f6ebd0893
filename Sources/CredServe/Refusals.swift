/// The answers every server of credsh gives when it will not serve a request, written
/// once: as bytes (`plain`, `WireResponse.refusal`) and as the API description lists them
/// (`httpLayer`, `access`), the latter derived from the limits in force (ServeLimits).
enum Refusals {
    static func plain(_ status: Int, _ reason: String, _ text: String, headers: [(String, String)] = []) -> WireResponse {
        WireResponse(status: status, reason: reason, contentType: "text/plain;charset=utf-8", body: Array(text.utf8), headers: headers)
    }

    /// 400 for a header that says one thing given more than once (`Authorization`,
    /// `Credsh-Device`): which one counts is not guessed (docs/serving.md, docs/double.md).
    /// `kind`: what was given more than once, in the plural (`headers`, `parameters`).
    static func givenTwice(_ name: String, _ kind: String = "headers", count: Int, says what: String) -> WireResponse {
        plain(400, "Bad Request", givenTwiceText(name, kind, count: count, says: what) + "\n")
    }

    /// What `givenTwice` says, for a refusal written in another form (a device's).
    static func givenTwiceText(_ name: String, _ kind: String = "headers", count: Int, says what: String) -> String {
        "a request with \(count) \(name) \(kind): send one, \(what)"
    }

    /// 405 for a routed path asked with another method, naming the ones it has.
    static func wrongMethod(_ text: String, allowed: [String]) -> WireResponse {
        plain(405, "Method Not Allowed", text, headers: [("Allow", allowed.joined(separator: ", "))])
    }

    /// 503 when answers not yet read by their clients hold too much (ServeLimits.answerBytesInFlight).
    static func busy(_ text: String) -> WireResponse {
        plain(503, "Service Unavailable", text, headers: [("Retry-After", "1")])
    }

    /// "GET and HEAD", "POST": the methods as a 405's description says them.
    static func spoken(_ methods: [String]) -> String {
        methods.count <= 1 ? methods.joined() : methods.dropLast().joined(separator: ", ") + " and " + methods.last!
    }

    /// What the HTTP layer itself answers before any route sees a request (ConnectionHandler,
    /// RequestFraming), the same for every path: Jetty's error page.
    static func httpLayer(_ limits: ServeLimits) -> [APIResponse] {
        [
            APIResponse(status: 400, description: "Malformed request (refused by the HTTP layer, or by the service: bad parameters).",
                        contentType: "text/html"),
            APIResponse(status: 408, description: "The request did not arrive whole within the timeout (--timeout).", contentType: "text/html"),
            APIResponse(status: 413, description: "The body is larger than allowed (\(size(limits.bodyBytes)) for a form, \(size(limits.scriptBytes)) for a script).",
                        contentType: "text/html"),
            APIResponse(status: 431, description: "The request line and headers are over \(size(limits.headerBytes)) or \(limits.headerCount) fields.",
                        contentType: "text/html"),
        ]
    }

    /// What the access middleware answers (ControlAccess), for a route behind the token.
    static let access: [APIResponse] = [
        APIResponse(status: 400, description: "The token given twice (two Authorization headers or two token= in the query; or, where a device is named, Credsh-Device), or malformed (refused by the HTTP layer, or by the service: bad parameters).",
                    contentType: "text/plain", otherContentTypes: ["text/html"]),
        APIResponse(status: 401, description: "No token, not the token printed at start, or an Authorization: Bearer and a token= that are not both it.", contentType: "text/plain", headers: ["WWW-Authenticate"]),
        APIResponse(status: 403, description: "Host is not an IP address or localhost with the bound port (DNS rebinding), or Origin is another site's.",
                    contentType: "text/plain"),
    ]

    /// `64 KiB`, `1 MiB`.
    static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
