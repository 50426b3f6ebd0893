import Foundation
import Testing
import Expectations

/// The bounds of docs/scripts.md's "Bounds" table, each driven through the real binary with an
/// input that once hung credsh, blew up its memory or changed what the user wrote. The
/// harness bounds every run (its `timeout`), so a regression fails instead of hanging;
/// the product's own bounds are what the assertions check. (BoundedInputTests covers
/// SIGPIPE, link loops, missing paths, FIFOs, the BOM and option values; SuiteAtScaleTests
/// covers 20,000 file arguments.)
@Suite struct BoundsTests {
    // MARK: Secrets keep their spelling

    @Test func aPasswordThatLooksLikeANumberOrADurationIsKeptAsWritten() throws {
        let script = """
            user add a password 24h
            login a "24h"
            expect event onUserLoggedIn
            logout
            user add b password 007
            login b 7
            expect event getPassword statusCode=102
            cancel
            login b "007"
            expect event onUserLoggedIn
            logout
            let pin = 00700
            user add c password $pin
            login c "00700"
            expect event onUserLoggedIn
            logout
            let day = 24h
            user add d password $day
            login d "24h"
            expect event onUserLoggedIn
            clock advance $day
            # $day holds a password: what the clock advanced by is not shown in any spelling.
            expect output "2026-01-02T00:00:00Z (+***)"
            echo 007 24h 1d12h

            """
        let result = try Credsh.run(["--echo", "-"], input: Data(script.utf8), timeout: 60)
        expectEqual(result.status, 0, "\(result.stderr)")
        #expect(!result.stdout.contains("> user add b password 7"), "007 is not rewritten")
        // Written back out (echo here, `record` at the prompt), each keeps its spelling.
        #expect(result.stdout.contains("> echo 007 24h 1d12h\n007 24h 1d12h\n"))
    }

    // MARK: Recursion, loops and the step budget

