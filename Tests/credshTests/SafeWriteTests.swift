import Foundation
import Testing
import Expectations

/// Issue 17, item 6: every file credsh writes goes through one helper that replaces regular
/// files only, through a temporary of a random name, and never follows a planted link.
/// Each test plants something at the target (a link, a FIFO, a device) in a temporary
/// folder and checks what a user would find on disk afterwards.
@Suite struct SafeWriteTests {
    static let script = "sdk relid\npolicy password minL=8\n"

    private func fileType(_ path: String) -> mode_t? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The names in the folder, to show that no temporary file was left behind.
    private func names(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func diagramOntoAPlantedSymlinkRefusesAndLeavesTheLinkAndItsTargetAlone() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.script, "s.credscript", in: dir)
        let victim = try Credsh.write("precious\n", "victim.txt", in: dir)
        let link = dir.appendingPathComponent("out.mmd")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: victim.path)
        let run = try Credsh.run(["diagram", "s.credscript", "-o", "out.mmd"], directory: dir)
        expectEqual(run.status, 4)
        expectEqual(run.stderr, "credsh: cannot write out.mmd: it is a symbolic link, which credsh does not follow; name the file it points to\n")
        expectEqual(fileType(link.path), S_IFLNK)
        try expectEqual(String(contentsOf: victim, encoding: .utf8), "precious\n")
        try expectEqual(names(dir), ["out.mmd", "s.credscript", "victim.txt"])
    }

    @Test func diagramOntoAFIFOWithNoReaderIsRefusedAtOnceAndTheFIFOStays() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.script, "s.credscript", in: dir)
        let fifo = dir.appendingPathComponent("pipe")
        expectEqual(mkfifo(fifo.path, 0o644), 0)
        let run = try Credsh.run(["diagram", "s.credscript", "-o", "pipe"], directory: dir, timeout: 30)
        #expect(!run.timedOut)
        expectEqual(run.status, 4)
        expectEqual(run.stderr, "credsh: cannot write pipe: a FIFO with no reader\n")
        expectEqual(fileType(fifo.path), S_IFIFO)
    }

    @Test func diagramOntoAFIFOWithAReaderWritesStraightToIt() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.script, "s.credscript", in: dir)
        expectEqual(mkfifo(dir.appendingPathComponent("pipe").path, 0o644), 0)
        // A reader first (cat, in the background), then credsh: the diagram arrives through the pipe.
        let run = try Credsh.shell("cat pipe > got.txt & sleep 0.3; \"$CREDSH\" diagram s.credscript -o pipe; status=$?; wait; echo $status",
                                   directory: dir)
        expectEqual(run.stdout, "0\n")
        expectEqual(fileType(dir.appendingPathComponent("pipe").path), S_IFIFO)
        #expect(try String(contentsOf: dir.appendingPathComponent("got.txt"), encoding: .utf8).hasPrefix("<?xml"), "an SVG (the format of a name without .mmd)")
    }

    @Test func diagramOntoADeviceWritesToItAndLeavesItADeviceWithItsMode() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.script, "s.credscript", in: dir)
        // A null device of our own (root can make one), so /dev/null itself is never at stake;
        // without the right to, the test uses /dev/null and checks it afterwards.
        var device = dir.appendingPathComponent("null").path
        var null = stat()
        if stat("/dev/null", &null) != 0 || mknod(device, S_IFCHR | 0o666, null.st_rdev) != 0 { device = "/dev/null" }
        var before = stat()
        expectEqual(stat(device, &before), 0)
        let run = try Credsh.run(["diagram", "s.credscript", "-o", device], directory: dir)
        expectEqual(run.status, 0)
        expectEqual(run.stderr, "")
        var after = stat()
        expectEqual(lstat(device, &after), 0)
        expectEqual(after.st_mode, before.st_mode)
        expectEqual(after.st_rdev, before.st_rdev)
        expectEqual(after.st_mode & S_IFMT, S_IFCHR)
    }

    @Test func aLinkPlantedAtTheOldPredictableTemporaryNameIsNeverFollowed() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write(Self.script, "s.credscript", in: dir)
        let victim = try Credsh.write("precious\n", "victim.txt", in: dir)
        // The name earlier versions used, planted: the new helper picks a random name.
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("out.mmd.credsh-new").path,
                                                   withDestinationPath: victim.path)
        let run = try Credsh.run(["diagram", "s.credscript", "-o", "out.mmd"], directory: dir)
        expectEqual(run.status, 0)
        try expectEqual(String(contentsOf: victim, encoding: .utf8), "precious\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("out.mmd"), encoding: .utf8).hasPrefix("sequenceDiagram"))
        try expectEqual(names(dir), ["out.mmd", "out.mmd.credsh-new", "s.credscript", "victim.txt"])
    }

    @Test func junitOntoASymlinkIsRefusedAndTheTargetKeepsItsBytesAndMode() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("sdk relid\n", "t/a.credscript", in: dir)
        let victim = try Credsh.write("precious\n", "victim.txt", in: dir)
        chmod(victim.path, 0o644)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("junit.xml").path, withDestinationPath: victim.path)
        let run = try Credsh.run(["test", "t", "--junit", "junit.xml"], directory: dir)
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("cannot write junit.xml: it is a symbolic link"))
        try expectEqual(String(contentsOf: victim, encoding: .utf8), "precious\n")
        var info = stat()
        #expect(stat(victim.path, &info) == 0 && info.st_mode & 0o777 == 0o644)
    }

    @Test func testUpdateRefusesATranscriptThatIsAFIFOInsteadOfWaiting() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("sdk relid\necho hi\n", "t/a.credscript", in: dir)
        expectEqual(mkfifo(dir.appendingPathComponent("t/a.expected").path, 0o644), 0)
        let run = try Credsh.run(["test", "--update", "t"], directory: dir, timeout: 30)
        #expect(!run.timedOut)
        expectEqual(fileType(dir.appendingPathComponent("t/a.expected").path), S_IFIFO)
        // Review: the message pointed at '-', which a transcript cannot be read from.
        #expect(run.stdout.contains("credsh: cannot read t/a.expected: not a regular file (a FIFO) [CS0601]\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("use '-'"))
    }
}
