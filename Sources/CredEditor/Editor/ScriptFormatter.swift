import CredLanguage
import CredScript
/// `credsh lsp`'s formatting: each line's tokens as the lexer reads them, one space
/// where there was any space between two tokens and none where there was none (so
/// `KEY=VALUE` stays one argument and `let x = 1` keeps its spaces), four spaces of
/// indentation per open block, a comment one space after the code, no trailing blanks,
/// one newline at the end. The tokens and the comments are copied byte for byte, so the
/// meaning cannot change, and formatting what it wrote gives the same text again. A line
/// the lexer refuses is left exactly as written (only its braces count for the depth).
public enum ScriptFormatter {
    public static let indentUnit = "    "

    public static func format(_ text: DocumentText) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.bytes.count + text.bytes.count / 8)
        var depth = 0
        // Bound: one pass over the lines; each line is lexed once.
        for line in 0..<text.lineCount {
            let bytes = text.lineBytes(line)
            let isLast = line == text.lineCount - 1
            if isLast && bytes.isEmpty { break }
            let tokens = LineTokens(bytes)
            let braces = BlockStructure.braces(in: tokens)
            if tokens.hasErrors {
                out += bytes
            } else {
                // Closing braces at the start of a line belong to the outer block's indentation.
                let leadingClosers = tokens.tokens.prefix { $0.kind == .rightBrace }.count
                let indent = max(0, depth - leadingClosers)
                var body: [UInt8] = []
                var previousEnd: Int? = nil
                for token in tokens.tokens {
                    if let previousEnd, token.position.offset > previousEnd { body.append(UInt8(ascii: " ")) }
                    body += bytes[token.byteRange]
                    previousEnd = token.position.offset + token.length
                }
                if let comment = tokens.commentStart {
                    var end = bytes.count
                    while end > comment, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                    if !body.isEmpty { body.append(UInt8(ascii: " ")) }
                    body += bytes[comment..<end]
                }
                if !body.isEmpty {
                    for _ in 0..<indent { out += indentUnit.utf8 }
                    out += body
                }
            }
            depth = max(0, depth + braces)
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }
}

/// What formatting changed, in words that never quote a line (a line may hold a password,
/// and `credsh fmt --check` runs in hooks whose output lands in CI logs).
extension ScriptFormatter {
    /// The most line ranges `changes` lists (`credsh fmt --check`, for a file); the rest are counted.
    public static let listedRanges = 20

    /// Which lines formatting changes, as `lines 2, 4-6` (the formatter keeps one line for
    /// each line, so line N of one is line N of the other), and a missing final newline.
    public static func changes(from old: [UInt8], to new: [UInt8]) -> String {
        let before = old.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let after = new.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var ranges: [ClosedRange<Int>] = []
        // Bound: one pass over the lines of the shorter text.
        for index in 0..<min(before.count, after.count) where before[index] != after[index] {
            let line = index + 1
            if let last = ranges.last, last.upperBound == line - 1 {
                ranges[ranges.count - 1] = last.lowerBound...line
            } else {
                ranges.append(line...line)
            }
        }
        var parts: [String] = []
        if !ranges.isEmpty {
            let shown = ranges.prefix(listedRanges).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            let more = ranges.count > listedRanges ? " and \(ranges.count - listedRanges) more" : ""
            let lines = ranges.count == 1 && ranges[0].count == 1 ? "line" : "lines"
            parts.append("\(lines) " + shown.joined(separator: ", ") + more)
        }
        if !old.isEmpty, old.last != UInt8(ascii: "\n") { parts.append("a newline at the end") }
        return parts.isEmpty ? "its line endings" : parts.joined(separator: "; ")
    }
}

/// The blocks of a script by their braces, read line by line with the lexer (a `{` that
/// opens inline JSON is no brace), for formatting and for the outline.
enum BlockStructure {
    /// Opened minus closed braces on a line.
    static func braces(in tokens: LineTokens) -> Int {
        var count = 0
        for token in tokens.tokens {
            if token.kind == .leftBrace { count += 1 } else if token.kind == .rightBrace { count -= 1 }
        }
        return count
    }

    /// Each block as the 0-based lines of its `{` and of its `}` (the last line when it is
    /// never closed), in the order they open. Bound: one pass; blocks nest at most
    /// `Parser.maximumNesting` deep where it matters, and the stack is only as deep as the text.
    static func blocks(in text: DocumentText) -> [(open: Int, close: Int)] {
        var blocks: [(open: Int, close: Int)] = []
        var stack: [Int] = []
        for line in 0..<text.lineCount {
            let bytes = text.lineBytes(line)
            guard bytes.contains(UInt8(ascii: "{")) || bytes.contains(UInt8(ascii: "}")) else { continue }
            for token in LineTokens(bytes).tokens {
                if token.kind == .leftBrace {
                    stack.append(blocks.count)
                    blocks.append((line, text.lineCount - 1))
                } else if token.kind == .rightBrace, let open = stack.popLast() {
                    blocks[open].close = line
                }
            }
        }
        return blocks
    }
}
