import Testing
import Expectations

/// `expectEqual`, which most of the tests' equality checks are written with: it must fail
/// where `#expect(a == b)` fails, at the caller's line, showing both values and the comment,
/// and stay silent where the values are equal.
@Suite struct ExpectEqualTests {
    @Test func unequalValuesAreAnIssueAtTheCallersLineWithBothValues() {
        let line = #line + 2
        withKnownIssue {
            expectEqual(["alice", "bob"], ["alice"], "the users")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == #fileID
                && issue.comments.map(\.rawValue) == [#"Expectation failed: ["alice", "bob"] is not ["alice"]: the users"#]
        }
    }

    @Test func optionalsAndStringsAreSpeltByStringReflecting() {
        #expect(inequality(Optional<Int>.none, 3, nil).rawValue == "Expectation failed: nil is not Optional(3)")
        #expect(inequality("a\"b", "c", "why").rawValue == #"Expectation failed: "a\"b" is not "c": why"#)
    }

    /// Equal values record nothing: an issue here would fail this test.
    @Test func equalValuesAreNoIssue() {
        expectEqual(3, 3)
        expectEqual(Optional<String>.none, nil)
        expectEqual([1, 2], [1, 2], "a comment is not evaluated into an issue")
    }
}