    @Test func aFileThatSourcesItselfTwiceStopsAtTheDepthLimit() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("source self.credscript\nsource self.credscript\n", "self.credscript", in: dir)
        let message = "self.credscript:1:1: runtime error: source is nested more than 32 deep (does a file source itself?): the run stops here"
        for arguments in [["--keep-going", "self.credscript"], ["test", "--keep-going", "self.credscript"], ["test", "self.credscript"]] {
            let result = try Credsh.run(arguments, directory: dir, timeout: 60)
            #expect(!result.timedOut, "\(arguments) took \(result.seconds) s")
            expectEqual(result.status, 3)
            let said = result.stderr + result.stdout
            expectEqual(said.components(separatedBy: message).count, 2, "said once, why it stopped: \(arguments)\n\(said)")
        }
    }

    @Test func nestedMillionRepeatsStopAtTheStepBudget() throws {
        let script = "repeat 1000000 {\n  repeat 1000000 {\n    state\n  }\n}\necho never\n"
        let result = try Credsh.run(["--max-steps", "3000", "--keep-going", "-"], input: Data(script.utf8), timeout: 60)
        #expect(!result.timedOut)
        expectEqual(result.status, 3)
        expectEqual(result.stdout.components(separatedBy: "nobody is logged in").count - 1, 2_998, "3,000 statements: the two repeats, then 2,998 states")
        #expect(!result.stdout.contains("never"), "the budget stops the run even with --keep-going")
        expectEqual(result.stderr, """
            <stdin>:3:5: runtime error: the run reached its step budget of 3000 (a step is a statement, 100 rounds of the KDF, or 64 bytes of text handled) and stopped (--max-steps raises it) [CS0405]
            3 |     state
              |     ^

            """)
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(script, "loops.credscript", in: dir)
        let test = try Credsh.run(["test", "--max-steps", "3000", "loops.credscript"], directory: dir, timeout: 60)
        #expect(test.status == 3 && test.stdout.contains("loops.credscript:3:5: runtime error: the run reached its step budget of 3000 (a step"))
    }

    @Test func theStepBudgetIsTenMillionUnlessSet() throws {
        let help = try Credsh.run(["help", "run"])
        #expect(help.stdout.contains("--max-steps <n>"))
        #expect(help.stdout.contains("Stop a script after N steps") && help.stdout.contains("count), 100 rounds of the KDF, or 64 bytes of text a") && help.stdout.contains("statement handles. (default: 10000000)"))
        #expect(try Credsh.run(["-"], script: "help\n").stdout.contains("A run stops after 10,000,000 steps, a step being a statement, 100 KDF rounds or 64 bytes of text handled"))
        let zero = try Credsh.run(["--max-steps", "0", "-"], script: "state\n")
        #expect(zero.status == 2 && zero.stderr.contains("--max-steps takes how many steps a script may run, 1 or more, not '0'"))
        let enough = try Credsh.run(["--max-steps", "4", "-"], script: "repeat 3 {\n  echo hi\n}\n")
        #expect(enough.status == 0 && enough.stdout == "hi\nhi\nhi\n")
        // Sourced statements count too.
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("echo inner\necho inner\n", "inner.credscript", in: dir)
        let sourced = try Credsh.run(["--max-steps", "4", "-"], input: Data("source inner.credscript\nsource inner.credscript\n".utf8), directory: dir)
        #expect(sourced.status == 3 && sourced.stdout == "inner\ninner\n")
        #expect(sourced.stderr.hasPrefix("inner.credscript:1:1: runtime error: the run reached its step budget of 4 (a step"))
    }

    /// Regression: the budget counted statements only, so `kdf 600000` and a loop of
    /// logins ran for about a day within it. Hashing is charged too: 6,000 steps a check.
    @Test func hashingAtTheKDFsMaximumSpendsTheBudget() throws {
        let script = "kdf 600000\nuser add a password P\nrepeat 1000000 {\n  login a P\n  logout\n}\necho never\n"
        let result = try Credsh.run(["--max-steps", "30000", "-"], input: Data(script.utf8), timeout: 60)
        #expect(!result.timedOut && result.status == 3)
        let logins = result.stdout.components(separatedBy: "onUserLoggedIn").count - 1
        #expect((3...5).contains(logins), "30,000 steps hold four checks of 6,000, and the hash of user add: \(logins) logins")
        #expect(result.stderr.contains("runtime error: the run reached its step budget of 30000 (a step is a statement, 100 rounds of the KDF, or 64 bytes of text handled)"))
        #expect(!result.stdout.contains("never"))
    }

    @Test func theKDFRoundsHaveAMaximum() throws {
        let result = try Credsh.run(["-"], script: "kdf 10000000\n")
        expectEqual(result.status, 3)
        expectEqual(result.stdout, "✗ error: ROUNDS must be between 1 and 600000\n")
        let most = try Credsh.run(["-"], script: "kdf 600000\n")
        #expect(most.status == 0 && most.stdout.contains("600000 rounds"))
    }

    // MARK: Errors and failures: the first hundred, then a count

    /// A million errors: were each kept (a diagnostic and its message, a hundred bytes and
    /// more), they alone would pass the bound below. Two megabytes, not ten: a debug
    /// build checks them in seconds, not a minute.
    @Test func twoMegabytesOfClosingBracesCheckInBoundedTimeAndMemory() throws {
        let dir = try Credsh.temporaryDirectory()
        let file = dir.appendingPathComponent("braces.credscript")
        try Data(String(repeating: "}\n", count: 1_000_000).utf8).write(to: file)
        // Peak memory from /usr/bin/time (%M, KB) on the last line of stderr.
        let result = try Credsh.shell(#"/usr/bin/time -f 'peak %M' "$CREDSH" check braces.credscript"#, directory: dir, timeout: 180)
        #expect(!result.timedOut)
        let lines = result.stderr.split(separator: "\n")
        expectEqual(lines.filter { $0.hasSuffix("error: unexpected '}': no block is open [CS0202]") }.count, 100)
        #expect(result.stderr.contains("braces.credscript:100:1: error: … and 999,900 more errors not shown (credsh reports the first 100 of each kind per file)"))
        let peak = lines.last.flatMap { Int($0.split(separator: " ").last ?? "") } ?? .max
        // The file itself is 2 MB; what is kept on top of it must not grow with its errors.
        #expect(peak < 100_000, "peak RSS \(peak) KB")
    }

    /// A batch run of many files holds one script's syntax at a time (BatchRunner): each
    /// file read is let go when the next one is, so twenty files take the memory of one,
    /// not twenty (a held script is some thirty times the size of its text).
    @Test func aBatchOfManyFilesHoldsOneScriptAtATime() throws {
        let dir = try Credsh.temporaryDirectory()
        let body = String(repeating: "echo a line of the script, long enough to weigh\n", count: 4_000)  // 192 KB, held
        for index in 0..<20 { try Credsh.write(body, "f\(index).credscript", in: dir) }
        func peak(_ files: String) throws -> Int {
            let result = try Credsh.shell(#"/usr/bin/time -f 'peak %M' "$CREDSH" "# + files + " > /dev/null", directory: dir, timeout: 180)
            expectEqual(result.status, 0, "\(result.stderr)")
            return result.stderr.split(separator: "\n").last.flatMap { Int($0.split(separator: " ").last ?? "") } ?? .max
        }
        let one = try peak("f0.credscript"), all = try peak("f*.credscript")
        #expect(all < one + 20_000, "peak RSS \(all) KB for twenty files, \(one) KB for one")
    }

    @Test func aLineWithTenThousandErrorsShowsAWindowOfEach() throws {
        let line = "echo " + Array(repeating: "\"a\\q\"", count: 10_000).joined(separator: " ") + "\n"
        #expect(line.utf8.count > 60_000)
        let result = try Credsh.run(["check", "-"], input: Data(line.utf8), timeout: 60)
        #expect(!result.timedOut)
        expectEqual(result.status, 2)
        expectEqual(result.stderr.components(separatedBy: "error: unknown escape '\\q'").count - 1, 100)
        #expect(result.stderr.contains("error: … and 9,900 more errors not shown"))
        // Each error shows a window of its line, not the line: 101 diagnostics of a few hundred bytes.
        #expect(result.stderr.utf8.count < 101 * 600, "\(result.stderr.utf8.count) bytes")
        // Linear work on 10 MB takes seconds (50 s in a debug build on a loaded machine);
        // the bound catches a quadratic scan, which would take hours.
        #expect(result.seconds < 90, "took \(result.seconds) s")
    }

    @Test func fiveThousandFailuresUnderKeepGoingShowAHundred() throws {
        // Each failure names a 10,000-character user: kept, 5,000 of them would be 100 MB and more.
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add a password P\nrepeat 5000 {\n  block " + String(repeating: "x", count: 10_000) + "\n}\n",
                         "many.credscript", in: dir)
        let result = try Credsh.shell("""
            /usr/bin/time -f 'peak %M' "$CREDSH" --keep-going many.credscript 2>&1 >/dev/null | tail -3
            echo "status ${PIPESTATUS[0]}"
            """, directory: dir, timeout: 300)
        #expect(!result.timedOut)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("credsh: … and 4,900 more failures not shown (a run shows its first 100)"), "\(lines)")
        expectEqual(lines.last, "status 3")
        let peak = lines.first { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? .max
        #expect(peak < 60_000, "peak RSS \(peak) KB")

        try Credsh.write("user add a password P\nrepeat 2000 {\n  block ghost\n}\n", "ghosts.credscript", in: dir)
        let test = try Credsh.run(["test", "--keep-going", "ghosts.credscript"], directory: dir, timeout: 120)
        expectEqual(test.status, 3)
        #expect(test.stdout.contains("    … and 1900 more failures\n"), "\(test.stdout.suffix(300))")
    }

    // MARK: Exit codes

    @Test func anUnknownStateOrEventInAVariableIsARuntimeError() throws {
        let state = try Credsh.run(["-"], script: "user add alice password P\nlet s = bogus\nexpect state alice $s\n")
        expectEqual(state.status, 3)
        #expect(state.stderr.hasPrefix("<stdin>:3:1: runtime error: STATE must be one of logged-in, logged-out, expired, blocked, not-activated, not 'bogus'"))
        let event = try Credsh.run(["-"], script: "user add alice password P\nlogin alice\nlet e = bogus\nexpect event $e\n")
        expectEqual(event.status, 3)
        #expect(event.stderr.hasPrefix("<stdin>:4:1: runtime error: unknown event 'bogus' for relid"))
        // Written out, the same names are syntax errors (2).
        try expectEqual(Credsh.run(["-"], script: "expect state alice bogus\n").status, 2)
        try expectEqual(Credsh.run(["-"], script: "expect event bogus\n").status, 2)
    }

    // MARK: What reaches the terminal

    @Test func controlCharactersInNamesAndMessagesAreEscaped() throws {
        let login = try Credsh.run(["-"], script: "login \"x\\ny\\u{1B}\"\n".replacingOccurrences(of: "\\u{1B}", with: "\u{1B}"))
        // A control character other than tab in a string literal is a syntax error; a newline escape is not.
        expectEqual(login.status, 2)
        let newline = try Credsh.run(["-"], script: "login \"x\\ny\"\n")
        expectEqual(newline.status, 3)
        expectEqual(newline.stdout, "✗ error: no user 'x\\ny'\n")
        #expect(newline.stderr.hasPrefix("<stdin>:1:1: runtime error: login failed: no user 'x\\ny' (write"))
        expectEqual(newline.stderr.split(separator: "\n").count, 3, "headline, source line, caret")

        // A user name cannot hold one: written out (2) or through a variable (3).
        let added = try Credsh.run(["-"], script: "user add \"a\\nb\" password P\n")
        #expect(added.status == 2 && added.stderr.contains("error: a new user name cannot hold a control character such as a newline"))
        let viaVariable = try Credsh.run(["-"], script: "let n = \"a\\nb\"\nuser add $n password P\n")
        #expect(viaVariable.status == 3 && viaVariable.stdout == "✗ error: a new user name cannot hold a control character such as a newline\n")

        // ESC and BEL in a policy's msg are shown as escapes, never sent raw.
        let policy = try Credsh.run(["-"], script: #"policy password {"msg":"\u001b[31mred\u0007"}"# + "\n")
        expectEqual(policy.status, 0)
        #expect(policy.stdout.contains("app shows: \\u{1B}[31mred\\u{7}\n"))
        #expect(!policy.stdout.contains("\u{1B}") && !policy.stdout.contains("\u{7}"))
    }

    /// Two megabytes, where ten were once: a scan that compares the word with each candidate,
    /// or decodes it again per character, is quadratic and would still take hours; the debug
    /// build spends 1.5 s on it instead of 7.5 (and 104 s on a machine loaded ten deep).
    @Test func aTwoMegabyteWordIsCutInItsMessage() throws {
        let word = String(repeating: "w", count: 2 << 20)
        let result = try Credsh.run(["check", "-"], input: Data((word + "\n").utf8), timeout: 120)
        #expect(!result.timedOut)
        expectEqual(result.status, 2)
        // The quote and 79 letters: a run of 80 characters without a space, then the ellipsis.
        #expect(result.stderr.hasPrefix("<stdin>:1:1: error: unknown command '" + String(repeating: "w", count: 79) + "… [CS0301]\n"))
        #expect(result.stderr.utf8.count < 1_000, "\(result.stderr.utf8.count) bytes")
        // Linear, and cheap: the word is decoded once and no candidate is compared with it.
        // The bound catches a quadratic scan, which would take hours.
        #expect(result.seconds < 90, "took \(result.seconds) s")
    }

    // MARK: Policies and dates

    @Test func aPolicyInAVariable() throws {
        let result = try Credsh.run(["-"], script: """
            let j = {"minL":4,"maxL":6}
            policy password $j

            """)
        expectEqual(result.status, 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("RELID_PASSWORD_POLICY: {\"minL\":4,\"maxL\":6}\n"))
        let notJSON = try Credsh.run(["-"], script: "let j = minL\npolicy password $j\n")
        #expect(notJSON.status == 3 && notJSON.stdout.hasPrefix("✗ error: policy JSON does not parse"))
        // Where a policy takes only KEY=VALUE pairs, an object is refused, not ignored.
        let pin = try Credsh.run(["-"], script: "sdk onewelcome\nlet j = {\"length\":4}\npolicy pin $j\n")
        #expect(pin.status == 3 && pin.stdout.hasSuffix("✗ error: policy pin takes KEY=VALUE pairs, not one JSON object or variable\n"))
    }

    @Test func anExpiryBeyondTheYear9999IsNeverWithinTheClocksRange() throws {
        let result = try Credsh.run(["-"], script: """
            clock set 9999-12-01
            policy password maxAge=36600d
            user add a password "Passw0rd!"
            user show a

            """)
        expectEqual(result.status, 0)
        #expect(result.stdout.contains("  expires by age: never within the clock's range (it ends at 9999-12-31T23:59:59Z)\n"))
        #expect(!result.stdout.contains("10099-") && !result.stdout.contains("10100-"))
        let within = try Credsh.run(["-"], script: "policy password maxAge=90d\nuser add a password \"Passw0rd!\"\nuser show a\n")
        #expect(within.stdout.contains("  expires by age: 2026-04-01T00:00:00Z\n"))
    }

    @Test func thePasswordHistoryHasAMaximum() throws {
        let written = try Credsh.run(["-"], script: "policy password history=25\n")
        expectEqual(written.status, 2, "a number written is checked before the run")
        #expect(written.stderr.contains("history can be at most 24"))
        let result = try Credsh.run(["-"], script: "let h = 25\npolicy password history=$h\n")
        expectEqual(result.status, 3)
        #expect(result.stdout.contains("history can be at most 24"))
        try expectEqual(Credsh.run(["-"], script: "policy password history=24\n").status, 0)
    }
}
