import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

@Suite struct EvaluatorTests {
    static let setup = "user add alice password \"Passw0rd!\"\n"
    /// What `login alice "Passw0rd!"` shows: one line per call and callback.
    static let loginLines = [
        "→ setUser userID=alice",
        "← getPassword userID=alice challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY) attemptsLeft=3 statusCode=100 statusMessage=Success",
        "→ setPassword password=*** challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY)",
        "← onUserLoggedIn userID=alice statusCode=100 statusMessage=Success",
        "→ getAllChallenges userID=alice",
        "← onCredentialsAvailableForUpdate userID=alice options=[Password]",
    ]

    @Test func outputIsOneLinePerCallAndCallbackWithSecretsMasked() {
        let (host, evaluator) = runScript(Self.setup + "login alice \"Passw0rd!\"\n", echo: true)
        expectEqual(evaluator.exitCode, 0)
        expectEqual(host.output, """
            > user add alice password ***
            added alice (activated)
            > login alice ***
            \(Self.loginLines.map { $0 + "\n" }.joined())
            """)
        #expect(!host.output.contains("Passw0rd!"))
    }

    @Test func variablesAndRepeat() {
        let (host, evaluator) = runScript("let who = alice\nlet n = 2\nrepeat $n {\n  echo hi $who\n}\n")
        expectEqual(evaluator.exitCode, 0)
        expectEqual(host.output, "hi alice\nhi alice\n")
    }

    @Test func undefinedVariableIsARuntimeError() {
        let (host, evaluator) = runScript("let name = x\necho $nmae\n")
        expectEqual(evaluator.exitCode, 3)
        #expect(host.errors.hasPrefix("test.credscript:2:6: runtime error: undefined variable $nmae — did you mean $name?"))
    }

    @Test func expectEventPassesAndFailsWithTheActualCallbacks() {
        let ok = runScript(Self.setup + "expire alice\nlogin alice \"Passw0rd!\"\nexpect event getPassword challengeMode=4 statusCode=118\n")
        #expect(ok.1.exitCode == 0 && ok.1.expectationsPassed == 1)
        let bad = runScript(Self.setup + "login alice \"Passw0rd!\"\nexpect event getPassword challengeMode=4 statusCode=118\n")
        expectEqual(bad.1.exitCode, 1)
        expectEqual(bad.0.errors, """
            test.credscript:3:26: expectation failed: expected an event getPassword challengeMode=4 statusCode=118 [CS0501]
            3 | expect event getPassword challengeMode=4 statusCode=118
              |                          ^
              the last command (login, line 2) produced:
            \(Self.loginLines.map { "    " + $0 + "\n" }.joined())
            """)
    }

    /// Review: after `echo`, a failed `expect output` said the command produced "no SDK
    /// calls or callbacks", though it printed a line: the note shows the lines it printed,
    /// masked as printed, and says so when it printed nothing.
    @Test func aFailedExpectationShowsTheLinesTheLastCommandPrinted() {
        let (host, evaluator) = runScript("let secret p = \"Passw0rd!\"\necho hello $p\nexpect output \"goodbye\"\n")
        expectEqual(evaluator.exitCode, 1)
        expectEqual(host.errors, """
            test.credscript:3:1: expectation failed: expected a line of output "goodbye" [CS0501]
            3 | expect output "goodbye"
              | ^
              the last command (echo, line 2) produced:
                hello ***

            """)
        let silent = runScript("journal clear\nexpect output \"goodbye\"\n")
        #expect(silent.0.errors.hasSuffix("  the last command (journal, line 1) produced:\n    nothing: no line, no SDK call or callback\n"), "\(silent.0.errors)")
        // A long output is not repeated whole: its first 40 lines, then how many more.
        let long = runScript("help\nexpect output \"goodbye\"\n")
        let shown = long.0.errors.split(separator: "\n").drop { !$0.hasPrefix("  the last command") }.dropFirst()
        expectEqual(shown.count, 41, "\(long.0.errors)")
        #expect(shown.last?.hasPrefix("    … ") == true && shown.last?.hasSuffix(" more lines") == true, "\(long.0.errors)")
    }

    @Test func expectEventNamesAnUnknownField() {
        let (host, _) = runScript(Self.setup + "login alice\nexpect event getPassword mode=0\n")
        expectEqual(host.diagnostics.first?.message,
                    "getPassword has no field 'mode' (its fields: userID, challengeMode, attemptsLeft, statusCode, statusMessage, challengeInfo, policy)")
    }

