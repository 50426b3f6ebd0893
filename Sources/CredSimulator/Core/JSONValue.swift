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
    public var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    public static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Nearly every string needs no escape: appended whole, not a scalar at a time.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
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
        var parser = JSONTextParser(scalars: Array(text.unicodeScalars))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else {
            throw JSONParseError(message: "unexpected text after the JSON value", offset: parser.index)
        }
        return value
    }

    /// Parses as `parse` does, except that a whole number outside Int's range does not
    /// fail the text: it reads as null, and where it stood (the keys and indexes that lead
    /// to it, `["params", "challengeMode"]`) is in `outOfRange`, so a reader can answer it
    /// for what it is (JSON-RPC's id, a call's field) instead of as text that is not JSON.
    public static func parse(_ text: String, outOfRange: inout [[String]]) throws(JSONParseError) -> JSONValue {
        var parser = JSONTextParser(scalars: Array(text.unicodeScalars))
        parser.recordsOutOfRange = true
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.scalars.count else {
            throw JSONParseError(message: "unexpected text after the JSON value", offset: parser.index)
        }
        outOfRange = parser.outOfRange
        return value
    }
}

private struct JSONTextParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    static let maximumDepth = 64
    /// Whether a number out of Int's range reads as null, its place kept in `outOfRange`.
    var recordsOutOfRange = false
    var outOfRange: [[String]] = []
    /// The keys and indexes leading to the value being read (kept only when recording).
    var path: [String] = []

    mutating func skipWhitespace() {
        while index < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[index]) { index += 1 }
    }

    func fail(_ message: String) -> JSONParseError { JSONParseError(message: message, offset: index) }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < Self.maximumDepth else { throw fail("JSON nested too deeply") }
        guard index < scalars.count else { throw fail("expected a JSON value, found the end") }
        switch scalars[index] {
        case "{": return try parseObject(depth: depth)
        case "[": return try parseArray(depth: depth)
        case "\"": return .string(try parseString())
        case "t": try expectWord("true"); return .bool(true)
        case "f": try expectWord("false"); return .bool(false)
        case "n": try expectWord("null"); return .null
        case "-", "0"..."9": return try parseInteger()
        default: throw fail("unexpected character '\(scalars[index])' in JSON")
        }
    }

    mutating func expectWord(_ word: String) throws(JSONParseError) {
        for scalar in word.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { throw fail("expected '\(word)'") }
            index += 1
        }
    }

    mutating func parseInteger() throws(JSONParseError) -> JSONValue {
        let start = index
        if scalars[index] == "-" { index += 1 }
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1; digits += 1 }
        guard digits > 0 else { throw fail("expected digits") }
        if index < scalars.count, [".", "e", "E"].contains(scalars[index]) {
            throw fail("only whole numbers are supported")
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        guard let value = Int(text) else {
            if recordsOutOfRange {
                outOfRange.append(path)
                return .null
            }
            index = start
            throw fail("number out of range")
        }
        return .int(value)
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        var result = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else { throw fail("unterminated JSON string") }
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(result)
            case "\\":
                guard index < scalars.count else { throw fail("unterminated escape") }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "/": result.append("/")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "b": result.append("\u{8}")
                case "f": result.append("\u{C}")
                case "u":
                    guard index + 4 <= scalars.count else { throw fail("bad \\u escape") }
                    var hex = ""
                    hex.unicodeScalars.append(contentsOf: scalars[index..<index + 4])
                    index += 4
                    guard let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) else {
                        throw fail("bad \\u escape")
                    }
                    result.append(decoded)
                default: throw fail("unknown escape '\\\(escaped)'")
                }
            default:
                guard scalar.value >= 0x20 else { throw fail("control character in JSON string") }
                result.append(scalar)
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "]" { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            if recordsOutOfRange { path.append(String(items.count)) }
            items.append(try parseValue(depth: depth + 1))
            if recordsOutOfRange { path.removeLast() }
            skipWhitespace()
            guard index < scalars.count else { throw fail("unterminated JSON array") }
            if scalars[index] == "," { index += 1; continue }
            if scalars[index] == "]" { index += 1; return .array(items) }
            throw fail("expected ',' or ']' in JSON array")
        }
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < scalars.count, scalars[index] == "}" { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < scalars.count, scalars[index] == "\"" else { throw fail("expected a quoted key in JSON object") }
            let key = try parseString()
            skipWhitespace()
            guard index < scalars.count, scalars[index] == ":" else { throw fail("expected ':' after a JSON key") }
            index += 1
            skipWhitespace()
            if recordsOutOfRange { path.append(key) }
            members.append((key, try parseValue(depth: depth + 1)))
            if recordsOutOfRange { path.removeLast() }
            skipWhitespace()
            guard index < scalars.count else { throw fail("unterminated JSON object") }
            if scalars[index] == "," { index += 1; continue }
            if scalars[index] == "}" { index += 1; return .object(members) }
            throw fail("expected ',' or '}' in JSON object")
        }
    }
}
