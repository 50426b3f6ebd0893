import Foundation
import Testing
import Expectations

/// Output to /dev/null is not rendered: everything a user can observe of such a run (its
/// diagnostics on stderr, its exit code, what it writes to files) is what it is when the
/// output goes to a file.
@Suite struct DiscardedOutputTests {
    static let script = """
        user add alice password "Passw0rd!"
        login alice "Passw0rd!"
        expect event onUserLoggedIn
        echo done
        logout
        logout
        login alice "wrong"
        expect event getPassword statusCode=999

        """

    @Test(arguments: [[], ["--echo"], ["--format", "json"], ["--keep-going"], ["--keep-going", "--format", "json", "--echo"]])
    func aRunToDevNullSaysWhatARunToAFileSays(options: [String]) throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write(Self.script, "s.credscript", in: dir)
        let words = options.joined(separator: " ")
        let toFile = try Credsh.shell("\"$CREDSH\" \(words) \(script.path) > \(dir.path)/out.txt", directory: dir)
        let toNull = try Credsh.shell("\"$CREDSH\" \(words) \(script.path) > /dev/null", directory: dir)
        expectEqual(toNull.status, toFile.status)
        expectEqual(toNull.stderr, toFile.stderr)
        #expect(toFile.status == 1 && !toFile.stderr.isEmpty, "the run fails where a file shows it failing")
        let written = try String(contentsOf: dir.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(!written.isEmpty)
    }
}