    @Test func expectEventsIsExactAndOrdered() {
        expectEqual(runScript(Self.setup + "login alice\nexpect events getPassword\n").1.exitCode, 0)
        let (host, evaluator) = runScript(Self.setup + "login alice \"Passw0rd!\"\nexpect events onUserLoggedIn getPassword\n")
        expectEqual(evaluator.exitCode, 1)
        expectEqual(host.diagnostics.first?.message,
                    "expected the events onUserLoggedIn getPassword, in this order; got getPassword onUserLoggedIn onCredentialsAvailableForUpdate")
        #expect(host.diagnostics.first.map { ($0.position.line, $0.position.column) } ?? (0, 0) == (3, 1))
    }

    @Test func expectNoEvent() {
        expectEqual(runScript(Self.setup + "login alice\nexpect no event onUserLoggedOff\n").1.exitCode, 0)
        let (host, _) = runScript(Self.setup + "login alice\nexpect no event getPassword challengeMode=0\n")
        expectEqual(host.diagnostics.first?.message, "expected no event getPassword challengeMode=0, but there was one")
    }

    @Test func expectErrorByMessageOrCode() {
        let script = Self.setup + "expire alice\nlogin alice \"Passw0rd!\"\n"
        expectEqual(runScript(script + "update a b c\nexpect error \"New password and confirm password do not match\"\n").1.exitCode, 0)
        expectEqual(runScript("logout\nexpect error 166\n").1.exitCode, 0)
        expectEqual(runScript("login ghost\nexpect error \"no user 'ghost'\"\n").1.exitCode, 0)
        expectEqual(runScript("login ghost\nexpect error ~\"no user\"\n").1.exitCode, 0)
        expectEqual(runScript("login ghost\nexpect error \"no user\"\n").1.exitCode, 1, "a part is not the whole message")
        let wrong = runScript(script + "update a b c\nexpect error \"something else\"\n")
        expectEqual(wrong.0.diagnostics.first?.message,
                    "expected the error \"something else\", but the error was \"New password and confirm password do not match\"")
        let none = runScript(Self.setup + "login alice\nexpect error 4\n")
        expectEqual(none.0.diagnostics.first?.message, "expected the last command to fail with \"4\", but it succeeded")
        expectEqual(none.1.exitCode, 1)
    }

    @Test func aFailedCommandNobodyExpectedIsAFailure() {
        let (host, evaluator) = runScript("logout\nstate\n")
        expectEqual(evaluator.exitCode, 1)
        expectEqual(host.diagnostics.first?.message,
                    "logout failed: User is not logged in (write 'expect error' after it if that is what should happen)")
        expectEqual(host.diagnostics.first?.position.line, 1)
        #expect(!host.output.contains("nobody is logged in"), "the run stops at the first failure")
        let runtime = runScript("login ghost\n")
        expectEqual(runtime.1.exitCode, 3)
    }

    @Test func keepGoingReportsAndCountsEveryFailure() {
        let (host, evaluator) = runScript("logout\nexpect state nobody logged-in\nstate\nexpect attemptsLeft 3\n", keepGoing: true)
        expectEqual(evaluator.failures.count, 3)
        expectEqual(evaluator.exitCode, 3, "the most severe failure: `expect state nobody` is a runtime error (no such user)")
        #expect(host.output.contains("nobody is logged in"))
    }

    /// Each form, failing, is reported at the `expect` itself (`expect event` at the field that differs).
    @Test(arguments: [
        "expect event getPassword challengeMode=4",
        "expect events onUserLoggedIn",
        "expect no event getPassword",
        "expect error 4",
        "expect state alice logged-in",
        "expect attemptsLeft 1",
    ])
    func everyFailingFormPointsAtItself(expectation: String) {
        let (host, evaluator) = runScript(Self.setup + "login alice\n\n  " + expectation + "\n")
        expectEqual(evaluator.exitCode, 1)
        expectEqual(host.diagnostics.count, 1)
        let column = expectation.hasPrefix("expect event ") ? 3 + expectation.count - "challengeMode=4".count : 3
        expectEqual(host.diagnostics.first.map { [$0.position.line, $0.position.column] }, [4, column])
        #expect(host.errors.hasPrefix("test.credscript:4:\(column): expectation failed: "))
        #expect(host.errors.contains("4 |   \(expectation)\n  |   \(String(repeating: " ", count: column - 3))^\n"))
    }

