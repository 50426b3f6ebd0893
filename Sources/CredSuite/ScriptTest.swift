#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredSimulator

/// What `credsh test` found about one script.
package struct ScriptVerdict: Sendable {
    /// A failure the script reported, formatted as a plain run prints it on stderr.
    package struct Problem: Sendable {
        package let diagnostic: Diagnostic
        package let text: String

        /// Syntax, runtime and I/O problems mean the script could not do its job;
        /// failed expectations mean it did, and the simulation disagreed.
        package var isError: Bool { diagnostic.kind != .expectation }
    }

    package enum Transcript: Sendable {
        /// No X.expected beside the script.
        case none
        case matches
        /// The unified diff from X.expected to this run's transcript.
        case differs(String)
        /// `--update` rewrote X.expected.
        case updated(String)
        /// `--update` wrote X.expected, which was not there.
        case created(String)
        /// `--update` left X.expected as it was: the script failed for another reason, and
        /// a transcript of a failing run must not become what is expected.
        case notUpdated(String)
        /// X.expected was made with other values from outside (`--var`, `--secret` names)
        /// than this run was given: not compared, and said why (once per file).
        case notCompared(String)
    }

    package let path: String
    /// The named test (`test "NAME" { … }`) this verdict is of; nil for a file without tests.
    package var test: String?
    /// How reports name it: the file, or `FILE: NAME` for a named test. Both are text
    /// from outside (a file may be named `ok 9 - forged` after a newline, or hold an ESC):
    /// made terminal-safe here, once, so no report prints them raw and no name can start
    /// a line of its own in text, TAP, JUnit or HTML. JSON carries `path` and `test` as they
    /// are, to its encoder.
    package var name: String { NamedTest.reportName(file: TerminalSafe.text(path), test: test.map(TerminalSafe.text)) }
    /// Expectations that held.
    package let expectations: Int
    /// Expectations that did not hold (those past the kept failures too).
    package var expectationsFailed = 0
    package var problems: [Problem]
    /// Failures beyond the ones kept in `problems`.
    package let omitted: Int
    package var transcript: Transcript
    package var exitCode: Int32
    package var seconds: Double
    /// What the script's outcomes hit, with `--coverage`.
    package var coverage: CoverageTally?
    /// With `--html`, for a script that failed: its sequence diagram up to the first
    /// failure, drawn as SVG (text, so it crosses from the child process as it is).
    package var diagramSVG: String?

    /// Why the script ended with `skip`, when it did and nothing failed before.
    package var skipped: String?

    package var passed: Bool { exitCode == 0 && skipped == nil }
    package var failed: Bool { exitCode != 0 }
    /// The kind of failure, by the one rule (`ExitCode`): an error (syntax, runtime, I/O:
    /// the script could not do its job) rather than a failed expectation.
    package var isError: Bool { exitCode >= 2 }

    /// Problems found beside the run (an .expected file that cannot be read): kept, and
    /// the code made the most severe of both.
    package mutating func absorb(_ more: [Problem]) {
        guard !more.isEmpty else { return }
        problems += more
        exitCode = ExitCode.mostSevere(exitCode, ExitCode.of(more.map(\.diagnostic)))
        skipped = nil
    }

    /// The HTML report draws the diagram of a script that failed only.
    package mutating func keepsDiagramOnlyIfFailed() {
        if exitCode == 0 { diagramSVG = nil }
    }

    /// Marks the transcript as differing from its .expected file: a failed expectation.
    package mutating func differs(_ diff: String) {
        transcript = .differs(diff)
        exitCode = ExitCode.mostSevere(exitCode, 1)
        skipped = nil
    }

    package var transcriptDiffers: Bool {
        if case .differs = transcript { return true }
        return false
    }
}

