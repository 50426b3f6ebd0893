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
    /// The text of the last token scanned when it is a string, a pattern, a variable or a
    /// JSON object (a `ScannedToken` carries none).
    private(set) var text = ""

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

    private func token(_ kind: ScannedToken.Kind, from start: SourcePosition, number: Int64 = 0) -> ScannedToken {
        ScannedToken(kind: kind, position: start, length: index - start.offset, number: number)
    }

    /// A token whose text is `text` (a string, a pattern, a variable, a JSON object).
    private mutating func token(_ kind: ScannedToken.Kind, _ text: String, from start: SourcePosition) -> ScannedToken {
        self.text = text
        return token(kind, from: start)
    }

    /// The seconds of `text` when it is one duration as a script writes it (`90d`,
    /// `1d12h`): a variable holds a duration by its spelling (`let age = 90d`).
    static func duration(in text: String) -> Int64? {
        guard text.utf8.count <= 64 else { return nil }
        var lexer = Lexer(SourceFile(name: "", text: text))
        let token = lexer.scan()
        guard token.kind == .duration, lexer.scan().kind == .end else { return nil }
        return token.number
    }

    /// The next token with its text.
    public mutating func next() -> Token {
        let scanned = scan()
        return Token(kind: kind(of: scanned), position: scanned.position, length: scanned.length)
    }

    /// The kind of `token` with its text: `token` is the last token scanned, or a word.
    func kind(of token: ScannedToken) -> TokenKind {
        switch token.kind {
        case .word: return .word(text(ofWord: token))
        case .integer: return .integer(Int(token.number))
        case .duration: return .duration(token.number)
        case .string: return .string(text)
        case .pattern: return .pattern(text)
        case .variable: return .variable(text)
        case .json: return .json(text)
        case .equals: return .equals
        case .leftBrace: return .leftBrace
        case .rightBrace: return .rightBrace
        case .newline: return .newline
        case .end: return .end
        }
    }

    /// The text of a word scanned: its bytes, checked when it was scanned (any word token,
    /// not only the last).
    func text(ofWord token: ScannedToken) -> String {
        if token.printable { return printableText(token.byteRange) }
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[token.byteRange]), as: UTF8.self) }
    }

    /// The text of a token every byte of which is printable ASCII (a number, a duration).
    func text(ofPrintable token: ScannedToken) -> String { printableText(token.byteRange) }

    /// Whether the `count` bytes of source from `start` (a word's, or its first bytes) are a
    /// name as `Parser.isName` says of their text: letters, digits and `_`, not first a digit.
    func isName(bytesFrom start: Int, count: Int) -> Bool {
        bytes.withUnsafeBufferPointer { all in Lexer.isName(UnsafeBufferPointer(rebasing: all[start..<(start + count)])) }
    }

    /// Whether `name`'s bytes are a name: letters, digits and `_`, not first a digit, at
    /// least one. The one rule for a `let`'s name read in the source and any other name
    /// (Parser.isName).
    static func isName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = name.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return false }
        return name.allSatisfy(Lexer.isNameByte)
    }

    /// The first byte of a token (one of at least a byte).
    func firstByte(of token: ScannedToken) -> UInt8 { bytes[token.position.offset] }

    /// The next token, without its text (ScannedToken).
    mutating func scan() -> ScannedToken {
        while true {
            // The usual blank before a token, one space, moved over here; a call to move over
            // nothing, or one space, cost about 45 instructions a token ("A tenth look,
            // reading, second pass").
            if index < bytes.count, bytes[index] == UInt8(ascii: " ") {
                index += 1
                column += 1
            }
            if index < bytes.count, Lexer.mayStartBlankOrComment(bytes[index]) { skipBlanksAndComment() }
            guard let byte = peek() else { return ScannedToken(kind: .end, position: position, length: 0) }
            let start = position
            // A newline, `=` and `}` are moved over here, their byte known, not through
            // `advance()`, which tests it again (a call of about 20 instructions a line:
            // docs/development.md, "A tenth look, reading, second pass").
            switch byte {
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                column = 1
                lineStart = index
                return token(.newline, from: start)
            case UInt8(ascii: "="):
                index += 1
                column += 1
                return token(.equals, from: start)
            case UInt8(ascii: "}"):
                index += 1
                column += 1
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
                guard scanString(from: position) != nil else { continue }
                return token(.pattern, from: start)
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
                // A blank is one column and no newline: moved over without `advance()`'s checks.
                index += 1
                column += 1
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

    /// A blank, a `\r`, a `#` or another control character than `\n`: what
    /// `skipBlanksAndComment` may move over, or stops at at once.
    @inline(__always)
    static func mayStartBlankOrComment(_ byte: UInt8) -> Bool {
        (byte <= 0x20 && byte != UInt8(ascii: "\n")) || byte == UInt8(ascii: "#")
    }

    static func endsWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"),
             UInt8(ascii: "\""), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"):
            return true
        default:
            return false
        }
    }

    /// Scans a run of word bytes and checks them; nil (after a report) when they are not text.
    /// No string is built: the token gives the word's bytes, packed when short and printable.
    private mutating func scanWord(from start: SourcePosition) -> ScannedToken? {
        // One pass, bounded by the source's end: where the word ends and whether every byte is
        // printable ASCII. `advance()` byte by byte, then a second pass to check them, cost
        // about 10 instructions a byte more (docs/development.md, "A ninth look, reading").
        // The bytes are packed in the same pass, for the command table's look-up, and the
        // scalars (its columns: no byte of a word is a newline) are counted only in a word that
        // is not printable ASCII, where they differ from its bytes ("A tenth look, words").
        // A byte's class is read from a table (`ByteClass`): one load and one comparison for
        // the usual byte, where its checks against the bytes that end a word and against the
        // printable range cost about 7 instructions more a byte ("A tenth look, reading,
        // second pass").
        var end = index, printable = true, packed = PackedWord.unpacked
        let classes = ByteClass.table
        while end < bytes.count {
            let byte = bytes[end]
            let byteClass = classes[Int(byte)]
            if byteClass == ByteClass.word {
                packed = packed.appending(byte)
            } else if byteClass == ByteClass.other {
                printable = false
            } else {
                break
            }
            end += 1
        }
        column += printable ? end - index : bytes[index..<end].reduce(0) { $1 & 0xC0 != 0x80 ? $0 + 1 : $0 }
        index = end
        // A word that is not printable ASCII is checked (valid UTF-8, no control character) here,
        // where it is reported; its text is built again only if it is asked for.
        guard printable || checkedText(start.offset..<index, startingAt: start) != nil else { return nil }
        var word = token(.word, from: start)
        word.printable = printable
        if printable, word.length <= 16 { word.packed = packed }
        return word
    }

    private mutating func scanVariable(from start: SourcePosition) -> ScannedToken? {
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
        return token(.variable, String(decoding: bytes[nameStart..<index], as: UTF8.self), from: start)
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }

    /// `42`, `90d`, `1d12h`; falls back to a word (`2fa`) when letters follow. nil means "not a number".
    private mutating func scanNumber(from start: SourcePosition) -> ScannedToken? {
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
                    return token(.integer, from: start, number: value)
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
                return token(.duration, from: start, number: total)
            }
        }
        (index, line, column, lineStart) = save
        return nil
    }

    private mutating func scanString(from start: SourcePosition) -> ScannedToken? {
        advance()  // opening quote
        var text: [UInt8] = []
        var valid = true
        while true {
            guard let byte = peek(), byte != UInt8(ascii: "\n") else {
                report(.unterminatedString, "unterminated string (a string ends with \" on the same line)", at: start)
                // The string runs to the end of the line, so the parser reads it as the
                // argument it was meant to be: the missing quote is the error reported, not
                // a missing argument after it.
                return token(.string, String(decoding: text, as: UTF8.self), from: start)
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
        guard valid else { return token(.string, String(decoding: text, as: UTF8.self), from: start) }
        // Text with no byte above ASCII is valid UTF-8 as it stands.
        if !text.contains(where: { $0 >= 0x80 }) { return token(.string, String(decoding: text, as: UTF8.self), from: start) }
        guard let decoded = checkedText(bytes: text, reportAt: start, rejectControls: false) else {
            return token(.string, String(decoding: text, as: UTF8.self), from: start)
        }
        return token(.string, decoded, from: start)
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
    private mutating func scanJSONObject(from start: SourcePosition) -> ScannedToken? {
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
            return token(.json, "", from: start)
        }
        while index <= end { advance() }
        guard let text = checkedText(start.offset..<index, startingAt: start) else {
            // Reported, and consumed: the token stands for the bad object. (nil would mean
            // "not an object", and the caller would take one more byte for a `{`.)
            return token(.json, "", from: start)
        }
        return token(.json, text, from: start)
    }

    private mutating func checkedText(_ range: Range<Int>, startingAt start: SourcePosition) -> String? {
        // Nearly every word is printable ASCII, which is valid UTF-8 as it stands. Read
        // through a buffer pointer: String(decoding:) of an ArraySlice takes the generic,
        // repairing path, about twice the instructions for a word (issue 36).
        let printable = bytes[range].allSatisfy { !($0 < 0x20 && $0 != UInt8(ascii: "\t") || $0 >= 0x7F) }
        return printable ? printableText(range) : checkedText(bytes: Array(bytes[range]), reportAt: start)
    }

    /// The text of `range`, every byte of it printable ASCII (or a tab), which is valid
    /// UTF-8 as it stands.
    private func printableText(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { all in
            let word = UnsafeBufferPointer(rebasing: all[range])
            // Written into the string's own storage: a string of up to 15 ASCII bytes is then
            // made with no second pass to validate it, where String(decoding:) validated the
            // bytes again, about 150 instructions a word (docs/development.md, "An eighth look").
            return String(unsafeUninitializedCapacity: word.count) { storage in
                UnsafeMutableRawBufferPointer(storage).copyMemory(from: UnsafeRawBufferPointer(word))
                return word.count
            }
        }
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

/// What a byte is to a word (`Lexer.scanWord`): printable ASCII that goes on a word
/// (`word`), a byte that ends one (`Lexer.endsWord`), or any other byte (`other`: a control
/// character or a byte above ASCII, which a word may hold if it is valid text, checked apart).
/// The table is a string literal, 256 bytes in the program's constant data, read through its
/// pointer: a `static let` array was a lazy global, asked on every read whether it was made.
///
/// Its values are computed, not `static let`s, whose every read asks `swift_once`.
enum ByteClass {
    static var word: UInt8 { UInt8(ascii: "w") }
    static var ends: UInt8 { UInt8(ascii: "e") }
    static var other: UInt8 { UInt8(ascii: "o") }

    /// Each byte's class, sixteen bytes to a line (0x00 to 0x0F first).
    @inline(__always)
    static var table: UnsafePointer<UInt8> {
        let classes: StaticString = """
            oooooooooeeooeoo\
            oooooooooooooooo\
            ewewwwwwwwwwwwww\
            wwwwwwwwwwwwweww\
            wwwwwwwwwwwwwwww\
            wwwwwwwwwwwwwwww\
            wwwwwwwwwwwwwwww\
            wwwwwwwwwwwewewo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo\
            oooooooooooooooo
            """
        return classes.utf8Start
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
