import Foundation
import Testing
import Expectations

/// Issues 51 (item 5) and 52 (item 3): `credsh test`'s reports at their edges. A report is
/// never written over a script; a report on standard output is read alone by a pipe (the
/// verdicts on standard error), as the readers the other report tests use read it; words
/// from argv come back terminal-safe.
@Suite struct ReportEdgeTests {
    static let green = "user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n"

    @Test func aReportIsNeverWrittenOverAScript() throws {
        let dir = try Credsh.temporaryDirectory()
        let a = try Credsh.write(Self.green, "a.credscript", in: dir)
        let b = try Credsh.write(Self.green, "b.credscript", in: dir)
        try Credsh.write("> user add alice\n", "a.expected", in: dir)
        // `--junit *.credscript`: the shell put the first script where the report's name was forgotten.
        for arguments in [["--junit", "a.credscript", "b.credscript"], ["--html", "b.credscript", "a.credscript"],
                          ["--junit", "a.expected", "a.credscript"], ["--junit", "./b.credscript", "b.credscript"],
                          ["--html", "c.credscript", "a.credscript"]] {
            let run = try Credsh.run(["test"] + arguments, directory: dir)
            expectEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: --\(arguments[0].dropFirst(2)) would write its report over '\(arguments[1])', a script or a file given"), "\(run.stderr)")
        }
        try expectEqual(String(contentsOf: a, encoding: .utf8), Self.green)
        try expectEqual(String(contentsOf: b, encoding: .utf8), Self.green)
        try expectEqual(String(contentsOf: dir.appendingPathComponent("a.expected"), encoding: .utf8), "> user add alice\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("c.credscript").path))
        // A script reached by another name (a link to it) is the same file.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("report.xml").path, withDestinationPath: a.path)
        let linked = try Credsh.run(["test", "--junit", "report.xml", "a.credscript"], directory: dir)
        #expect(linked.status == 2 && linked.stderr.contains("over 'report.xml', a script or a file given"), "\(linked.stderr)")
        try expectEqual(String(contentsOf: a, encoding: .utf8), Self.green)
    }

    @Test func wordsFromArgvArePrintedTerminalSafe() throws {
        let hostile = "\u{1B}]0;PWNED\u{7}"
        for arguments in [["--x" + hostile], ["test", "--shard", "1" + hostile], ["test", "-" + hostile], ["diagram", "--format", hostile, "a"],
                          ["glossary", hostile], ["serve", "--port", hostile], ["test", "--jobs", hostile]] {
            let run = try Credsh.run(arguments)
            expectEqual(run.status, 2, "\(arguments)")
            #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{7}"), "\(arguments): \(run.stderr.debugDescription)")
            #expect(run.stderr.contains("\\u{1B}]0;PWNED\\u{7}"), "\(arguments): \(run.stderr)")
        }
    }

    /// `--junit -`: the report alone on standard output, for a pipe; the verdicts (text or
    /// TAP) on standard error, each read by its reader (junitparser, TAP::Parser).
    @Test func aReportOnStandardOutputIsReadAloneByItsReader() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.green, "a.credscript", in: dir)
        try Credsh.write("user add bob\nlogin bob\nexpect attemptsLeft 9\n", "b.credscript", in: dir)
        let run = try Credsh.run(["test", "--format", "tap", "-j", "1", "--junit", "-", dir.path])
        expectEqual(run.status, 1)
        #expect(run.stdout.hasPrefix("<?xml") && run.stdout.hasSuffix("</testsuites>\n"), "\(run.stdout)")
        try expectEqual(TAPReportTests.parsed(run.stderr), "passed=1 failed=2 skipped= plan=1..2 version=13 errors=\n")
        if ReportAgreementTests.hasJunitparser {
            let file = try Credsh.write(run.stdout, "report.xml", in: dir)
            let read = try Credsh.run([ReportAgreementTests.reader.path, file.path], executable: ReportAgreementTests.python)
            try #require(read.status == 0, "\(read.stderr)")
            let parsed = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
            let suite = try #require((parsed["suites"] as? [[String: Any]])?.first)
            #expect(suite["tests"] as? Int == 2 && suite["failures"] as? Int == 1, "\(suite)")
        }
        // Two reports on standard output would be one unreadable stream.
        let two = try Credsh.run(["test", "--junit", "-", "--html", "/dev/stdout", dir.path])
        #expect(two.status == 2 && two.stderr.hasPrefix("Error: --junit and --html would both write to standard output"), "\(two.stderr)")
        #expect(two.stdout.isEmpty)
    }

    /// TAP's own escape for `#` (`\#`, and `\\` for a backslash), read back by TAP::Parser
    /// and tap.py alike; a `#` before SKIP or TODO stays `\u{23}`, which tap.py would
    /// otherwise read as a directive.
    @Test func aHashInANameOrAReasonIsTAPsEscape() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("test \"issue #12\" {\n    expect 1 = 2\n}\ntest \"later\" {\n    skip \"see #7\"\n}\n", "a.credscript", in: dir)
        let run = try Credsh.run(["test", "--format", "tap", dir.path])
        expectEqual(run.status, 1)
        #expect(run.stdout.contains("not ok 1 - \(dir.path)/a.credscript: issue \\#12\n"), "\(run.stdout)")
        #expect(run.stdout.contains("ok 2 - \(dir.path)/a.credscript: later # SKIP see \\#7\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("u{23}"), "\(run.stdout)")
        try expectEqual(TAPReportTests.parsed(run.stdout), "passed=2 failed=1 skipped=2 plan=1..2 version=13 errors=\n")
        let prove = try TAPReportTests.proveVerdict(of: run.stdout)
        #expect(prove.stdout.contains("Failed test:  1"), "prove: \(prove.stdout)")
        if TAPReportTests.hasTapPy {
            let read = try TAPReportTests.tapPy(run.stdout)
            #expect(read["failed"] as? [Int] == [1] && read["skipped"] as? [Int] == [2], "tap.py: \(read)")
        }
    }
}
