import CredLanguage
import CredScript
/// The tokens of one line, lexed on their own. A statement never spans lines except a
/// block's, and strings, patterns and inline JSON end on their line, so the language's own
/// lexer reads one line exactly as it reads it inside the file; offsets are into the line.
struct LineTokens {
    let bytes: [UInt8]
    let tokens: [Token]
    /// Whether the lexer refused something on the line (then it is left as written).
    let hasErrors: Bool
    /// Where a trailing comment starts, if the line has one.
    let commentStart: Int?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var lexer = Lexer(SourceFile(name: "", bytes: bytes))
        var tokens: [Token] = []
        // Bound: a token takes at least one byte, so at most one token a byte.
        while tokens.count <= bytes.count {
            let token = lexer.next()
            if case .end = token.kind { break }
            if case .newline = token.kind { break }
            tokens.append(token)
        }
        self.tokens = tokens
        self.hasErrors = !lexer.diagnostics.isEmpty
        var index = tokens.last.map { $0.position.offset + $0.length } ?? 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\r") {
            index += 1
        }
        commentStart = index < bytes.count && bytes[index] == UInt8(ascii: "#") ? index : nil
    }

    /// The token covering byte `offset`, or ending there (a cursor just after a word).
    func token(at offset: Int) -> Token? {
        tokens.first { $0.byteRange.contains(offset) } ?? tokens.last { $0.position.offset + $0.length == offset }
    }

    func text(of token: Token) -> String {
        String(decoding: bytes[token.byteRange], as: UTF8.self)
    }
}
