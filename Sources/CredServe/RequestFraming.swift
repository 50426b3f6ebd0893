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

    /// `authority`: what names this server (ServerAuthority), for an absolute-form target.
    static func refusal(for head: HTTPRequestHead, authority: ServerAuthority) -> Refusal? {
        // RFC 9112 §3.2: 400 for an HTTP/1.1 request with no Host, and for any request with
        // more than one.
        let hosts = head.headers.filter { WireRequest.sameName($0.name, "Host") }.count
        if hosts > 1 {
            return Refusal(status: 400, reason: "Bad Request", detail: "more than one Host header")
        }
        if hosts == 0, head.version.major == 1, head.version.minor >= 1 {
            return Refusal(status: 400, reason: "Bad Request", detail: "an HTTP/1.1 request with no Host header")
        }
        // RFC 9110 §8.3: Content-Type names one media type. Given twice, which one the body
        // is in is not guessed, on any route (two Host, Authorization or Credsh-Device
        // headers are refused the same way).
        if head.headers.filter({ WireRequest.sameName($0.name, "Content-Type") }).count > 1 {
            return Refusal(status: 400, reason: "Bad Request", detail: "more than one Content-Type header")
        }
        if let refusal = targetRefusal(head.uri, authority: authority) { return refusal }
        // RFC 9112 §6.1: the only transfer coding credsh decodes is `chunked`. Another one it
        // does not understand is 501; `chunked` anywhere but last, the body cannot be framed: 400.
        let codings = head.headers.filter { WireRequest.sameName($0.name, "Transfer-Encoding") }
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

    /// RFC 9112 §3.2.2: a request target in absolute form (`http://host:port/path`, as sent
    /// to a proxy) names the server it is for, in place of `Host`. credsh is no proxy: it
    /// answers only a target that names this server by the rule the control API applies to
    /// `Host` (ServerAuthority), so `GET http://evil.example/__credsh/state` is not taken
    /// for a request of its own. A scheme other than `http` (no TLS here) or user
    /// information in the authority is refused too.
    static func targetRefusal(_ target: String, authority: ServerAuthority) -> Refusal? {
        guard let first = target.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*"),
              let separator = target.firstRange(of: "://") else { return nil }
        let scheme = target[..<separator.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        let rest = target[separator.upperBound...]
        let named = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let shown = named.count > 80 ? named.prefix(80) + "…" : named
        guard scheme.lowercased() == "http" else {
            return Refusal(status: 400, reason: "Bad Request", detail: "a request target of scheme \(scheme.prefix(20)): this server speaks http only")
        }
        guard !named.contains("@"), authority.names(String(named)) else {
            return Refusal(status: 400, reason: "Bad Request", detail: "a request target for another server: '\(shown)' does not name this one")
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
