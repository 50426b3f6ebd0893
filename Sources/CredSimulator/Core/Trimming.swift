extension String {
    /// Trimmed of spaces and tabs at both ends, as the prompt trims a line before it
    /// enters the history, and as a header value is read.
    public var trimmedSpacesAndTabs: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    /// Trimmed as Foundation's `trimmingCharacters(in: .whitespaces)` trims, which is how
    /// the REL-ID codelab apps read their text fields (docs/relid.md, "The app's form
    /// checks"): the set is exactly `CharacterSet.whitespaces` (Unicode category Zs, TAB
    /// and U+200B, as Foundation on Linux and Apple platforms define it), and the trim
    /// works on Unicode scalars, not on characters, so a space before a combining mark is
    /// removed and the mark stays.
    public var trimmedAsFoundationWhitespaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isFoundationWhitespace }),
              let last = scalars.lastIndex(where: { !$0.isFoundationWhitespace })
        else { return "" }
        return String(scalars[start...last])
    }
}

extension Unicode.Scalar {
    /// A member of Foundation's `CharacterSet.whitespaces`: TAB, SPACE, NO-BREAK SPACE,
    /// OGHAM SPACE MARK, U+2000…U+200B, NARROW NO-BREAK SPACE, MEDIUM MATHEMATICAL SPACE,
    /// IDEOGRAPHIC SPACE. Checked against swift-corelibs-foundation by enumerating every
    /// scalar; U+200B is in the set although Unicode no longer counts it as Zs.
    public var isFoundationWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
