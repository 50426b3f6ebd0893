/// Text from a script or a session as HTML: the one escaping of the HTML test report and
/// the diagram page.
public enum HTMLText {
    /// As HTML text or an attribute value: the five special characters as entities, other
    /// control characters (but tab and newline) as U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// An SVG document without its XML declaration, to sit inside a page.
    public static func inlineSVG(_ svg: String) -> String {
        guard svg.hasPrefix("<?xml"), let end = svg.firstIndex(of: "\n") else { return svg }
        return String(svg[svg.index(after: end)...])
    }
}
