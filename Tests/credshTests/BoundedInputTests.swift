import Foundation
import Testing
import Expectations

/// Inputs that once hung credsh or misled it: a reader that goes away, links that loop,
/// paths that do not exist, FIFOs, a byte-order mark, a negative seed. Each run is
/// bounded by the harness, so a regression fails instead of hanging.
@Suite struct BoundedInputTests {
    @Test func aClosedPipeEndsTheRunWithoutSIGPIPE() throws {
        let result = try Credsh.shell("""
            printf 'repeat 100000 {\\n echo hello\\n}\\n' | timeout -s KILL 30 "$CREDSH" - | head -1
            echo "status ${PIPESTATUS[1]}"
            """)
        expectEqual(result.stdout, "hello\nstatus 0\n", "\(result.stderr)")
        #expect(!result.stdout.contains("141"))
        // A failure before the reader left still decides the code.
        let failed = try Credsh.shell("""
            printf 'logout\\nrepeat 100000 {\\n echo hello\\n}\\n' | timeout -s KILL 30 "$CREDSH" --keep-going - | head -1
            echo "status ${PIPESTATUS[1]}"
            """)
        #expect(failed.stdout.hasSuffix("status 1\n"))
    }

    /// The other side of a pipe: credsh refusing its arguments reads none of what is piped
    /// in; the writer gets a broken pipe, and neither side dies of it (the harness once did).
    @Test func inputNobodyReadsIsDroppedQuietly() throws {
        for _ in 0..<3 {
            let result = try Credsh.run(["--no-such-option", "-"], input: Data(count: 8 << 20))
            expectEqual(result.status, 2)
            #expect(result.stderr.contains("Unknown option '--no-such-option'"))
        }
    }

    @Test func linksToVisitedDirectoriesAreNotFollowed() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("echo a\n", "a.credscript", in: dir)
        try Credsh.write("echo b\n", "sub/b.credscript", in: dir)
        let links = [("self1", "."), ("self2", "."), ("sub/up", ".."), ("sub/again", "../sub"),
                     ("loop1", "loop2"), ("loop2", "loop1"), ("z-link.credscript", "sub/b.credscript")]
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let result = try Credsh.run(["test", dir.path, dir.path, dir.appendingPathComponent("self1").path], timeout: 30)
        #expect(!result.timedOut)
        expectEqual(result.stdout, """
            ok   \(dir.path)/a.credscript (0 expectations)
            ok   \(dir.path)/sub/b.credscript (0 expectations)
            2 passed, 0 failed

            """)
        expectEqual(result.status, 0)
    }

    @Test func aMissingPathIsAnIOError() throws {
        let result = try Credsh.run(["test", "/nonexistent/suite"])
        expectEqual(result.status, 4)
        #expect(result.stdout.contains("credsh: cannot read /nonexistent/suite: No such file or directory"))
        let empty = try Credsh.temporaryDirectory()
        let none = try Credsh.run(["test", empty.path])
        #expect(none.status == 4 && none.stderr.contains("no .credscript files found"))
    }

    @Test func aFIFOIsRefusedNotWaitedFor() throws {
        let dir = try Credsh.temporaryDirectory()
        let fifo = dir.appendingPathComponent("pipe.credscript")
        expectEqual(mkfifo(fifo.path, 0o600), 0)
        let run = try Credsh.run([fifo.path], timeout: 20)
        #expect(!run.timedOut)
        expectEqual(run.status, 4)
        #expect(run.stderr.contains("cannot read \(fifo.path): not a regular file (a FIFO)"))
        let sourced = try Credsh.run(["-"], input: Data("source \(fifo.path)\n".utf8), timeout: 20)
        #expect(!sourced.timedOut && sourced.status == 4)
        #expect(sourced.stderr.contains("not a regular file (a FIFO)"))
        let tested = try Credsh.run(["test", dir.path], timeout: 20)
        #expect(!tested.timedOut && tested.status == 4)
        let device = try Credsh.run(["/dev/zero"], timeout: 20)
        #expect(!device.timedOut && device.status == 4 && device.stderr.contains("a character device"))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let dir = try Credsh.temporaryDirectory()
        let file = dir.appendingPathComponent("bom.credscript")
        try (Data([0xEF, 0xBB, 0xBF]) + Data("echo ok\nlgoin\n".utf8)).write(to: file)
        let result = try Credsh.run(["check", file.path])
        #expect(result.stderr.contains("\(file.path):2:1: error: unknown command 'lgoin'"), "the first line is a command")
        #expect(!result.stderr.contains("bom.credscript:1:"))
        try (Data([0xEF, 0xBB, 0xBF]) + Data("echo ok\n".utf8)).write(to: file)
        try expectEqual(Credsh.run([file.path]).stdout, "ok\n")
        try expectEqual(Credsh.run(["-"], input: Data([0xEF, 0xBB, 0xBF]) + Data("echo ok\n".utf8)).stdout, "ok\n")
        try expectEqual(Credsh.run(["test", file.path]).status, 0)
    }

    @Test func optionValuesSayWhatTheyTake() throws {
        let seed = try Credsh.run(["--seed", "-1", "examples/login.credscript"])
        expectEqual(seed.status, 2)
        #expect(seed.stderr.contains("--seed takes a whole number from 0 to 18446744073709551615, not '-1'"))
        #expect(!seed.stderr.contains("Missing value"))
        let testSeed = try Credsh.run(["test", "--seed", "-1", "examples"])
        #expect(testSeed.status == 2 && testSeed.stderr.contains("not '-1'"))
        let jobs = try Credsh.run(["test", "-j", "0", "examples"])
        #expect(jobs.status == 2 && jobs.stderr.contains("1 or more"))
        let missing = try Credsh.run(["test", "--junit"])
        #expect(missing.status == 2 && missing.stderr.contains("Missing value for '--junit <file>'"))
        // `--` ends the options: a file may be named like one.
        let dashed = try Credsh.run(["--", "-weird.credscript"])
        #expect(dashed.status == 4 && dashed.stderr.contains("cannot read -weird.credscript"))
    }
}
