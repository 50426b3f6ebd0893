/// A JSON value with object keys kept in insertion order, so that what the
/// simulator prints is byte-for-byte stable. Written here rather than taken from
/// Foundation because the order of keys is part of credsh's output contract.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The value under `key` of an object (the first one, as JSON parsers commonly do).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// Compact JSON text, keys in their stored order.
    public var serialized: String { String(decoding: serializedBytes, as: UTF8.self) }

    /// The same as UTF-8 bytes: what an answer on the wire is made of.
    public var serializedBytes: [UInt8] {
        var out: [UInt8] = []
        // Most records and answers are a few hundred bytes: room for them at once, not
        // grown by doubling from a small buffer.
        out.reserveCapacity(256)
        write(to: &out)
        return out
    }

    /// Appends the compact JSON text to `out`.
    public func write(to out: inout String) {
        out += serialized
    }

    /// Appends the compact JSON text to `out` as UTF-8. Written into bytes, not a String:
    /// a string's bytes go in with one copy, where appending to a String piece by piece
    /// cost most of an answer of the SDK double (docs/double.md, "Speed").
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .int(let i): out.append(contentsOf: String(i).utf8)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// `s` as a JSON string, quoted, appended to `out`.
    public static func writeString(_ s: String, to out: inout String) {
        var s = s
        if s.withUTF8({ !$0.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } }) {
            out += "\""
            out += s
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 2)
        writeString(s, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `s` as a JSON string, quoted, appended to `out` as UTF-8: `"` and `\` escaped, and
    /// each C0 control (`\n`, `\r`, `\t`, else `\u001b`). Every other byte is copied as
    /// it is: a control is one byte in UTF-8, and no byte of a longer character is below
    /// 0x80, so the text is scanned byte by byte and copied in runs.
    public static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0
            for index in bytes.indices {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: bytes[run..<index])
                run = index + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(byte)
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "r"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "t"))
                default:  // below 0x20: `\u00` and two lowercase hex digits
                    let low = byte & 0xF
                    out.append(contentsOf: "u00".utf8)
                    out.append(UInt8(ascii: "0") + byte >> 4)
                    out.append(low < 10 ? UInt8(ascii: "0") + low : UInt8(ascii: "a") + low - 10)
                }
            }
            out.append(contentsOf: bytes[run...])
        }
        out.append(UInt8(ascii: "\""))
    }
}

/// Why a JSON text did not parse, with the 0-based character offset where it went wrong.
public struct JSONParseError: Error, Equatable, Sendable {
    public let message: String
    public let offset: Int
}

extension JSONValue {
    /// Parses JSON text. Numbers must be integers: no policy or payload here needs fractions.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var ignored: [[String]] = []
        return try parse(text, recordingOutOfRange: false, into: &ignored)
    }

    /// Parses as `parse` does, except that a whole number outside Int's range does not
    /// fail the text: it reads as null, and where it stood (the keys and indexes that lead
    /// to it, `["params", "challengeMode"]`) is in `outOfRange`, so a reader can answer it
    /// for what it is (JSON-RPC's id, a call's field) instead of as text that is not JSON.
    public static func parse(_ text: String, outOfRange: inout [[String]]) throws(JSONParseError) -> JSONValue {
        var negativeZeros: [[String]] = []
        return try parse(text, recordingOutOfRange: true, into: &outOfRange, negativeZeros: &negativeZeros)
    }

    /// As `parse(_:outOfRange:)`, and where `-0` stood in `negativeZeros`: it reads as 0,
    /// the one whole number JSON can spell two ways, so a reader that echoes a value as
    /// sent (JSON-RPC's id) can tell.
    public static func parse(_ text: String, outOfRange: inout [[String]], negativeZeros: inout [[String]]) throws(JSONParseError) -> JSONValue {
        try parse(text, recordingOutOfRange: true, into: &outOfRange, negativeZeros: &negativeZeros)
    }

    private static func parse(_ text: String, recordingOutOfRange: Bool, into outOfRange: inout [[String]]) throws(JSONParseError) -> JSONValue {
        var negativeZeros: [[String]] = []
        return try parse(text, recordingOutOfRange: recordingOutOfRange, into: &outOfRange, negativeZeros: &negativeZeros)
    }

    private static func parse(_ text: String, recordingOutOfRange: Bool, into outOfRange: inout [[String]],
                              negativeZeros: inout [[String]]) throws(JSONParseError) -> JSONValue {
        let bytes = Array(text.utf8)
        let parsed = { () -> Result<(JSONValue, [[String]], [[String]]), JSONParseError> in
            var parser = JSONTextParser(bytes: bytes)
            parser.recordsOutOfRange = recordingOutOfRange
            do throws(JSONParseError) {
                parser.skipWhitespace()
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == bytes.count else { throw parser.fail("unexpected text after the JSON value") }
                return .success((value, parser.outOfRange, parser.negativeZeros))
            } catch {
                return .failure(error)
            }
        }()
        switch parsed {
        case .success(let (value, places, zeros)):
            outOfRange = places
            negativeZeros = zeros
            return value
        case .failure(let error):
            throw error
        }
    }
}

/// Reads JSON from its UTF-8 bytes: the text's structure is all ASCII, so it is found
/// byte by byte, and a string's run of plain bytes is taken whole. A failure's offset
/// counts Unicode scalars from the start, as the messages have always said it.
private struct JSONTextParser {
    let bytes: [UInt8]
    var index = 0
    static let maximumDepth = 64
    /// Whether a number out of Int's range reads as null, its place kept in `outOfRange`.
    var recordsOutOfRange = false
    var outOfRange: [[String]] = []
    /// Where `-0` stood (kept only when recording).
    var negativeZeros: [[String]] = []
    /// The keys and indexes leading to the value being read (kept only when recording).
    var path: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The failure at the current place, its offset in scalars (a scalar's first byte is
    /// any byte but a UTF-8 continuation byte, 10xxxxxx).
    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: bytes[..<min(index, bytes.count)].count { $0 & 0xC0 != 0x80 })
    }

    /// The scalar starting at the current byte, for a message.
    private var scalarHere: String {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: bytes[index..<end], as: UTF8.self)
        // One that shows as nothing or moves the text (a byte-order mark, a control, a
        // space other than ' ') is named by its code point: U+FEFF.
        guard let scalar = text.unicodeScalars.first else { return text }
        switch scalar.properties.generalCategory {
        case .format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate,
             .nonspacingMark, .enclosingMark:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        default:
            return text
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("JSON nested too deeply") }
        guard index < bytes.count else { throw fail("expected a JSON value, found the end") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case Self.quote: return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseInteger()
        default: throw fail("unexpected character '\(scalarHere)' in JSON")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONParseError) {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("expected '\(word)'") }
            index += 1
        }
    }

    mutating func parseInteger() throws(JSONParseError) -> JSONValue {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; digits += 1 }
        guard digits > 0 else { throw fail("expected digits") }
        // JSON writes no leading zero (`01`): read as 1, an id would not go back as sent.
        let first = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
        if digits > 1, bytes[first] == UInt8(ascii: "0") {
            index = first + 1
            throw fail("a number with a leading zero is not JSON")
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            throw fail("only whole numbers are supported")
        }
        // At most one sign and the digits: bounded by the text, parsed without a copy.
        guard let value = Int(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            if recordsOutOfRange {
                outOfRange.append(path)
                return .null
            }
            index = start
            throw fail("number out of range")
        }
        if value == 0, recordsOutOfRange, bytes[start] == UInt8(ascii: "-") { negativeZeros.append(path) }
        return .int(value)
    }

    /// The four hex digits of a `\u` escape (only digits: no sign), past them.
    private mutating func hexQuad() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("bad \\u escape") }
        var code: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                index += 4
                throw fail("bad \\u escape")
            }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        var result = ""
        while true {
            // The run up to the next quote, backslash or control byte, taken whole; a
            // multi-byte scalar has no byte below 0x80, so it never ends a run early.
            let runStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.quote || byte == Self.backslash || byte < 0x20 { break }
                index += 1
            }
            if index > runStart { result += String(decoding: bytes[runStart..<index], as: UTF8.self) }
            guard index < bytes.count else { throw fail("unterminated JSON string") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case Self.quote: return result
            case Self.backslash:
                guard index < bytes.count else { throw fail("unterminated escape") }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case Self.quote: result += "\""
                case Self.backslash: result += "\\"
                case UInt8(ascii: "/"): result += "/"
                case UInt8(ascii: "n"): result += "\n"
                case UInt8(ascii: "t"): result += "\t"
                case UInt8(ascii: "r"): result += "\r"
                case UInt8(ascii: "b"): result += "\u{8}"
                case UInt8(ascii: "f"): result += "\u{C}"
                case UInt8(ascii: "u"):
                    var code = try hexQuad()
                    // A scalar past U+FFFF is escaped as its UTF-16 surrogate pair,
                    // `\ud83d\ude00` (RFC 8259 §7), as Python's json.dumps writes it.
                    if (0xD800...0xDBFF).contains(code), index + 2 <= bytes.count,
                       bytes[index] == Self.backslash, bytes[index + 1] == UInt8(ascii: "u") {
                        index += 2
                        let low = try hexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("bad \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw fail("bad \\u escape") }
                    result.unicodeScalars.append(decoded)
                default:
                    index -= 1
                    let shown = scalarHere
                    index += 1
                    throw fail("unknown escape '\\\(shown)'")
                }
            default:
                throw fail("control character in JSON string")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if recordsOutOfRange { path.append(String(items.count)) }
            items.append(try parseValue(depth: depth + 1))
            if recordsOutOfRange { path.removeLast() }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated JSON array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw fail("expected ',' or ']' in JSON array")
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == Self.quote else { throw fail("expected a quoted key in JSON object") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a JSON key") }
            index += 1
            skipWhitespace()
            if recordsOutOfRange { path.append(key) }
            members.append((key, try parseValue(depth: depth + 1)))
            if recordsOutOfRange { path.removeLast() }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated JSON object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw fail("expected ',' or '}' in JSON object")
        }
    }
}
