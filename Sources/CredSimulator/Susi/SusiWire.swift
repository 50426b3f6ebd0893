/// How the 2017 SUSI.AI server reads a request's parameters off the wire (docs/susi.md,
/// "The wire"): Jetty 9.3 decodes the query string and a form body for
/// `getParameter`, and throws on a malformed `%`-escape or a byte that is not UTF-8 where
/// it stands, which the container answers with 500 before any service check, but replaces
/// a sequence left incomplete at the end of a name or value with U+FFFD; the server's own GET reader
/// (`RemoteAccess.getQueryMap`) splits the query string itself and percent-decodes only
/// the values, so on GET a name is read exactly as sent.
public enum SusiWire {
    /// How Jetty's parameter parser reads `text`: why it throws (nil when it does not), and
    /// whether it replaced an incomplete UTF-8 sequence at the end of a name or value.
    public struct Reading: Equatable, Sendable {
        public var malformed: String?
        public var replacedTail = false
    }

    /// Why Jetty's parameter parser throws on the query string `text`, or nil when it reads it.
    public static func malformation(in text: [UInt8]) -> String? { read(text, as: .queryString).malformed }

    /// Where the text comes from: Jetty 9.3 reads both with `UrlEncoded.decodeUtf8To`, the
    /// query string as a Java string (a character as written is appended as a character,
    /// `Utf8Appendable.append(char)`), a form body as a stream of bytes (every byte goes
    /// through `appendByte`).
    public enum Source: Sendable { case queryString, formBody }

    /// Reads `text` as Jetty 9.3.21's `UrlEncoded.decodeUtf8To` does, name by name and
    /// value by value (docs/susi.md, "The wire"). It throws, and the container answers 500, on:
    /// - `%` not followed by two hex digits (`%ZZ`, `%4` at the end, `%+A`); `%uXXXX` is
    ///   read as a malformed escape (decision);
    /// - a decoded byte that cannot stand where it is in UTF-8 (`appendByte` rejects it:
    ///   `%FF`, `%C0%80`, `%C3%28`, an encoded surrogate);
    /// - anything else while a sequence is incomplete: a character as written (`%C3A`,
    ///   `append(char)`), `+` (a space byte), or `=` inside a value.
    /// It does not throw on a sequence still incomplete where a name or value ends (at `&`,
    /// at the `=` after a name, at the end): `toReplacedString` appends U+FFFD, logs a
    /// warning, and the servlet runs (`newpassword=Abcdef1!%C3`, `…%F0%9F%98`).
    public static func read(_ text: [UInt8], as source: Source) -> Reading {
        var reading = Reading()
        var utf8 = JettyUTF8()
        var inValue = false
        var index = 0
        // Bounded by the text: each step consumes one or three bytes.
        while index < text.count {
            let byte = text[index]
            index += 1
            // The end of a name (its `=`) or of a pair (`&`): an incomplete sequence is replaced.
            if byte == UInt8(ascii: "&") || (byte == UInt8(ascii: "=") && !inValue) {
                if utf8.endReplacing() { reading.replacedTail = true }
                inValue = byte == UInt8(ascii: "=")
                continue
            }
            let accepted: Bool
            if byte == UInt8(ascii: "%") {
                // Jetty reads an escape only when two more bytes follow (`i+2<end`).
                // The note never quotes the bytes: they may be part of a password or a token.
                guard index + 1 < text.count else {
                    reading.malformed = "an incomplete %-escape at the end (a % without two hex digits after it)"
                    return reading
                }
                guard let high = FormEncoding.hexValue(text[index]), let low = FormEncoding.hexValue(text[index + 1]) else {
                    reading.malformed = "a malformed %-escape (a % not followed by two hex digits)"
                    return reading
                }
                index += 2
                accepted = utf8.append(byte: high << 4 | low)
            } else if byte == UInt8(ascii: "+") || source == .formBody {
                // `+` is appended as the byte of a space; a form body's bytes all go through appendByte.
                accepted = utf8.append(byte: byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            } else {
                // A character as written in the query string (an `=` inside a value too).
                guard !utf8.isPending else {
                    reading.malformed = "bytes that are not UTF-8 (a character written inside an incomplete UTF-8 sequence)"
                    return reading
                }
                accepted = true
            }
            guard accepted else {
                reading.malformed = "bytes that are not UTF-8 (a byte that cannot stand where it is in a UTF-8 sequence)"
                return reading
            }
        }
        if utf8.endReplacing() { reading.replacedTail = true }
        return reading
    }

    /// The pairs of susi_server's GET reader: split on `&`, a piece without `=` dropped,
    /// the name as sent, the value percent-decoded (`+` a space).
    public static func getReaderPairs(_ query: String) -> [(String, String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).compactMap { piece in
            guard let equals = piece.firstIndex(of: "=") else { return nil }
            return (String(piece[..<equals]), FormEncoding.percentDecode(piece[piece.index(after: equals)...]))
        }
    }

    /// A request as the servlet sees it, from the wire: `query` as sent after `?`, and
    /// for a POST with a form body that body's bytes (nil otherwise).
    public static func request(method: String, path: String, query: String, form: [UInt8]?,
                               clientHost: String = "127.0.0.1", headers: [(String, String)] = []) -> SusiRequest {
        var parameters = FormEncoding.decode(query)
        if let form { parameters += FormEncoding.decode(String(decoding: form, as: UTF8.self)) }
        var request = SusiRequest(method: method, path: path, parameters: parameters, clientHost: clientHost, headers: headers)
        let queryReading = read(Array(query.utf8), as: .queryString)
        let formReading = form.map { read($0, as: .formBody) }
        request.malformed = queryReading.malformed.map { "the query string has \($0)" }
            ?? formReading?.malformed.map { "the form body has \($0)" }
        if queryReading.replacedTail || formReading?.replacedTail == true {
            request.replacedTail = queryReading.replacedTail ? "the query string" : "the form body"
        }
        let raw = getReaderPairs(query)
        if raw.contains(where: { name, _ in FormEncoding.percentDecode(Substring(name)) != name }) {
            request.getReaderPairs = raw
        }
        return request
    }

}

/// UTF-8 as Jetty's `Utf8Appendable` checks it, byte by byte (Hoehrmann's automaton, which
/// accepts exactly the well-formed sequences of Unicode's Table 3-7).
struct JettyUTF8 {
    /// Continuation bytes still expected, and the range the next one must fall in.
    private var needed = 0
    private var low: UInt8 = 0x80, high: UInt8 = 0xBF

    var isPending: Bool { needed > 0 }

    /// `appendByte`: false when the byte cannot stand where it is (Jetty throws).
    mutating func append(byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= low, byte <= high else { needed = 0; return false }
            needed -= 1
            (low, high) = (0x80, 0xBF)
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: (needed, low, high) = (1, 0x80, 0xBF)
        case 0xE0: (needed, low, high) = (2, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (needed, low, high) = (2, 0x80, 0xBF)
        case 0xED: (needed, low, high) = (2, 0x80, 0x9F)
        case 0xF0: (needed, low, high) = (3, 0x90, 0xBF)
        case 0xF1...0xF3: (needed, low, high) = (3, 0x80, 0xBF)
        case 0xF4: (needed, low, high) = (3, 0x80, 0x8F)
        default: return false
        }
        return true
    }

    /// `toReplacedString` where a name or value ends: true when a sequence was incomplete
    /// (Jetty appends U+FFFD and logs a warning); the next name or value starts afresh.
    mutating func endReplacing() -> Bool {
        defer { needed = 0; (low, high) = (0x80, 0xBF) }
        return needed > 0
    }
}
