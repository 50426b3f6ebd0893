/// One HTTP request to the simulated SUSI.AI server, already taken apart: what a servlet
/// container hands the service after reading the request line, the query string and a
/// form body. The same value serves the simulated app and a real HTTP front end.
public struct SusiRequest: Sendable {
    /// `GET`, `POST`, … as sent (the servlets answer GET and POST alike).
    public var method: String
    /// The path without the query string: `/aaa/login.json`.
    public var path: String
    /// Query or form parameters, decoded, in the order they were sent.
    public var parameters: [(String, String)]
    /// Where the request comes from. Anonymous callers are told apart by it (docs/susi.md,
    /// "Identities"); the simulated device is the local host, which the real server also
    /// exempts from its request-frequency limits.
    public var clientHost: String
    /// Request headers, as sent. Only three of them matter here: the server derives an
    /// anonymous caller's name from User-Agent, Accept-Encoding and Accept-Language.
    public var headers: [(String, String)]
    /// Why Jetty's parameter parser throws on this request (a malformed `%`-escape, bytes
    /// that are not UTF-8); the servlet never runs and the container answers 500.
    public var malformed: String? = nil
    /// Where Jetty replaced an incomplete UTF-8 sequence at the end of a name or value with
    /// U+FFFD, logging a warning (`"the query string"`, `"the form body"`); the servlet runs.
    public var replacedTail: String? = nil
    /// The pairs susi_server's own GET reader takes from the query string, names as sent
    /// (not percent-decoded); nil when they are `parameters` themselves.
    public var getReaderPairs: [(String, String)]? = nil

    public init(method: String, path: String, parameters: [(String, String)],
                clientHost: String = "127.0.0.1", headers: [(String, String)] = []) {
        self.method = method
        self.path = path
        self.parameters = parameters
        self.clientHost = clientHost
        self.headers = headers
    }

    /// The value a servlet reads for `name`. The server's GET reader keeps the last of
    /// repeated names (it fills a map pair by pair) and matches names as sent, the POST
    /// reader the first (docs/susi.md, "Parameters").
    public func parameter(_ name: String) -> String? {
        guard readsAsGET else { return parameters.first { $0.0 == name }?.1 }
        return (getReaderPairs ?? parameters).last { $0.0 == name }?.1
    }

    /// GET, and HEAD, which the servlet runs as a GET (`HttpServlet.doHead`).
    public var readsAsGET: Bool { method == "GET" || method == "HEAD" }

    /// What `HttpServletRequest.getParameter` returns: always the first value. The server
    /// reads `access_token` this way, before the service sees its own parameter map.
    public func firstParameter(_ name: String) -> String? {
        parameters.first { $0.0 == name }?.1
    }

    /// A header's value, names compared without regard to case as HTTP requires.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0.lowercased() == wanted }?.1
    }
}
