import Testing
import Expectations
@testable import CredSuite

/// A transcript judged against its .expected file, and the diff that shows where not.
@Suite struct DiffAndTranscriptTests {
    @Test func aDiffIsUnifiedWithContextAndNumberedLines() {
        let old = Array("a\nb\nc\nd\ne\nf\ng\nh\n".utf8)
        let new = Array("a\nb\nc\nD\ne\nf\ng\nh\nI\n".utf8)
        #expect(UnifiedDiff.render(old: old, new: new, oldLabel: "x.expected", newLabel: "x (this run)") == """
            --- x.expected
            +++ x (this run)
            @@ -1,8 +1,9 @@
             a
             b
             c
            -d
            +D
             e
             f
             g
             h
            +I

            """)
        expectEqual(UnifiedDiff.render(old: old, new: old, oldLabel: "a", newLabel: "b"), "")
        // A line from a file is made terminal-safe before a terminal or a report shows it.
        expectEqual(UnifiedDiff.render(old: Array("x\u{1B}[2J\n".utf8), new: Array("y\n".utf8), oldLabel: "a", newLabel: "b").contains("\u{1B}"), false)
        #expect(UnifiedDiff.render(old: Array("x".utf8), new: Array("x\n".utf8), oldLabel: "a", newLabel: "b").contains("\\ No newline at end of file"))
    }

    @Test func aTranscriptMatchesDiffersOrIsWrittenByUpdate() throws {
        let folder = SuiteFolder()
        let script = try folder.write("echo hello\n", "t.credscript")
        // No .expected: nothing compared.
        expectEqual(ScriptTest.run(script, ScriptTest.Settings()).first.map { if case .none = $0.transcript { true } else { false } }, true)
        // --update creates it, from a run that passes.
        let created = try #require(ScriptTest.run(script, ScriptTest.Settings(update: true)).first)
        guard case .created(let file) = created.transcript else { Issue.record("not created: \(created.transcript)"); return }
        expectEqual(file, folder.path + "/t.expected")
        #expect(try folder.read("t.expected").contains("hello"))
        expectEqual(ScriptTest.run(script, ScriptTest.Settings()).first.map { if case .matches = $0.transcript { true } else { false } }, true)
        // A changed script's transcript differs, and fails its run.
        try folder.write("echo goodbye\n", "t.credscript")
        let differs = try #require(ScriptTest.run(script, ScriptTest.Settings()).first)
        expectEqual(differs.exitCode, 1)
        guard case .differs(let diff) = differs.transcript else { Issue.record("no diff"); return }
        #expect(diff.contains("-hello") && diff.contains("+goodbye"))
    }

    /// Review: the caret under a report's masked line was placed by a guess (the same
    /// word, when the masking kept the count of words), so a quoted user name with a space
    /// (`"al ice"`, one `***`) put it under the line's second word, not under `extra`. The
    /// line is masked token by token and the caret moves with it. Issue 48: a line that does
    /// not parse is quoted as written but its secrets (`expect state alice locked` was
    /// `expect state *** ***`): the user name and `extra` stay, the caret under `extra`.
    @Test func aReportsQuotedLineMasksTokenByTokenAndTheCaretFollows() throws {
        let folder = SuiteFolder()
        let script = try folder.write("""
            user add alice password Passw0rd!
            test "t" {
                login "al ice" Passw0rd! extra
            }
            test "u" {
                login bob "Passw0rd!"; extra
            }

            """, "caret.credscript")
        let verdicts = ScriptTest.run(script, ScriptTest.Settings())
        #expect(verdicts.flatMap { $0.problems.map(\.text) } == ["""
            \(script):3:30: error: too many arguments for login (usage: login USER [SECRET]) [CS0302]
            3 |     login "al ice" *** extra
              |                        ^

            """, """
            \(script):6:26: error: too many arguments for login (usage: login USER [SECRET]) [CS0302]
            6 |     login bob "***"; extra
              |                    ^

            """], "\(verdicts.flatMap { $0.problems.map(\.text) })")
    }

    @Test func theNamedTestsOfAFileAreVerdictsOfTheirOwnAndTheFilterPicks() throws {
        let folder = SuiteFolder()
        let script = try folder.write("""
            user add alice password Passw0rd!
            test "logs in" {
                login alice Passw0rd!
                expect state alice logged-in
            }
            test "wrong password" {
                login alice Nope1234!
                expect state alice logged-in
            }
            test "Passw0rd! is masked in a name" {
                expect state alice logged-out
            }

            """, "named.credscript")
        let verdicts = ScriptTest.run(script, ScriptTest.Settings())
        // A password written into a test's name is masked there, as in every other output.
        expectEqual(verdicts.map(\.test), ["logs in", "wrong password", "*** is masked in a name"])
        expectEqual(verdicts.map(\.passed), [true, false, true])
        expectEqual(verdicts[1].name, "\(script): wrong password")
        var settings = ScriptTest.Settings()
        settings.filter = "logs"
        expectEqual(ScriptTest.run(script, settings).map(\.test), ["logs in"])
        #expect(verdicts[1].problems.allSatisfy { !$0.text.contains("Nope1234!") }, "a secret typed in a failing line is masked")
    }
}
