import NIOHTTP1

/// What RFC 9112 makes a server refuse in a request's head before reading its body: a
/// request the server could not frame or route the same way as every other hop would
/// (request smuggling starts where two parsers disagree).
enum RequestFraming {
    struct Refusal: Equatable {
        let status: Int
        let reason: String
        let detail: String
    }

    static func refusal(for head: HTTPRequestHead) -> Refusal? {
        // RFC 9112 §3.2: 400 for an HTTP/1.1 request with no Host, and for any request with
        // more than one.
        let hosts = head.headers.filter { $0.name.lowercased() == "host" }.count
        if hosts > 1 {
            return Refusal(status: 400, reason: "Bad Request", detail: "more than one Host header")
        }
        if hosts == 0, head.version.major == 1, head.version.minor >= 1 {
            return Refusal(status: 400, reason: "Bad Request", detail: "an HTTP/1.1 request with no Host header")
        }
        // RFC 9112 §6.1: the only transfer coding credsh decodes is `chunked`. Another one it
        // does not understand is 501; `chunked` anywhere but last, the body cannot be framed: 400.
        let codings = head.headers.filter { $0.name.lowercased() == "transfer-encoding" }
            .flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingSpaces.lowercased() }
        guard !codings.isEmpty else { return nil }
        if codings.last != "chunked" || codings.dropLast().contains("chunked") {
            return Refusal(status: 400, reason: "Bad Request", detail: "Transfer-Encoding must end with chunked, once")
        }
        if codings.count > 1 {
            return Refusal(status: 501, reason: "Not Implemented", detail: "a transfer coding other than chunked")
        }
        return nil
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
