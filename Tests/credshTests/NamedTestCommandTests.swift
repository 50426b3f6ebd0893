import Foundation
import Testing
import Expectations

/// `credsh test` over files with named tests, and values given from outside (`--var`,
/// `--var-file`, `--secret`), as a CI job sees them: the lines, the summary, the exit
/// code, JUnit read by junitparser, TAP read by prove, and no secret anywhere.
@Suite struct NamedTestCommandTests {
    static let suiteText = """
        # Setup: one user, whose name a CI job may give.
        let user ?= alice
        user add $user password "Passw0rd!"

        test "the right password logs in" {
            login $user "Passw0rd!"
            expect state $user logged-in
        }

        test "a wrong password is refused" {
            login $user "Wrong-1"
            expect state $user logged-in
        }

        test "the lockout" {
            skip "not in this suite yet"
        }

        test "each test starts afresh" {
            expect state $user not logged-in
        }

        """

    static func suite() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(suiteText, "suite.credscript", in: dir)
        try Credsh.write("user add bob\nlogin bob\nexpect event 1 getPassword\n", "plain.credscript", in: dir)
        return dir
    }

    @Test func eachTestIsReportedCountedAndJudgedAlone() throws {
        let dir = try Self.suite()
        let run = try Credsh.run(["test", "-j", "1", "suite.credscript", "plain.credscript"], directory: dir)
        expectEqual(run.status, 1, "the wrong event fails its test with 1")
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("    ") }
        #expect(lines == [
            "ok   suite.credscript: the right password logs in (1 expectation)",
            "FAIL suite.credscript: a wrong password is refused",
            "skip suite.credscript: the lockout (not in this suite yet)",
            "ok   suite.credscript: each test starts afresh (1 expectation)",
            "ok   plain.credscript (1 expectation)",
            "3 passed, 1 failed, 1 skipped",
        ])
        #expect(run.stdout.contains("suite.credscript:12:5: expectation failed: expected alice to be logged-in"))
        #expect(!run.stdout.contains("Wrong-1") && !run.stdout.contains("Passw0rd!"), "the quoted line is masked")
        let parallel = try Credsh.run(["test", "-j", "4", "suite.credscript", "plain.credscript"], directory: dir)
        expectEqual(parallel.stdout, run.stdout, "-j 4 prints the same bytes as -j 1")
    }

    @Test func aSkippedTestIsZeroAndASyntaxErrorIsTwoOnce() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("test \"a\" {\n  skip \"later\"\n}\ntest \"b\" {\n  echo fine\n}\n", "skips.credscript", in: dir)
        let skips = try Credsh.run(["test", "skips.credscript"], directory: dir)
        expectEqual(skips.status, 0)
        #expect(skips.stdout.hasSuffix("1 passed, 0 failed, 1 skipped\n"))
        try Credsh.write("test \"a\" {\n  lgoin alice\n}\ntest \"b\" {\n  echo fine\n}\n", "broken.credscript", in: dir)
        let broken = try Credsh.run(["test", "broken.credscript"], directory: dir)
        expectEqual(broken.status, 2)
        #expect(broken.stdout.hasPrefix("FAIL broken.credscript\n"), "a file that does not parse fails once")
        #expect(broken.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test func filterPicksTestsByFileAndName() throws {
        let dir = try Self.suite()
        let one = try Credsh.run(["test", "--filter", "afresh|plain", "suite.credscript", "plain.credscript"], directory: dir)
        expectEqual(one.status, 0)
        expectEqual(one.stdout, "ok   suite.credscript: each test starts afresh (1 expectation)\nok   plain.credscript (1 expectation)\n2 passed, 0 failed\n")
        let none = try Credsh.run(["test", "--filter", "nothing-like-this", "suite.credscript"], directory: dir)
        expectEqual(none.status, 4)
        #expect(none.stderr.contains("no test matches --filter \"nothing-like-this\""))
        let bad = try Credsh.run(["test", "--filter", "(", "suite.credscript"], directory: dir)
        expectEqual(bad.status, 2)
        #expect(bad.stderr.hasPrefix("Error: --filter takes a regular expression (RE2), and '(' is not one"))
    }

    @Test func theTranscriptIsJudgedPerTestSection() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\ntest \"one\" {\n  login alice\n}\ntest \"two\" {\n  users\n}\n", "t.credscript", in: dir)
        let created = try Credsh.run(["test", "--update", "t.credscript"], directory: dir)
        expectEqual(created.status, 0)
        #expect(created.stdout.contains("ok   t.credscript: one (0 expectations, transcript created)"))
        let expected = dir.appendingPathComponent("t.expected")
        let text = try String(contentsOf: expected, encoding: .utf8)
        // The setup's output once, then each test's own lines.
        #expect(text.hasPrefix("> user add alice\n"))
        expectEqual(text.components(separatedBy: "> user add alice\n").count, 2, "\(text)")
        #expect(text.contains("> test \"one\"\n> login alice\n"))
        try text.replacingOccurrences(of: "> users\n", with: "> userz\n").write(to: expected, atomically: true, encoding: .utf8)
        let differs = try Credsh.run(["test", "t.credscript"], directory: dir)
        expectEqual(differs.status, 1)
        #expect(differs.stdout.contains("ok   t.credscript: one (0 expectations, transcript)"))
        #expect(differs.stdout.contains("FAIL t.credscript: two\n    the transcript differs from its .expected file:\n    --- t.expected (test \"two\")\n"))
        // Part of a file is not its transcript: --filter runs it uncompared.
        let part = try Credsh.run(["test", "--filter", "two", "t.credscript"], directory: dir)
        #expect(part.status == 0 && part.stdout == "ok   t.credscript: two (0 expectations)\n1 passed, 0 failed\n")
    }

    /// A change in the setup's output is one diff, on the first test; a change in a
    /// test's lines is a diff of those lines alone, on that test.
    @Test func aDiffNamesItsTestAndShowsOnlyItsLines() throws {
        let dir = try Credsh.temporaryDirectory()
        var tests = ""
        for index in 1...5 { tests += "test \"t\(index)\" {\n    echo body \(index)\n}\n" }
        try Credsh.write("echo setup\n" + tests, "s.credscript", in: dir)
        try expectEqual(Credsh.run(["test", "--update", "s.credscript"], directory: dir).status, 0)
        let expected = dir.appendingPathComponent("s.expected")
        let made = try String(contentsOf: expected, encoding: .utf8)
        #expect(made.hasPrefix("> echo setup\nsetup\n> test \"t1\"\n> echo body 1\nbody 1\n> test \"t2\"\n"), "\(made)")

        try Credsh.write("echo setup changed\n" + tests, "s.credscript", in: dir)
        let setup = try Credsh.run(["test", "s.credscript"], directory: dir)
        expectEqual(setup.status, 1)
        expectEqual(setup.stdout.components(separatedBy: "-setup\n").count, 2, "one diff of the setup, not five: \(setup.stdout)")
        #expect(setup.stdout.contains("FAIL s.credscript: t1\n    the transcript differs from its .expected file:\n    --- s.expected (the setup)\n"))
        #expect(setup.stdout.contains("ok   s.credscript: t2 (0 expectations, transcript)"))

        try Credsh.write("echo setup\n" + tests.replacingOccurrences(of: "body 3", with: "body three"), "s.credscript", in: dir)
        let one = try Credsh.run(["test", "s.credscript"], directory: dir)
        expectEqual(one.status, 1)
        #expect(one.stdout.contains("FAIL s.credscript: t3\n    the transcript differs from its .expected file:\n    --- s.expected (test \"t3\")\n    +++ s.credscript: t3 (this run)\n"), "\(one.stdout)")
        #expect(!one.stdout.contains("setup\n    "), "the diff has the test's lines only: \(one.stdout)")
        #expect(one.stdout.hasSuffix("4 passed, 1 failed\n"))
    }

    /// A transcript records the names of the values from outside it was made with; a run
    /// with others says so once for the file instead of failing each test.
    @Test func aTranscriptMadeWithOtherOutsideValuesIsNotCompared() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("let user ?= alice\nuser add $user\ntest \"one\" {\n    users\n}\ntest \"two\" {\n    skip \"not yet\"\n}\n", "v.credscript", in: dir)
        try expectEqual(Credsh.run(["test", "--update", "v.credscript"], directory: dir).status, 0)
        let expected = dir.appendingPathComponent("v.expected")
        #expect(try String(contentsOf: expected, encoding: .utf8).hasPrefix("> let user ?= alice\n"), "no record without values from outside")
        try Credsh.write("user=erin\n", "ci.env", in: dir)
        let other = try Credsh.run(["test", "--var-file", "ci.env", "--secret", "PW", "v.credscript"], environment: ["PW": "S3cret-value"], directory: dir)
        expectEqual(other.status, 0, "\(other.stdout)")
        expectEqual(other.stdout, """
            ok   v.credscript: one (0 expectations, transcript not compared: v.expected was made with none from outside, this run has --secret PW, --var user)
            skip v.credscript: two (not yet)
            1 passed, 0 failed, 1 skipped

            """)
        // --update makes it with these names (never a value), and then it is compared.
        try expectEqual(Credsh.run(["test", "--update", "--var-file", "ci.env", "--secret", "PW", "v.credscript"], environment: ["PW": "S3cret-value"], directory: dir).status, 0)
        let made = try String(contentsOf: expected, encoding: .utf8)
        #expect(made.hasPrefix("#! made with --secret PW, --var user\n> let user ?= alice\n"), "\(made)")
        #expect(!made.contains("S3cret") && made.contains("erin"))
        let same = try Credsh.run(["test", "--var", "user=erin", "--secret", "PW", "v.credscript"], environment: ["PW": "S3cret-value"], directory: dir)
        #expect(same.stdout.contains("ok   v.credscript: one (0 expectations, transcript)"), "\(same.stdout)")
        let none = try Credsh.run(["test", "v.credscript"], directory: dir)
        #expect(none.stdout.contains("transcript not compared: v.expected was made with --secret PW, --var user from outside, this run has none"))
        let json = try Credsh.run(["test", "--format", "json", "v.credscript"], directory: dir)
        #expect(json.stdout.contains("\"transcript\":\"notCompared\""))
    }

    @Test(.enabled(if: ReportAgreementTests.hasJunitparser, "python3's junitparser is not installed (.ci/run and make test install it)"))
    func junitHasATestcasePerTest() throws {
        let dir = try Self.suite()
        let junit = dir.appendingPathComponent("report.xml")
        let run = try Credsh.run(["test", "--junit", junit.path, "suite.credscript", "plain.credscript"], directory: dir)
        expectEqual(run.status, 1)
        let read = try Credsh.run([ReportAgreementTests.reader.path, junit.path], executable: ReportAgreementTests.python)
        try #require(read.status == 0, "\(read.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        let suite = try #require((parsed["suites"] as? [[String: Any]])?.first)
        #expect(suite["tests"] as? Int == 5 && suite["failures"] as? Int == 1 && suite["skipped"] as? Int == 1)
        let names = (suite["cases"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        expectEqual(names, ["suite.credscript: the right password logs in", "suite.credscript: a wrong password is refused",
                          "suite.credscript: the lockout", "suite.credscript: each test starts afresh", "plain.credscript"])
    }

    @Test func theHTMLPageCountsTestsInScripts() throws {
        let dir = try Self.suite()
        let html = dir.appendingPathComponent("r.html")
        _ = try Credsh.run(["test", "--html", html.path, "suite.credscript", "plain.credscript"], directory: dir)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("<span class=\"cr-skipped\">1 skipped</span> of 5 tests in 2 scripts"))
        #expect(page.contains("suite.credscript: a wrong password is refused"))
        #expect(!page.contains("Passw0rd!") && !page.contains("Wrong-1"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prove"), "Perl's prove is not installed"))
    func proveReadsATestPointPerTest() throws {
        let dir = try Self.suite()
        let run = try Credsh.run(["test", "--format", "tap", "suite.credscript"], directory: dir)
        #expect(run.stdout.contains("ok 3 - suite.credscript: the lockout # SKIP not in this suite yet\n"))
        let prove = try TAPReportTests.proveVerdict(of: run.stdout)
        #expect(prove.status != 0)
        #expect(prove.stdout.contains("Failed test:  2"), "prove: \(prove.stdout)")
        #expect(prove.stdout.contains("not ok 2 - suite.credscript: a wrong password is refused"))
    }

    @Test func valuesFromOutsideReachEveryWayOfRunning() throws {
        let dir = try Self.suite()
        let secret = "Env-S3cret-pw"
        try Credsh.write("# the user\nuser=erin\n\n", "ci.env", in: dir)
        let environment = ["CI_PW": secret]
        // A plain run, JSON Lines included: the value from the environment is masked.
        try Credsh.write("let pw ?= $CI_PW\nuser add $user password $pw\nlogin $user $pw\nexpect state $user logged-in\necho $user $pw\n", "given.credscript", in: dir)
        for format in ["text", "json"] {
            let ran = try Credsh.run(["--format", format, "--echo", "--var-file", "ci.env", "--secret", "CI_PW", "given.credscript"], environment: environment, directory: dir)
            expectEqual(ran.status, 0, "\(ran.stderr)")
            #expect(ran.stdout.contains("erin") && !ran.stdout.contains(secret) && !ran.stderr.contains(secret), "\(format): \(ran.stdout)")
        }
        // credsh test hands them to each script's process; the command line wins over the file.
        let junit = dir.appendingPathComponent("r.xml")
        let tested = try Credsh.run(["test", "--junit", junit.path, "--var-file", "ci.env", "--var", "user=frank", "--secret", "CI_PW", "given.credscript", "suite.credscript"],
                                    environment: environment, directory: dir)
        #expect(tested.stdout.contains("ok   given.credscript (1 expectation)"), "\(tested.stdout)")
        #expect(tested.stdout.contains("ok   suite.credscript: the right password logs in"))
        let report = try String(contentsOf: junit, encoding: .utf8)
        #expect(!tested.stdout.contains(secret) && !report.contains(secret))
        // check knows what is given; a secret's value is not needed to check.
        let unbound = try Credsh.run(["check", "given.credscript"], directory: dir)
        expectEqual(unbound.status, 2)
        #expect(unbound.stderr.contains("given.credscript:1:11: error: $CI_PW is never bound"))
        #expect(unbound.stderr.contains("given.credscript:2:10: error: $user is never bound"))
        let checked = try Credsh.run(["check", "--var", "user=x", "--secret", "CI_PW", "given.credscript"], directory: dir)
        expectEqual(checked.status, 0, "\(checked.stderr)")
        // diagram takes them too.
        let drawn = try Credsh.run(["diagram", "--format", "mermaid", "--var", "user=gina", "--secret", "CI_PW", "given.credscript"], environment: environment, directory: dir)
        #expect(drawn.status == 0 && drawn.stdout.contains("gina") && !drawn.stdout.contains(secret))
    }

    /// The examples' QA suites give their users as defaults: a CI job's own values run them
    /// all the same (copied without their transcripts, which name the default users).
    @Test func theQASuitesRunUnderACIJobsValues() throws {
        let dir = try Credsh.temporaryDirectory()
        let examples = Credsh.packageRoot.appendingPathComponent("examples")
        for sdk in ["relid", "onewelcome", "fiori", "susi"] {
            let text = try String(contentsOf: examples.appendingPathComponent("qa-suite-\(sdk).credscript"), encoding: .utf8)
            try Credsh.write(text, "qa-suite-\(sdk).credscript", in: dir)
        }
        try Credsh.write(try String(contentsOf: examples.appendingPathComponent("inc/steps.inc"), encoding: .utf8), "inc/steps.inc", in: dir)
        let run = try Credsh.run(["test", "--var", "user=erin", "--var", "email=erin@example.com", "--secret", "pw", "--secret", "passcode", "."],
                                 environment: ["pw": "Erin-Passw0rd", "passcode": "Qwertyu7"], directory: dir)
        expectEqual(run.status, 0, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("9 passed, 0 failed, 1 skipped\n"))
        #expect(!run.stdout.contains("Erin-Passw0rd") && !run.stdout.contains("Qwertyu7"))
    }

    @Test func badValuesFromOutsideAreUsageErrors() throws {
        let dir = try Self.suite()
        try Credsh.write("user=ok\nnot a pair\n", "bad.env", in: dir)
        let cases: [([String], String)] = [
            (["--var", "1X=2"], "Error: --var: '1X' is not a variable name"),
            // Issue 31, item 4: the line itself is never quoted, it may hold a secret.
            (["--var", "novalue"], "Error: --var: expected NAME=VALUE (the line is not shown: it may hold a secret)"),
            (["--var-file", "bad.env"], "Error: bad.env:2: expected NAME=VALUE (the line is not shown: it may hold a secret)"),
            (["--var-file", "missing.env"], "Error: --var-file: cannot read missing.env"),
            (["--secret", "NOT_SET_ANYWHERE"], "Error: --secret NOT_SET_ANYWHERE: the environment has no variable NOT_SET_ANYWHERE"),
            (["--secret", "a-b"], "Error: --secret takes a variable name"),
            // A secret given as --var would be is not quoted back into the CI log.
            (["--secret", "PW=Hunter2Secret9"], "Error: --secret takes a variable name only (letters, digits and _, not first a digit), not NAME=VALUE"),
            (["--secret", "Hunter2Secret9!"], "Error: --secret takes a variable name (letters, digits and _, not first a digit) [CS0701]\n"),
            (["--secret", "a-b"], "Error: --secret takes a variable name (letters, digits and _, not first a digit), not 'a-b'"),
        ]
        for (arguments, message) in cases {
            for subcommand in [["run"], ["test"], ["diagram"]] {
                let result = try Credsh.run(subcommand + arguments + ["plain.credscript"], directory: dir)
                expectEqual(result.status, 2, "\(subcommand + arguments)")
                #expect(result.stderr.hasPrefix(message), "\(subcommand + arguments): \(result.stderr)")
                #expect(!result.stderr.contains("Hunter2Secret9"), "\(subcommand + arguments): \(result.stderr)")
            }
        }
    }
}
