/// Formats a diagnostic the way compilers do: the headline, the source line with a
/// gutter, and a caret under the column. Very long lines are shown as a window around
/// the column, so a 1 MB line prints a readable message, not a megabyte.
public struct DiagnosticFormatter: Sendable {
    public let style: Style
    public static let window = 100

    public init(style: Style = .plain) { self.style = style }

    public func format(_ diagnostic: Diagnostic, source: SourceFile?) -> String {
        let label = style.errorLabel(diagnostic.kind.rawValue + ":")
        var out = "\(diagnostic.file):\(diagnostic.position.line):\(diagnostic.position.column): \(label) \(diagnostic.message)\n"
        if let source, diagnostic.position.lineStart <= source.bytes.count {
            let scalars = Array(String(decoding: source.line(startingAt: diagnostic.position.lineStart), as: UTF8.self).unicodeScalars)
            let caretIndex = min(max(diagnostic.position.column - 1, 0), scalars.count)
            var from = 0, to = scalars.count
            if scalars.count > Self.window * 2 {
                from = max(0, caretIndex - Self.window)
                to = min(scalars.count, caretIndex + Self.window)
            }
            var shown = String(String.UnicodeScalarView(scalars[from..<to].map { $0.value < 0x20 && $0 != "\t" ? "?" : $0 }))
            var pad = String(String.UnicodeScalarView(scalars[from..<caretIndex].map { $0 == "\t" ? "\t" : " " }))
            if from > 0 {
                shown = "…" + shown
                pad = " " + pad
            }
            if to < scalars.count { shown += "…" }
            let gutter = String(diagnostic.position.line)
            let blank = String(repeating: " ", count: gutter.count)
            out += "\(gutter) | \(shown)\n\(blank) | \(pad)\(style.caret("^"))\n"
        }
        for note in diagnostic.notes { out += "  " + note + "\n" }
        return out
    }
}
