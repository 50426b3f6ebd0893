import CredLanguage
import CredScript
import CredSimulator
import NIOCore

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
    /// A call of the SDK double's body read as JSON-RPC before the request's turn in the
    /// simulation (RequestRouting), so the turn is shorter; nil: read when answered.
    var rpc: Result<JSONRPC.Request, JSONRPC.Failure>?
    /// Its route and the access middleware's word, worked out by the network thread that
    /// read it (RequestRouting); nil until then.
    var routed: RequestRouting.Routed?

    /// Splits a request target into path and query; an absolute-form target
    /// (`http://host/aaa/login.json?…`, as proxies send) loses its scheme and authority.
    static func split(target: String) -> (path: String, query: String) {
        var rest = Substring(target)
        // An origin-form target (`/aaa/…`, nearly all) starts with `/`: only one that starts
        // with a letter is looked at again, and only its first characters lowercased.
        for scheme in ["http://", "https://"] where rest.utf8.first.map({ $0 | 0x20 == UInt8(ascii: "h") }) == true
            && rest.prefix(scheme.count).lowercased() == scheme {
            rest = rest.dropFirst(scheme.count)
            rest = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard let question = rest.firstIndex(of: "?") else { return (String(rest), "") }
        return (String(rest[..<question]), String(rest[rest.index(after: question)...]))
    }

    /// A field's value without the spaces and tabs around it (RFC 9110 §5.5), on both
    /// sides, whatever the parser left: `Credsh-Device: phone-1 ` names `phone-1`, on
    /// every route. Most values have none, and are not copied.
    static func trimmed(_ value: String) -> String {
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = value.utf8.first, let last = value.utf8.last, blank(first) || blank(last) else { return value }
        let bytes = Array(value.utf8)
        var start = 0, end = bytes.count
        while start < end, blank(bytes[start]) { start += 1 }
        while end > start, blank(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func header(_ name: String) -> String? {
        headers.first { Self.sameName($0.0, name) }?.1
    }

    /// How many times the request gives the header `name`: a header that says one thing
    /// (the token, the device) is refused when given twice (Refusals.givenTwice), rather
    /// than read from the first one. No copy is made.
    func count(of name: String) -> Int {
        var count = 0
        for header in headers where Self.sameName(header.0, name) { count += 1 }
        return count
    }

    /// Whether two header names are the same, ASCII letters compared without case (RFC
    /// 9110 §5.1), without making lowercased copies on every request.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && sameLetters(a.utf8, b.utf8)
    }

    /// Byte by byte, an ASCII letter matching itself in either case.
    private static func sameLetters(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        a.elementsEqual(b) { x, y in
            x == y || (x ^ y == 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
        }
    }

    /// Whether `Content-Type` names the media type `type`, whatever its parameters
    /// (`; charset=utf-8`), the spaces and tabs around it and the case of its letters.
    func hasMediaType(_ type: String) -> Bool {
        guard let value = header("Content-Type") else { return false }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var media = value.utf8.prefix { $0 != UInt8(ascii: ";") }
        while let first = media.first, blank(first) { media = media.dropFirst() }
        while let last = media.last, blank(last) { media = media.dropLast() }
        return Self.sameLetters(media, type.utf8)
    }

    /// Whether the body is a form the servlet container would read parameters from.
    var hasFormBody: Bool { hasMediaType("application/x-www-form-urlencoded") }

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
    /// The bytes sent; an answer of JSON (the SDK double's) is serialized when this is
    /// read, by the network thread that writes it (ConnectionHandler.send), not during
    /// its turn in the simulation (docs/double.md, "Speed").
    var body: [UInt8] {
        switch content {
        case .bytes(let bytes): return bytes
        case .buffer(let buffer): return Array(buffer.readableBytesView)
        case .json(let value, let mask, let negativeZeroID):
            var bytes = (mask.map { $0(value) } ?? value).serializedBytes
            bytes.append(UInt8(ascii: "\n"))
            return negativeZeroID ? JSONRPC.idSpelling(bytes, negativeZero: true) : bytes
        }
    }
    /// The bytes sent, as the connection writes them: a shared body (the live page's)
    /// as it is, without a copy.
    var bodyBuffer: ByteBuffer {
        if case .buffer(let buffer) = content { return buffer }
        return ByteBuffer(bytes: body)
    }
    var content: Content
    enum Content: Sendable {
        case bytes([UInt8])
        /// Bytes shared by every answer that sends them (the live page's page of a snapshot).
        case buffer(ByteBuffer)
        /// Written as one line of compact JSON, with what the edge masks in it (ServeEdge:
        /// strings only, so it stays JSON); `negativeZeroID`: a JSON-RPC id sent `-0`, and
        /// answered so (JSONRPC.idSpelling).
        case json(JSONValue, mask: (@Sendable (JSONValue) -> JSONValue)?, negativeZeroID: Bool)
    }
    /// How the answer may leave through the server's one edge (ServeEdge).
    enum Leaving: Sendable {
        /// As it was made (the simulated server's own answer, or words of ours that quote
        /// nothing), but for the values never shown (the control token).
        case asMade
        /// Quoting the run or the client (a name sent, a call's events, the state): its
        /// text, or each string of its JSON but the top-level members `echoed` back to the
        /// client exactly (a JSON-RPC id), passes the run's secrets and those `carried`.
        case quoting(carried: KnownSecrets, echoed: [String])
    }
    var leaving = Leaving.asMade
    var headers: [(String, String)] = []
    /// Set for an answer that is a stream of events (`GET /sdk/NAME/events`, the live
    /// page's `/events`): the head goes out, then every event of its source until the
    /// client goes. This answer's own status and body are not sent.
    var stream: (any EventSource)?
    /// The key its body is counted under as unread (UnreadAnswers) when the same bytes go
    /// to many answers (`page 12`); nil: counted answer by answer.
    var shared: String?
    /// Set for an answer made off the simulation's turn (AnswerDrawing): what makes it,
    /// from a copy taken in the turn. This answer's own status and body are not sent.
    var drawing: (@Sendable () -> WireResponse)?

    init(status: Int, reason: String, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.content = .bytes(body)
        self.headers = headers
    }

    /// An answer whose body is `buffer`, shared by every answer that sends it under the key `shared`.
    init(status: Int, reason: String, contentType: String, buffer: ByteBuffer, shared: String, headers: [(String, String)] = []) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.content = .buffer(buffer)
        self.shared = shared
        self.headers = headers
    }

    /// An answer of JSON, one line, serialized as the network thread writes it.
    init(status: Int, reason: String, json: JSONValue, contentType: String = "application/json", negativeZeroID: Bool = false) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        content = .json(json, mask: nil, negativeZeroID: negativeZeroID)
    }

    /// This answer, said to quote the run or the client (`Leaving.quoting`).
    func quoting(_ carried: KnownSecrets = KnownSecrets(), echoing echoed: [String] = []) -> WireResponse {
        var quoting = self
        quoting.leaving = .quoting(carried: carried, echoed: echoed)
        return quoting
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