    @Test func expectStateAndAttemptsLeft() {
        let script = Self.setup + "login alice\npassword Wrong-1\n"
        expectEqual(runScript(script + "expect attemptsLeft 2\nexpect state alice logged-out\n").1.exitCode, 0)
        let (host, _) = runScript(script + "expect state alice logged-in\n")
        expectEqual(host.diagnostics.first?.message, "expected alice to be logged-in, but alice is logged-out")
        let attempts = runScript(script + "expect attemptsLeft 3\n")
        expectEqual(attempts.0.diagnostics.first?.message, "expected 3 attempts left, but the pending challenge (mode 0) has 2")
    }

    @Test func sourceRunsAnotherScriptAndReportsItsErrorsWhereTheyAre() {
        let files = ["setup.credscript": "user add alice password \"Passw0rd!\"\nlgin\n"]
        let (host, evaluator) = runScript("source setup.credscript\nusers\n", files: files)
        expectEqual(evaluator.exitCode, 2)
        #expect(host.errors.hasPrefix("setup.credscript:2:1: error: unknown command 'lgin' — did you mean 'login'?"))
        let missing = runScript("source nowhere.credscript\n")
        expectEqual(missing.1.exitCode, 4)
        let loop = runScript("source self.credscript\n", files: ["self.credscript": "source self.credscript\n"])
        expectEqual(loop.1.exitCode, 3)
    }

    @Test func exitEndsTheScriptSuccessfully() {
        let (host, evaluator) = runScript("echo a\nexit\necho b\n")
        #expect(host.output == "a\n" && evaluator.exitCode == 0)
    }

    @Test func syntaxErrorsStopBeforeAnythingRuns() {
        let (host, evaluator) = runScript("echo first\nlgoin\n")
        expectEqual(evaluator.exitCode, 2)
        #expect(host.output.isEmpty)
    }

    @Test func repeatOverTheLimitAtRunTime() {
        let (host, evaluator) = runScript("let n = 2000000\nrepeat $n { state }\n")
        expectEqual(evaluator.exitCode, 3)
        expectEqual(host.diagnostics.first?.message, "repeat count 2000000 is outside 0...1000000")
    }

    @Test func hugeDurationsAreRefusedNotTrapped() {
        let (host, evaluator) = runScript("clock advance 100000000d\nexpect error ~\"cannot go past\"\nlet age = 99999999d\npolicy password maxAge=$age\n")
        expectEqual(evaluator.exitCode, 3)
        expectEqual(host.diagnostics.first?.message.contains("maxAge can be at most 36600d"), true)
        let (written, checked) = runScript("policy password maxAge=99999999d\n")
        expectEqual(checked.exitCode, 2, "a duration written is checked before the run")
        expectEqual(written.diagnostics.first?.message.contains("maxAge can be at most 36600d"), true)
    }

    /// The longest move the clock can make, 1970 to 9999: its suffix, written in one buffer
    /// (SimDuration.text), is past the 15 bytes a string holds inline.
    @Test func theLongestClockAdvanceIsWrittenWhole() {
        let (host, evaluator) = runScript("clock set 1970-01-01\nclock advance 2932896d23h59m59s\nclock advance 1s\nexpect error \"the clock cannot go past 9999-12-31T23:59:59Z\"\n")
        expectEqual(evaluator.exitCode, 0, "\(host.diagnostics)")
        #expect(host.output.contains("9999-12-31T23:59:59Z (+2932896d23h59m59s)"), "\(host.output)")
    }

    /// A secret given as a duration is never printed, whatever its spelling: `clock
    /// advance` writes what it added in its own spelling (`1d1h1m1s` for `90061s`), and
    /// the mask of known values holds no value under four bytes (`91d`).
    @Test func clockAdvanceShowsNoSecretDurationInAnySpelling() {
        let (host, evaluator) = runScript("let secret wait = 90061s\nclock advance $wait\nlet pin = 91d\nclock advance $pin\nlet plain = 3661s\nclock advance $plain\n")
        expectEqual(evaluator.exitCode, 0, "\(host.diagnostics)")
        expectEqual(host.output, "2026-01-02T01:01:01Z (+***)\n2026-04-03T01:01:01Z (+***)\n2026-04-03T02:02:02Z (+1h1m1s)\n", "\(host.output)")
    }

