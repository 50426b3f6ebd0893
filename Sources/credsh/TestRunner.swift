#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe

/// `credsh test`: its arguments read into a plan (SuitePlan), run by the suite library
/// (SuiteRun) with each script in a worker process (WorkerProcesses), so that a run
/// that dies is that script's error and every other script is still run and reported.
enum TestRunner {
    static func plan(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) -> SuitePlan {
        var plan = SuitePlan()
        plan.paths = parsed.positionals
        plan.jobs = cores
        if let text = parsed.value(TestOptions.jobs) {
            guard let jobs = Int(text), jobs >= 1 else {
                throw UsageError("--jobs (-j) takes how many scripts to run at once, 1 or more, not '\(text)'", syntax)
            }
            plan.jobs = min(jobs, 1024)
        }
        if let text = parsed.value(TestOptions.shard) {
            guard let shard = Shard(text) else {
                throw UsageError("--shard takes K/N, the K-th of N shares with 1 ≤ K ≤ N (such as 2/4), not '\(text)'", syntax)
            }
            plan.shard = shard
        }
        let timingFiles = parsed.values(TestOptions.timings)
        if !timingFiles.isEmpty {
            guard plan.shard != nil else { throw UsageError("--timings balances shards: give --shard K/N with it", syntax) }
            // A CI job's first run has no previous report: the shares are then by position.
            var read: [[String: Double]] = []
            for path in timingFiles where FileSystem.exists(path) {
                do { read.append(ShardTimings.read(try FileSystem.read(path))) } catch {
                    throw UsageError("--timings: \(error.message)", syntax)
                }
            }
            if !read.isEmpty { plan.timings = ShardTimings.merged(read) }
        }
        var settings = ScriptTest.Settings(seed: try parsed.seed(syntax), keepGoing: parsed.has(TestOptions.keepGoing), update: parsed.has(TestOptions.update),
                                           maxSteps: try parsed.maxSteps(syntax), coverage: parsed.has(TestOptions.coverage))
        settings.outside = try OutsideVariables(parsed, syntax)
        settings.filter = try parsed.filter(syntax, masking: settings.outside)
        let name = parsed.value(TestOptions.format) ?? TextSuiteFormat().name
        guard let format = SuiteFormats.named(name) else {
            throw UsageError("The value '\(TerminalSafe.text(name))' is invalid for '--format <format>'. Please provide one of "
                             + FormatList.spoken(SuiteFormats.names) + ".", syntax)
        }
        plan.format = format
        let given = WrittenOverInput.identities(plan.paths)
        var onStandardOutput: [String] = []
        for (report, option) in zip(SuiteReports.all, TestOptions.reports) {
            guard let path = parsed.value(option) else { continue }
            try refuseOverScript(path, option: option, given: given, syntax)
            if ReportFile.standardStream(path) == 1 { onStandardOutput.append("--" + option.long) }
            plan.reports.append((report, path))
            if report.drawsDiagrams { settings.diagrams = true }
        }
        // A report on standard output is what a pipe reads: the verdicts go to standard
        // error then, and two reports there would be one unreadable stream (docs/suites.md).
        guard onStandardOutput.count <= 1 else {
            throw UsageError("\(onStandardOutput.joined(separator: " and ")) would both write to standard output; send all but one to a file", syntax)
        }
        plan.formatOnStandardError = !onStandardOutput.isEmpty
        plan.settings = settings
        plan.color = format.isForPeople && !parsed.has(TestOptions.noColor) && (Environment.value("NO_COLOR") ?? "").isEmpty
            && (plan.formatOnStandardError ? StandardStreams.stderrIsTerminal : StandardStreams.stdoutIsTerminal)
        return plan
    }

    /// A report written over a script (`--junit *.credscript`: the shell put the first
    /// script where the report's name was forgotten) would destroy it: refused, as
    /// `diagram -o` refuses an ending it does not write.
    static func refuseOverScript(_ path: String, option: CommandSyntax.Option, given: Set<FileIdentity>, _ syntax: CommandSyntax) throws(UsageError) {
        try WrittenOverInput.refuse(path, option: option, writing: "its report", suggestion: "report.\(option.long == "junit" ? "xml" : option.long)",
                                    given: given, syntax)
    }

    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static func run(_ plan: SuitePlan) -> Int32 {
        let workers = WorkerProcesses(plan.settings)
        defer { workers.stop() }
        return SuiteRun.run(plan, streams: StandardStreams(), runScript: workers.run)
    }
}
