import Foundation
import Testing
import Expectations

/// The SDK double's lines as a user runs them (docs/double.md): `credsh check` places a
/// bad call where it is written; a failing journal check exits 1 at its line, saying why;
/// past its bound the journal makes every check fail until `journal clear`.
@Suite struct DoubleCommandTests {
    @Test(arguments: [
        ("call setuser userID=alice\n", "1:6", "no method 'setuser' in relid; did you mean 'setUser'?"),
        ("call setUser userId=alice\n", "1:14", "setUser takes no field 'userId'; did you mean 'userID'?"),
        ("call setUser\n", "1:6", "setUser needs the field 'userID'"),
        ("sdk fiori\nexpect called enterPasscode passcode=Abcdefg1\n", "2:29", "enterPasscode's field 'passcode' is a secret"),
        ("expect calls setUser frobnicate\n", "1:22", "no method 'frobnicate' in relid"),
        ("sdk onewelcome\ncall setUser userID=alice\n", "2:6", "no method 'setUser' in onewelcome (it is a call of relid: switch with sdk relid first)"),
        ("sdk susi\ncall login\n", "2:6", "no method 'login' in susi: susi has no calls (call is for relid, onewelcome, fiori: switch with sdk first)"),
    ])
    func badCallsAreSyntaxErrorsWhereWritten(script: String, at: String, message: String) throws {
        let check = try Credsh.run(["check", "-"], script: script)
        expectEqual(check.status, 2, "\(script)")
        #expect(check.stderr.contains("<stdin>:\(at): error: \(message)"), "\(check.stderr)")
    }

    /// A secret field's name misspelt (`pasword=`) is refused, and the value typed is the
    /// password still, whatever its shape: the line quoted under the error, by `credsh check`
    /// and by a run, shows it as `***`.
    @Test(arguments: [
        ("call setPassword pasword=\"Secr3t!\"", "Secr3t!", "setPassword takes no field 'pasword'; did you mean 'password'?"),
        ("call setPassword pssword=mossy417", "mossy417", "setPassword takes no field 'pssword'; did you mean 'password'?"),
        ("sdk onewelcome\ncall respond pim=52817", "52817", "takes no field 'pim'; did you mean 'pin'?"),
    ])
    func aMisspeltSecretFieldShowsNoValue(script: String, secret: String, message: String) throws {
        for arguments in [["check", "-"], ["-"]] {
            let run = try Credsh.run(arguments, script: script + "\n")
            expectEqual(run.status, 2, "\(arguments) \(run.stderr)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stderr.contains("=***") || run.stderr.contains("=\"***\""), "the quoted line keeps its place: \(run.stderr)")
            #expect(!run.stdout.contains(secret) && !run.stderr.contains(secret), "\(arguments) \(run.stdout)\(run.stderr)")
        }
    }

    @Test(arguments: [
        ("expect called setUser userID=bob", "expected a call setUser userID=bob on device default; its calls: setUser userID=alice"),
        ("expect no call setUser", "expected no call setUser on device default, but call #1 of its journal was one"),
        ("expect calls setPassword setUser", "expected the calls setPassword setUser in this order on device default; found none of them, then no setPassword"),
        ("device tablet\nexpect called setUser", "expected a call setUser on device tablet; it made no relid call"),
    ])
    func aFailingJournalCheckSaysWhy(check: String, message: String) throws {
        let script = "user add alice password \"Passw0rd!\"\ncall setUser userID=alice\n" + check + "\n"
        let run = try Credsh.run(["-"], script: script)
        expectEqual(run.status, 1, "\(run.stderr)")
        let line = script.split(separator: "\n").count
        #expect(run.stderr.contains("<stdin>:\(line):1: expectation failed: \(message)"), "\(run.stderr)")
        #expect(!run.stdout.contains("Passw0rd!") && !run.stderr.contains("Passw0rd!"))
    }

    @Test func anOverflowedJournalFailsEveryCheckUntilCleared() throws {
        let overflow = "repeat 10001 { call resetAuthState }\nexpect called resetAuthState\n"
        let run = try Credsh.run(["-"], script: overflow)
        expectEqual(run.status, 1)
        #expect(run.stderr.contains("expectation failed: the journal of device default overflowed: it keeps 10000 calls and 1 more were not kept; journal checks fail until 'journal clear'"), "\(run.stderr)")
        let cleared = try Credsh.run(["-"], script: "repeat 10001 { call resetAuthState }\njournal clear\ncall resetAuthState\nexpect called resetAuthState\nexpect calls resetAuthState\n")
        expectEqual(cleared.status, 0, "\(cleared.stderr)")
    }

    @Test func tooManyDevicesAreRefused() throws {
        let run = try Credsh.run(["-"], script: "for n in \((1...256).map(String.init).joined(separator: " ")) { device $n }\n")
        expectEqual(run.status, 3)
        #expect(run.stderr.contains("at most 256 devices; '256' would be one more"), "\(run.stderr)")
        // A literal is refused where written (CS0309); a variable's value when the line runs.
        let written = try Credsh.run(["-"], script: "device \"a b\"\n")
        #expect(written.status == 2 && written.stderr.contains("<stdin>:1:8: error: a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not 'a b' [CS0309]"), "\(written.stderr)")
        let bad = try Credsh.run(["-"], script: "let d = \"a b\"\ndevice $d\n")
        #expect(bad.status == 3 && bad.stderr.contains("a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not 'a b'"), "\(bad.stderr)")
    }
}
