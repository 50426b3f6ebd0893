import CredLanguage
import CredSimulator

/// Where a coverage file's text fails to parse, and why, in a user's words
/// (`credsh coverage merge`, docs/coverage.md): a number with a fraction or an exponent
/// is valid JSON that credsh does not read, so it is named for what it is, not "not JSON";
/// so is text after a whole document or line.
struct CoverageParseFault {
    /// 1-based, in Unicode scalars from the line's start.
    let line: Int
    let column: Int
    let description: String

    /// The longest number quoted in a message.
    static let quotedNumber = 40

    init(_ error: JSONParseError, in text: String) {
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        var line = 1, column = 1, seen = 0
        // Just past the last scalar that is not white space: where a text cut short ends.
        var lastContent = (line: 1, column: 1)
        while seen < error.offset, index != scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
            if !scalar.properties.isWhitespace { lastContent = (line, column) }
            seen += 1
            index = scalars.index(after: index)
        }
        let counts = "a coverage file's numbers are whole, in digits, without a fraction or an exponent (a count is from 0 to \(CoverageRun.maximumHits))"
        if let number = Self.number(at: index, in: scalars) {
            // Placed at the number's start: the message quotes it whole.
            (self.line, self.column) = (line, column - number.before)
            description = "the number \(number.text) is \(number.whole ? "past any count" : "not written as a whole number"); \(counts)"
            return
        }
        (self.line, self.column) = index == scalars.endIndex ? lastContent : (line, column)
        // A whole value before the fault: what follows it is more than the document, or the line.
        if index != scalars.endIndex, let before = try? JSONValue.parse(String(scalars[..<index])) {
            description = before["credshCoverage"] != nil
                ? "text after the end of the coverage document; a file holds one document (give merge each file on its own)"
                : "text after the JSON value; JSON Lines hold one value a line"
            return
        }
        description = "not JSON (\(error.message)); a coverage file is what credsh serve --coverage or credsh test --coverage --format json writes"
    }

    /// The number the parser stopped in, when that is why it stopped: at a fraction or an
    /// exponent just after a digit, or on a whole number too long for any count; `before`
    /// counts its scalars before the place the parser stopped.
    private static func number(at index: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView) -> (text: String, whole: Bool, before: Int)? {
        let digits: ClosedRange<Unicode.Scalar> = "0"..."9"
        guard index != scalars.endIndex else { return nil }
        var start = index
        while start != scalars.startIndex {
            let before = scalars.index(before: start)
            guard digits.contains(scalars[before]) || scalars[before] == "-" else { break }
            start = before
        }
        var end = index
        while end != scalars.endIndex, digits.contains(scalars[end]) || ".eE+-".unicodeScalars.contains(scalars[end]) {
            end = scalars.index(after: end)
        }
        let text = String(scalars[start..<end])
        let shown = text.count > quotedNumber ? String(text.prefix(quotedNumber)) + "…" : text
        if ".eE".unicodeScalars.contains(scalars[index]), start != index, digits.contains(scalars[scalars.index(before: index)]) {
            return (shown, false, scalars[start..<index].count)
        }
        // Digits the parser read from their start and could not hold (not a leading zero, which it stops after).
        if index == start, text.unicodeScalars.allSatisfy({ digits.contains($0) || $0 == "-" }), text.contains(where: \.isNumber), Int(text) == nil {
            return (shown, true, 0)
        }
        return nil
    }
}
