/// A text written as a double-quoted credsh string (grammar.md, "Lexical structure": the
/// `string` and `escape` rules), so the lexer reads back the same text: `"`, `\`, newline
/// and tab escaped. It belongs to the reading's layer, so the parser's messages
/// (`test "NAME"`) and the writer of statements (ScriptWriter) both use it.
public enum StringLiteral {
    public static func quote(_ text: String) -> String {
        var out = "\""
        for c in text {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(c)
            }
        }
        return out + "\""
    }
}
