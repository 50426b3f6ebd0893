import Testing
import Expectations

/// `expectEqual`, `expectContains` and `expectDoesNotContain`, which most of the tests'
/// checks are written with: each must fail where the `#expect` it replaces fails, at the
/// caller's line, showing the values and the comment, and stay silent where it holds.
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

    @Test func optionalsAndStringsAreSpeltAsExpectSpellsThem() {
        #expect(inequality(Optional<Int>.none, 3, nil).rawValue == "Expectation failed: nil is not Optional(3)")
        #expect(inequality("a\"b", "c", "why").rawValue == #"Expectation failed: "a\"b" is not "c": why"#)
    }

    /// Equal values record nothing: an issue here would fail this test.
    @Test func equalValuesAreNoIssue() {
        expectEqual(3, 3)
        expectEqual(Optional<String>.none, nil)
        expectEqual([1, 2], [1, 2], "a comment is not evaluated into an issue")
    }

    @Test func aMissingOrAPresentPartIsAnIssueAtTheCallersLine() {
        let line = #line + 2
        withKnownIssue {
            expectContains("login alice ***", "Hunter2", "the mask")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [#"Expectation failed: "login alice ***" does not contain "Hunter2": the mask"#]
        }
        withKnownIssue {
            expectDoesNotContain("password=Hunter2", "Hunter2")
        } matching: { issue in
            issue.comments.map(\.rawValue) == [#"Expectation failed: "password=Hunter2" contains "Hunter2""#]
        }
        expectContains("password=***", "***")
        expectDoesNotContain("password=***", "Hunter2")
    }
}
