/// What the servlet base class (`javax.servlet.http.HttpServlet.service`) answers for a
/// method the SUSI services do not implement, before any service code runs
/// (docs/susi.md, "The wire"). GET, POST and HEAD reach the service.
enum SusiServlet {
    /// The methods `doOptions` lists for a servlet that implements GET and POST.
    static let allowed = "GET, HEAD, POST, TRACE, OPTIONS"

    /// nil for GET, POST and HEAD; otherwise the servlet's own answer.
    static func answerWithoutService(_ request: SusiRequest) -> SusiResponse? {
        let method = request.method
        switch method {
        case "GET", "POST", "HEAD":
            return nil
        case "OPTIONS":
            var answer = SusiResponse(status: 200, json: nil, errorMessage: nil, path: request.path,
                                      notes: ["OPTIONS: the servlet lists its methods in Allow: \(allowed)"])
            answer.plain = ("", "")
            answer.headers = [("Allow", allowed)]
            return answer
        case "TRACE":
            var answer = SusiResponse(status: 200, json: nil, errorMessage: nil, path: request.path,
                                      notes: ["TRACE: the servlet echoes the request line and headers (message/http)"])
            answer.plain = ("message/http", traceEcho(request))
            return answer
        case "PUT", "DELETE":
            return .error(405, "HTTP method \(method) is not supported by this URL", path: request.path,
                          notes: ["the services implement only GET and POST (and HEAD through GET)"])
        default:
            return .error(501, "Method \(method) is not implemented by this servlet for this URI", path: request.path,
                          notes: ["HttpServlet knows no \(method): 501"])
        }
    }

    /// `HttpServlet.doTrace`: `TRACE URI PROTOCOL`, then each header as `Name: value`,
    /// lines ended by CRLF. The URI is the path without the query string, so no
    /// parameter (and no secret) is echoed. Jetty 9.3's servlet echoes every header as
    /// sent; here the credentials a header carries are written `***` (the scheme of an
    /// `Authorization` is kept: `Bearer ***`), as later servlet containers leave them
    /// out: an echo must not hand a page's script the cookies and tokens it cannot read.
    static func traceEcho(_ request: SusiRequest) -> String {
        var text = "TRACE \(request.path) HTTP/1.1"
        for (name, value) in request.headers { text += "\r\n\(name): \(echoed(name, value))" }
        return text + "\r\n"
    }

    /// Headers whose values are credentials: never echoed as sent.
    static let credentialHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    static func echoed(_ name: String, _ value: String) -> String {
        let lowered = name.lowercased()
        guard credentialHeaders.contains(lowered) else { return value }
        if lowered != "cookie", let space = value.firstIndex(of: " "), !value[..<space].isEmpty {
            return String(value[..<space]) + " " + FieldSpec.hiddenText
        }
        return FieldSpec.hiddenText
    }
}
