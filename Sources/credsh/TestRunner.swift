#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredScript

/// `credsh test`: finds the scripts, keeps this shard's share, runs them on a few
/// threads (each in its own simulation and evaluator), prints each verdict in the
/// scripts' order as soon as it is known, then the closing line `N passed, N failed`.
enum TestRunner {
    struct Configuration {
        var paths: [String] = []
        var jobs = TestRunner.cores
        var shard: Shard?
        var settings = ScriptTest.Settings()
        var format: any SuiteFormat = TextSuiteFormat()
        var junitPath: String?
        var htmlPath: String?
        var color = false
        /// `--timings JUNIT.xml`: seconds per script of a previous run, to balance shards.
        var timings: [String: Double]?

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            paths = parsed.positionals
            if let text = parsed.value(TestOptions.jobs) {
                guard let jobs = Int(text), jobs >= 1 else {
                    throw UsageError("--jobs (-j) takes how many scripts to run at once, 1 or more, not '\(text)'", syntax)
                }
                self.jobs = min(jobs, 1024)
            }
            if let text = parsed.value(TestOptions.shard) {
                guard let shard = Shard(text) else {
                    throw UsageError("--shard takes K/N, the K-th of N shares with 1 ≤ K ≤ N (such as 2/4), not '\(text)'", syntax)
                }
                self.shard = shard
            }
            if let path = parsed.value(TestOptions.timings) {
                guard shard != nil else { throw UsageError("--timings balances shards: give --shard K/N with it", syntax) }
                // A CI job's first run has no previous report: the shares are then by position.
                if FileSystem.exists(path) {
                    do { timings = ShardTimings.read(try FileSystem.read(path)) } catch {
                        throw UsageError("--timings: \(TerminalSafe.text(error.message))", syntax)
                    }
                }
            }
            settings = ScriptTest.Settings(seed: try parsed.seed(syntax), keepGoing: parsed.has(TestOptions.keepGoing), update: parsed.has(TestOptions.update),
                                           maxSteps: try parsed.maxSteps(syntax), coverage: parsed.has(TestOptions.coverage))
            settings.outside = try OutsideVariables(parsed, syntax)
            settings.filter = try parsed.filter(syntax, masking: settings.outside.valuesAsSecrets)
            format = try SuiteFormats.named(parsed.value(TestOptions.format) ?? TextSuiteFormat().name, syntax)
            junitPath = parsed.value(TestOptions.junit)
            htmlPath = parsed.value(TestOptions.html)
            settings.diagrams = htmlPath != nil
            color = format.isForPeople && !parsed.has(TestOptions.noColor) && (Environment.value("NO_COLOR") ?? "").isEmpty
                && StandardStreams.stdoutIsTerminal
        }
    }

    /// One of N shares of a suite: the scripts at positions K-1, K-1+N, K-1+2N, … of the
    /// sorted list. Every script is in exactly one share, and the shares differ in size
    /// by one at most.
    struct Shard: Equatable {
        let index: Int
        let count: Int

        init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
                  count >= 1, index >= 1, index <= count else { return nil }
            self.index = index
            self.count = count
        }

        func contains(position: Int) -> Bool { position % count == index - 1 }
        var label: String { "\(index)/\(count)" }
    }

    static var cores: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static func run(_ configuration: Configuration) -> Int32 {
        let started = Stopwatch.now()
        let streams = StandardStreams()
        let requested = configuration.paths.isEmpty ? ["."] : configuration.paths
        let (all, stoppedEarly, unnamable) = ScriptDiscovery.search(requested)
        if stoppedEarly {
            streams.writeError("credsh: stopped searching after \(ScriptDiscovery.maximumEntries.grouped) directory entries; "
                               + "name the directories of the suite (docs/scripts.md, \"Bounds\")\n")
        }
        for name in unnamable {
            let what = name.hasSuffix("/") ? "not searched" : "not run"
            streams.writeError("credsh: \(what): \(name): its name is not UTF-8 (the bytes shown as \\x{..}); rename it\n")
        }
        let scripts = configuration.shard.map { shard in
            if let timings = configuration.timings { return ShardTimings.share(of: all, shard: shard, timings: timings) }
            return all.enumerated().filter { shard.contains(position: $0.offset) }.map(\.element)
        } ?? all

        let format = configuration.format
        let style = SuiteStyle(color: configuration.color)
        streams.write(format.opening(verdicts: scripts.count))
        var verdicts: [ScriptVerdict] = []
        var code: Int32 = 0
        var passed = 0
        var skipped = 0
        var coverage = CoverageTally()
        // A reader that goes away ends the run with what it had so far.
        streams.onClosedOutput = { code }
        let settings = configuration.settings
        // Each script in a process of its own: a crash in one is that script's error.
        WorkerPool.run(count: scripts.count, threads: configuration.jobs, job: { index in
            IsolatedScriptTest.run(scripts[index], settings)
        }, deliver: { _, fileVerdicts in
            for verdict in fileVerdicts {
                streams.write(format.verdict(verdict, number: verdicts.count + 1, style: style))
                if verdict.passed { passed += 1 }
                if verdict.skipped != nil { skipped += 1 }
                code = ExitCode.mostSevere(code, verdict.exitCode)
                if let tally = verdict.coverage { coverage.merge(tally) }
                verdicts.append(verdict)
            }
        })
        if settings.coverage {
            streams.write(format.coverage(FlowCoverage.report(coverage), scripts: scripts.count, shard: configuration.shard, style: style))
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
            let shown = configuration.settings.outside.valuesAsSecrets.redact(filter)
            streams.writeError("credsh: no test matches --filter \(TerminalSafe.text(ScriptWriter.quote(shown))) (it is matched against FILE, and FILE: NAME for a named test)\n")
            code = ExitCode.mostSevere(code, 4)
        }
        if let junitPath = configuration.junitPath {
            let xml = JUnitReport.xml(verdicts, shard: configuration.shard, seconds: Stopwatch.now() - started)
            do { try ReportFile.write(junitPath, xml, streams: streams) } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                code = ExitCode.mostSevere(code, 4)
            }
        }
        if let htmlPath = configuration.htmlPath {
            let html = HTMLReport.page(verdicts, shard: configuration.shard, seconds: Stopwatch.now() - started)
            do { try ReportFile.write(htmlPath, html, streams: streams) } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                code = ExitCode.mostSevere(code, 4)
            }
        }
        streams.write(format.summary(SuiteTotals(
            passed: passed, failed: verdicts.count - passed - skipped, skipped: skipped,
            expectationsPassed: verdicts.reduce(0) { $0 + $1.expectations },
            expectationsFailed: verdicts.reduce(0) { $0 + $1.expectationsFailed }, exitCode: code)))
        streams.flush()
        return code
    }
}
