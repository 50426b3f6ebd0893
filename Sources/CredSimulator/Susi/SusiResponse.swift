/// The simulated server's answer, in the two shapes the real one has (docs/susi.md,
/// "Answers"): a JSON object with status 200, or an error the servlet sends with
/// `sendError(status, message)`, which the container turns into an HTML error page.
public struct SusiResponse: Sendable {
    public let status: Int
    /// The JSON answer, members in the order the real server writes them.
    public let json: JSONValue?
    /// The message given to `sendError`; the error page shows it as the reason.
    public let errorMessage: String?
    /// The request path, which the error page names.
    public let path: String
    /// How the simulator decided (which rule refused, whose token it was). Never part of
    /// the HTTP answer: the simulation shows these as notes.
    public var notes: [String]
    /// The rule of the policy that refused a new password (`2017`, `2019`, or `email`
    /// for a password equal to the e-mail), and why: shown as a policy refusal, so a
    /// script can say which rule it expected (`expect note rule=2019`).
    public var refusal: (rule: String, message: String)? = nil
    /// A body that is neither JSON nor an error page (TRACE's echo, OPTIONS' empty one).
    public var plain: (contentType: String, text: String)? = nil
    /// Headers the servlet sets besides the content type (OPTIONS' `Allow`).
    public var headers: [(String, String)] = []
    /// HEAD: the service ran as for GET, but no body goes back (`HttpServlet.doHead`);
    /// the `response` event then shows only the status.
    public var bodyless = false

    public static func json(_ object: JSONValue, path: String, notes: [String] = []) -> SusiResponse {
        SusiResponse(status: 200, json: object, errorMessage: nil, path: path, notes: notes)
    }

    public static func error(_ status: Int, _ message: String, path: String, notes: [String] = [],
                             refusal: (rule: String, message: String)? = nil) -> SusiResponse {
        SusiResponse(status: status, json: nil, errorMessage: message, path: path, notes: notes, refusal: refusal)
    }

    public var isSuccess: Bool { (200..<300).contains(status) }

    /// `HTTP/1.1 400 invalid password`: the status line as Jetty 9.3 writes it, whose
    /// `sendError(status, message)` makes the message the reason phrase.
    public var statusLine: String { "HTTP/1.1 \(status) \(reasonPhrase)" }

    /// The error's message, or the standard phrase for an answer without one; a line
    /// break or other control character becomes `?`, as Jetty's generator writes it, so
    /// the status line stays one line.
    public var reasonPhrase: String {
        guard let errorMessage else { return Self.reasonPhrase(status) }
        var phrase = ""
        for scalar in errorMessage.unicodeScalars {
            phrase.unicodeScalars.append(scalar.value < 0x20 || scalar.value == 0x7F ? "?" : scalar)
        }
        return phrase
    }

    /// The body as the real server sends it: the JSON pretty-printed the way its JSON
    /// library does, or the servlet container's error page.
    public func body() -> (contentType: String, text: String) {
        if let plain { return plain }
        if let json {
            return ("application/javascript;charset=utf-8", OrgJSONText.pretty(json) + "\n")
        }
        return ("text/html;charset=iso-8859-1", JettyErrorPage.render(status: status, message: errorMessage, path: path))
    }

    /// The body's bytes in its declared charset: UTF-8 for JSON; ISO-8859-1 for the error
    /// page, where a character outside Latin-1 becomes `?` as Java's encoder makes it.
    public func bodyBytes() -> (contentType: String, bytes: [UInt8]) {
        let (type, text) = body()
        if json != nil || plain != nil { return (type, Array(text.utf8)) }
        return (type, text.unicodeScalars.map { $0.value <= 0xFF ? UInt8($0.value) : UInt8(ascii: "?") })
    }

    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 422: return "Unprocessable Entity"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        default: return "Unknown"
        }
    }
}
