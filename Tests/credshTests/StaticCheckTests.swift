import Foundation
import Testing
import Expectations

/// What `credsh check` finds without running a script: policy values every SDK's
/// `policy` command would refuse, and `expect note` fields and rules that cannot match.
@Suite struct StaticCheckTests {
    /// `credsh check -` on `script`: its exit status and what it wrote to standard error.
    private func check(_ script: String) throws -> (status: Int32, stderr: String) {
        let result = try Credsh.run(["check", "-"], script: script)
        return (result.status, result.stderr)
    }

    @Test(arguments: [
        // script, line:column of the caret, the message the run gives
        ("policy password minL=abc\n", "1:17", "policy key 'minL' takes a whole number ≥ 0, not \"abc\""),
        ("policy password foo=1\n", "1:17", "unknown policy key 'foo'; the keys are minL"),
        ("policy password maxL=8 minDg=4 minUc=4 minLc=4\n", "1:40", "minDg+minUc+minLc+minSc ask for 12 characters but maxL is 8: no password could pass"),
        ("policy password minL=8 minL=9\n", "1:24", "policy key 'minL' is given twice"),
        ("policy password {\"minL\":\"x\"}\n", "1:17", "policy key 'minL' takes a whole number ≥ 0, not \"x\""),
        ("sdk onewelcome\npolicy pin length=4\n", "2:12", "PIN policy key 'length' takes a whole number from 5 to 32, not '4'"),
        ("sdk onewelcome\npolicy pin length=6 maxSimilar=7\n", "2:21", "maxSimilar (7) is more than the length (6)"),
        ("sdk fiori\npolicy passcode foo=1\n", "2:17", "unknown passcode policy key 'foo'"),
        ("sdk fiori\npolicy passcode minLength=6 isDigitsOnly=true minUniqueChars=11\n", "2:47", "isDigitsOnly=true with minUniqueChars=11: a digits-only passcode has at most 10 unique characters, so no passcode could pass"),
        ("sdk susi\npolicy password rule=2018\n", "2:17", "policy key 'rule' takes 2017, fallback, 2019, not 2018"),
        ("sdk susi\npolicy password rule=2019 rule=2017\n", "2:27", "policy key 'rule' is given twice"),
    ])
    func badPolicyValuesAreSyntaxErrors(script: String, at: String, message: String) throws {
        let (status, stderr) = try check(script)
        expectEqual(status, 2, "\(script)")
        #expect(stderr.contains("<stdin>:\(at): error: \(message)"), "\(stderr)")
        // The run gives the same message, and runs nothing.
        let run = try Credsh.run(["-"], script: script)
        expectEqual(run.status, 2)
        #expect(run.stderr.contains(message))
    }

    @Test func anUnknownKeyGetsADidYouMean() throws {
        let (status, stderr) = try check("policy password minLL=8\nsdk susi\npolicy password rul=2019\n")
        expectEqual(status, 2)
        #expect(stderr.contains("<stdin>:1:17: error: unknown policy key 'minLL'") && stderr.contains("did you mean 'minL'?"))
        #expect(stderr.contains("<stdin>:3:17: error: unknown policy key 'rul' for susi") && stderr.contains("did you mean 'rule'?"))
    }

    /// A long line of pairs is blamed on the first pair that makes it wrong (here the
    /// second of a key given again), without trying every prefix of the line.
    @Test func aLongLineOfPairsIsCheckedInLinearTime() throws {
        let script = "sdk susi\npolicy password " + String(repeating: "rule=2019 ", count: 40_000) + "\n"
        let result = try Credsh.run(["check", "-"], input: Data(script.utf8), timeout: 60)
        expectEqual(result.status, 2)
        #expect(result.stderr.hasPrefix("<stdin>:2:27: error: policy key 'rule' is given twice"), "\(result.stderr.prefix(300))")
        #expect(result.seconds < 20, "quadratic in the pairs")
    }

