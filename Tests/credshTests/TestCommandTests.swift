import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `credsh test`: verdicts, the closing count line, exit codes, JUnit XML.
@Suite struct TestCommandTests {
    static func folder() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        let nested = dir.appendingPathComponent("more")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        try "user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n"
            .write(to: dir.appendingPathComponent("a-pass.credscript"), atomically: true, encoding: .utf8)
        try "user add alice\nlogin alice\nexpect event getPassword challengeMode=0\nexpect attemptsLeft 9\n"
            .write(to: dir.appendingPathComponent("b-fail.credscript"), atomically: true, encoding: .utf8)
        try "logout\n".write(to: nested.appendingPathComponent("c-unexpected-error.credscript"), atomically: true, encoding: .utf8)
        try "lgoin\n".write(to: nested.appendingPathComponent("d-syntax.credscript"), atomically: true, encoding: .utf8)
        try "not a script".write(to: dir.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test func countsPassesAndFailuresOverADirectory() throws {
        let dir = try Self.folder()
        let result = try Credsh.run(["test", dir.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok   \(dir.path)/a-pass.credscript (1 expectation)")
        #expect(lines.contains("FAIL \(dir.path)/b-fail.credscript"))
        #expect(lines.contains("    \(dir.path)/b-fail.credscript:3:1: expectation failed: expected an event getPassword challengeMode=0"))
        #expect(lines.contains("    (and 1 more)"))
        #expect(lines.contains("FAIL \(dir.path)/more/c-unexpected-error.credscript"))
        #expect(lines.contains("FAIL \(dir.path)/more/d-syntax.credscript"))
        #expect(lines.last == "1 passed, 3 failed")
        let green = try Credsh.run(["test", dir.appendingPathComponent("a-pass.credscript").path])
        #expect(green.status == 0 && green.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test func junitIsValidXMLWithTheRightCounts() throws {
        let dir = try Self.folder()
        let report = dir.appendingPathComponent("report.xml")
        _ = try Credsh.run(["test", "--junit", report.path, dir.path])
        let document = try XMLDocument(contentsOf: report)
        let suites = try #require(document.rootElement())
        #expect(suites.name == "testsuites")
        #expect(suites.attribute(forName: "tests")?.stringValue == "4")
        #expect(suites.attribute(forName: "failures")?.stringValue == "3")
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 4)
        let failures = try document.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == 3)
        let first = try #require(failures.first as? XMLElement)
        #expect(first.attribute(forName: "message")?.stringValue?.contains("expectation failed") == true)
    }
}
