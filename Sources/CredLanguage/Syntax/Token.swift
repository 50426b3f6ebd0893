/// Where something is in a source: 1-based line and column (columns count Unicode
/// scalars, so a caret lines up under non-ASCII text), plus the byte offset of the
/// token and of its line's start so a diagnostic can show the line.
public struct SourcePosition: Equatable, Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var offset: Int
    public var lineStart: Int

    public init(line: Int, column: Int, offset: Int, lineStart: Int) {
        self.line = line
        self.column = column
        self.offset = offset
        self.lineStart = lineStart
    }

    public static let start = SourcePosition(line: 1, column: 1, offset: 0, lineStart: 0)
}

/// A script's text with the name it is reported under (`examples/login.credscript`,
/// `<stdin>`, `<repl>`).
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The text of the line that starts at `lineStart`, without its newline.
    public func line(startingAt lineStart: Int) -> [UInt8] {
        var end = lineStart
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        if end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return Array(bytes[min(lineStart, bytes.count)..<end])
    }
}

public enum TokenKind: Equatable, Sendable {
    /// A bare word: a command name, a user name, an unquoted password, a path.
    case word(String)
    case integer(Int)
    /// `90d`, `12h`, `30m`, `45s`, or combined like `1d12h`: seconds.
    case duration(Int64)
    /// A double-quoted string, escapes already decoded.
    case string(String)
    /// `~"regex"`: a regular expression searched in a text, where an expectation takes one.
    case pattern(String)
    /// `$name`.
    case variable(String)
    /// A JSON object written inline, such as `{"minL":8}`: kept as its text.
    case json(String)
    case equals
    case leftBrace
    case rightBrace
    case newline
    case end
}

/// A token: its kind (with its text or value), where it starts, and how many bytes of
/// source it covers.
public struct Token: Equatable, Sendable {
    public let kind: TokenKind
    public let position: SourcePosition
    public let length: Int

    public var byteRange: Range<Int> { position.offset..<(position.offset + length) }

    /// A word's text; nil for any other kind.
    var word: String? {
        if case .word(let text) = kind { return text }
        return nil
    }
}
