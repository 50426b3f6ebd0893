import Foundation
import Testing

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
        #expect(run.status == 0)
        #expect(run.stdout == """
            TAP version 13
            ok 1 - \(dir.path)/a-pass.credscript
            ok 2 - \(dir.path)/b-skip.credscript # SKIP needs a real device
            1..2
            # 1 passed, 0 failed, 1 skipped

            """)
        let prove = try Self.proveVerdict(of: run.stdout)
        #expect(prove.status == 0, "prove: \(prove.stdout)")
        #expect(prove.stdout.contains("All tests successful."))
        #expect(try Self.parsed(run.stdout) == "passed=1,2 failed= skipped=2 plan=1..2 version=13 errors=\n")
    }

    @Test func proveNamesTheFailingScriptAndReadsItsDiagnostics() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        try Credsh.write("user add bob\nlogin bob\nexpect attemptsLeft 9\n", "b-fail # odd name.credscript", in: dir)
        try Credsh.write("lgoin\n", "c-syntax.credscript", in: dir)
        let run = try Credsh.run(["test", "--format", "tap", "-j", "1", dir.path])
        #expect(run.status == 2, "the most severe: a syntax error")
        #expect(run.stdout.contains("not ok 2 - \(dir.path)/b-fail \\# odd name.credscript\n  ---\n  exitCode: 1\n  failures:\n"))
        #expect(run.stdout.contains("      severity: fail\n"))
        #expect(run.stdout.contains("    - message: \"unknown command 'lgoin' — did you mean 'login'?\"\n      severity: error\n      at: \"\(dir.path)/c-syntax.credscript:1:1\"\n"))
        #expect(run.stdout.hasSuffix("1..3\n# 1 passed, 2 failed, 0 skipped\n"))
        // The same bytes whatever the number of jobs.
        #expect(try Credsh.run(["test", "--format", "tap", "-j", "4", dir.path]).stdout == run.stdout)

        let prove = try Self.proveVerdict(of: run.stdout)
        #expect(prove.status != 0)
        #expect(prove.stdout.contains("Failed tests:  2-3"), "prove: \(prove.stdout)")
        #expect(prove.stdout.contains("not ok 2 - \(dir.path)/b-fail \\# odd name.credscript"))
        #expect(try Self.parsed(run.stdout) == "passed=1 failed=2,3 skipped= plan=1..3 version=13 errors=\n")
    }

    @Test func anUnknownFormatIsRefusedWithTheList() throws {
        let run = try Credsh.run(["test", "--format", "xml", "examples/cancel.credscript"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Please provide one of 'text', 'json' and 'tap'."))
    }
}
