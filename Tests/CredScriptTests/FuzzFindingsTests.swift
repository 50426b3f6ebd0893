import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Inputs the fuzz harness (Fuzz/CredFuzz) found, each of which crashed, trapped or hung
/// credsh once. The inputs themselves are kept in Fuzz/regressions/ as seeds; these are
/// the smallest forms of each, with what the user must see instead.
@Suite struct FuzzFindingsTests {
    /// A JSON object holding a control character was reported, but the lexer then took
    /// one more byte for a `{`: the newline after it (merging two lines) or, at the end of
    /// a line typed at the prompt, a byte past the end (an index out of range).
    @Test func aJSONObjectWithAControlCharacterEndsWhereItEnds() {
        let atEnd = tokens("policy password {\"a\u{1B}\":1}")
        expectEqual(atEnd.kinds, [.word("policy"), .word("password"), .json(""), .end])
        expectEqual(atEnd.diagnostics.map(\.message), ["unexpected control character U+001B in the script"])

        let beforeALine = tokens("policy password {\"a\u{1B}\":1}\nstate\n")
        expectEqual(beforeALine.kinds, [.word("policy"), .word("password"), .json(""), .newline, .word("state"), .newline, .end])
        expectEqual(SecretMasker.mask("policy password {\"a\u{1B}\":1}"), "policy password ***", "a command word stays; the object goes")
    }
}
