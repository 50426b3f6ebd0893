import CredScript
import CredSimulator

/// A failure's source line as `credsh test` reports it (text, JSON, JUnit, HTML): with
/// its secrets masked as a transcript masks them (`login alice ***`), and the caret moved
/// to match. A report is read by more people than the script, on a CI server; the plain
/// run's stderr still shows the line as written, to the person who wrote it.
package enum MaskedSourceLine {
    /// Lines longer than this are not parsed again to mask them: the report shows the
    /// headline alone (the whole line is at its file:line:column).
    package static let maximumBytes = 64 * 1024

    /// The diagnostic and a one-line source that the formatter shows masked; nil for the
    /// source when the line cannot be shown safely.
    package static func masking(_ diagnostic: Diagnostic, in source: SourceFile?, sdk: SDKID) -> (Diagnostic, SourceFile?) {
        guard let source else { return (diagnostic, nil) }
        // The evaluator may already have handed a masked copy of the line (KnownSecrets),
        // with the caret's place in that copy; the headline's line and column stay the file's.
        let quoted = diagnostic.quotedPosition ?? diagnostic.position
        let bytes = source.bytes
        let start = quoted.lineStart
        guard start <= bytes.count else { return (diagnostic, nil) }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
            end += 1
            if end - start > maximumBytes { return (diagnostic, nil) }
        }
        let line = Array(bytes[start..<end])
        let text = String(decoding: line, as: UTF8.self)
        let shown = Array(SecretMasker.mask(text, sdk: sdk).utf8)
        let caret = caretOffset(old: line, new: shown, caret: min(max(0, quoted.offset - start), line.count))
        var moved = diagnostic
        moved.quotedPosition = SourcePosition(line: quoted.line, column: quoted.column, offset: caret, lineStart: 0)
        return (moved, SourceFile(name: source.name, bytes: shown))
    }

    /// Where the caret goes in the masked line: where it was when the masking changed
    /// nothing before it; counted from the end when it changed nothing after it; else, when
    /// the masking kept the line's words (each masked word is one `***`), at the start of
    /// the same word; else at the start of what was masked.
    package static func caretOffset(old: [UInt8], new: [UInt8], caret: Int) -> Int {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        if caret <= prefix { return caret }
        if caret >= old.count - suffix { return new.count - (old.count - caret) }
        let oldWords = wordStarts(old), newWords = wordStarts(new)
        if oldWords.count == newWords.count, let word = oldWords.lastIndex(where: { $0 <= caret }) {
            // Within a word the masking left as it was, the caret keeps its place in it.
            let into = caret - oldWords[word]
            let oldWord = old[oldWords[word]...].prefix { !isBlank($0) }
            let newWord = new[newWords[word]...].prefix { !isBlank($0) }
            return newWords[word] + (oldWord.elementsEqual(newWord) ? into : 0)
        }
        return prefix
    }

    /// Where each word of a line starts (words are parted by blanks).
    private static func wordStarts(_ line: [UInt8]) -> [Int] {
        var starts: [Int] = []
        var inWord = false
        for (index, byte) in line.enumerated() {
            if !isBlank(byte), !inWord { starts.append(index) }
            inWord = !isBlank(byte)
        }
        return starts
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
