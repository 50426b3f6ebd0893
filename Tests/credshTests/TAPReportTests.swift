import Foundation
import Testing
import Expectations

/// `credsh test --format tap`, read by Perl's `prove` (TAP::Harness), as a CI job reads it.
@Suite struct TAPReportTests {
    static let prove = URL(fileURLWithPath: "/usr/bin/prove")

    /// What TAP::Parser (the parser under `prove`) makes of a stream: which test points
    /// passed, failed and were skipped, the plan, the version and the parse errors.
    static func parsed(_ tap: String) throws -> String {
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(tap, "suite.tap", in: dir)
        let program = """
            my $p = TAP::Parser->new({ source => $ARGV[0] }); while (my $r = $p->next) {}
            print "passed=", join(",", $p->passed), " failed=", join(",", $p->failed), " skipped=", join(",", $p->skipped),
                  " plan=", $p->plan, " version=", $p->version, " errors=", join("|", $p->parse_errors), "\n";
            """
        return try Credsh.run(["-MTAP::Parser", "-e", program, file.path], executable: URL(fileURLWithPath: "/usr/bin/perl")).stdout
    }

    /// `prove -e cat FILE` parses FILE's TAP as if a test printed it.
    static func proveVerdict(of tap: String) throws -> Credsh.Result {
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(tap, "suite.tap", in: dir)
        return try Credsh.run(["-v", "-e", "cat", file.path], executable: prove)
    }

    @Test func proveAcceptsAPassingSuiteWithASkippedScript() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        try Credsh.write("skip \"needs a real device\"\nlogin nobody\n", "b-skip.credscript", in: dir)
        let run = try Credsh.run(["test", "--format", "tap", dir.path])
        expectEqual(run.status, 0)
        #expect(run.stdout == """
            TAP version 13
            ok 1 - \(dir.path)/a-pass.credscript
            ok 2 - \(dir.path)/b-skip.credscript # SKIP needs a real device
            # 1 passed, 0 failed, 1 skipped
            1..2

