import CredLanguage
/// The teacher's story of a script: the `#` comment lines directly above a command
/// (`# Now the password is expired: watch the challenge mode`), which `--echo`, `--step`,
/// diagrams and the live page show before the command (docs/teaching.md).
///
/// It is found in the source text, from the statement's position upwards, not by the
/// lexer: comments stay out of the parser's way, and a script that runs without narration
/// pays nothing for it.
public enum Narration {
    /// Comment lines read above one command at most; a longer block is a file header, not a step's story.
    public static let maximumLines = 12
    /// Bytes scanned upwards at most, and characters kept: a huge comment costs bounded work.
    public static let maximumBytes = 4_096
    public static let maximumText = 600

    /// The comment lines directly above `position` (no blank line between), joined with
    /// spaces and their `#` removed; nil when there are none, or when the statement is not
    /// the first thing on its line (`login a b; update …`: the comment belongs to the first).
    public static func above(_ position: SourcePosition, in source: SourceFile) -> String? {
        let bytes = source.bytes
        let lineStart = position.lineStart
        guard lineStart <= bytes.count, position.offset <= bytes.count, lineStart <= position.offset,
              bytes[lineStart..<position.offset].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return nil }
        var lines: [String] = []
        var end = lineStart  // the start of the line below the one being read
        let floor = max(0, lineStart - maximumBytes)
        while end > floor, lines.count < maximumLines {
            // The line above: from after the previous newline to before `end`'s newline.
            let newline = end - 1
            guard bytes[newline] == 0x0A else { break }
            var start = newline
            while start > floor, bytes[start - 1] != 0x0A { start -= 1 }
            if start == floor, floor > 0 { break }  // a line longer than the bound: not read
            var first = start
            while first < newline, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            guard first < newline, bytes[first] == UInt8(ascii: "#") else { break }
            var text = Array(bytes[(first + 1)..<newline])
            if text.last == 0x0D { text.removeLast() }  // CRLF files
            lines.append(String(decoding: text, as: UTF8.self).trimmedSpacesAndTabs)
            end = start
        }
        let joined = lines.reversed().filter { !$0.isEmpty && !$0.hasPrefix("!") }.joined(separator: " ")
        guard !joined.isEmpty else { return nil }
        return joined.count > maximumText ? String(joined.prefix(maximumText)) + "…" : joined
    }
}
