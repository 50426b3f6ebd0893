/// How the 2017 SUSI.AI server reads a request's parameters off the wire (docs/susi.md,
/// "The wire"): Jetty 9.3 decodes the query string and a form body for
/// `getParameter`, and throws on a malformed `%`-escape or invalid UTF-8, which the
/// container answers with 500 before any service check; the server's own GET reader
/// (`RemoteAccess.getQueryMap`) splits the query string itself and percent-decodes only
/// the values, so on GET a name is read exactly as sent.
public enum SusiWire {
    /// Why Jetty's parameter parser throws on `text`, or nil when it reads it.
    /// `%` must be followed by two hex digits (`%ZZ`, `%4` at the end and `%+A` throw),
    /// and the bytes must be UTF-8. `%uXXXX` is read as a malformed escape (decision).
    public static func malformation(in text: [UInt8]) -> String? {
        var bytes: [UInt8] = []
        var index = 0
        // Bounded by the text: each step consumes one or three bytes.
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "%") {
                // Jetty reads an escape only when two more bytes follow (`i+2<end`).
                // The note never quotes the bytes: they may be part of a password or a token.
                guard index + 2 < text.count else {
                    return "an incomplete %-escape at the end (a % without two hex digits after it)"
                }
                guard let high = FormEncoding.hexValue(text[index + 1]), let low = FormEncoding.hexValue(text[index + 2]) else {
                    return "a malformed %-escape (a % not followed by two hex digits)"
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                // `&`, `=` and `+` are structure, never part of a multi-byte character.
                bytes.append(byte)
                index += 1
            }
        }
        // Decoding replaces what is not UTF-8, so a round trip tells.
        return Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes ? nil : "bytes that are not UTF-8"
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
        request.malformed = malformation(in: Array(query.utf8)).map { "the query string has \($0)" }
            ?? form.flatMap(malformation(in:)).map { "the form body has \($0)" }
        let raw = getReaderPairs(query)
        if raw.contains(where: { name, _ in FormEncoding.percentDecode(Substring(name)) != name }) {
            request.getReaderPairs = raw
        }
        return request
    }

}
