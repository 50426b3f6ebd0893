import Foundation
import Testing
import Expectations

/// Report files a pipeline can use (docs/scripts.md, "Files credsh writes"): `--junit`, `--html`
/// and `diagram -o` make the folders they need, a new file is as readable as the umask
/// allows, and `-`, `/dev/stdout` and `/dev/stderr` are credsh's own streams; a link
/// planted at a real path is still refused.
@Suite struct ReportFileTests {
    static let green = "user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n"

    /// credsh under a given umask, through sh (the harness gives no other way to set it).
    static func run(umask: String, _ arguments: [String], in directory: URL) throws -> Credsh.Result {
        let quoted = ([Credsh.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try Credsh.run(["-c", "umask \(umask) && exec \(quoted.joined(separator: " "))"],
                              directory: directory, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    @Test func missingFoldersAreMadeAndTheUmaskIsHonoured() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write(Self.green, "a.credscript", in: dir)
        let run = try Self.run(umask: "022", ["test", "--junit", "out/junit/report.xml", "--html", "out/html/report.html", script.path], in: dir)
        expectEqual(run.status, 0, "\(run.stderr)")
        let junit = dir.appendingPathComponent("out/junit/report.xml"), html = dir.appendingPathComponent("out/html/report.html")
        #expect(try String(contentsOf: junit, encoding: .utf8).contains("<testsuites"))
        #expect(try String(contentsOf: html, encoding: .utf8).contains("<html"))
        #expect(try Self.mode(junit) == 0o644 && Self.mode(html) == 0o644, "readable by a CI step running as another user")
        try expectEqual(Self.mode(dir.appendingPathComponent("out/junit")), 0o755)
        let diagram = try Self.run(umask: "022", ["diagram", "-o", "pictures/new/a.svg", script.path], in: dir)
        expectEqual(diagram.status, 0, "\(diagram.stderr)")
        let svg = dir.appendingPathComponent("pictures/new/a.svg")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg xmlns"))
        try expectEqual(Self.mode(svg), 0o644)

        // A tighter umask gives a tighter file; an existing file keeps its mode.
        let tight = try Self.run(umask: "077", ["test", "--junit", "private/report.xml", "--html", "out/html/report.html", script.path], in: dir)
        expectEqual(tight.status, 0)
        try expectEqual(Self.mode(dir.appendingPathComponent("private/report.xml")), 0o600)
        try expectEqual(Self.mode(dir.appendingPathComponent("private")), 0o700)
        try expectEqual(Self.mode(html), 0o644)
    }

    @Test func aFolderThatCannotBeMadeIsAnIOErrorNamingIt() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write(Self.green, "a.credscript", in: dir)
        let run = try Credsh.run(["test", "--junit", script.path + "/out/report.xml", script.path])
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("cannot write \(script.path)/out/report.xml: cannot make the folder \(script.path)"), "\(run.stderr)")
    }

    @Test func theProcessesOwnStreamsAreNotPlantedLinks() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write(Self.green, "a.credscript", in: dir)
        for path in ["-", "/dev/stdout"] {
            let run = try Credsh.run(["test", "--junit", path, script.path])
            expectEqual(run.status, 0, "\(path): \(run.stderr)")
            // Issue 52: the report alone on stdout, for a pipe; the verdicts on stderr.
            #expect(run.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "), "\(path): \(run.stdout)")
            #expect(run.stdout.hasSuffix("</testsuites>\n"), "\(path): \(run.stdout)")
            #expect(run.stderr.hasPrefix("ok   \(script.path)") && run.stderr.hasSuffix("1 passed, 0 failed\n"), "\(path): \(run.stderr)")
        }
        let toErr = try Credsh.run(["test", "--html", "/dev/stderr", script.path])
        #expect(toErr.status == 0 && toErr.stderr.contains("<html") && !toErr.stdout.contains("<html"))
        for path in ["-", "/dev/stdout"] {
            let run = try Credsh.run(["diagram", "-o", path, script.path])
            expectEqual(run.status, 0, "\(path): \(run.stderr)")
            #expect(run.stdout.hasPrefix("<?xml") && run.stdout.contains("<svg xmlns"), "\(path): a pipe gets SVG")
            let mermaid = try Credsh.run(["diagram", "--format", "mermaid", "-o", path, script.path])
            #expect(mermaid.stdout.hasPrefix("sequenceDiagram"), "\(path): \(mermaid.stdout.prefix(80))")
        }
    }

    @Test func aLinkPlantedAtAReportsPathIsStillRefused() throws {
        let dir = try Credsh.temporaryDirectory()
        let script = try Credsh.write(Self.green, "a.credscript", in: dir)
        let victim = try Credsh.write("keep me\n", "victim.txt", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out/junit.xml").path, withDestinationPath: victim.path)
        let run = try Credsh.run(["test", "--junit", "out/junit.xml", script.path], directory: dir)
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("it is a symbolic link"))
        try expectEqual(String(contentsOf: victim, encoding: .utf8), "keep me\n")
    }
}
