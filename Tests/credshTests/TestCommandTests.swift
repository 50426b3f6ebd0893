import Foundation
import Testing
import Expectations
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `credsh test`: verdicts with every failure, the closing count line, exit codes,
/// `--keep-going`, `--format json`, JUnit XML.
@Suite struct TestCommandTests {
    static func folder() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript", in: dir)
        try Credsh.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=0\nexpect attemptsLeft 9\nlogout\nexpect attemptsLeft 8\n",
                         "b-fail.credscript", in: dir)
        try Credsh.write("logout\n", "more/c-unexpected-error.credscript", in: dir)
        try Credsh.write("lgoin\nstate extra\n", "more/d-syntax.credscript", in: dir)
        try Credsh.write("login ghost\n", "more/e-runtime.credscript", in: dir)
        try Credsh.write("not a script", "notes.txt", in: dir)
        return dir
    }

    @Test func everyFailureOfAFileIsReportedWithItsPosition() throws {
        let dir = try Self.folder()
        let result = try Credsh.run(["test", dir.path])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "ok   \(dir.path)/a-pass.credscript (1 expectation)")
        #expect(lines.contains("FAIL \(dir.path)/b-fail.credscript"))
        #expect(lines.contains("    \(dir.path)/b-fail.credscript:3:26: expectation failed: expected an event getPassword challengeMode=0 [CS0501]"))
        // Every failed expectation is reported and the script goes on, as in a test
        // framework; a failed command (logout with nobody logged in) stops it…
        #expect(lines.contains("    \(dir.path)/b-fail.credscript:4:1: expectation failed: expected 9 attempts left, but the pending challenge (mode 1) has 3 [CS0501]"))
        #expect(result.stdout.contains("b-fail.credscript:5:1: expectation failed: logout failed: User is not logged in"))
        #expect(!result.stdout.contains("b-fail.credscript:6:"))
        // …but every syntax error is found before anything runs, and each is reported.
        #expect(lines.contains("    \(dir.path)/more/d-syntax.credscript:1:1: error: unknown command 'lgoin' — did you mean 'login'? [CS0301]"))
        #expect(lines.contains("    \(dir.path)/more/d-syntax.credscript:2:7: error: too many arguments for state (usage: state) [CS0302]"))
        #expect(lines.contains("FAIL \(dir.path)/more/c-unexpected-error.credscript"))
        expectEqual(lines.last, "1 passed, 4 failed")
        expectEqual(result.status, 3, "the most severe code: a runtime error")

        let going = try Credsh.run(["test", "--keep-going", dir.appendingPathComponent("b-fail.credscript").path])
        #expect(going.stdout.contains("b-fail.credscript:3:26: expectation failed"))
        #expect(going.stdout.contains("b-fail.credscript:4:1: expectation failed: expected 9 attempts left"))
        #expect(going.stdout.contains("b-fail.credscript:6:1: expectation failed"), "past the failed command too")
        expectEqual(going.status, 1)

        let green = try Credsh.run(["test", dir.appendingPathComponent("a-pass.credscript").path])
        #expect(green.status == 0 && green.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func exitCodesFollowTheMostSevereScript() throws {
        let dir = try Self.folder()
        func code(_ names: String...) throws -> Int32 {
            try Credsh.run(["test"] + names.map { dir.appendingPathComponent($0).path }).status
        }
        try expectEqual(code("a-pass.credscript"), 0)
        try expectEqual(code("a-pass.credscript", "b-fail.credscript"), 1)
        try expectEqual(code("more/d-syntax.credscript"), 2)
        try expectEqual(code("b-fail.credscript", "more/d-syntax.credscript"), 2)
        try expectEqual(code("more/e-runtime.credscript", "more/d-syntax.credscript"), 3)
        try expectEqual(code("more/e-runtime.credscript", "nope.credscript"), 4)
    }

    @Test func jsonGivesOneObjectPerScriptAndTheTotals() throws {
        let dir = try Self.folder()
        let result = try Credsh.run(["test", "--format", "json", dir.path])
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        expectEqual(objects.count, 6)
        let syntax = try #require(objects.first { ($0["script"] as? String)?.hasSuffix("d-syntax.credscript") == true })
        expectEqual(syntax["passed"] as? Bool, false)
        expectEqual(syntax["exitCode"] as? Int, 2)
        let failures = try #require(syntax["failures"] as? [[String: Any]])
        expectEqual(failures.count, 2)
        #expect(failures[1]["line"] as? Int == 2 && failures[1]["column"] as? Int == 7 && failures[1]["kind"] as? String == "syntax")
        let totals = try #require(objects.last)
        #expect(totals["passed"] as? Int == 1 && totals["failed"] as? Int == 4 && totals["exitCode"] as? Int == 3)
        expectEqual(result.status, 3)
    }

    @Test func junitHasTheRightCountsTimesAndElements() throws {
        let dir = try Self.folder()
        try Credsh.write("echo hi\n", "f-transcript.credscript", in: dir)
        try Credsh.write("> echo hi\nho\n", "f-transcript.expected", in: dir)
        let report = dir.appendingPathComponent("report.xml")
        let result = try Credsh.run(["test", "--keep-going", "--junit", report.path, dir.path])
        expectEqual(result.status, 3)
        let document = try XMLDocument(contentsOf: report)
        let suites = try #require(document.rootElement())
        expectEqual(suites.name, "testsuites")
        let suite = try #require(try document.nodes(forXPath: "//testsuite").first as? XMLElement)
        for element in [suites, suite] {
            expectEqual(element.attribute(forName: "tests")?.stringValue, "6")
            expectEqual(element.attribute(forName: "failures")?.stringValue, "3", "b-fail, c-unexpected-error, f-transcript")
            expectEqual(element.attribute(forName: "errors")?.stringValue, "2", "d-syntax, e-runtime")
            #expect(Double(element.attribute(forName: "time")?.stringValue ?? "") != nil)
        }
        // Jenkins' junit-4 schema knows no skipped count on the root; the suite has one.
        expectEqual(suite.attribute(forName: "skipped")?.stringValue, "0")
        expectEqual(suites.attribute(forName: "skipped"), nil)
        let rootTime = try #require(Double(suites.attribute(forName: "time")?.stringValue ?? ""))
        #expect(rootTime >= Double(suite.attribute(forName: "time")?.stringValue ?? "") ?? .infinity)
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        expectEqual(cases.count, 6)
        for testcase in cases {
            let time = try #require(Double(testcase.attribute(forName: "time")?.stringValue ?? ""))
            #expect(time >= 0 && time < 60)
            // The class is the script: its path, as the test's name has it; no file attribute.
            let name = try #require(testcase.attribute(forName: "name")?.stringValue)
            expectEqual(testcase.attribute(forName: "classname")?.stringValue, name)
            #expect(name.hasPrefix(dir.path + "/"))
            expectEqual(testcase.attribute(forName: "file"), nil)
        }
        func elements(_ script: String, _ kind: String) throws -> [XMLElement] {
            try document.nodes(forXPath: "//testcase[contains(@name, '\(script)')]/\(kind)").compactMap { $0 as? XMLElement }
        }
        // At most one outcome per testcase, as JUnit readers expect: its message is the first
        // failure and the count of the rest, its text every failure (--keep-going reports all
        // four of b-fail) with the source line and caret.
        let bFail = try elements("b-fail", "failure")
        let bErrors = try elements("b-fail", "error")
        #expect(bFail.count == 1 && bErrors.isEmpty)
        expectEqual(bFail.first?.attribute(forName: "message")?.stringValue?.hasSuffix(
            "b-fail.credscript:3:26: expectation failed: expected an event getPassword challengeMode=0 [CS0501] (and 3 more)"), true)
        expectEqual(bFail.first?.attribute(forName: "type")?.stringValue, "expectation")
        for position in ["3:26", "4:1", "5:1", "6:1"] {
            expectEqual(bFail.first?.stringValue?.contains("b-fail.credscript:\(position): expectation failed"), true, "\(position)")
        }
        expectEqual(bFail.first?.stringValue?.contains("3 | expect event getPassword challengeMode=0\n  |                          ^"), true)
        let syntax = try elements("d-syntax", "error")
        #expect(syntax.count == 1 && syntax.first?.attribute(forName: "type")?.stringValue == "syntax")
        expectEqual(syntax.first?.attribute(forName: "message")?.stringValue?.hasSuffix("(and 1 more)"), true)
        try expectEqual(elements("e-runtime", "error").count, 1)
        #expect(try elements("a-pass", "failure").isEmpty && elements("a-pass", "error").isEmpty)
        let transcript = try #require(try elements("f-transcript", "failure").first)
        expectEqual(transcript.stringValue?.contains("-ho\n+hi"), true)
    }
}
