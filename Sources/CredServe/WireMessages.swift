import CredSimulator

/// One whole HTTP request as it came off a connection, before the simulation sees it.
struct WireRequest: Sendable {
    /// As sent: `GET`, `POST`, `HEAD`, …
    let method: String
    /// The path without the query string, as sent (no percent-decoding).
    let path: String
    /// The query string without its `?`; empty when there was none.
    let query: String
    let headers: [(String, String)]
    let body: [UInt8]
    /// The peer's address: `127.0.0.1` or `::1`.
    let clientHost: String
    /// Address and port, for the log: `127.0.0.1:50312`.
    let client: String

    /// Splits a request target into path and query; an absolute-form target
    /// (`http://host/aaa/login.json?…`, as proxies send) loses its scheme and authority.
    static func split(target: String) -> (path: String, query: String) {
        var rest = Substring(target)
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard let question = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<question]), String(rest[rest.index(after: question)...]))
    }

    func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0.lowercased() == wanted }?.1
    }

    /// Whether the body is a form the servlet container would read parameters from.
    var hasFormBody: Bool {
        guard let type = header("Content-Type") else { return false }
        let media = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return media.trimmedSpacesAndTabs.lowercased() == "application/x-www-form-urlencoded"
    }

    /// The request as the served SDK gets it: as sent, nothing decoded.
    var http: HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, headers: headers, body: body, clientHost: clientHost)
    }
}

/// An answer to send: the status line's code and reason, the body and its type.
struct WireResponse: Sendable {
    let status: Int
    let reason: String
    let contentType: String
    let body: [UInt8]
    var headers: [(String, String)] = []

    init(status: Int, reason: String, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// The simulated server's answer, byte for byte.
    init(_ answer: HTTPAnswer) {
        self.init(status: answer.status, reason: answer.reason, contentType: answer.contentType, body: answer.body, headers: answer.headers)
    }

    /// A request refused before it reached the simulation (malformed, too large, too
    /// slow): the page Jetty writes for a message it cannot accept.
    static func refusal(_ status: Int, _ reason: String) -> WireResponse {
        let page = "<h1>Bad Message \(status)</h1><pre>reason: \(reason)</pre>"
        return WireResponse(status: status, reason: reason, contentType: "text/html;charset=iso-8859-1", body: Array(page.utf8))
    }
}
