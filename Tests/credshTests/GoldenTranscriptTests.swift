import CredSimulator
import Foundation
import Testing
import Expectations

/// Golden transcripts: X.expected beside X.credscript is compared with the `--echo`
/// transcript, a mismatch shows a unified diff, and `--update` rewrites the file.
@Suite struct GoldenTranscriptTests {
    @Test func aMismatchShowsADiffAndUpdateFixesIt() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("echo one\necho two\necho three\n", "flow.credscript", in: dir)
        try Credsh.write("> echo one\none\n> echo two\nTWO\n> echo three\nthree\n", "flow.expected", in: dir)
        try Credsh.write("echo same\n", "same.credscript", in: dir)
        let same = try Credsh.write("> echo same\nsame\n", "same.expected", in: dir)
        let before = try FileManager.default.attributesOfItem(atPath: same.path)[.modificationDate] as? Date

        let failing = try Credsh.run(["test", dir.path])
        expectEqual(failing.status, 1)
        #expect(failing.stdout.contains("""
                FAIL \(dir.path)/flow.credscript
                    the transcript differs from its .expected file:
                    --- \(dir.path)/flow.expected
                    +++ \(dir.path)/flow.credscript (this run)
                    @@ -1,6 +1,6 @@
                     > echo one
                     one
                     > echo two
                    -TWO
                    +two
                     > echo three
                     three

                """), "\(failing.stdout)")
        #expect(failing.stdout.contains("ok   \(dir.path)/same.credscript (0 expectations, transcript)"))

        let update = try Credsh.run(["test", "--update", dir.path])
        expectEqual(update.status, 0)
        #expect(update.stdout.contains("ok   \(dir.path)/flow.credscript (0 expectations, transcript updated)"))
        #expect(update.stdout.contains("ok   \(dir.path)/same.credscript (0 expectations, transcript)\n"))
        let updated = try String(contentsOf: dir.appendingPathComponent("flow.expected"), encoding: .utf8)
        expectEqual(updated, "> echo one\none\n> echo two\ntwo\n> echo three\nthree\n")
        let after = try FileManager.default.attributesOfItem(atPath: same.path)[.modificationDate] as? Date
        expectEqual(before, after, "a transcript that matched is not rewritten")

        let green = try Credsh.run(["test", dir.path])
        #expect(green.status == 0 && green.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    /// `--update` writes what a passing script does, never a failing run: a script that
    /// fails for another reason keeps its X.expected (the report says why, and the code
    /// stays the failure's); a script with no X.expected gets one.
    @Test func updateNeverBakesInAFailureAndCreatesMissingTranscripts() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("echo one\nexpect output \"two\"\n", "failing.credscript", in: dir)
        let stale = try Credsh.write("> echo one\nONE\n", "failing.expected", in: dir)
        try Credsh.write("echo new\n", "fresh.credscript", in: dir)
        try Credsh.write("login nobody\n", "broken.credscript", in: dir)

        let update = try Credsh.run(["test", "--update", dir.path])
        expectEqual(update.status, 3, "the most severe failure: broken's runtime error")
        #expect(update.stdout.contains("""
            FAIL \(dir.path)/failing.credscript
                \(dir.path)/failing.credscript:2:1: expectation failed: expected a line of output "two"
            """))
        #expect(update.stdout.contains("    transcript not updated: \(dir.path)/failing.expected (the script failed; a failing run's transcript is not what to expect)\n"))
        try expectEqual(String(contentsOf: stale, encoding: .utf8), "> echo one\nONE\n", "a failing run is not baked in")
        #expect(update.stdout.contains("ok   \(dir.path)/fresh.credscript (0 expectations, transcript created)\n"))
        try expectEqual(String(contentsOf: dir.appendingPathComponent("fresh.expected"), encoding: .utf8), "> echo new\nnew\n")
        #expect(update.stdout.contains("    transcript not updated: \(dir.path)/broken.expected"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("broken.expected").path))

        let alone = try Credsh.run(["test", "--update", "--format", "json", dir.appendingPathComponent("failing.credscript").path])
        expectEqual(alone.status, 1, "an expectation failed: 1, --update or not")
        #expect(alone.stdout.contains("\"transcript\":\"notUpdated\""))

        let again = try Credsh.run(["test", dir.appendingPathComponent("fresh.credscript").path])
        #expect(again.status == 0 && again.stdout.contains("(0 expectations, transcript)"), "the created transcript is checked from now on")
    }

    /// The diff is a real unified diff: `patch` turns the .expected file into the
    /// transcript with it, for transcripts changed at random (seeded, so a failing round
    /// is the same round on every run). A round whose changes cancel out must match.
    @Test func theDiffAppliesWithPatch() throws {
        let dir = try Credsh.temporaryDirectory()
        var generator = SeededGenerator(seed: 0x601D)
        let words = ["alpha", "beta", "gamma", "delta", "epsilon"]
        for round in 0..<12 {
            let lines = (0..<Int.random(in: 0...40, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            let script = lines.map { "echo \($0)\n" }.joined()
            let actual = lines.map { "> echo \($0)\n\($0)\n" }.joined()
            var expected = actual.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !expected.isEmpty: expected.remove(at: Int.random(in: 0..<expected.count, using: &generator))
                case 1: expected.insert(words.randomElement(using: &generator)!, at: Int.random(in: 0...expected.count, using: &generator))
                default: if !expected.isEmpty { expected[Int.random(in: 0..<expected.count, using: &generator)] = "changed" }
                }
            }
            let expectedText = expected.map { $0 + "\n" }.joined() + (round % 4 == 3 ? "no newline" : "")
            try Credsh.write(script, "r\(round).credscript", in: dir)
            let file = try Credsh.write(expectedText, "r\(round).expected", in: dir)
            let result = try Credsh.run(["test", "--format", "json", file.deletingPathExtension().path + ".credscript"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.split(separator: "\n")[0].utf8)) as? [String: Any])
            guard expectedText != actual else {
                #expect(object["transcript"] as? String == "matches" && result.status == 0, "round \(round): \(result.stdout)")
                continue
            }
            #expect(object["transcript"] as? String == "differs" && result.status == 1, "round \(round)")
            let diff = try #require(object["diff"] as? String)
            try diff.write(to: dir.appendingPathComponent("r\(round).diff"), atomically: true, encoding: .utf8)
            let patched = try Credsh.shell("patch -s -o - r\(round).expected < r\(round).diff", directory: dir)
            expectEqual(patched.status, 0, "\(patched.stderr)\n\(diff)")
            expectEqual(patched.stdout, actual, "round \(round):\n\(diff)")
        }
    }

    @Test func theExamplesTranscriptsAreCheckedByCredshTest() throws {
        let result = try Credsh.run(["test", "examples"])
        // A file with named tests has a line per test, each judged by its section.
        let checked = Set(result.stdout.split(separator: "\n").filter { $0.hasSuffix(", transcript)") }
            .compactMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .map { $0.hasSuffix(":") ? String($0.dropLast()) : String($0) })
        expectEqual(checked.count, TranscriptTests.examples.count)
    }
}
