import Testing
import Expectations
import CredSimulator
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript

/// What the executable's `--step` and `fmt --check` say, worked out without a terminal
/// or a file: how many commands of a script pause (the `step 3/12` of each pause), the
/// line a pause shows, and which lines formatting would change, never quoting one.
@Suite struct StepPacingAndFormatCheckTests {
    static func steps(_ text: String) -> Int {
        StepPacing.steps(in: SourceFile(name: "lesson.credscript", text: text), sdk: .first)
    }

    @Test func onlyActionsPauseAndABlockCountsAsOftenAsItRuns() {
        // Expectations and `let` check or bind: nothing happens, so they do not pause.
        expectEqual(Self.steps("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\nexpect state alice logged-in\nlet x = 1\n"), 2)
        expectEqual(Self.steps("repeat 3 {\n    logout\n    expect events\n}\n"), 3)
        expectEqual(Self.steps("let n = 3\nrepeat $n {\n    logout\n}\n"), 1, "a count known only when it runs: once")
        expectEqual(Self.steps("for user in bob carol dave {\n    logout\n    logout\n}\n"), 6, "a `for` once a row")
        expectEqual(Self.steps("proc twice {\n    logout\n    logout\n}\ntwice\nlogout\ntwice\n"), 5, "a procedure at each call")
        expectEqual(Self.steps(""), 0)
    }

    @Test func eachNamedTestRunsTheSetupAgain() {
        let text = "user add alice password \"Passw0rd!\"\ntest \"one\" {\n    logout\n}\ntest \"two\" {\n    logout\n    logout\n}\n"
        expectEqual(Self.steps(text), (1 + 1) + (1 + 2))
    }

    @Test func aCountPastTheBoundStopsGrowing() {
        let nested = "repeat 1000000 {\n    repeat 1000000 {\n        repeat 1000000 {\n            logout\n        }\n    }\n}\n"
        expectEqual(Self.steps(nested), StepPacing.maximumCounted)
        expectEqual(Self.steps(nested + nested), StepPacing.maximumCounted)
    }

    /// Issue 48: a pause shows the echo as the run masked it (no second masker): a raw
    /// request's secret parameter is `***` there, by its place and then by its value.
    @Test func theEchoAPauseShowsHasARawSecretParameterMasked() {
        let (host, _) = runScript("sdk susi\nrequest POST /aaa/login.json login=eve@example.com password=Hunter2-secret\n"
                                  + "echo \"sent password=Hunter2-secret\"\n", keepGoing: true, echo: true)
        #expect(host.output.contains("> request POST /aaa/login.json login=eve@example.com password=***\n"), "\(host.output)")
        #expect(!host.output.contains("Hunter2-secret"), "\(host.output)")
    }

    static func changes(_ old: String, _ new: String) -> String {
        ScriptFormatter.changes(from: Array(old.utf8), to: Array(new.utf8))
    }

    @Test func formatCheckNamesTheLinesItWouldChangeNeverTheirText() {
        expectEqual(Self.changes("a\n b\nc\n", "a\nb\nc\n"), "line 2")
        expectEqual(Self.changes("a\n b\n c\nd\n e\n", "a\nb\nc\nd\ne\n"), "lines 2-3, 5")
        expectEqual(Self.changes("login  alice Zq9\n", "login alice Zq9\n").contains("Zq9"), false)
        expectEqual(Self.changes("a\nb", "a\nb\n"), "a newline at the end")
        expectEqual(Self.changes(" a\nb", "a\nb\n"), "line 1; a newline at the end")
        expectEqual(Self.changes("a\r\n", "a\n"), "line 1")
        expectEqual(Self.changes("a\n", "a\n"), "its line endings", "what differs is not a whole line")
        let many = String(repeating: " x\ny\n", count: ScriptFormatter.listedRanges + 3)
        expectEqual(Self.changes(many, String(repeating: "x\ny\n", count: ScriptFormatter.listedRanges + 3)),
                    "lines " + (0..<ScriptFormatter.listedRanges).map { "\(2 * $0 + 1)" }.joined(separator: ", ") + " and 3 more")
    }

    @Test func theFormatterAndItsCheckAgree() {
        let text = "repeat 2 {\nlogout\n  }\n"
        let formatted = ScriptFormatter.format(DocumentText(text))
        expectEqual(ScriptFormatter.changes(from: Array(text.utf8), to: formatted), "lines 2-3")
        expectEqual(ScriptFormatter.format(DocumentText(bytes: formatted)), formatted, "a formatted file passes the check")
    }
}
