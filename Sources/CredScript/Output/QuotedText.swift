import CredLanguage
/// The 80-character bound on what a message quotes, applied to the whole quoted text
/// (`unknown command 'a b c …'`), not only to each word in it: a message quoting a 90 KB
/// phrase of short words shows its first 80 characters and an ellipsis.
extension String {
    /// The most characters (Unicode scalars) of one quoted text a message shows.
    static let quotedLimit = 80

    /// Each span between matching quotes (`'…'` or `"…"`, opened after a space, `(`, `=`,
    /// `~` or at the start, closed before a space, punctuation or the end) cut to
    /// `limit` scalars and `…`. An apostrophe inside a word (`isn't`) opens nothing.
    /// Linear: a span found is skipped past, and once no closing quote of a kind is left,
    /// none is looked for again.
    func shorteningQuotes(to limit: Int = String.quotedLimit) -> String {
        guard utf8.count > limit + 2 else { return self }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        var unclosed: Set<Unicode.Scalar> = []
        while index < scalars.count {
            let scalar = scalars[index]
            out.append(scalar)
            index += 1
            guard scalar == "'" || scalar == "\"", !unclosed.contains(scalar),
                  index == 1 || Self.opensQuote(after: scalars[index - 2]) else { continue }
            guard let close = Self.closingQuote(scalar, in: scalars, from: index) else {
                unclosed.insert(scalar)
                continue
            }
            if close - index > limit {
                out.append(contentsOf: scalars[index..<(index + limit)])
                out.append("…")
            } else {
                out.append(contentsOf: scalars[index..<close])
            }
            out.append(scalar)
            index = close + 1
        }
        return String(out)
    }

    private static func opensQuote(after scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "(" || scalar == "=" || scalar == "~"
    }

    /// The index of the quote that closes a span opened just before `start`, if any.
    private static func closingQuote(_ quote: Unicode.Scalar, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            if scalars[index] == quote {
                let next = index + 1 < scalars.count ? scalars[index + 1] : " "
                if " ),:;.!?".unicodeScalars.contains(next) { return index }
            }
            index += 1
        }
        return nil
    }
}
