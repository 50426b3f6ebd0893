/// JSON text as the SUSI.AI server's bundled org.json library writes it with an indent
/// of 2: an object or array with a single member stays on the opening line
/// (`{"identity": {`), longer ones put each member on its own line; `</` is written
/// `<\/` and a few control and separator ranges as `\uXXXX`. Reproduced so that the body
/// a real HTTP client receives matches the real server's byte for byte.
enum OrgJSONText {
    static let indentFactor = 2

    static func pretty(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, indent: Int, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let i): out += String(i)
        case .string(let s): quote(s, to: &out)
        case .array(let items):
            out += "["
            if items.count == 1 {
                write(items[0], indent: indent, to: &out)
            } else if !items.isEmpty {
                let inner = indent + indentFactor
                for (i, item) in items.enumerated() {
                    out += i > 0 ? ",\n" : "\n"
                    out += String(repeating: " ", count: inner)
                    write(item, indent: inner, to: &out)
                }
                out += "\n" + String(repeating: " ", count: indent)
            }
            out += "]"
        case .object(let members):
            out += "{"
            if members.count == 1 {
                quote(members[0].0, to: &out)
                out += ": "
                write(members[0].1, indent: indent, to: &out)
            } else if !members.isEmpty {
                let inner = indent + indentFactor
                for (i, (key, member)) in members.enumerated() {
                    out += i > 0 ? ",\n" : "\n"
                    out += String(repeating: " ", count: inner)
                    quote(key, to: &out)
                    out += ": "
                    write(member, indent: inner, to: &out)
                }
                out += "\n" + String(repeating: " ", count: indent)
            }
            out += "}"
        }
    }

    /// org.json's `quote`, which works on UTF-16 code units; every unit it escapes is a
    /// whole scalar, so walking scalars gives the same text.
    private static func quote(_ s: String, to out: inout String) {
        out += "\""
        var previous: Unicode.Scalar = "\0"
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\\", "\"": out += "\\"; out.unicodeScalars.append(scalar)
            case "/": out += previous == "<" ? "\\/" : "/"
            case "\u{8}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{C}": out += "\\f"
            case "\r": out += "\\r"
            default:
                let v = scalar.value
                if v < 0x20 || (0x80..<0xA0).contains(v) || (0x2000..<0x2100).contains(v) {
                    let hex = String(v, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            previous = scalar
        }
        out += "\""
    }
}
