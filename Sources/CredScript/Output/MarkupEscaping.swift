import CredLanguage
/// Text as it goes into XML or HTML — the JUnit report, the diagram's SVG, the HTML
/// report and the pages: one escaping for all of them, so a control character in a
/// script's output reads the same in each.
public enum MarkupEscaping {
    /// As text or an attribute value: the five special characters as entities (`'` as
    /// `&#39;`, which XML and every HTML read alike); tab, newline and carriage return as
    /// they are; what XML 1.0 cannot hold (other control characters, U+FFFE, U+FFFF) and
    /// DEL as U+FFFD.
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
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
