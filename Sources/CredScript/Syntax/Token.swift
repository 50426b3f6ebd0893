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

/// A token: its kind, where it starts, and how many bytes of source it covers.
public struct Token: Equatable, Sendable {
    public let kind: TokenKind
    public let position: SourcePosition
    public let length: Int

    public var byteRange: Range<Int> { position.offset..<(position.offset + length) }
}

/// A token as the parser reads it (`Lexer.scan()`): its kind and where it lies, a number's
/// value, a short word's bytes packed, and no text. A word's text is its bytes in the source,
/// built only where the word becomes a value or a message (`Lexer.text(ofWord:)`); a string's,
/// a pattern's, a variable's and a JSON object's is the lexer's `text` while the token is the
/// last it scanned. Nothing in it is counted, so replacing the parser's current token is a
/// copy of its bytes, where a `Token` went through its kind's value witnesses, a switch and a
/// release each time, and every word built a string even when only looked up in the command
/// table (docs/development.md, "A tenth look, words").
struct ScannedToken {
    enum Kind: UInt8 {
        case word, integer, duration, string, pattern, variable, json
        case equals, leftBrace, rightBrace, newline, end
    }

    var kind: Kind
    var position: SourcePosition
    var length: Int
    /// An integer's or a duration's value (seconds); 0 for any other kind.
    var number: Int64 = 0
    /// A word of at most 16 printable ASCII bytes, packed as the lexer read it; `unpacked`
    /// for any other word and any other kind.
    var packed: PackedWord = .unpacked
    /// A word whose every byte is printable ASCII: its text is its bytes as they are.
    var printable = false

    var byteRange: Range<Int> { position.offset..<(position.offset + length) }
}

/// A word of at most 16 printable ASCII bytes as two integers: its bytes in order, the last
/// one lowest in `low`, the eight before them in `high`. No such byte is zero, so two words
/// are equal exactly when they are equal packed, and a packed word is never `unpacked`. The
/// lexer packs a word as it reads its bytes (`appending`), and the command table's look-up
/// compares two integers where two strings were compared through the standard library
/// (docs/development.md, "A ninth look, reading", "A tenth look, words").
struct PackedWord: Equatable, Sendable {
    var high: UInt64
    var low: UInt64

    /// No word: one longer than 16 bytes, or with a byte that is not printable ASCII.
    static let unpacked = PackedWord(high: 0, low: 0)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// `word` packed, or `unpacked` when it is not at most 16 bytes of printable ASCII.
    init(_ word: String) {
        var word = word
        self = word.withUTF8 { bytes in
            guard bytes.count <= 16 else { return .unpacked }
            var packed = PackedWord.unpacked
            for byte in bytes {
                guard byte >= 0x20, byte < 0x7F else { return .unpacked }
                packed = packed.appending(byte)
            }
            return packed
        }
    }

    /// The word with `byte` after its bytes (the first of 17 bytes falls off the top).
    @inline(__always)
    func appending(_ byte: UInt8) -> PackedWord {
        PackedWord(high: high << 8 | low >> 56, low: low << 8 | UInt64(byte))
    }

    /// Where the word's probe starts in a table of `size` slots (a power of two): its
    /// integers mixed by multiplication, so that words that share a prefix spread.
    func slot(in size: Int) -> Int {
        let mixed = (high &* 0x9E37_79B9_7F4A_7C15) ^ (low &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (mixed ^ (mixed >> 32)) & UInt64(size - 1))
    }
}
