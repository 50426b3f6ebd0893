/// The iOS app's e-mail check, `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,20}` matched
/// against the whole text, written out: one `@`; before it at least one of the allowed
/// characters; after it a domain whose last dot is followed by 2 to 20 ASCII letters and
/// preceded by at least one character.
enum SusiEmail {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "@", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0].unicodeScalars, domain = parts[1].unicodeScalars
        guard !local.isEmpty, local.allSatisfy(isLocalCharacter), domain.allSatisfy(isDomainCharacter),
              let lastDot = domain.lastIndex(of: ".")
        else { return false }
        let head = domain[..<lastDot], tail = domain[domain.index(after: lastDot)...]
        return !head.isEmpty && (2...20).contains(tail.count) && tail.allSatisfy(isLetter)
    }

    private static func isLetter(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) || ("a"..."z").contains(s) }
    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) }
    private static func isLocalCharacter(_ s: Unicode.Scalar) -> Bool {
        isLetter(s) || isDigit(s) || "._%+-".unicodeScalars.contains(s)
    }
    private static func isDomainCharacter(_ s: Unicode.Scalar) -> Bool { isLetter(s) || isDigit(s) || s == "." || s == "-" }
}
