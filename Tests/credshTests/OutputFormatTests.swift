import Foundation
import Testing
import Expectations

@Suite struct OutputFormatTests {
    static let script = "user add alice password \"Passw0rd!\"\nexpire alice\nlogin alice \"Passw0rd!\"\nupdate a b c\nexpect error ~\"do not match\"\n"

    @Test func jsonLinesUseTheSDKsNames() throws {
        let result = try Credsh.run(["--format", "json", "--echo", "-"], script: Self.script)
        expectEqual(result.status, 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
        let expired = try #require(objects.first { ($0["event"] as? String) == "getPassword" && ($0["challengeMode"] as? Int) == 4 })
        expectEqual(expired["userID"] as? String, "alice")
        expectEqual(expired["attemptsLeft"] as? Int, 3)
        expectEqual(expired["statusCode"] as? Int, 118)
        expectEqual(expired["statusMessage"] as? String, "Password has expired. Please contact the admin.")
        #expect(objects.contains {
            let error = $0["error"] as? [String: Any]
            return error?["message"] as? String == "New password and confirm password do not match" && error?["source"] as? String == "app"
        })
        #expect(objects.contains { ($0["command"] as? String) == "update *** *** ***" })
        #expect(!result.stdout.contains("Passw0rd!"))
    }

    @Test func syncErrorsInJSONCarryTheirCode() throws {
        let result = try Credsh.run(["--format", "json", "-"], script: "logout\nexpect error 166\n")
        expectEqual(result.stdout, #"{"call":"logOff","sdk":"relid","userID":"","error":{"code":166,"message":"User is not logged in","source":"sdk"},"file":"<stdin>","line":1}"# + "\n")
    }

    /// Every record of every example, as JSON objects (with `--keep-going`, so the failing
    /// commands that the examples acknowledge all show).
    /// Each test that reads them checks every run and every record itself; the examples
    /// are run once for the three of them (each ran all of them again: 2 s of CPU a test
    /// in a debug build).
    static func allExampleRecords() throws -> [[String: Any]] {
        var objects: [[String: Any]] = []
        for (script, run) in exampleRuns {
            let result = try run.get()
            expectEqual(result.status, 0, "\(script): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                objects.append(try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
            }
        }
        return objects
    }

    /// Every example run with `--format json --echo`, once in the process (a static
    /// `let` is made once, by whichever test asks first; the others wait for it).
    static let exampleRuns: [(script: String, result: Swift.Result<Credsh.Result, any Error>)] = TranscriptTests.examples.map { script in
        (script, Swift.Result { try Credsh.run(["--format", "json", "--echo", "examples/" + script]) })
    }

    /// Regression: `"error"` was a code in some records, a message in others, and an event's
    /// own field in Fiori's, so `jq 'select(.error)'` matched calls that had not failed.
    @Test func anErrorKeyMeansAFailureAndHasOneShape() throws {
        let objects = try Self.allExampleRecords()
        var errors = 0
        for object in objects {
            guard let value = object["error"] else { continue }
            errors += 1
            let error = try #require(value as? [String: Any], "error is not an object in \(object)")
            #expect(error["message"] is String, "\(object)")
            #expect(["sdk", "app", "network", "credsh"].contains(error["source"] as? String ?? ""), "\(object)")
            if let code = error["code"] { #expect(code is Int && (code as? Int) != 0, "\(object)") }
            #expect(Set(error.keys).isSubset(of: ["code", "message", "source"]), "\(object)")
        }
        #expect(errors > 10, "the examples acknowledge many failures; found \(errors)")
        // No record anywhere says "error": 0 or keeps an error as a plain string or number.
        for object in objects {
            for (key, value) in object where key.lowercased() == "error" { #expect(value is [String: Any], "\(object)") }
        }
    }

    @Test func jqSelectErrorFindsExactlyTheFailures() throws {
        let script = """
            sdk fiori
            user add carol passcode Abcdefg1 touchid
            login carol
            touchid fail
            changepasscode
            expect event evaluatePolicy success=false errorCase=authenticationFailed
            sdk relid
            logout
            expect error 166
            """
        let result = try Credsh.run(["--format", "json", "-"], script: script + "\n")
        expectEqual(result.status, 0, "\(result.stderr)")
        let withError = result.stdout.split(separator: "\n").filter { $0.contains(#""error""#) }
        expectEqual(withError.count, 1, "\(result.stdout)")
        expectEqual(withError.first?.hasPrefix(#"{"call":"logOff""#), true)
    }

    /// Every note of every example has one shape: its kind in `note`, its text in
    /// `message`, and a policy refusal's rule in `rule`.
    @Test func notesHaveOneShape() throws {
        let notes = try Self.allExampleRecords().filter { $0["note"] != nil }
        #expect(notes.contains { $0["note"] as? String == "simulator" })
        #expect(notes.contains { $0["note"] as? String == "policy" })
        for note in notes {
            #expect(["simulator", "policy"].contains(note["note"] as? String) && note["message"] is String, "\(note)")
            expectEqual((note["note"] as? String == "policy"), (note["rule"] is String), "\(note)")
        }
    }

    @Test func everyRecordSaysWhichStatementMadeIt() throws {
        let objects = try Self.allExampleRecords()
        for object in objects {
            #expect(object["file"] is String && object["line"] is Int, "\(object)")
        }
        let result = try Credsh.run(["--format", "json", "examples/login.credscript"])
        let first = try #require(result.stdout.split(separator: "\n").first { $0.contains(#""call":"setUser""#) })
        let source = try String(contentsOfFile: Credsh.packageRoot.appendingPathComponent("examples/login.credscript").path, encoding: .utf8)
        let loginLine = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("login ") }.map { $0 + 1 }
        #expect(first.hasSuffix(#","file":"examples/login.credscript","line":\#(loginLine ?? 0)}"#), "\(first)")
    }

    @Test func aFailedExpectationIsARecordAsWellAsADiagnostic() throws {
        let result = try Credsh.run(["--format", "json", "-"], script: "user add alice password Passw0rd!\nlogin alice Passw0rd!\nexpect event getPassword statusCode=118\n")
        expectEqual(result.status, 1)
        let last = try #require(result.stdout.split(separator: "\n").last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        expectEqual(object["expectation"] as? String, "failed")
        #expect(object["line"] as? Int == 3 && object["file"] as? String == "<stdin>")
        expectEqual(object["column"] as? Int, 26, "the caret's column: the field that failed")
        expectEqual((object["message"] as? String)?.contains("statusCode"), true)
        #expect(object["error"] == nil, "a failed expectation is not an SDK error")
        #expect(result.stderr.contains("<stdin>:3:26: expectation failed:"))
    }

    @Test func noColourInAPipeOrWithNoColor() throws {
        let piped = try Credsh.run(["examples/login.credscript"])
        #expect(!piped.stdout.contains("\u{1B}["))
        let noColor = try Credsh.run(["--no-color", "examples/login.credscript"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.stdout.contains("\u{1B}["))
    }

    @Test func seedsChangeSaltsButNotOutput() throws {
        let a = try Credsh.run(["--seed", "1", "examples/reuse-refused.credscript"])
        let b = try Credsh.run(["--seed", "2", "examples/reuse-refused.credscript"])
        #expect(a.status == 0 && a.stdout == b.stdout)
    }
}
