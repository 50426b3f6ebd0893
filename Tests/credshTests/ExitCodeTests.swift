import Foundation
import Testing
import Expectations

/// The exit codes a pipeline relies on, and the bad inputs that must never crash credsh.
@Suite struct ExitCodeTests {
    @Test func successIsZero() throws {
        let result = try Credsh.run(["-"], script: "user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n")
        expectEqual(result.status, 0)
        #expect(result.stdout.contains("← onUserLoggedIn userID=alice"))
    }

    @Test func aFailedExpectationIsOne() throws {
        let result = try Credsh.run([], script: "user add alice\nlogin alice\nexpect event getPassword challengeMode=0\n")
        expectEqual(result.status, 1)
        // The caret points at the field that differs.
        #expect(result.stderr.hasPrefix("<stdin>:3:26: expectation failed: expected an event getPassword challengeMode=0 [CS0501]\n3 | expect event getPassword challengeMode=0\n  |                          ^\n"))
    }

    /// Review: `credsh s.credscript > /dev/full` lost the whole transcript and exited 0.
    @Test func aStandardOutputThatRefusesWritesIsAnIOError() throws {
        let result = try Credsh.shell(#"printf 'user add alice password "Passw0rd!"\nstate\n' | "$CREDSH" - > /dev/full"#)
        expectEqual(result.status, 4)
        expectEqual(result.stderr, "credsh: cannot write standard output: No space left on device\n")
    }

    @Test func syntaxAndUsageErrorsAreTwo() throws {
        let syntax = try Credsh.run(["-"], script: "lgoin alice\nstate extra\n")
        expectEqual(syntax.status, 2)
        #expect(syntax.stderr.contains("<stdin>:1:1: error: unknown command 'lgoin' — did you mean 'login'?"))
        #expect(syntax.stderr.contains("<stdin>:2:7: error: too many arguments for state"))
        #expect(syntax.stdout.isEmpty, "nothing runs when the script does not parse")
        let usage = try Credsh.run(["--no-such-flag"])
        expectEqual(usage.status, 2)
        #expect(usage.stderr.contains("Unknown option '--no-such-flag'"))
    }

    @Test func runtimeErrorsAreThree() throws {
        let result = try Credsh.run(["-"], script: "login ghost\n")
        expectEqual(result.status, 3)
        expectEqual(result.stdout, "✗ error: no user 'ghost'\n")
        #expect(result.stderr.hasPrefix("<stdin>:1:1: runtime error: login failed: no user 'ghost'"))
    }

    @Test func unreadableFilesAreFour() throws {
        let missing = try Credsh.run(["examples/nope.credscript"])
        expectEqual(missing.status, 4)
        expectEqual(missing.stderr, "credsh: cannot read examples/nope.credscript: No such file or directory [CS0601]\n")
        let directory = try Credsh.run(["examples"])
        expectEqual(directory.status, 4)
        expectEqual(directory.stderr, "credsh: cannot read examples: it is a directory [CS0601]\n")
    }

    @Test func keepGoingRunsOnAndReportsEveryFailure() throws {
        let script = "logout\nexpect state nobody logged-in\necho still here\n"
        let stop = try Credsh.run(["-"], script: script)
        #expect(!stop.stdout.contains("still here"))
        let go = try Credsh.run(["--keep-going", "-"], script: script)
        #expect(go.stdout.contains("still here"))
        expectEqual(go.status, 3, "the most severe failure decides: the runtime error after the failed logout")
        expectEqual(go.stderr.components(separatedBy: "expectation failed").count, 2)
        #expect(go.stderr.contains("<stdin>:2:1: runtime error: no user 'nobody'"))
    }

    @Test func shebangFirstLineIsAllowed() throws {
        let result = try Credsh.run(["-"], script: "#!/usr/bin/env credsh\necho ok\n")
        #expect(result.status == 0 && result.stdout == "ok\n")
    }

    @Test func bytesThatAreNotUTF8() throws {
        let result = try Credsh.run(["-"], input: Data("echo ".utf8) + Data([0xC3, 0x28, 0xFF]) + Data("\n".utf8))
        expectEqual(result.status, 2)
        #expect(result.stderr.hasPrefix("<stdin>:1:6: error: this text is not valid UTF-8 (byte 0xC3)"))
    }

    @Test func aMegabyteLine() throws {
        let result = try Credsh.run(["-"], script: "echo " + String(repeating: "y", count: 1 << 20) + "\nlgoin\n")
        expectEqual(result.status, 2)
        #expect(result.stderr.hasPrefix("<stdin>:2:1: error: unknown command 'lgoin'"))
        let echoed = try Credsh.run(["-"], script: "echo " + String(repeating: "y", count: 1 << 20) + "\n")
        #expect(echoed.status == 0 && echoed.stdout.count == (1 << 20) + 1)
    }

    @Test func unbalancedBraces() throws {
        let open = try Credsh.run(["-"], script: "repeat 2 {\n  state\n")
        expectEqual(open.status, 2)
        #expect(open.stderr.hasPrefix("<stdin>:3:1: error: '}' expected (to close '{' at line 1)"))
        let close = try Credsh.run(["-"], script: "state\n}\n")
        expectEqual(close.status, 2)
        #expect(close.stderr.hasPrefix("<stdin>:2:1: error: unexpected '}': no block is open"))
    }

    @Test func tenThousandNestedBlocks() throws {
        let script = String(repeating: "repeat 1 {\n", count: 10_000) + "state\n" + String(repeating: "}\n", count: 10_000)
        let result = try Credsh.run(["-"], script: script)
        expectEqual(result.status, 2)
        #expect(result.stderr.hasPrefix("<stdin>:65:10: error: blocks are nested too deeply (the limit is 64)"))
    }

    @Test func aBillionRepeatsIsRefused() throws {
        let result = try Credsh.run(["-"], script: "repeat 1000000000 {\n  state\n}\n")
        expectEqual(result.status, 2)
        #expect(result.stderr.hasPrefix("<stdin>:1:8: error: repeat count 1000000000 is over the limit of 1000000"))
    }

    @Test func checkParsesWithoutRunning() throws {
        let ok = try Credsh.run(["check", "examples/login.credscript"])
        #expect(ok.status == 0 && ok.stdout == "ok    examples/login.credscript\n")
        let bad = try Credsh.run(["check", "-"], input: Data("login\nlogout\nlgoin\n".utf8))
        expectEqual(bad.status, 2)
        #expect(bad.stderr.contains("<stdin>:1:1: error: login expects a user name"))
        #expect(bad.stderr.contains("<stdin>:3:1: error: unknown command 'lgoin'"))
        try expectEqual(Credsh.run(["check", "nope.credscript"]).status, 4)
    }

    @Test func helpDocumentsTheExitCodes() throws {
        let result = try Credsh.run(["--help"])
        expectEqual(result.status, 0)
        for line in ["0  success", "1  an expectation failed", "2  usage or syntax error", "3  runtime error", "4  I/O error"] {
            #expect(result.stdout.contains(line))
        }
    }
}
