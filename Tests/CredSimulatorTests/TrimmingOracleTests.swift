import Foundation
import Testing
import Expectations
@testable import CredSimulator

/// The REL-ID app's trim against Foundation's own `trimmingCharacters(in: .whitespaces)`,
/// the call the codelab apps make (docs/relid.md, "The app's form checks").
@Suite struct TrimmingOracleTests {
    @Test func agreesWithFoundationOnThousandsOfGeneratedFields() {
        // Members of the set, near misses (line breaks, U+200C, U+FEFF, U+180E), combining
        // marks that attach to a space, emoji and letters.
        let alphabet = ["\t", " ", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}", "\u{200A}", "\u{200B}", "\u{202F}",
                        "\u{205F}", "\u{3000}", "\n", "\r", "\u{85}", "\u{200C}", "\u{FEFF}", "\u{180E}", "\u{2028}",
                        "\u{301}", "\u{20DD}", "a", "Z", "1", "-", "é", "😀", "👍🏽"]
        var random = SeededGenerator(seed: 21)
        for _ in 0..<3_000 {
            let length = Int(random.next() % 9)
            let field = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            let ours = field.trimmedAsFoundationWhitespaces
            let foundation = field.trimmingCharacters(in: .whitespaces)
            expectEqual(Array(ours.unicodeScalars), Array(foundation.unicodeScalars), "\(field.debugDescription)")
        }
    }
}
