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

    /// Review: the token was written over any file at its path, a scenario given included,
    /// and the file removed when the server stopped.
    @Test func aFileAlreadyThereAScriptOrAFileGivenIsNeverTakenOver() throws {
        let dir = try Credsh.temporaryDirectory()
        let notes = try Credsh.write("important\n", "notes.txt", in: dir)
        let setup = try Credsh.write("user add bob password \"Passw0rd!\"\n", "setup.credscript", in: dir)
        let data = try Credsh.write("x\n", "setup.data", in: dir)
        for (arguments, message) in [
            (["--token-file", notes.path], "Error: --token-file '\(notes.path)' exists; the server writes the file anew"),
            (["--token-file", setup.path, setup.path], "Error: --token-file would write the control token over '\(setup.path)', a script or a file given"),
            (["--token-file", dir.appendingPathComponent("new.credscript").path], "Error: --token-file would write the control token over"),
            (["--coverage", setup.path, setup.path], "Error: --coverage would write the coverage over '\(setup.path)'"),
            (["--coverage", data.path, data.path], "Error: --coverage would write the coverage over '\(data.path)', a script or a file given"),
        ] {
            let run = try Credsh.run(["serve", "--port", "0", "--control"] + arguments, timeout: 60)
            expectEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
        }
        try expectEqual(String(contentsOf: notes, encoding: .utf8), "important\n")
        try expectEqual(String(contentsOf: setup, encoding: .utf8), "user add bob password \"Passw0rd!\"\n")
        try expectEqual(String(contentsOf: data, encoding: .utf8), "x\n")
        // A setup that fails writes no token file: a script waiting for it is not let through.
        let token = dir.appendingPathComponent("token").path
        let failing = try Credsh.write("lgoin bob\n", "failing.credscript", in: dir)
        let run = try Credsh.run(["serve", "--port", "0", "--control", "--token-file", token, failing.path], timeout: 60)
        expectEqual(run.status, 2, "\(run.stdout)\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: token))
    }

    /// Review: `coverage merge` wrote its sum or page over a script or over a file it added up.
    @Test func coverageMergeWritesOverNoInput() throws {
        let dir = try Credsh.temporaryDirectory()
        let input = try Credsh.write(#"{"credshCoverage":1,"runs":1,"items":[]}"# + "\n", "in.json", in: dir)
        let before = try String(contentsOf: input, encoding: .utf8)
        for arguments in [["-o", "s.credscript"], ["--html", input.path], ["-o", input.path], ["-o", "sum.json", "--html", "sum.json"]] {
            let run = try Credsh.run(["coverage", "merge", input.path] + arguments, directory: dir)
            expectEqual(run.status, 2, "\(arguments): \(run.stdout)\(run.stderr)")
            #expect(run.stderr.hasPrefix("Error: "), "\(run.stderr)")
        }
        try expectEqual(String(contentsOf: input, encoding: .utf8), before)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("s.credscript").path))
    }
}
