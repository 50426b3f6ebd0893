import Foundation
import Testing
import Expectations

/// The suite forms (captures, comparisons, loops, procedures) through the binary: the
/// exit code a CI job reads for the wrong event, the wrong comparison, a syntax error.
@Suite struct SuiteLanguageExitTests {
    static let login = "user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n"

    @Test func theWrongEventOrComparisonIsOne() throws {
        let event = try Credsh.run(["-"], script: Self.login + "expect event getPassword attemptsLeft<3\n")
        expectEqual(event.status, 1)
        #expect(event.stderr.hasPrefix("<stdin>:3:26: expectation failed: expected an event getPassword attemptsLeft<3 [CS0501]\n"))
        let comparison = try Credsh.run(["-"], script: Self.login + "let left = event getPassword.attemptsLeft\nexpect $left < 3\n")
        expectEqual(comparison.status, 1)
        #expect(comparison.stderr.hasPrefix("<stdin>:4:1: expectation failed: expected $left < 3, but $left is 3 [CS0502]\n"))
    }

    @Test func aMissingCaptureIsThreeAndABadFormIsTwo() throws {
        let missing = try Credsh.run(["-"], script: Self.login + "let x = event onUserLoggedOff.userID\n")
        expectEqual(missing.status, 3)
        #expect(missing.stderr.contains("no event 'onUserLoggedOff' to capture: the last command (login, line 2) delivered the events getPassword onUserLoggedIn onCredentialsAvailableForUpdate"))
        let syntax = try Credsh.run(["-"], script: "for a b in 1 2 3 {\n  echo $a\n}\nproc p x { echo $x }\np\n")
        expectEqual(syntax.status, 2)
        #expect(syntax.stderr.contains("<stdin>:1:16: error: for takes its values 2 at a time (a b), but 3 values leave 1 over"))
        #expect(syntax.stderr.contains("<stdin>:5:1: error: p takes 1 argument (usage: p X), not 0"))
        #expect(syntax.stdout.isEmpty)
    }

    @Test func checkFollowsSourceAndNamesTheMissingFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("h19-check-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "source steps.inc\nsource gone.inc\nrelogin alice\n".write(to: dir.appendingPathComponent("suite.credscript"), atomically: true, encoding: .utf8)
        try "proc relogin user {\n  lgoin $user\n}\n".write(to: dir.appendingPathComponent("steps.inc"), atomically: true, encoding: .utf8)
        let result = try Credsh.run(["check", dir.appendingPathComponent("suite.credscript").path])
        expectEqual(result.status, 4)
        #expect(result.stderr.contains("steps.inc:2:3: error: unknown command 'lgoin' — did you mean 'login'?"))
        #expect(result.stderr.contains("suite.credscript:2:1: I/O error: cannot source gone.inc"))
    }

    /// 32 calls of a procedure 24 blocks deep would overflow the stack: the run stops first.
    @Test func nestingAsARunGoesIsBounded() throws {
        let depth = 24
        var script = "proc a n {\n"
        for i in 0..<depth { script += String(repeating: "  ", count: i) + "for x\(i) in 1 {\n" }
        script += "  a 1\n" + String(repeating: "}\n", count: depth) + "}\na 1\n"
        let result = try Credsh.run(["-"], script: script)
        expectEqual(result.status, 3)
        #expect(result.stderr.contains("runtime error: blocks, procedure calls and sourced files are nested more than 256 deep as the run goes"))
        #expect(result.stderr.contains("  called from <stdin>:"))
    }
}
