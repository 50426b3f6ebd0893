import Foundation
import Testing
import Expectations

/// `credsh test --shard K/N --timings JUNIT.xml`: shares balanced by a previous run's
/// times, each script still in exactly one share, the same shares on every job.
@Suite struct ShardTimingsTests {
    static func suite() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        for name in ["a", "b", "c", "d", "e", "f", "g", "slow"] {
            try Credsh.write("echo \(name)\n", "\(name).credscript", in: dir)
        }
        return dir
    }

    /// The scripts a shard ran, from its text report.
    static func ran(_ arguments: [String], in dir: URL) throws -> [String] {
        let run = try Credsh.run(["test"] + arguments + ["."], directory: dir)
        try #require(run.status == 0, "\(run.stdout)\(run.stderr)")
        return run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok   ") }
            .map { String($0.dropFirst(5).split(separator: " ").first ?? "") }
    }

    /// Issue 52: the timings' paths match however the folder was spelt (`./a` and `a`),
    /// several files are read (each shard's report), and a file naming none is said.
    @Test func timingsMatchPathsHoweverSpeltAndComeInSeveralFiles() throws {
        let dir = try Self.suite()
        var cases = ""
        for name in ["a", "b", "c", "d", "e", "f", "g"] { cases += "<testcase classname=\"\(name).credscript\" name=\"x\" time=\"1.000\"/>\n" }
        try Credsh.write("<testsuites><testsuite name=\"credsh\">\n\(cases)</testsuite></testsuites>\n", "shard-1.xml", in: dir)
        try Credsh.write("<testsuites><testsuite name=\"credsh\">\n<testcase classname=\".//slow.credscript\" name=\"x\" time=\"10.000\"/>\n</testsuite></testsuites>\n", "shard-2.xml", in: dir)
        let first = try Self.ran(["--shard", "1/2", "--timings", "shard-1.xml", "--timings", "shard-2.xml", "--timings", "missing.xml"], in: dir)
        expectEqual(first, ["./slow.credscript"], "the slow one alone")
        try Credsh.write("<testsuites><testsuite name=\"credsh\">\n<testcase classname=\"elsewhere/x.credscript\" name=\"x\" time=\"1\"/>\n</testsuite></testsuites>\n", "other.xml", in: dir)
        let none = try Credsh.run(["test", "--shard", "1/2", "--timings", "other.xml", "."], directory: dir)
        expectEqual(none.status, 0)
        #expect(none.stderr.contains("credsh: --timings names none of the 8 scripts found"), "\(none.stderr)")
    }

    @Test func aSlowScriptGetsAShareOfItsOwn() throws {
        let dir = try Self.suite()
        var cases = ""
        for name in ["a", "b", "c", "d", "e", "f", "g"] { cases += "<testcase classname=\"./\(name).credscript\" name=\"./\(name).credscript\" time=\"1.000\"/>\n" }
        // A file's named tests add up: 6 + 4 seconds.
        cases += "<testcase classname=\"./slow.credscript\" name=\"./slow.credscript: one\" time=\"6.000\"/>\n"
        cases += "<testcase classname=\"./slow.credscript\" name=\"./slow.credscript: two\" time=\"4.000\"/>\n"
        try Credsh.write("<testsuites><testsuite name=\"credsh\" tests=\"9\">\n\(cases)</testsuite></testsuites>\n", "timings.xml", in: dir)
        let first = try Self.ran(["--shard", "1/2", "--timings", "timings.xml"], in: dir)
        let second = try Self.ran(["--shard", "2/2", "--timings", "timings.xml"], in: dir)
        expectEqual(first, ["./slow.credscript"])
        expectEqual(second, ["./a.credscript", "./b.credscript", "./c.credscript", "./d.credscript", "./e.credscript", "./f.credscript", "./g.credscript"])
        // By position, without timings: 4 and 4, the slow one among them.
        try expectEqual(Self.ran(["--shard", "1/2"], in: dir).count, 4)
        // Stable: the same inputs give the same share.
        try expectEqual(Self.ran(["--shard", "1/2", "--timings", "timings.xml"], in: dir), first)
    }

    @Test func everyScriptRunsInExactlyOneShareWithAReportsOwnTimes() throws {
        let dir = try Self.suite()
        try Credsh.write("echo new\n", "h-new.credscript", in: dir)
        // A previous run's own JUnit file, which does not know h-new yet.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("h-new.credscript"))
        try expectEqual(Credsh.run(["test", "--junit", "previous.xml", "."], directory: dir).status, 0)
        try Credsh.write("echo new\n", "h-new.credscript", in: dir)
        for count in 1...4 {
            var seen: [String] = []
            for index in 1...count {
                seen += try Self.ran(["--shard", "\(index)/\(count)", "--timings", "previous.xml"], in: dir)
            }
            expectEqual(seen.sorted(), ["./a.credscript", "./b.credscript", "./c.credscript", "./d.credscript", "./e.credscript",
                                      "./f.credscript", "./g.credscript", "./h-new.credscript", "./slow.credscript"], "\(count) shares")
        }
    }

    @Test func timingsNeedAShardAndAMissingFileSharesByPosition() throws {
        let dir = try Self.suite()
        let alone = try Credsh.run(["test", "--timings", "none.xml", "."], directory: dir)
        #expect(alone.status == 2 && alone.stderr.contains("--timings balances shards: give --shard K/N with it"))
        try expectEqual(Self.ran(["--shard", "2/2", "--timings", "none.xml"], in: dir), (try Self.ran(["--shard", "2/2"], in: dir)))
    }
}