    @Test func whatARunCouldAcceptIsLeftToTheRun() throws {
        // Good policies, values held by variables, and a refusal the script shows on purpose.
        let script = """
            policy password minL=20 maxL=24
            policy password SeqCheck=TRUE attempts=5 maxAge=90d
            let n = abc
            policy password minL=$n
            expect error ~"takes a whole number"
            policy password maxL=8 minDg=4 minUc=4 minLc=4

            expect error ~"no password could pass"
            sdk susi
            policy password rule=2019 maxInvalidLogins=3

            """
        let (status, stderr) = try check(script)
        expectEqual(status, 0, "\(stderr)")
        let run = try Credsh.run(["-"], script: script)
        expectEqual(run.status, 0, "\(run.stdout)\(run.stderr)")
    }

    @Test func expectNoteFieldsAndRulesComeFromTheActiveSDK() throws {
        let (status, stderr) = try check("""
            expect note rul=minUc
            expect note rule=minXX
            expect note rule=minUC
            sdk onewelcome
            expect note rule=minUc
            sdk susi
            expect note rule=2018

            """)
        expectEqual(status, 2)
        #expect(stderr.contains("<stdin>:1:13: error: a policy note has no field 'rul' — did you mean 'rule'? (its fields: rule, message)"))
        #expect(stderr.contains("<stdin>:2:18: error: relid has no policy rule 'minXX' (its rules: minL, maxL, minDg, minUc"))
        #expect(stderr.contains("<stdin>:3:18: error: relid has no policy rule 'minUC' — did you mean 'minUc'?"))
        #expect(stderr.contains("<stdin>:5:18: error: onewelcome has no policy rule 'minUc' (it is a rule of relid: switch with sdk relid first)"))
        #expect(stderr.contains("<stdin>:7:18: error: susi has no policy rule '2018' — did you mean '2017'? (its rules: 2017, fallback, 2019, email)"))
    }

    @Test func expectNoteAcceptsEveryRuleItsSDKNames() throws {
        let script = """
            let r ?= minL
            expect note rule=minL message=~"at least"
            expect note rule=BlackListedCommonPassword
            expect note rule=$r
            sdk onewelcome
            expect note rule=maxSimilar
            sdk fiori
            expect note rule=minUniqueChars
            sdk susi
            expect note rule=2019 message=~"no capital"
            expect note rule=email

            """
        let (status, stderr) = try check(script)
        expectEqual(status, 0, "\(stderr)")
    }

    @Test func helpExplainListsWhatExplainTakes() throws {
        let help = try Credsh.run(["-"], script: "help explain\n")
        expectEqual(help.status, 0)
        for name in ["RULE_2017", "fallback", "RULE_2019", "TOKEN_OWNER_NOT_CHECKED", "LOGIN_THROTTLE", "118 PASSWORD_EXPIRED",
                     "9014 wrongPinLength", "failedToMeetPolicy", "\"No more attempts left\"", "initiateUpdateFlowForCredential"] {
            #expect(help.stdout.contains(name), "\(name)")
        }
        let listed = help.stdout.split(separator: "\n").filter { $0.hasPrefix("    ") }
        #expect(listed.count > 10 && listed.allSatisfy { $0.count <= 100 }, "wrapped to 100 columns")
        // Every name listed is one explain takes.
        let explained = try Credsh.run(["-"], script: "sdk susi\nexplain TOKEN_OWNER_NOT_CHECKED\nexplain 2017\nexplain fallback\nexplain 2019\n")
        expectEqual(explained.status, 0, "\(explained.stderr)")
        #expect(explained.stdout.contains("password rule 2017 RULE_2017\n"))
        #expect(explained.stdout.contains("password rule 2019 RULE_2019\n"))
        #expect(explained.stdout.contains("password rule fallback\n"))
        #expect(explained.stdout.contains("4e900afd98c1") && explained.stdout.contains("3db4f2fc0941"))
        let unknown = try Credsh.run(["-"], script: "sdk susi\nexplain RULE_2018\n")
        #expect(unknown.stdout.contains("the names 'help explain' lists"))
        #expect(unknown.stdout.contains("2017, 2019"))
    }

    @Test func helpRunListsTheBounds() throws {
        let help = try Credsh.run(["help", "run"])
        expectEqual(help.status, 0)
        for line in ["statements per run       10,000,000 (--max-steps changes it)", "repeat count             1,000,000",
                     "blocks nested            64 deep", "source nested            32 deep",
                     "KDF rounds (kdf)         1 to ", "script size              64 MB per file"] {
            #expect(help.stdout.contains(line), "\(line)")
        }
    }
}
