import Foundation
import Testing
import Expectations

/// `credsh test` over many scripts: the same bytes whatever the number of jobs, shards
/// that split a suite exactly, and a command line of 20,000 files.
@Suite struct SuiteAtScaleTests {
    /// 50 scripts: passing ones, failing expectations, syntax and runtime errors, and
    /// transcripts that match or not.
    static func suite() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        for i in 0..<50 {
            let name = String(format: "s%02d", i)
            let sub = i % 3 == 0 ? "nested/" : ""
            switch i % 6 {
            case 0: try Credsh.write("user add u\(i)\nlogin u\(i)\nexpect event getPassword challengeMode=1\n", "\(sub)\(name).credscript", in: dir)
            case 1: try Credsh.write("user add u\nlogin u\nexpect attemptsLeft \(i)\n", "\(sub)\(name).credscript", in: dir)
            case 2: try Credsh.write("lgoin u\(i)\n", "\(sub)\(name).credscript", in: dir)
            case 3: try Credsh.write("login ghost\(i)\n", "\(sub)\(name).credscript", in: dir)
            case 4:
                try Credsh.write("echo line \(i)\n", "\(sub)\(name).credscript", in: dir)
                try Credsh.write("> echo line \(i)\nline \(i)\n", "\(sub)\(name).expected", in: dir)
            default:
                try Credsh.write("echo line \(i)\n", "\(sub)\(name).credscript", in: dir)
                try Credsh.write("> echo line \(i)\nline \(i + 1)\n", "\(sub)\(name).expected", in: dir)
            }
        }
        return dir
    }

    @Test func fourJobsPrintTheSameBytesAsOne() throws {
        let dir = try Self.suite()
        let one = try Credsh.run(["test", "-j", "1", dir.path])
        let four = try Credsh.run(["test", "-j", "4", dir.path])
        let byDefault = try Credsh.run(["test", dir.path])
        #expect(one.stdout.hasSuffix("17 passed, 33 failed\n"), "\(one.stdout)")
        expectEqual(four.stdout, one.stdout)
        expectEqual(byDefault.stdout, one.stdout)
        #expect(one.status == 3 && four.status == 3)
        let json1 = try Credsh.run(["test", "-j1", "--format", "json", dir.path])
        let json4 = try Credsh.run(["test", "-j4", "--format=json", dir.path])
        #expect(json1.stdout == json4.stdout && !json1.stdout.isEmpty)
    }

    @Test func shardsPartitionTheSuiteExactly() throws {
        let dir = try Self.suite()
        let all = Self.scripts(try Credsh.run(["test", dir.path]).stdout)
        expectEqual(all.count, 50)
        for count in [1, 3, 4, 7] {
            var union: [String] = []
            var sizes: [Int] = []
            for index in 1...count {
                let shard = Self.scripts(try Credsh.run(["test", "--shard", "\(index)/\(count)", dir.path]).stdout)
                union += shard
                sizes.append(shard.count)
            }
            expectEqual(union.sorted(), all.sorted(), "every script in exactly one of \(count) shards")
            expectEqual(Set(union).count, union.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
        }
        let bad = try Credsh.run(["test", "--shard", "5/4", dir.path])
        #expect(bad.status == 2 && bad.stderr.contains("--shard takes K/N"))
    }

    /// The script names from the verdict lines.
    static func scripts(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("ok   ") || line.hasPrefix("FAIL ") else { return nil }
            return String(line.dropFirst(5).split(separator: " ").first ?? "")
        }
    }

    @Test func twentyThousandFilesWithAnOptionAreFast() throws {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("# nothing to do\n", "a.credscript", in: dir)
        let files = Array(repeating: "a.credscript", count: 20_000)
        let run = try Credsh.run(["--no-color", "--seed", "7"] + files, directory: dir, timeout: 60)
        #expect(!run.timedOut && run.status == 0, "took \(run.seconds) s")
        let test = try Credsh.run(["test", "--seed", "7", "-j", "2"] + files, directory: dir, timeout: 60)
        #expect(!test.timedOut && test.status == 0)
        expectEqual(test.stdout, "ok   a.credscript (0 expectations)\n1 passed, 0 failed\n", "the same file runs once")
    }
}
