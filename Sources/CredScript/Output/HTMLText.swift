import CredLanguage
/// Text from a script or a session as HTML: the one escaping of the HTML test report and
/// the diagram page.
public enum HTMLText {
    /// As HTML text or an attribute value (MarkupEscaping, shared with the SVG and the
    /// JUnit report).
    public static func escape(_ text: String) -> String { MarkupEscaping.escape(text) }

    /// An SVG document without its XML declaration, to sit inside a page.
    public static func inlineSVG(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }
}
