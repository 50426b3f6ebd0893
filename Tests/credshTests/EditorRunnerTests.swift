import Foundation
import Testing
import Expectations

/// `Tests/editor/run.sh`, as a developer first types it: an option it does not know or a
/// binary not built yet is said at once, before the venv is made (a minute of pip) and
/// before pytest starts the missing binary in every test.
@Suite struct EditorRunnerTests {
    static func runner(_ arguments: String) throws -> Credsh.Result {
        let script = Credsh.packageRoot.appendingPathComponent("Tests/editor/run.sh").path
        return try Credsh.shell("\"\(script)\" \(arguments)", timeout: 20)
    }

    @Test func anOptionItDoesNotKnowIsAUsageError() throws {
        for option in ["--help", "--prepar", "-p"] {
            let result = try Self.runner(option)
            #expect(!result.timedOut, "\(option)")
            expectEqual(result.status, 2, "\(option): \(result.stdout)\(result.stderr)")
            expectEqual(result.stderr, "usage: Tests/editor/run.sh [CREDSH] | --prepare (not '\(option)')\n")
            #expect(result.stdout.isEmpty, "\(option): \(result.stdout)")
        }
    }

    @Test func aBinaryThatIsNotThereIsSaidAtOnce() throws {
        let dir = try Credsh.temporaryDirectory()
        for path in [dir.appendingPathComponent("credsh").path, dir.path] {
            let result = try Self.runner("'\(path)'")
            #expect(!result.timedOut)
            expectEqual(result.status, 2, "\(result.stdout)\(result.stderr)")
            expectEqual(result.stderr, "Tests/editor/run.sh: no credsh binary at \(path) (build it first: swift build)\n")
            #expect(result.stdout.isEmpty)
        }
    }
}
