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
        var caret = min(max(0, quoted.offset - start), line.count)
        let shown = Array(SecretMasker.mask(String(decoding: line, as: UTF8.self), sdk: sdk, caret: &caret).utf8)
        var moved = diagnostic
        moved.quotedPosition = SourcePosition(line: quoted.line, column: quoted.column, offset: caret, lineStart: 0)
        return (moved, SourceFile(name: source.name, bytes: shown))
    }
}
