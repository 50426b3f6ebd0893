import Foundation
import Testing
import Expectations

/// Every error a user reads carries its code, in every format: a command's refusal by its
/// kind, a usage error, a syntax error in JSON, and `credsh check` for editors and CI.
@Suite struct ErrorCodeFormatTests {
    /// Each kind of refusal has its own code; `login nobody` is not the catch-all CS0401.
    @Test func eachKindOfRefusalHasItsCode() throws {
        let cases: [(String, String)] = [
            ("login nobody \"Passw0rd!\"\n", "[CS0412]"),
            ("user add alice password \"Passw0rd!\"\nuser add alice password \"Passw0rd!\"\n", "[CS0413]"),
            ("sdk fiori\nlogout\n", "[CS0414]"),
            ("sdk onewelcome\ncancel\n", "[CS0416]"),
            ("explain CS9999\n", "[CS0418]"),
            ("kdf 0\n", "[CS0401]"),
        ]
        for (script, code) in cases {
            let result = try Credsh.run(["-"], script: script)
            expectEqual(result.status, 3, "\(script)")
            #expect(result.stderr.contains(" \(code)\n"), "\(script): \(result.stderr)")
        }
    }

    @Test func aUsageErrorHasItsCode() throws {
        let usage = try Credsh.run(["--no-such-flag"])
        expectEqual(usage.status, 2)
        #expect(usage.stderr.hasPrefix("Error: Unknown option '--no-such-flag' [CS0701]\n"), "\(usage.stderr)")
    }

    /// With `--format json` a syntax error is a record of the output too, with its code.
    @Test func aSyntaxErrorIsAJSONRecordWithItsCode() throws {
        let result = try Credsh.run(["--format", "json", "-"], script: "echo \"open\nlet 5x = 1\n")
        expectEqual(result.status, 2)
        let records = result.stdout.split(separator: "\n").map(String.init)
        expectEqual(records, [
            #"{"error":{"message":"unterminated string (a string ends with \" on the same line)","source":"credsh"},"code":"CS0103","file":"<stdin>","line":1,"column":6}"#,
            #"{"error":{"message":"let expects a variable name (letters, digits and _), found '5x'","source":"credsh"},"code":"CS0203","file":"<stdin>","line":2,"column":5}"#,
        ])
        #expect(result.stderr.contains("<stdin>:1:6: error: unterminated string"), "the text still goes to standard error")
    }

    /// A command refused at run time says its kind of refusal in JSON too, as in text.
    @Test func aRefusedCommandsRecordHasItsCode() throws {
        let result = try Credsh.run(["--format", "json", "-"], script: "login nobody \"x\"\n")
        expectEqual(result.status, 3)
        expectEqual(result.stdout, #"{"error":{"message":"no user 'nobody'","source":"credsh"},"code":"CS0412","file":"<stdin>","line":1}"# + "\n")
        #expect(result.stderr.contains("[CS0412]"), "\(result.stderr)")
    }

    @Test func checkWritesJSONLinesAndGitHubAnnotations() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("credsh-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Credsh.write("lgoin alice\n", "bad.credscript", in: directory)
        try Credsh.write("echo hi\n", "good.credscript", in: directory)
        let json = try Credsh.run(["check", "--format", "json", "bad.credscript", "good.credscript"], directory: directory)
        expectEqual(json.status, 2)
        expectEqual(json.stdout, #"{"file":"bad.credscript","line":1,"column":1,"kind":"error","code":"CS0301","message":"unknown command 'lgoin' — did you mean 'login'?"}"#
            + "\n" + #"{"file":"good.credscript","ok":true}"# + "\n")
        expectEqual(json.stderr, "")
        let github = try Credsh.run(["check", "--format", "github", "bad.credscript", "good.credscript"], directory: directory)
        expectEqual(github.status, 2)
        expectEqual(github.stdout, "::error file=bad.credscript,line=1,col=1,title=CS0301::unknown command 'lgoin' — did you mean 'login'? [CS0301]\n")
        let refused = try Credsh.run(["check", "--format", "yaml", "good.credscript"], directory: directory)
        expectEqual(refused.status, 2)
        #expect(refused.stderr.hasPrefix("Error: --format takes text, json, github, not 'yaml' [CS0701]\n"), "\(refused.stderr)")
    }

    /// A workflow command's message and file cannot end the command early or start another.
    @Test func gitHubAnnotationsEscapeWhatEndsACommand() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("credsh-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Credsh.write("lgoin 100%\n", "a,b:c.credscript", in: directory)
        let github = try Credsh.run(["check", "--format", "github", "a,b:c.credscript"], directory: directory)
        #expect(github.stdout.hasPrefix("::error file=a%2Cb%3Ac.credscript,line=1,col=1,title=CS0301::"), "\(github.stdout)")
        expectEqual(github.stdout.split(separator: "\n").count, 1)
    }
}
