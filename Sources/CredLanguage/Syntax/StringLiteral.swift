/// A text written as a double-quoted credsh string (grammar.md, "Lexical structure": the
/// `string` and `escape` rules), so the lexer reads back the same text: `"`, `\`, newline
/// and tab escaped, and every other control character (TerminalSafe.isUnsafe: BEL, ESC, CR,
/// DEL, C1, bidi controls) as `\u{…}`, since the lexer refuses them raw. It belongs to the
/// reading's layer, so the parser's messages (`test "NAME"`) and the writer of statements
/// (ScriptWriter) both use it.
public enum StringLiteral {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where TerminalSafe.isUnsafe(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
