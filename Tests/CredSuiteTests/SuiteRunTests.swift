import Testing
import Expectations
@testable import CredSuite

/// `credsh test`'s run, in this process: verdicts in the scripts' order, the closing
/// line, the exit code, the reports, the same bytes whatever the number of jobs.
@Suite struct SuiteRunTests {
    @Test func eachScriptHasAVerdictAndTheCodeIsTheMostSevere() throws {
        let folder = try SuiteFolder.classic()
        var plan = SuitePlan()
        plan.paths = [folder.path]
        let (out, err, code) = runSuite(plan)
        let lines = out.split(separator: "\n").map(String.init)
        expectEqual(lines.first, "ok   \(folder.path)/a-pass.credscript (1 expectation)")
        #expect(lines.contains("FAIL \(folder.path)/b-fail.credscript"))
        #expect(lines.contains("    \(folder.path)/b-fail.credscript:3:26: expectation failed: expected an event getPassword challengeMode=0 [CS0501]"))
        #expect(lines.contains("    \(folder.path)/c-syntax.credscript:1:1: error: unknown command 'lgoin' — did you mean 'login'? [CS0301]"))
        expectEqual(lines.last, "1 passed, 2 failed")
        #expect(err.isEmpty)
        expectEqual(code, 2, "a syntax error is more severe than a failed expectation")
    }

    @Test func theOutputIsTheSameBytesWhateverTheNumberOfJobs() throws {
        let folder = try SuiteFolder.classic()
        for index in 0..<12 { try folder.write("echo \(index)\n", "many/s\(index).credscript") }
        var plan = SuitePlan()
        plan.paths = [folder.path]
        let one = runSuite(plan)
        plan.jobs = 4
        let four = runSuite(plan)
        expectEqual(one.out, four.out)
        expectEqual(one.code, four.code)
        #expect(one.out.hasSuffix("13 passed, 2 failed\n"))
    }

    @Test func reportsAreWrittenBesideTheFormatPrinted() throws {
        let folder = try SuiteFolder.classic()
        var plan = SuitePlan()
        plan.paths = [folder.path]
        plan.format = try #require(SuiteFormats.named("tap"))
        plan.reports = SuiteReports.all.map { ($0, folder.path + "/out/\($0.option).report") }
        let (out, _, code) = runSuite(plan)
        #expect(out.hasPrefix("TAP version 13\nok 1 - \(folder.path)/a-pass.credscript\nnot ok 2 - \(folder.path)/b-fail.credscript\n"))
        #expect(out.hasSuffix("# 1 passed, 2 failed, 0 skipped\n1..3\n"))
        expectEqual(code, 2)
        let junit = try folder.read("out/junit.report")
        #expect(junit.contains("<testsuite name=\"credsh\" tests=\"3\" failures=\"1\" errors=\"1\" skipped=\"0\""))
        let html = try folder.read("out/html.report")
        #expect(html.contains("<title>credsh test: 1 passed, 2 failed</title>"))
    }

    @Test func aReportThatCannotBeWrittenIsAnIOError() throws {
        let folder = try SuiteFolder.classic()
        try folder.write("", "blocker")
        var plan = SuitePlan()
        plan.paths = [folder.path + "/a-pass.credscript"]
        plan.reports = [(JUnitReport(), folder.path + "/blocker/junit.xml")]
        let (out, err, code) = runSuite(plan)
        expectEqual(out, "ok   \(folder.path)/a-pass.credscript (1 expectation)\n1 passed, 0 failed\n")
        #expect(err.hasPrefix("credsh: cannot write \(folder.path)/blocker/junit.xml"), "\(err)")
        expectEqual(code, 4)
    }

    @Test func noScriptsAndAFilterThatPicksNothingAreSaid() throws {
        let folder = try SuiteFolder.classic()
        var plan = SuitePlan()
        plan.paths = [folder.path + "/nothing-here"]
        try folder.write("", "nothing-here/notes.txt")
        let none = runSuite(plan)
        expectEqual(none.err, "credsh: no .credscript files found in \(folder.path)/nothing-here\n")
        expectEqual(none.code, 4)
        // (A file that does not parse is reported whatever the filter: the two that do.)
        plan.paths = [folder.path + "/a-pass.credscript", folder.path + "/b-fail.credscript"]
        plan.settings.filter = "zzz"
        let filtered = runSuite(plan)
        expectEqual(filtered.out, "0 passed, 0 failed\n")
        #expect(filtered.err.hasPrefix("credsh: no test matches --filter "), "\(filtered.err)")
        #expect(filtered.err.contains("zzz"))
        expectEqual(filtered.code, 4)
    }

    @Test func aShardRunsItsShareOnly() throws {
        let folder = try SuiteFolder.classic()
        var plan = SuitePlan()
        plan.paths = [folder.path]
        plan.shard = Shard("2/2")
        let (out, _, code) = runSuite(plan)
        #expect(out.hasPrefix("FAIL \(folder.path)/b-fail.credscript\n"))
        #expect(!out.contains("a-pass") && !out.contains("c-syntax"))
        #expect(out.hasSuffix("0 passed, 1 failed\n"))
        expectEqual(code, 1)
        #expect(Shard("0/2") == nil && Shard("3/2") == nil && Shard("1/0") == nil)
    }
}