    /// A secret read as a number or a duration is masked in the spelling a command prints
    /// it in too, not only as written: `repeat`'s count, a policy's age.
    @Test func aSecretNumberOrDurationIsMaskedInEverySpelling() {
        let (host, evaluator) = runScript("let pin = 02000000\nrepeat $pin { state }\n")
        expectEqual(evaluator.exitCode, 3)
        expectEqual(host.diagnostics.first?.message, "repeat count *** is outside 0...1000000", "\(host.diagnostics)")
        // A procedure's parameter named as a secret is one (a `for` variable is not: `echo` shows it, SecretFlow).
        let (called, _) = runScript("proc go pin {\n  repeat $pin { state }\n}\ngo 02000000\n")
        expectEqual(called.diagnostics.first?.message, "repeat count *** is outside 0...1000000", "\(called.diagnostics)")
        let (policy, _) = runScript("let secret d = 90061s\npolicy password maxAge=$d\n")
        #expect(policy.output.contains("maxAge=*** "), "\(policy.output)")
        #expect(!policy.output.contains("1d1h1m1s"), "\(policy.output)")
    }

    /// The other spellings are learnt however the secret was bound, not by `let` alone: a
    /// procedure's parameter and `--secret` print no `1d1h1m1s` for `90061s` either.
    @Test func aSecretBoundWithoutLetIsMaskedInEverySpellingToo() {
        for written in ["90061s", "0090061"] {  // a number alone is seconds to a duration
            let (called, _) = runScript("proc age password {\n  policy password maxAge=$password\n}\nage \(written)\n")
            #expect(called.output.contains("maxAge=*** "), "\(written): \(called.output)")
            #expect(!called.output.contains("1d1h1m1s"), "\(written): \(called.output)")
        }
        let host = MemoryHost()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(), host: host)
        evaluator.bindFromOutside("d", "90061s", secret: true)
        evaluator.run(SourceFile(name: "test.credscript", text: "policy password maxAge=$d\n"))
        #expect(host.output.contains("maxAge=*** "), "\(host.output)")
        #expect(!host.output.contains("1d1h1m1s"), "\(host.output)")
    }

    /// A password the lexer reads as a duration (`9999d`) is a secret where a password
    /// goes, as a PIN the lexer reads as a number is.
    @Test func aPasswordWrittenLikeADurationIsMasked() {
        let (run, _) = runScript("user add bob password 9999d\necho \"was 9999d\"\nlet pw = 1d2h\nuser add carol password $pw\necho 1d2h\n", keepGoing: true)
        #expect(run.output.contains("was ***"), "\(run.output)")
        #expect(!run.output.contains("9999d") && !run.output.contains("1d2h"), "\(run.output)")
    }

    @Test func theSameScriptPrintsTheSameBytes() throws {
        let script = Self.setup + "policy password maxAge=30d\nclock advance 31d\nlogin alice \"Passw0rd!\"\nupdate \"Passw0rd!\" \"N3w-Passw0rd\"\nuser show alice\n"
        expectEqual(runScript(script).0.output, runScript(script).0.output)
    }

    @Test func recordingWritesAReplayableScript() {
        let host = MemoryHost()
        let evaluator = Evaluator(options: .init(interactive: true), host: host)
        for line in ["user add alice password \"Passw0rd!\"", "login alice", "record session.credscript",
                     "password \"Passw0rd!\"", "logout", "logout", "record stop"] {
            evaluator.clearFailures()
            evaluator.run(SourceFile(name: "<repl>", text: line + "\n"))
        }
        let recorded = host.recordings["session.credscript"] ?? ""
        #expect(recorded.contains("user add alice password \"Passw0rd!\"\nlogin alice\nexpect events getPassword\n"))
        #expect(recorded.contains("expect event getPassword challengeMode=0 attemptsLeft=3 statusCode=100\n"))
        #expect(recorded.contains("logout\nexpect events onUserLoggedOff getUser\n"))
        #expect(recorded.contains("logout\nexpect error \"User is not logged in\"\n"))
        #expect(!recorded.contains("record"))
        let replay = runScript(recorded)
        expectEqual(replay.1.exitCode, 0, "\(replay.0.errors)")
        #expect(replay.1.expectationsPassed >= 6)
    }
}
