import Testing
import Expectations
import CredLanguage
import CredScript
import CredSuite
@testable import CredCommandLine

/// `--var`, `--var-file` and `--secret` read into OutsideVariables with no file and no
/// process: the files and the environment are dictionaries here. The order they bind in,
/// what a var-file's lines may be, and the usage errors, none of which quotes what may be
/// a secret.
@Suite struct OutsideVariableOptionsTests {
    static let syntax = CommandSyntax(name: "run", abstract: "Run scripts.", arguments: ("<files> ...", "Scripts."),
                                      options: OutsideVariables.options)

    static func read(_ words: [String], files: [String: String] = [:], environment: [String: String] = [:],
                     secretValuesNeeded: Bool = true) throws(UsageError) -> OutsideVariables {
        let parsed = try ArgumentScanner.scan(ArraySlice(words), syntax)
        return try OutsideVariables(parsed, syntax, secretValuesNeeded: secretValuesNeeded, readFile: { path throws(HostError) in
            guard let text = files[path] else { throw HostError("cannot read \(path)") }
            return Array(text.utf8)
        }, environment: { environment[$0] })
    }

    /// The message of the usage error `words` make, or nil when they are read.
    static func refusal(_ words: [String], files: [String: String] = [:], environment: [String: String] = [:]) -> String? {
        do throws(UsageError) {
            _ = try read(words, files: files, environment: environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func filesBindFirstThenVarsThenSecretsAndTheArgumentsStayAsGiven() throws {
        let words = ["--secret", "PW", "--var", "user=erin", "--var-file", "ci.env"]
        let outside = try Self.read(words, files: ["ci.env": "user=alice\nemail=a@example.com\n"], environment: ["PW": "Zq9-secret"])
        expectEqual(outside.bindings, [
            .init(name: "user", value: "alice", secret: false), .init(name: "email", value: "a@example.com", secret: false),
            .init(name: "user", value: "erin", secret: false), .init(name: "PW", value: "Zq9-secret", secret: true),
        ])
        expectEqual(outside.arguments, words, "handed on to a worker as given: a secret's value stays in the environment")
        expectEqual(outside.recorded, ["--secret PW", "--var email", "--var user"])
    }

    @Test func aVarFileSkipsCommentsAndBlankLinesAndKeepsEachValueAsWritten() throws {
        let file = "# CI's values\n\n  \t\n user\t= alice \nquery=a=b\n#x=1\nempty=\n"
        let outside = try Self.read(["--var-file", "ci.env"], files: ["ci.env": file])
        expectEqual(outside.bindings.map { "\($0.name)|\($0.value)" }, ["user| alice ", "query|a=b", "empty|"],
                    "the name is trimmed, the value is everything after the first '=', blanks included")
    }

    @Test func aVarFileWithCRLFEndingsIsReadLineByLine() throws {
        // "\r\n" is one Character in a String: the lines are split as bytes.
        let outside = try Self.read(["--var-file", "ci.env"], files: ["ci.env": "# made on Windows\r\nuser=alice\r\n\r\nemail=a@example.com\r\nlast=x\r"])
        expectEqual(outside.bindings.map { "\($0.name)|\($0.value)" }, ["user|alice", "email|a@example.com", "last|x"])
        expectEqual(Self.refusal(["--var-file", "bad.env"], files: ["bad.env": "user=ok\r\nnot a pair\r\n"]),
                    "bad.env:2: expected NAME=VALUE (the line is not shown: it may hold a secret)")
    }

    /// A file saved with old Mac endings (`\r` alone) was one line: `user` was bound to
    /// `alice\rpw=…`, every line after it in its value.
    @Test func aCarriageReturnInsideALineIsRefusedNotReadAsPartOfAValue() {
        expectEqual(Self.refusal(["--var-file", "mac.env"], files: ["mac.env": "# old Mac\ruser=alice\rpw=Zq9-secret\r"]),
                    #"mac.env:1: a carriage return inside the line (a line ends with \n or \r\n; the line is not shown: it may hold a secret)"#)
        expectEqual(Self.refusal(["--var-file", "mixed.env"], files: ["mixed.env": "user=alice\nnote=a\rb\n"]),
                    #"mixed.env:2: a carriage return inside the line (a line ends with \n or \r\n; the line is not shown: it may hold a secret)"#)
    }

    @Test func aVarFileMayStartWithAByteOrderMarkAndIndentItsComments() throws {
        // As Windows editors save it; "'#' starts a comment line", indented or not.
        let outside = try Self.read(["--var-file", "ci.env"], files: ["ci.env": "\u{FEFF}user=alice\n  # indented\n\t#tab\nemail=a@example.com\n"])
        expectEqual(outside.bindings.map { "\($0.name)|\($0.value)" }, ["user|alice", "email|a@example.com"])
    }

    @Test func aSecretsValueComesFromTheEnvironmentWhichCheckNeedsNot() throws {
        expectEqual(Self.refusal(["--secret", "CI_PW"]),
                    "--secret CI_PW: the environment has no variable CI_PW (set it, as in CI_PW=… credsh …)")
        let named = try Self.read(["--secret", "CI_PW"], secretValuesNeeded: false)
        #expect(named.names == ["CI_PW"] && named.bindings[0].secret && named.bindings[0].value == "")
    }

    @Test func badValuesAreUsageErrorsThatNeverQuoteWhatMayBeASecret() {
        let files = ["bad.env": "user=ok\nnot a pair Zq9\n", "keyed.env": "ADMIN_PW: Zq9-secret\n",
                     "lower.env": "hunter2hunter: Zq9-secret\n", "name.env": "Zq9-secret=x\n"]
        let cases: [([String], String)] = [
            (["--var", "1X=2"], "--var: '1X' is not a variable name (letters, digits and _, not first a digit)"),
            (["--var", "novalue"], "--var: expected NAME=VALUE (the line is not shown: it may hold a secret)"),
            (["--var-file", "bad.env"], "bad.env:2: expected NAME=VALUE (the line is not shown: it may hold a secret)"),
            // A key shaped like an environment variable's name says which line; its value is not shown.
            (["--var-file", "keyed.env"], "keyed.env:1: expected NAME=VALUE (the line of ADMIN_PW, its value not shown)"),
            (["--var-file", "lower.env"], "lower.env:1: expected NAME=VALUE (the line is not shown: it may hold a secret)"),
            (["--var-file", "name.env"], "name.env:1: the name before '=' is not a variable name (letters, digits and _, not first a digit)"),
            (["--var-file", "missing.env"], "--var-file: cannot read missing.env"),
            (["--secret", "PW=Zq9-secret"], "--secret takes a variable name only (letters, digits and _, not first a digit), not NAME=VALUE: "
                + "the value comes from the environment variable of that name, and is not shown here"),
            (["--secret", "Hunter2Secret9!"], "--secret takes a variable name (letters, digits and _, not first a digit)"),
            (["--secret", "a-b"], "--secret takes a variable name (letters, digits and _, not first a digit), not 'a-b'"),
        ]
        for (words, message) in cases {
            let refusal = Self.refusal(words, files: files)
            expectEqual(refusal, message, "\(words)")
            expectEqual(refusal.map { !$0.contains("Zq9") && !$0.contains("Hunter2") }, true, "\(words)")
        }
    }

    @Test func atMostTheBoundOfBindingsIsRead() throws {
        let lines = (0..<OutsideVariables.maximumBindings).map { "V\($0)=x\n" }.joined()
        try expectEqual(Self.read(["--var-file", "many.env"], files: ["many.env": lines]).bindings.count, OutsideVariables.maximumBindings)
        expectEqual(Self.refusal(["--var-file", "many.env", "--var", "one=more"], files: ["many.env": lines]),
                    "more than 10,000 variables given from outside")
    }

    @Test func theUsageErrorPrintsTheSubcommandsUsage() {
        do throws(UsageError) {
            _ = try Self.read(["--var", "novalue"])
            Issue.record("--var novalue was read")
        } catch {
            #expect(error.text.hasPrefix("Error: --var: expected NAME=VALUE"))
            #expect(error.text.contains("Usage: credsh run [<files> ...] [--var <name=value>] [--var-file <file>] [--secret <name>]\n"))
        }
    }
}
