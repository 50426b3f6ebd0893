import Foundation
import Testing
import Expectations

/// The 64 MB bounds: a script file larger than that is an I/O error (4) before anything
/// runs, in a plain run, `check` and `credsh test`; a transcript larger than that is not
/// compared and fails its script.
@Suite struct ScriptSizeTests {
    /// A 70 MB file that takes no room on disk (all zero bytes but the first line).
    private func sparseScript(in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("huge.credscript")
        try Credsh.write("echo never\n", "huge.credscript", in: directory)
        expectEqual(truncate(url.path, 70 << 20), 0)
        return url
    }

    @Test func aScriptLargerThan64MBIsAnIOError() throws {
        let directory = try Credsh.temporaryDirectory()
        let huge = try sparseScript(in: directory)
        let run = try Credsh.run([huge.path])
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("huge.credscript is larger than 64 MB"), "\(run.stderr)")
        #expect(!run.stdout.contains("never"), "nothing runs")
        let check = try Credsh.run(["check", huge.path])
        expectEqual(check.status, 4)
        #expect((check.stdout + check.stderr).contains("is larger than 64 MB"))
        let test = try Credsh.run(["test", huge.path])
        expectEqual(test.status, 4)
        #expect((test.stdout + test.stderr).contains("huge.credscript is larger than 64 MB"), "\(test.stdout)\(test.stderr)")
    }

    @Test func aTranscriptLargerThan64MBIsNotCompared() throws {
        let directory = try Credsh.temporaryDirectory()
        // 17,000 lines of 4,000 characters (and their echo): about 68 MB of transcript.
        let script = "let s = \"" + String(repeating: "x", count: 4_000) + "\"\nrepeat 17000 { echo $s }\n"
        try Credsh.write(script, "loud.credscript", in: directory)
        try Credsh.write("", "loud.expected", in: directory)
        let test = try Credsh.run(["test", "loud.credscript"], directory: directory)
        expectEqual(test.status, 1)
        #expect(test.stdout.contains("the transcript is larger than 64 MB: not compared"), "\(test.stdout.prefix(2_000))")
    }
}