            """)
        let prove = try Self.proveVerdict(of: run.stdout)
        expectEqual(prove.status, 0, "prove: \(prove.stdout)")
        #expect(prove.stdout.contains("All tests successful."))
        try expectEqual(Self.parsed(run.stdout), "passed=1,2 failed= skipped=2 plan=1..2 version=13 errors=\n")
    }

    @Test func proveNamesTheFailingScriptAndReadsItsDiagnostics() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        try Credsh.write("user add bob\nlogin bob\nexpect attemptsLeft 9\n", "b-fail # odd name.credscript", in: dir)
        try Credsh.write("lgoin\n", "c-syntax.credscript", in: dir)
        let run = try Credsh.run(["test", "--format", "tap", "-j", "1", dir.path])
        expectEqual(run.status, 2, "the most severe: a syntax error")
        #expect(run.stdout.contains("not ok 2 - \(dir.path)/b-fail \\# odd name.credscript\n  ---\n  exitCode: 1\n  failures:\n"))
        #expect(run.stdout.contains("      severity: fail\n"))
        #expect(run.stdout.contains("    - message: \"unknown command 'lgoin' — did you mean 'login'?\"\n      code: CS0301\n      severity: error\n      at: \"\(dir.path)/c-syntax.credscript:1:1\"\n"))
        #expect(run.stdout.hasSuffix("# 1 passed, 2 failed, 0 skipped\n1..3\n"))
        // The same bytes whatever the number of jobs.
        try expectEqual(Credsh.run(["test", "--format", "tap", "-j", "4", dir.path]).stdout, run.stdout)

        let prove = try Self.proveVerdict(of: run.stdout)
        #expect(prove.status != 0)
        #expect(prove.stdout.contains("Failed tests:  2-3"), "prove: \(prove.stdout)")
        #expect(prove.stdout.contains("not ok 2 - \(dir.path)/b-fail \\# odd name.credscript"))
        try expectEqual(Self.parsed(run.stdout), "passed=1 failed=2,3 skipped= plan=1..3 version=13 errors=\n")
    }

    static let tapReader = Credsh.packageRoot.appendingPathComponent("Tests/schemas/read_tap.py")
    static let hasTapPy: Bool = {
        guard let python = ReportAgreementTests.python else { return false }
        return (try? Credsh.run(["-c", "import tap.parser"], executable: python).status) == 0
    }()

    /// What tap.py (PyPI `tap.py`) makes of a stream, through Tests/schemas/read_tap.py.
    static func tapPy(_ tap: String) throws -> [String: Any] {
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(tap, "suite.tap", in: dir)
        let read = try Credsh.run([tapReader.path, file.path], executable: ReportAgreementTests.python)
        try #require(read.status == 0, "\(read.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])
    }

    /// tap.py, prove and TAP::Parser read one result from the same stream, green or red,
    /// with coverage comments too: tap.py wants nothing after a trailing plan.
    @Test(.enabled(if: hasTapPy, "python3's tap.py is not installed (.ci/run and make deps install it)"))
    func tapPyProveAndTAPParserAgree() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        try Credsh.write("skip \"needs a real device\"\nlogin nobody\n", "b-skip.credscript", in: dir)
        let green = try Credsh.run(["test", "--format", "tap", "--coverage", dir.path])
        expectEqual(green.status, 0)
        let greenRead = try Self.tapPy(green.stdout)
        expectEqual(greenRead["success"] as? Bool, true, "tap.py: \(greenRead)")
        expectEqual(greenRead["complaints"] as? [String], [])
        #expect(greenRead["passed"] as? [Int] == [1, 2] && greenRead["failed"] as? [Int] == [] && greenRead["skipped"] as? [Int] == [2])
        expectEqual(greenRead["plan"] as? String, "1..2")
        try expectEqual(Self.parsed(green.stdout), "passed=1,2 failed= skipped=2 plan=1..2 version=13 errors=\n")
        try expectEqual(Self.proveVerdict(of: green.stdout).status, 0)

        try Credsh.write("user add bob\nlogin bob\nexpect attemptsLeft 9\n", "c-fail.credscript", in: dir)
        try Credsh.write("lgoin\n", "d-syntax.credscript", in: dir)
        let red = try Credsh.run(["test", "--format", "tap", "--coverage", dir.path])
        expectEqual(red.status, 2)
        let redRead = try Self.tapPy(red.stdout)
        expectEqual(redRead["success"] as? Bool, false)
        expectEqual(redRead["complaints"] as? [String], [], "only the failed test points fail, not the stream: \(redRead)")
        #expect(redRead["passed"] as? [Int] == [1, 2] && redRead["failed"] as? [Int] == [3, 4] && redRead["skipped"] as? [Int] == [2])
        expectEqual(redRead["yamlBlocks"] as? Int, 2, "each failure's YAML block is read")
        expectEqual(redRead["plan"] as? String, "1..4")
        try expectEqual(Self.parsed(red.stdout), "passed=1,2 failed=3,4 skipped=2 plan=1..4 version=13 errors=\n")
        #expect(try Self.proveVerdict(of: red.stdout).stdout.contains("Failed tests:  3-4"))

        // The stream as credsh wrote it before: tap.py refuses it, so the check can fail.
        let old = "TAP version 13\nok 1 - a\n1..1\n# 1 passed, 0 failed, 0 skipped\n"
        try expectEqual(Self.tapPy(old)["complaints"] as? [String], ["A plan must appear at the beginning or end of the file."])
    }

    @Test func anUnknownFormatIsRefusedWithTheList() throws {
        let run = try Credsh.run(["test", "--format", "xml", "examples/cancel.credscript"])
        expectEqual(run.status, 2)
        #expect(run.stderr.contains("Please provide one of 'text', 'json' and 'tap'."))
    }
}
