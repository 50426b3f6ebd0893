import CredLanguage
import CredScript

/// What one `credsh test` is asked to do, as read from its arguments.
package struct SuitePlan: Sendable {
    /// The files and directories named (none: the current directory).
    package var paths: [String] = []
    /// How many scripts run at once.
    package var jobs = 1
    package var shard: Shard?
    /// `--timings JUNIT.xml`: seconds per script of a previous run, to balance shards.
    package var timings: [String: Double]?
    package var settings = ScriptTest.Settings()
    /// What is printed on standard output.
    package var format: any SuiteFormat = TextSuiteFormat()
    /// The reports asked for, each with the file it goes to.
    package var reports: [(report: any SuiteReport, path: String)] = []
    /// A report goes to standard output (`--junit -`): what `format` prints goes to
    /// standard error, so that the pipe reads the report alone.
    package var formatOnStandardError = false
    package var color = false

    package init() {}
}

/// `credsh test`: finds the scripts, keeps this shard's share, runs them `jobs` at a time,
/// prints each verdict in the scripts' order as soon as it is known, writes the reports,
/// then the closing line `N passed, N failed`; the exit code is the most severe of all.
/// How one script is run is given (`runScript`): the executable runs each in a worker
/// process, so that whatever kills a script's run is that script's error; the library's
/// tests run them in this process (ScriptTest.run).
package enum SuiteRun {
    package static func run(_ plan: SuitePlan, streams: StandardStreams,
                            runScript: @escaping @Sendable (String) -> [ScriptVerdict]) -> Int32 {
        let started = Stopwatch.now()
        let requested = plan.paths.isEmpty ? ["."] : plan.paths
        let (all, stoppedEarly, unnamable) = ScriptDiscovery.search(requested)
        if stoppedEarly {
            streams.writeError("credsh: stopped searching after \(ScriptDiscovery.maximumEntries.grouped) directory entries; "
                               + "name the directories of the suite (docs/scripts.md, \"Bounds\")\n")
        }
        for name in unnamable {
            let what = name.hasSuffix("/") ? "not searched" : "not run"
            streams.writeError("credsh: \(what): \(name): its name is not UTF-8 (the bytes shown as \\x{..}); rename it\n")
        }
        if let timings = plan.timings, !all.isEmpty, !ShardTimings.namesAny(of: all, timings: timings) {
            streams.writeError("credsh: --timings names none of the \(all.count) scripts found (its testcases' classname is each script's path), so the shares are by position\n")
        }
        let scripts = plan.shard.map { shard in
            if let timings = plan.timings { return ShardTimings.share(of: all, shard: shard, timings: timings) }
            return all.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
        } ?? all

        let format = plan.format
        let style = SuiteStyle(color: plan.color)
        let emit = { (text: String) in plan.formatOnStandardError ? streams.writeError(text) : streams.write(text) }
        emit(format.opening(verdicts: scripts.count))
        var verdicts: [ScriptVerdict] = []
        var code: Int32 = 0
        var passed = 0
        var skipped = 0
        var coverage = CoverageTally()
        // A reader that goes away ends the run with what it had so far.
        streams.onClosedOutput = { code }
        let settings = plan.settings
        WorkerPool.run(count: scripts.count, threads: plan.jobs, job: { index in runScript(scripts[index]) }, deliver: { _, fileVerdicts in
            for verdict in fileVerdicts {
                emit(format.verdict(verdict, number: verdicts.count + 1, style: style))
                if verdict.passed { passed += 1 }
                if verdict.skipped != nil { skipped += 1 }
                code = ExitCode.mostSevere(code, verdict.exitCode)
                if let tally = verdict.coverage { coverage.merge(tally) }
                verdicts.append(verdict)
            }
        })
        if settings.coverage {
            emit(format.coverage(FlowCoverage.report(coverage), scripts: scripts.count, shard: plan.shard, style: style))
        }
        // The files first, so that the summary's code, the process's and the reports' are
        // one (a file that cannot be written is an I/O error: 4).
        // A script found but refused for its name is a script that did not run: an I/O error.
        if !unnamable.isEmpty { code = ExitCode.mostSevere(code, 4) }
        if all.isEmpty && unnamable.isEmpty {
            streams.writeError("credsh: no .credscript files found in \(TerminalSafe.text(requested.joined(separator: " ")))\n")
            code = ExitCode.mostSevere(code, 4)
        } else if verdicts.isEmpty, let filter = settings.filter {
            // A filter that picks nothing is a mistake to say, as finding no scripts is.
            // The filter may quote a value given from outside, which a script may use as a
            // secret; this process reads no script, so every such value is masked (fail closed).
            let shown = settings.outside.shown(filter)
            streams.writeError("credsh: no test matches --filter \(TerminalSafe.text(StringLiteral.quote(shown))) (it is matched against FILE, and FILE: NAME for a named test)\n")
            code = ExitCode.mostSevere(code, 4)
        }
        for (report, path) in plan.reports {
            let text = report.render(verdicts, shard: plan.shard, seconds: Stopwatch.now() - started)
            do { try ReportFile.write(path, text, streams: streams) } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                code = ExitCode.mostSevere(code, 4)
            }
        }
        emit(format.summary(SuiteTotals(
            passed: passed, failed: verdicts.count - passed - skipped, skipped: skipped,
            expectationsPassed: verdicts.reduce(0) { $0 + $1.expectations },
            expectationsFailed: verdicts.reduce(0) { $0 + $1.expectationsFailed }, exitCode: code)))
        streams.flush()
        return code
    }
}
