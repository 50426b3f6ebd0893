import Foundation
import Testing
import Expectations

/// Issue 52, item 5: `credsh serve --control --token-file FILE` writes the control token
/// for a script or CI job to wait for (docs/serving.md): mode 0600, whole, through a fresh
/// temporary (never through a link planted at FILE), removed when the server stops.
@Suite struct TokenFileTests {
    @Test func theTokenFileIsPrivateWholeAndGoneAfterTheServer() throws {
        let dir = try Credsh.temporaryDirectory()
        let path = dir.appendingPathComponent("ci/token").path
        try FileManager.default.createDirectory(atPath: dir.appendingPathComponent("ci").path, withIntermediateDirectories: true)
        let served = try ServedCredsh(["--control", "--token-file", path])
        let token = try #require(served.token)
        var written = ""
        for _ in 0..<100 {
            written = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            if !written.isEmpty { break }
            usleep(50_000)
        }
        expectEqual(written, token + "\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        expectEqual(mode, 0o600)
        // The token read from the file opens the control API.
        let state = try served.curl("GET", "/__credsh/state", extra: ["-H", "Authorization: Bearer \(written.dropLast())"])
        expectEqual(state.status, 200)
        let stopped = try served.stop(signal: SIGTERM)
        expectEqual(stopped.status, 0, "\(stopped.output)")
        #expect(!FileManager.default.fileExists(atPath: path), "a dead token is not left for the next job")
    }

    @Test func aLinkPlantedAtTheTokenFileIsRefusedAndUsageIsChecked() throws {
        let dir = try Credsh.temporaryDirectory()
        let target = try Credsh.write("not yours\n", "target", in: dir)
        let link = dir.appendingPathComponent("token").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        let run = try Credsh.run(["serve", "--port", "0", "--control", "--token-file", link], timeout: 60)
        expectEqual(run.status, 4, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("--token-file: cannot write \(link): it is a symbolic link"), "\(run.stderr)")
        try expectEqual(String(contentsOf: target, encoding: .utf8), "not yours\n")
        let noControl = try Credsh.run(["serve", "--token-file", "t"])
        #expect(noControl.status == 2 && noControl.stderr.hasPrefix("Error: --token-file writes the control API's token: give it with --control"), "\(noControl.stderr)")
        let stream = try Credsh.run(["serve", "--control", "--token-file", "-"])
        #expect(stream.status == 2 && stream.stderr.hasPrefix("Error: --token-file takes a file name"), "\(stream.stderr)")
    }
}
