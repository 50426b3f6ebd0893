import Foundation
import Testing
import Expectations

/// Reports a CI server can trust: text, JSON, JUnit, HTML and the process end with one
/// exit code (the most severe failure's); the JUnit file is read by a real consumer
/// (Python's junitparser) and validated by xmllint against a JUnit schema of the shape
/// Jenkins and GitLab read (Tests/schemas/junit.xsd); `skip` is a skipped test.
@Suite struct ReportAgreementTests {
    static let schema = Credsh.packageRoot.appendingPathComponent("Tests/schemas/junit.xsd")
    static let reader = Credsh.packageRoot.appendingPathComponent("Tests/schemas/read_junit.py")

    static let hasXmllint = FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint")
    /// The python3 the test runs under finds first on its PATH (where `make deps` installed junitparser).
    static let python: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("python3") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()
    static let hasJunitparser: Bool = {
        guard let python else { return false }
        return (try? Credsh.run(["-c", "import junitparser"], executable: python).status) == 0
    }()

    /// A suite with every kind of outcome, and the scripts' meant exit codes.
    static func suite() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event 1 getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        // A failed expectation, then a runtime error: the script's code is 3, not the first failure's 1.
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=0\nlogin nobody\n",
                         "b-expectation-then-runtime.credscript", in: dir)
        try Credsh.write("user add alice\nlogin alice\nexpect event 1 getUser\nexpect last event getUser\n", "c-two-failures.credscript", in: dir)
        try Credsh.write("lgoin\n", "d-syntax.credscript", in: dir)
        try Credsh.write("sdk susi\nskip \"the server's lockout is not simulated yet\"\nlogin nobody\n", "e-skipped.credscript", in: dir)
        try Credsh.write("echo \"<b>&amp;</b>\"\n", "f-transcript.credscript", in: dir)
        try Credsh.write("> echo \"<b>&amp;</b>\"\n<i>\n", "f-transcript.expected", in: dir)
        return dir
    }

    @Test func oneExitCodeInTextJsonJunitHtmlAndTheProcess() throws {
        let dir = try Self.suite()
        let script = dir.appendingPathComponent("b-expectation-then-runtime.credscript").path
        let junit = dir.appendingPathComponent("b.xml"), html = dir.appendingPathComponent("b.html")
        let text = try Credsh.run(["test", "--junit", junit.path, "--html", html.path, script])
        expectEqual(text.status, 3, "the process: the most severe failure, a runtime error")
        #expect(text.stdout.contains("b-expectation-then-runtime.credscript:3:26: expectation failed"))
        #expect(text.stdout.contains("b-expectation-then-runtime.credscript:4:1: runtime error: login failed: a password challenge for alice is pending"))
        let json = try Credsh.run(["test", "--format", "json", script])
        let objects = try json.stdout.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        expectEqual(objects.first?["exitCode"] as? Int, 3)
        expectEqual(objects.first?["expectations"] as? [String: Int], ["passed": 0, "failed": 1])
        #expect(objects.last?["exitCode"] as? Int == 3 && json.status == 3)
        expectEqual(objects.last?["expectations"] as? [String: Int], ["passed": 0, "failed": 1])
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains("<error message=") && !xml.contains("<failure"), "a runtime error is an error, not a failure")
        #expect(xml.contains("type=\"runtime\""))
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("exit code <span class=\"cr-code\">3</span> (runtime error)"))
    }

    /// A report file that cannot be written is an I/O error: 4 for the process and in the
    /// JSON totals, which are printed after the files are written.
    @Test func anUnwritableReportIsFourEverywhere() throws {
        let dir = try Self.suite()
        let script = dir.appendingPathComponent("c-two-failures.credscript").path
        for option in ["--html", "--junit"] {
            // A missing folder is made (ReportFileTests); one under a file cannot be.
            let report = dir.appendingPathComponent("a-pass.credscript/dir/report").path
            let run = try Credsh.run(["test", "--format", "json", option, report, script])
            expectEqual(run.status, 4, "\(option)")
            #expect(run.stderr.contains(report), "\(option): \(run.stderr)")
            #expect(run.stdout.hasSuffix("\"exitCode\":4}\n"), "\(option): \(run.stdout)")
        }
    }

    @Test func aPlainRunEndsWithTheMostSevereCodeToo() throws {
        let dir = try Self.suite()
        let script = dir.appendingPathComponent("b-expectation-then-runtime.credscript").path
        try expectEqual(Credsh.run([script]).status, 1, "without --keep-going the failed expectation stops it")
        try expectEqual(Credsh.run(["--keep-going", script]).status, 3, "with it, the runtime error after it decides")
    }

    @Test(.enabled(if: hasJunitparser, "python3's junitparser is not installed (.ci/run and make test install it)"))
    func junitparserReadsEachScriptsOneOutcome() throws {
        let dir = try Self.suite()
        let junit = dir.appendingPathComponent("report.xml")
        let run = try Credsh.run(["test", "--junit", junit.path, dir.path])
        expectEqual(run.status, 3)
        let read = try Credsh.run([Self.reader.path, junit.path], executable: Self.python)
        try #require(read.status == 0, "\(read.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
        let suites = try #require(parsed["suites"] as? [[String: Any]])
        expectEqual(suites.count, 1)
        let suite = try #require(suites.first)
        expectEqual(suite["tests"] as? Int, 6)
        expectEqual(suite["failures"] as? Int, 2, "c-two-failures, f-transcript")
        expectEqual(suite["errors"] as? Int, 2, "b (runtime), d (syntax)")
        expectEqual(suite["skipped"] as? Int, 1)
        expectEqual((suite["time"] as? Double).map { $0 >= 0 }, true)
        let cases = try #require(suite["cases"] as? [[String: Any]])
        func results(_ name: String) -> [[String: Any]] {
            cases.first { ($0["name"] as? String)?.hasSuffix(name) == true }?["results"] as? [[String: Any]] ?? [["missing": name]]
        }
        for testcase in cases {
            #expect((testcase["results"] as? [Any])?.count ?? 9 <= 1, "at most one outcome: \(testcase["name"] ?? "")")
        }
        #expect(results("a-pass.credscript").isEmpty)
        let runtime = results("b-expectation-then-runtime.credscript")
        #expect(runtime.first?["kind"] as? String == "error" && runtime.first?["type"] as? String == "runtime")
        expectEqual((runtime.first?["message"] as? String)?.hasSuffix("expected an event getPassword challengeMode=0 [CS0501] (and 1 more)"), true)
        expectEqual((runtime.first?["text"] as? String)?.contains("4:1: runtime error: login failed"), true, "the text lists every failure")
        let two = results("c-two-failures.credscript")
        expectEqual(two.first?["kind"] as? String, "failure")
        expectEqual((two.first?["text"] as? String)?.contains("expected event #1 to be getUser, but it was getPassword"), true)
        expectEqual((two.first?["text"] as? String)?.contains("expected the last event to be getUser, but it was getPassword"), true)
        expectEqual(results("d-syntax.credscript").first?["kind"] as? String, "error")
        let skipped = results("e-skipped.credscript")
        expectEqual(skipped.first?["kind"] as? String, "skipped")
        expectEqual(skipped.first?["text"] as? String, "the server's lockout is not simulated yet", "the reason is <skipped>'s text")
        let transcript = results("f-transcript.credscript")
        #expect(transcript.first?["kind"] as? String == "failure" && transcript.first?["type"] as? String == "transcript")
        expectEqual((transcript.first?["text"] as? String)?.contains("-<i>\n+<b>&amp;</b>"), true, "the diff, unescaped by the reader")
    }

    @Test(.enabled(if: hasXmllint, "xmllint is not installed (Debian: libxml2-utils; .ci/run and make test install it)"))
    func junitIsValidAgainstTheSchema() throws {
        let dir = try Self.suite()
        // Text that XML must escape or cannot hold, in a script's name and its failures.
        try Credsh.write("echo \"\u{1}\"\nexpect output \"]]> & <x>\"\n", "g <odd> & \"named\".credscript", in: dir)
        let junit = dir.appendingPathComponent("report.xml")
        _ = try Credsh.run(["test", "--keep-going", "--junit", junit.path, dir.path])
        let valid = try Credsh.run(["--noout", "--schema", Self.schema.path, junit.path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
        expectEqual(valid.status, 0, "\(valid.stderr)")
        #expect(valid.stderr.contains("validates"))

        // The schema is not a rubber stamp: two outcomes in a testcase, or a suite without its counts, fail it.
        let xml = try String(contentsOf: junit, encoding: .utf8)
        let doubled = xml.replacingOccurrences(of: "<skipped>", with: "<failure message=\"x\"/><skipped>")
        let broken = dir.appendingPathComponent("broken.xml")
        try doubled.write(to: broken, atomically: true, encoding: .utf8)
        let refused = try Credsh.run(["--noout", "--schema", Self.schema.path, broken.path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
        #expect(refused.status != 0 && refused.stderr.contains("skipped"), "\(refused.stderr)")
        let uncounted = xml.replacingOccurrences(of: "<testsuite name=\"credsh\" tests=", with: "<testsuite name=\"credsh\" count=")
        try uncounted.write(to: broken, atomically: true, encoding: .utf8)
        let refusedToo = try Credsh.run(["--noout", "--schema", Self.schema.path, broken.path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
        #expect(refusedToo.status != 0, "\(refusedToo.stderr)")
        // No looser than Jenkins' junit-4 schema: what it does not name is refused.
        for (from, to) in [("<testcase ", "<testcase file=\"x.credscript\" "),
                           ("<testsuites ", "<testsuites skipped=\"1\" "),
                           ("<skipped>", "<skipped message=\"why\">"),
                           ("<testsuite name=\"credsh\" ", "<testsuite file=\"x\" name=\"credsh\" ")] {
            #expect(xml.contains(from), "\(from)")
            try xml.replacingOccurrences(of: from, with: to).write(to: broken, atomically: true, encoding: .utf8)
            let refused = try Credsh.run(["--noout", "--schema", Self.schema.path, broken.path], executable: URL(fileURLWithPath: "/usr/bin/xmllint"))
            #expect(refused.status != 0, "\(to): \(refused.stderr)")
        }
    }

    /// A report is read on a CI server: a failure's source line shows its secrets masked,
    /// in the text, JSON and JUnit reports alike, with the caret still under its place.
    @Test func reportsMaskTheSecretsOfAFailingLine() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\ninitiate Password\nupdate \"Passw0rd!\" \"N3w-Passw0rd\" typo\n",
                                      "mismatch.credscript", in: dir).path
        let junit = dir.appendingPathComponent("r.xml")
        let text = try Credsh.run(["test", "--junit", junit.path, script])
        expectEqual(text.status, 1)
        #expect(text.stdout.contains("    4 | update *** *** ***\n      | ^\n"), "\(text.stdout)")
        let json = try Credsh.run(["test", "--format", "json", "--junit", junit.path, script])
        for output in [text.stdout, json.stdout, try String(contentsOf: junit, encoding: .utf8)] {
            #expect(!output.contains("Passw0rd") && !output.contains("typo"))
        }
        // A line that does not parse is quoted as written but its secrets (issue 48: it was
        // masked whole after its first word); the caret goes under the word at fault (the
        // headline keeps the real column).
        try Credsh.write("user add bob\nlogin bob \"S3cret-pass\" extra\n", "syntax.credscript", in: dir)
        let syntax = try Credsh.run(["test", dir.appendingPathComponent("syntax.credscript").path])
        #expect(syntax.stdout.contains("syntax.credscript:2:25: error: too many arguments for login"))
        #expect(syntax.stdout.contains("    2 | login bob \"***\" extra\n      |                 ^\n"), "\(syntax.stdout)")
        #expect(!syntax.stdout.contains("S3cret"))
    }

    @Test func skipEndsAScriptAsSkipped() throws {
        let dir = try Self.suite()
        let script = dir.appendingPathComponent("e-skipped.credscript").path
        let text = try Credsh.run(["test", script])
        expectEqual(text.stdout, "skip \(script) (the server's lockout is not simulated yet)\n0 passed, 0 failed, 1 skipped\n")
        expectEqual(text.status, 0)
        let plain = try Credsh.run([script])
        #expect(plain.status == 0 && plain.stdout.hasSuffix(")\nskipped: the server's lockout is not simulated yet\n"), "login nobody never ran")
        let json = try Credsh.run(["test", "--format", "json", script])
        #expect(json.stdout.contains("\"skipped\":\"the server's lockout is not simulated yet\""))
        #expect(json.stdout.contains("\"passed\":0,\"failed\":0,\"skipped\":1"))
        // A failure before `skip` is still a failure.
        try Credsh.write("login nobody\nskip later\n", "h.credscript", in: dir)
        try expectEqual(Credsh.run(["test", dir.appendingPathComponent("h.credscript").path]).status, 3)
    }
}
