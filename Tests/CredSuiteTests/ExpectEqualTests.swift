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
                && issue.comments.map(\.rawValue) == [#"Expectation failed: ["alice", "bob"] is not ["alice"]: the users"#
                                                     + "\n" + #"first difference at element 1: "bob" is not nothing"#]
        }
    }

    @Test func optionalsAndStringsAreSpeltByStringReflecting() {
        #expect(inequality(Optional<Int>.none, 3, nil).rawValue == "Expectation failed: nil is not Optional(3)")
        #expect(inequality("a\"b", "c", "why").rawValue == #"Expectation failed: "a\"b" is not "c": why"#)
    }

    /// A transcript or a list is one long line in the headline: the line or element where
    /// the two first differ is named below it.
    @Test func textsOfSeveralLinesAndCollectionsNameTheirFirstDifference() {
        #expect(inequality("a\nb\nc", "a\nB\nc", nil).rawValue
                == #"Expectation failed: "a\nb\nc" is not "a\nB\nc""# + "\n" + #"first difference at line 2: "b" is not "B""#)
        #expect(firstDifference("one\ntwo", "one\ntwo\n") == #"first difference at line 3: nothing is not """#)
        #expect(firstDifference(["alice", "bob"], ["alice"]) == #"first difference at element 1: "bob" is not nothing"#)
        #expect(firstDifference([1, 2, 3], [1, 5, 3]) == "first difference at element 1: 2 is not 5")
        // CRLF endings are lines too, each shown with its `\r`.
        #expect(firstDifference("a\r\nb\r\nc", "a\r\nB\r\nc") == #"first difference at line 2: "b\r" is not "B\r""#)
        #expect(firstDifference("a\r\nb", "a\nb") == #"first difference at line 1: "a\r" is not "a""#)
        // One line, or values that are not collections: the headline says it all.
        #expect(firstDifference("abc", "abd") == nil)
        #expect(firstDifference(3, 4) == nil)
        // An optional text is read as its text.
        #expect(firstDifference(Optional("a\nb"), Optional("a\nc")) == #"first difference at line 2: "b" is not "c""#)
    }

    /// Equal values record nothing: an issue here would fail this test.
    @Test func equalValuesAreNoIssue() {
        expectEqual(3, 3)
        expectEqual(Optional<String>.none, nil)
        expectEqual([1, 2], [1, 2], "a comment is not evaluated into an issue")
    }
}
