import CredLanguage
/// Formats a diagnostic the way compilers do: the headline, the source line with a
/// gutter, and a caret under the column. Very long lines are shown as a window around
/// the column, so a 1 MB line prints a readable message, not a megabyte.
public struct DiagnosticFormatter: Sendable {
    public let style: Style
    public static let window = 100

    public init(style: Style = .plain) { self.style = style }

    public func format(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
        let label = style.errorLabel(diagnostic.kind.rawValue + ":")
        let message = diagnostic.message.escapingControls.shorteningWords().shorteningQuotes()
        var out = "\(diagnostic.file.escapingControls):\(diagnostic.position.line):\(diagnostic.position.column): \(label) \(message) \(diagnostic.tag)\n"
        let quoted = diagnostic.quotedPosition ?? diagnostic.position
        if let source, quoted.lineStart <= source.bytes.count {
            // Decode only the bytes around the position: the cost of a diagnostic follows the
            // window shown, not the length of the line.
            let (piece, startsMidLine, endsMidLine) = source.window(around: quoted, bytes: Self.window * 4)
            let scalars = Array(String(decoding: piece.bytes, as: UTF8.self).unicodeScalars)
            let caretIndex = min(max(piece.caretScalar, 0), scalars.count)
            var from = 0, to = scalars.count
            if scalars.count > Self.window * 2 {
                from = max(0, caretIndex - Self.window)
                to = min(scalars.count, caretIndex + Self.window)
            }
            // A control character as every message writes it (TerminalSafe: `\u{1B}`), a tab as
            // it is; the caret's pad as wide as what is shown before it.
            var shown = "", pad = ""
            for (index, scalar) in scalars[from..<to].enumerated() {
                let written = TerminalSafe.quotedInLine(scalar)
                shown += written
                guard from + index < caretIndex else { continue }
                pad += scalar == "\t" ? "\t" : String(repeating: " ", count: written.unicodeScalars.count)
            }
            if from > 0 || startsMidLine {
                shown = "…" + shown
                pad = " " + pad
            }
            if to < scalars.count || endsMidLine { shown += "…" }
            let gutter = String(diagnostic.position.line)
            let blank = String(repeating: " ", count: gutter.count)
            out += "\(gutter) | \(shown)\n\(blank) | \(pad)\(style.caret("^"))\n"
        }
        for note in diagnostic.notes { out += "  " + note.escapingControls + "\n" }
        return out
    }
}

extension SourceFile {
    /// The bytes of a position's line within `bytes` of it on each side, cut at UTF-8
    /// boundaries, with the caret's index in scalars; and whether the line goes on
    /// before and after the piece.
    func window(around position: SourcePosition, bytes limit: Int) -> (piece: (bytes: ArraySlice<UInt8>, caretScalar: Int), startsMidLine: Bool, endsMidLine: Bool) {
        let offset = min(max(position.offset, position.lineStart), bytes.count)
        var start = max(position.lineStart, offset - limit)
        while start > position.lineStart, start < bytes.count, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var end = offset
        while end < bytes.count, end - offset < limit, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        while end < bytes.count, end > offset, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let endsMidLine = end < bytes.count && bytes[end] != UInt8(ascii: "\n")
        var trimmed = end
        if !endsMidLine, trimmed > start, bytes[trimmed - 1] == UInt8(ascii: "\r") { trimmed -= 1 }
        let caret = bytes[start..<offset].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        return ((bytes[start..<trimmed], caret), start > position.lineStart, endsMidLine)
    }
}
