import CredSimulator

/// Turns a script's bytes into tokens, one at a time, each with its line and column.
/// It never stops at a bad character: it reports it and goes on, so the parser can find
/// every error of a file in one run. Lines may be of any length; nothing is recursive.
public struct Lexer {
    public let source: SourceFile
    public private(set) var diagnostics: [Diagnostic] = []
    /// Errors found beyond `Diagnostic.keptPerFile`: counted, not kept.
    public private(set) var droppedDiagnostics = 0
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    private var lineStart = 0

    public init(_ source: SourceFile) {
        self.source = source
        self.bytes = source.bytes
        // A `#!/usr/bin/env credsh` first line is a comment like any other `#` line.
    }

    private var position: SourcePosition {
        SourcePosition(line: line, column: column, offset: index, lineStart: lineStart)
    }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
            lineStart = index
        } else if byte & 0xC0 != 0x80 {
            column += 1  // count scalars, not continuation bytes
        }
    }

    private mutating func report(_ code: DiagnosticCode, _ message: String, at position: SourcePosition) {
        guard diagnostics.count < Diagnostic.keptPerFile else {
            droppedDiagnostics += 1
            return
        }
        diagnostics.append(Diagnostic(code, message, file: source.name, at: position))
    }

    private func token(_ kind: TokenKind, from start: SourcePosition) -> Token {
        Token(kind: kind, position: start, length: index - start.offset)
    }

    /// The seconds of `text` when it is one duration as a script writes it (`90d`,
    /// `1d12h`): a variable holds a duration by its spelling (`let age = 90d`).
    package static func duration(in text: String) -> Int64? {
        guard text.utf8.count <= 64 else { return nil }
        var lexer = Lexer(SourceFile(name: "", text: text))
        guard case .duration(let seconds) = lexer.next().kind, lexer.next().kind == .end else { return nil }
        return seconds
    }

    /// The source text `token` covers, as written (a number's or a duration's spelling).
    func text(of token: Token) -> String {
        String(decoding: bytes[token.byteRange], as: UTF8.self)
    }

    /// Whether `name` is a name: letters, digits and `_`, not first a digit, at least one.
    /// The one rule for a `let`'s name and any other name (Parser.isName).
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return false }
        return name.utf8.allSatisfy(Lexer.isNameByte)
    }

    /// The next token.
    public mutating func next() -> Token {
        while true {
            skipBlanksAndComment()
            guard let byte = peek() else { return Token(kind: .end, position: position, length: 0) }
            let start = position
            switch byte {
            case UInt8(ascii: "\n"):
                advance()
                return token(.newline, from: start)
            case UInt8(ascii: "="):
                advance()
                return token(.equals, from: start)
            case UInt8(ascii: "}"):
                advance()
                return token(.rightBrace, from: start)
            case UInt8(ascii: "{"):
                if let json = scanJSONObject(from: start) { return json }
                advance()
                return token(.leftBrace, from: start)
            case UInt8(ascii: "\""):
                if let string = scanString(from: start) { return string }
                continue
            case UInt8(ascii: "$"):
                if let variable = scanVariable(from: start) { return variable }
                continue
            case UInt8(ascii: "~") where peek(1) == UInt8(ascii: "\""):
                advance()  // ~
                guard case .string(let text)? = scanString(from: position)?.kind else { continue }
                return token(.pattern(text), from: start)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let number = scanNumber(from: start) { return number }
                if let word = scanWord(from: start) { return word }
                continue
            default:
                if let word = scanWord(from: start) { return word }
                continue
            }
        }
    }

    private mutating func skipBlanksAndComment() {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                advance()
            } else if byte == UInt8(ascii: "\r") {
                // `\r\n` ends a line as `\n` does (grammar.md, "Lexical structure"); a `\r`
                // anywhere else is a control character like any other.
                if let after = peek(1), after != UInt8(ascii: "\n") {
                    report(.controlCharacter, "unexpected control character U+000D in the script (a line ends with \\n or \\r\\n)", at: position)
                }
                advance()
            } else if byte == UInt8(ascii: "#") {
                while let b = peek(), b != UInt8(ascii: "\n") { advance() }
            } else {
                return
            }
        }
    }

    package static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }

    /// Scans a run of word bytes and checks them (valid UTF-8, no control character); nil
    /// (after a report) when they are not text.
    private mutating func scanWord(from start: SourcePosition) -> Token? {
        while let byte = peek(), !Lexer.endsWord(byte) { advance() }
        guard let text = checkedText(start.offset..<index, startingAt: start) else { return nil }
        return token(.word(text), from: start)
    }

    private mutating func scanVariable(from start: SourcePosition) -> Token? {
        advance()  // $
        let nameStart = index
        while let byte = peek(), Lexer.isNameByte(byte) { advance() }
        if index > nameStart, bytes[nameStart] >= UInt8(ascii: "0"), bytes[nameStart] <= UInt8(ascii: "9") {
            // `$5`: a name starts with a letter or `_` (grammar.md), so this is no variable.
            // The word is not repeated in the message: it may be a password.
            while let byte = peek(), !Lexer.endsWord(byte) { advance() }
            report(.nameStartsWithDigit, "a variable name starts with a letter or _, not a digit (to mean the text, quote it)", at: start)
            return nil
        }
        guard index > nameStart else {
            // A lone `$` or `$` before other text is just a word character (as in `Pa$$word`):
            // read again from the `$` as a word.
            index = start.offset
            column = start.column
            return scanWord(from: start)
        }
        return token(.variable(String(decoding: bytes[nameStart..<index], as: UTF8.self)), from: start)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// `42`, `90d`, `1d12h`; falls back to a word (`2fa`) when letters follow. nil means "not a number".
    private mutating func scanNumber(from start: SourcePosition) -> Token? {
        let save = (index, line, column, lineStart)
        var total: Int64 = 0
        var sawUnit = false
        var overflow = false
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            var value: Int64 = 0
            while let digit = peek(), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (plus, o2) = times.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
                overflow = overflow || o1 || o2
                value = plus
                advance()
            }
            guard let unitByte = peek(), let unit = SimDurationUnit(byte: unitByte) else {
                if sawUnit { break }  // "1d5": not a duration; handled as a word below
                if peek().map(Lexer.endsWord) ?? true {
                    if overflow || value > Int64(Int.max) {
                        report(.numberOutOfRange, "number is too large", at: start)
                        return nil
                    }
                    return token(.integer(Int(value)), from: start)
                }
                break
            }
            advance()
            let (scaled, o3) = value.multipliedReportingOverflow(by: unit.seconds)
            let (sum, o4) = total.addingReportingOverflow(scaled)
            overflow = overflow || o3 || o4
            total = sum
            sawUnit = true
            if peek().map(Lexer.endsWord) ?? true {
                if overflow {
                    report(.numberOutOfRange, "duration is too long", at: start)
                    return nil
                }
                return token(.duration(total), from: start)
            }
        }
        (index, line, column, lineStart) = save
        return nil
    }

    private mutating func scanString(from start: SourcePosition) -> Token? {
        advance()  // opening quote
        var text: [UInt8] = []
        var valid = true
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                report(.unterminatedString, "unterminated string (a string ends with \" on the same line)", at: start)
                // The string runs to the end of the line, so the parser reads it as the
                // argument it was meant to be: the missing quote is the error reported, not
                // a missing argument after it.
                return token(.string(String(decoding: text, as: UTF8.self)), from: start)
            }
            if byte == UInt8(ascii: "\"") {
                advance()
                break
            }
            if byte == UInt8(ascii: "\\") {
                let escapeAt = position
                advance()
                guard let escaped = peek(), escaped != UInt8(ascii: "\n") else { continue }
                advance()
                switch escaped {
                case UInt8(ascii: "\""): text.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): text.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "u"):
                    if let scalar = scanUnicodeEscape(at: escapeAt) { text += Array(String(Character(scalar)).utf8) } else { valid = false }
                default:
                    report(.badEscape, "unknown escape '\\\(Character(Unicode.Scalar(escaped)))' in a string (use \\\" \\\\ \\n \\t or \\u{XXXX})", at: escapeAt)
                    valid = false
                }
                continue
            }
            if byte < 0x20 && byte != UInt8(ascii: "\t") || byte == 0x7F {
                report(.controlCharacter, "unexpected control character in a string (write \\n or \\t)", at: position)
                valid = false
            }
            text.append(byte)
            advance()
        }
        // A string with a bad escape or character in it is still the argument it was meant
        // to be: the error reported is that one, not a missing argument after it (one
        // mistake, one error). Nothing runs after a syntax error, so its text is never used.
        guard valid else { return token(.string(String(decoding: text, as: UTF8.self)), from: start) }
        // Text with no byte above ASCII is valid UTF-8 as it stands.
        if !text.contains(where: { $0 >= 0x80 }) { return token(.string(String(decoding: text, as: UTF8.self)), from: start) }
        guard let decoded = checkedText(bytes: text, reportAt: start, rejectControls: false) else {
            return token(.string(String(decoding: text, as: UTF8.self)), from: start)
        }
        return token(.string(decoded), from: start)
    }

    /// After `\u`: `{` one to six hex digits `}` naming a Unicode scalar (not a surrogate,
    /// at most 10FFFF). Reads no further than the closing brace or the eighth byte.
    private mutating func scanUnicodeEscape(at escapeAt: SourcePosition) -> Unicode.Scalar? {
        guard peek() == UInt8(ascii: "{") else {
            report(.badEscape, "\\u must be followed by {XXXX}: one to six hex digits in braces, as \\u{e9}", at: escapeAt)
            return nil
        }
        advance()
        var value: UInt32 = 0
        var digits = 0
        while let byte = peek(), let digit = FormEncoding.hexValue(byte) {
            advance()
            digits += 1
            if digits <= 6 { value = value << 4 | UInt32(digit) }
        }
        guard peek() == UInt8(ascii: "}"), (1...6).contains(digits) else {
            report(.badEscape, "\\u{…} takes one to six hex digits and a closing }", at: escapeAt)
            return nil
        }
        advance()
        guard let scalar = Unicode.Scalar(value) else {
            report(.badEscape, "this \\u{…} names no Unicode scalar value: \(String(value, radix: 16, uppercase: true)) is a surrogate (D800 to DFFF) or above 10FFFF", at: escapeAt)
            return nil
        }
        // A control character is written as an escape, never raw: `\u{7}` is how credsh
        // prints a BEL (TerminalSafe), and how a journal that holds one is written back.
        return scalar
    }

    /// `{` followed by `"` or `}` opens an inline JSON object, which runs to its matching
    /// brace on the same line. Any other `{` opens a block.
    private mutating func scanJSONObject(from start: SourcePosition) -> Token? {
        var look = index + 1
        while look < bytes.count, bytes[look] == UInt8(ascii: " ") || bytes[look] == UInt8(ascii: "\t") { look += 1 }
        guard look < bytes.count, bytes[look] == UInt8(ascii: "\"") || bytes[look] == UInt8(ascii: "}") else { return nil }
        var depth = 0
        var inString = false
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
            let byte = bytes[end]
            if inString {
                if byte == UInt8(ascii: "\\") { end += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") {
                depth += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { break }
            }
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "}"), depth == 0 else {
            while let b = peek(), b != UInt8(ascii: "\n") { advance() }
            report(.unterminatedJSON, "unterminated JSON object (it must close with } on the same line)", at: start)
            return token(.json(""), from: start)
        }
        while index <= end { advance() }
        guard let text = checkedText(start.offset..<index, startingAt: start) else {
            // Reported, and consumed: the token stands for the bad object. (nil would mean
            // "not an object", and the caller would take one more byte for a `{`.)
            return token(.json(""), from: start)
        }
        return token(.json(text), from: start)
    }

    private mutating func checkedText(_ range: Range<Int>, startingAt start: SourcePosition) -> String? {
        // Nearly every word is printable ASCII, valid text as it stands: no copy and no
        // validating pass (they cost a cheap command a fifth of its instructions, callgrind).
        let word = bytes[range]
        if word.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Decoded where the bytes lie: an ArraySlice given to String(decoding:) is copied first.
            return word.withContiguousStorageIfAvailable { String(decoding: $0, as: UTF8.self) } ?? String(decoding: word, as: UTF8.self)
        }
        return checkedText(bytes: Array(bytes[range]), reportAt: start)
    }

    /// Decodes UTF-8, reporting the first byte that is not valid UTF-8 or is a control character.
    private mutating func checkedText(bytes text: [UInt8], reportAt start: SourcePosition, rejectControls: Bool = true) -> String? {
        if rejectControls, let bad = text.firstIndex(where: { $0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 == 0x7F }) {
            report(.controlCharacter, "unexpected control character U+\(hex4(text[bad])) in the script", at: start)
            return nil
        }
        // Valid text, the usual case, is decoded in one pass; the loop below finds the bad byte.
        if #available(macOS 15, *), let valid = String(validating: text, as: UTF8.self) { return valid }
        var iterator = text.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return String(scalars)
            case .error:
                let byte = offset < text.count ? text[offset] : 0
                report(.invalidUTF8, "this text is not valid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))", at: start)
                return nil
            }
        }
    }

    private func hex4(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

/// The units a duration literal may use.
struct SimDurationUnit {
    let seconds: Int64
    init?(byte: UInt8) {
        switch byte {
        case UInt8(ascii: "d"): seconds = 86_400
        case UInt8(ascii: "h"): seconds = 3_600
        case UInt8(ascii: "m"): seconds = 60
        case UInt8(ascii: "s"): seconds = 1
        default: return nil
        }
    }
}