/// Runs one script as `credsh --echo FILE` would, in a fresh simulation, with its output
/// kept in memory for the transcript check and its diagnostics kept for the report.
package enum ScriptTest {
    /// A transcript larger than this is not kept whole; it fails its comparison.
    package static let transcriptLimit = FileSystem.maximumScriptBytes

    package struct Settings: Sendable {
        package var seed: UInt64 = 0
        package var keepGoing = false
        package var update = false
        package var maxSteps = Evaluator.defaultStepBudget
        package var coverage = false
        /// Draw a failing script's sequence diagram, for the HTML report.
        package var diagrams = false
        /// `--filter REGEX`: only the tests whose report name (`FILE`, or `FILE: NAME`) it finds.
        package var filter: String?
        /// `--var`, `--var-file`, `--secret`, as given: each run binds them before it starts.
        package var outside = OutsideVariables()

        package init(seed: UInt64 = 0, keepGoing: Bool = false, update: Bool = false, maxSteps: Int = Evaluator.defaultStepBudget,
                     coverage: Bool = false, diagrams: Bool = false) {
            self.seed = seed
            self.keepGoing = keepGoing
            self.update = update
            self.maxSteps = maxSteps
            self.coverage = coverage
            self.diagrams = diagrams
        }
    }

    /// Runs the script at `path`: one verdict for a file without named tests, one per
    /// test (in the order written) for a file with them; none for what `--filter` leaves out.
    package static func run(_ path: String, _ settings: Settings) -> [ScriptVerdict] {
        let started = Stopwatch.now()
        let source: SourceFile
        do { source = try ScriptLoader.load(path) } catch {
            return [ScriptVerdict(path: path, expectations: 0, problems: [ioProblem(error.message, file: path)], omitted: 0,
                                  transcript: .none, exitCode: 4, seconds: Stopwatch.now() - started)]
        }
        let filter = settings.filter.flatMap { try? LinearPattern.compile($0).get() }
        func chosen(_ test: String?) -> Bool { filter?.found(in: NamedTest.reportName(file: path, test: test)) ?? true }
        // Read once, for every test of the file: each test's run starts from this reading.
        let reading = Reading(source, settings)
        let tests = reading.script.tests
        // A file that does not parse is reported whole, whatever the filter picks: its tests cannot run.
        guard !tests.isEmpty, reading.script.diagnostics.isEmpty else {
            return chosen(nil) || !reading.script.diagnostics.isEmpty ? [run(path, reading, settings, started: started)] : []
        }
        let names = tests.map(\.name).filter { chosen($0) }
        return NamedTestRuns.run(path, names: names, allChosen: names.count == tests.count, settings) { name, transcribes in
            var one = settings
            one.update = false
            return runOnce(path, reading, test: name, one, transcribes: transcribes, started: Stopwatch.now())
        }
    }

    /// A file read once: its statements, and the evaluator that read them, whose learning
    /// of the file's secrets each run takes over (Evaluator.run(_:readBy:)).
    package struct Reading {
        package let script: ParsedScript
        package let reader: Evaluator

        package init(_ source: SourceFile, _ settings: Settings) {
            reader = Evaluator(simulation: Simulation(seed: settings.seed), host: TranscriptHost(capturingUpTo: 0, transcribes: false))
            settings.outside.bind(into: reader)
            script = reader.parse(source)
        }
    }

    /// A file without named tests: one run, its transcript compared whole.
    private static func run(_ path: String, _ reading: Reading, _ settings: Settings, started: Double) -> ScriptVerdict {
        let transcript = TranscriptFile(path: path, update: settings.update, outside: settings.outside.recorded)
        var (verdict, output) = runOnce(path, reading, test: nil, settings, transcribes: transcript.wanted, started: started)
        verdict.absorb(transcript.readProblems)
        transcript.judge(output, into: &verdict)
        verdict.keepsDiagramOnlyIfFailed()
        verdict.seconds = Stopwatch.now() - started
        return verdict
    }

    /// One run in a fresh simulation and evaluator (of the named `test` only, after the
    /// setup, when there is one): its verdict, with no transcript judged yet, and its
    /// output when `transcribes` (nil past `transcriptLimit`: too large to compare).
    package static func runOnce(_ path: String, _ reading: Reading, test: String?, _ settings: Settings, transcribes: Bool,
                        started: Double) -> (ScriptVerdict, [UInt8]?) {
        let host = TranscriptHost(capturingUpTo: transcriptLimit, transcribes: transcribes)
        let streams = host.streams
        // The diagram sees the echoed commands, so they are echoed (and, when quiet, not rendered).
        var options = Evaluator.Options(echo: transcribes || settings.diagrams, keepGoing: settings.keepGoing, stepBudget: settings.maxSteps,
                                        continueAfterFailedExpectations: true)
        options.narrates = true  // a transcript is what `credsh --echo` prints: narration included
        options.selectedTest = test
        let evaluator = Evaluator(simulation: Simulation(seed: settings.seed), options: options, host: host)
        settings.outside.bind(into: evaluator)
        let coverage = settings.coverage ? CoverageRecorder() : nil
        if let coverage { evaluator.events.subscribe(coverage) }
        // Which SDK a failure happened in: its source line is masked by that SDK's reading.
        let failures = FailureCollector { [unowned evaluator] in evaluator.simulation.activeSDK }
        evaluator.events.subscribe(failures)
        let diagram = settings.diagrams ? DiagramFollower(stopsAtFirstFailure: true) { [unowned evaluator] in evaluator.simulation.activeSDK } : nil
        if let diagram { evaluator.events.subscribe(diagram) }
        evaluator.run(reading.script, readBy: reading.reader)

        let formatter = DiagnosticFormatter()
        let problems = failures.collected.map { diagnostic, source, sdk -> ScriptVerdict.Problem in
            // The headline keeps the position; the line shown is masked (Redactor.quotedLine).
            let (shown, line) = Redactor.quotedLine(diagnostic, in: source, sdk: sdk)
            return .init(diagnostic: diagnostic, text: formatter.format(shown, source: line))
        }
        var verdict = ScriptVerdict(path: path, expectations: evaluator.expectationsPassed, problems: problems,
                                    omitted: omitted(failures, evaluator), transcript: .none, exitCode: evaluator.exitCode,
                                    seconds: Stopwatch.now() - started, coverage: coverage?.tally)
        // A test's name is the user's text: a password written into it (`test "login with
        // Zq9…"`) is masked as in every other output, before any report sees the name.
        verdict.test = test.map(Redactor(evaluator.events.secrets).text)
        verdict.expectationsFailed = evaluator.expectationsFailed
        if verdict.exitCode == 0 { verdict.skipped = evaluator.skipReason }
        // Drawn whatever the run's code: a transcript judged later may still fail it
        // (`keepsDiagramOnlyIfFailed` drops it then).
        if let picture = diagram?.diagram(title: verdict.name), !picture.steps.isEmpty {
            verdict.diagramSVG = SVGWriter().render(picture)
        }
        guard transcribes, !streams.overflowed else { return (verdict, transcribes ? nil : []) }
        return (verdict, streams.captured)
    }

    /// Failures beyond those kept: the collector keeps the first `FailureCollector.limit`, and
    /// the evaluator reports none past its own cap but the one notice saying so (which
    /// the collector, full by then, only counted).
    private static func omitted(_ failures: FailureCollector, _ evaluator: Evaluator) -> Int {
        guard evaluator.droppedFailures > 0 else { return failures.uncollected }
        return failures.uncollected - 1 + evaluator.droppedFailures
    }

    /// `dir/X.expected` for `dir/X.credscript`; nil for a script named otherwise.
    package static func transcriptPath(for path: String) -> String? {
        guard path.hasSuffix(ScriptDiscovery.suffix), path != ScriptDiscovery.suffix else { return nil }
        return String(path.dropLast(ScriptDiscovery.suffix.count)) + ".expected"
    }

    package static func ioProblem(_ message: String, file: String, code: DiagnosticCode = .cannotRead) -> ScriptVerdict.Problem {
        // As a plain run says it: a file that cannot be read has no line to point at.
        let diagnostic = Diagnostic(code, message, file: file, at: .start)
        return .init(diagnostic: diagnostic, text: "credsh: \(TerminalSafe.text(message)) \(diagnostic.tag)\n")
    }
}

/// Seconds on the monotonic clock, for the times in the JUnit report (and never in the
/// printed output, which must be the same bytes on every run).
package enum Stopwatch {
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
