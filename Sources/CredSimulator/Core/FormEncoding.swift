/// `application/x-www-form-urlencoded` text, a query string or a form body, read as HTTP
/// servers read it: the simulated SUSI server takes its parameters from it, and the
/// language finds the secrets of a request's query in it to mask them.
public enum FormEncoding {
    /// Pairs split on `&`, `+` for a space, `%XX` as UTF-8 bytes. A pair without `=` is
    /// dropped, as the server's own query reader drops it; malformed escapes stay as typed.
    public static func decode(_ text: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for piece in text.split(separator: "&", omittingEmptySubsequences: true) {
            guard let equals = piece.firstIndex(of: "=") else { continue }
            pairs.append((percentDecode(piece[..<equals]), percentDecode(piece[piece.index(after: equals)...])))
        }
        return pairs
    }

    public static func percentDecode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
                      let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `%XX` escapes decoded once and `+` left as it is, as a path is read (a file URI, a
    /// URL's path), with where each decoded byte's spelling starts in `bytes` and, last,
    /// `bytes.count`: a match in the decoded bytes is found again in the bytes as sent.
    public static func pathDecoded(_ bytes: ArraySlice<UInt8>) -> (decoded: [UInt8], starts: [Int]) {
        var decoded: [UInt8] = [], starts: [Int] = []
        decoded.reserveCapacity(bytes.count)
        starts.reserveCapacity(bytes.count + 1)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            starts.append(index - bytes.startIndex)
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.endIndex,
               let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        starts.append(bytes.count)
        return (decoded, starts)
    }

    /// The value of one hexadecimal digit, or nil: the one reading of `%XX` escapes
    /// (forms, the wire's malformation check, file URIs, a secret spelled in a URL).
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
