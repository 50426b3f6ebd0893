import Foundation
import Testing
import Expectations

/// Every example runs, twice, and prints exactly its checked-in transcript.
@Suite struct TranscriptTests {
    static let examples: [String] = {
        let folder = Credsh.packageRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // And a folder's, one level down (examples/lessons/), as `credsh test examples` finds them.
        let nested = names.sorted().flatMap { name -> [String] in
            let inner = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) ?? []
            return inner.filter { $0.hasSuffix(".credscript") }.sorted().map { name + "/" + $0 }
        }
        return names.filter { $0.hasSuffix(".credscript") }.sorted() + nested
    }()

    @Test func thereAreExamples() { #expect(Self.examples.count >= 12) }

    @Test(arguments: examples)
    func exampleMatchesItsTranscript(name: String) throws {
        let script = "examples/" + name
        let expectedURL = Credsh.packageRoot.appendingPathComponent("examples/" + name.replacingOccurrences(of: ".credscript", with: ".expected"))
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        let first = try Credsh.run(["--echo", script])
        let second = try Credsh.run(["--echo", script])
        expectEqual(first.status, 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        expectEqual(first.stdout, expected, "regenerate with: credsh --echo \(script) > \(expectedURL.lastPathComponent)")
        expectEqual(second.stdout, first.stdout, "the same script must print the same bytes")
    }

    @Test func testCommandOverTheExamplesIsGreen() throws {
        let result = try Credsh.run(["test", "examples"])
        expectEqual(result.status, 0, "\(result.stdout)")
        // One verdict per file, or per named test of a file that has them (one skipped).
        let verdicts = try Self.examples.reduce(0) { total, name in
            let url = Credsh.packageRoot.appendingPathComponent("examples/\(name)")
            let tests = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("test \"") }.count
            return total + max(tests, 1)
        }
        #expect(result.stdout.hasSuffix("\(verdicts - 1) passed, 0 failed, 1 skipped\n"))
    }
}
