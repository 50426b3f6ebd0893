#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredScript
import CredSimulator

/// What `credsh test` found about one script.
struct ScriptVerdict: Sendable {
    /// A failure the script reported, formatted as a plain run prints it on stderr.
    struct Problem: Sendable {
        let diagnostic: Diagnostic
        let text: String

        /// Syntax, runtime and I/O problems mean the script could not do its job;
        /// failed expectations mean it did, and the simulation disagreed.
        var isError: Bool { diagnostic.kind != .expectation }
    }

    enum Transcript: Sendable {
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
    }

    let path: String
    /// Expectations that held.
    let expectations: Int
    /// Expectations that did not hold (those past the kept failures too).
    var expectationsFailed = 0
    let problems: [Problem]
    /// Failures beyond the ones kept in `problems`.
    let omitted: Int
    let transcript: Transcript
    let exitCode: Int32
    let seconds: Double
    /// What the script's outcomes hit, with `--coverage`.
    var coverage: CoverageTally?
    /// With `--html`, for a script that failed: its sequence diagram up to the first
    /// failure, drawn as SVG (text, so it crosses from the child process as it is).
    var diagramSVG: String?

    /// Why the script ended with `skip`, when it did and nothing failed before.
    var skipped: String?

    var passed: Bool { exitCode == 0 && skipped == nil }
    var failed: Bool { exitCode != 0 }
    /// The kind of failure, by the one rule (`ExitCode`): an error (syntax, runtime, I/O:
    /// the script could not do its job) rather than a failed expectation.
    var isError: Bool { exitCode >= 2 }

    var transcriptDiffers: Bool {
        if case .differs = transcript { return true }
        return false
    }
}

/// Runs one script as `credsh --echo FILE` would, in a fresh simulation, with its output
/// kept in memory for the transcript check and its diagnostics kept for the report.
enum ScriptTest {
    /// A transcript larger than this is not kept whole; it fails its comparison.
    static let transcriptLimit = FileSystem.maximumScriptBytes

    struct Settings: Sendable {
        var seed: UInt64 = 0
        var keepGoing = false
        var update = false
        var maxSteps = Evaluator.defaultStepBudget
        var coverage = false
        /// Draw a failing script's sequence diagram, for the HTML report.
        var diagrams = false
    }

    static func run(_ path: String, _ settings: Settings) -> ScriptVerdict {
        let started = Stopwatch.now()
        let expectedPath = transcriptPath(for: path)
        var expected: [UInt8]?
        var problems: [ScriptVerdict.Problem] = []
        if let expectedPath, FileSystem.exists(expectedPath) {
            do { expected = try FileSystem.read(expectedPath, pipeHint: false) } catch {
                problems.append(ioProblem(error.message, file: expectedPath))
            }
        }

        // `--update` writes the transcript of a script that has none yet.
        let transcribes = expected != nil || (settings.update && expectedPath != nil && problems.isEmpty)
        let streams = StandardStreams(capturingUpTo: transcriptLimit)
        let host = TerminalHost(streams: streams, format: RunFormats.default, color: false, errorColor: false)
        host.quiet = !transcribes  // no transcript to check: no output to render
        host.collected = []
        // The diagram sees the echoed commands, so they are echoed (and, when quiet, not rendered).
        let options = Evaluator.Options(echo: transcribes || settings.diagrams, keepGoing: settings.keepGoing, stepBudget: settings.maxSteps,
                                        continueAfterFailedExpectations: true)
        let evaluator = Evaluator(simulation: Simulation(seed: settings.seed), options: options, host: host)
        let coverage = settings.coverage ? CoverageRecorder() : nil
        if let coverage { evaluator.events.subscribe(coverage) }
        // Which SDK a failure happened in: its source line is masked by that SDK's reading.
        host.activeSDK = { [unowned evaluator] in evaluator.simulation.activeCatalog.name }
        if settings.diagrams {
            host.diagramRecorder = SequenceDiagram.Recorder()
            host.diagramStopsAtFirstFailure = true
        }
        do {
            evaluator.run(try ScriptLoader.load(path))
        } catch {
            problems.append(ioProblem(error.message, file: path))
            return ScriptVerdict(path: path, expectations: 0, problems: problems, omitted: 0, transcript: .none,
                                 exitCode: 4, seconds: Stopwatch.now() - started)
        }

        // The run's code and X.expected's (4 when it could not be read), by the one rule.
        var exitCode = ExitCode.mostSevere(evaluator.exitCode, ExitCode.of(problems.map(\.diagnostic)))
        let formatter = DiagnosticFormatter()
        problems += (host.collected ?? []).map { diagnostic, source, sdk in
            // The headline keeps the position; the line shown is masked (MaskedSourceLine).
            let (shown, line) = MaskedSourceLine.masking(diagnostic, in: source, sdk: sdk)
            return .init(diagnostic: diagnostic, text: formatter.format(shown, source: line))
        }
        var transcript = ScriptVerdict.Transcript.none
        if transcribes, let expectedPath {
            let actual = streams.captured
            if streams.overflowed {
                transcript = .differs("the transcript is larger than \(transcriptLimit >> 20) MB: not compared\n")
            } else if actual == expected {
                transcript = .matches
            } else if settings.update, exitCode != 0 {
                transcript = .notUpdated(expectedPath)
            } else if settings.update {
                do {
                    try FileSystem.write(expectedPath, actual, mode: .replace(newMode: 0o644), origin: .derived)
                    transcript = expected == nil ? .created(expectedPath) : .updated(expectedPath)
                } catch {
                    problems.append(ioProblem(error.message, file: expectedPath))
                    exitCode = ExitCode.mostSevere(exitCode, 4)
                }
            } else if let expected {
                transcript = .differs(UnifiedDiff.render(old: expected, new: actual, oldLabel: expectedPath,
                                                         newLabel: "\(path) (this run)"))
            }
            // A transcript that differs is a failed expectation.
            if case .differs = transcript { exitCode = ExitCode.mostSevere(exitCode, 1) }
        }
        var verdict = ScriptVerdict(path: path, expectations: evaluator.expectationsPassed, problems: problems,
                                    omitted: omitted(host, evaluator), transcript: transcript, exitCode: exitCode,
                                    seconds: Stopwatch.now() - started, coverage: coverage?.tally)
        verdict.expectationsFailed = evaluator.expectationsFailed
        if exitCode == 0 { verdict.skipped = evaluator.skipReason }
        if settings.diagrams, exitCode != 0 {
            if let diagram = host.sessionDiagram(title: path), !diagram.steps.isEmpty {
                verdict.diagramSVG = SVGWriter().render(diagram)
            }
        }
        return verdict
    }

    /// Failures beyond those kept: the host keeps the first `collectLimit` diagnostics, and
    /// the evaluator reports none past its own cap but the one notice saying so (which
    /// the host, full by then, only counted).
    private static func omitted(_ host: TerminalHost, _ evaluator: Evaluator) -> Int {
        guard evaluator.droppedFailures > 0 else { return host.uncollected }
        return host.uncollected - 1 + evaluator.droppedFailures
    }

    /// `dir/X.expected` for `dir/X.credscript`; nil for a script named otherwise.
    static func transcriptPath(for path: String) -> String? {
        guard path.hasSuffix(ScriptDiscovery.suffix), path != ScriptDiscovery.suffix else { return nil }
        return String(path.dropLast(ScriptDiscovery.suffix.count)) + ".expected"
    }

    private static func ioProblem(_ message: String, file: String) -> ScriptVerdict.Problem {
        // As a plain run says it: a file that cannot be read has no line to point at.
        .init(diagnostic: Diagnostic(.io, message, file: file, at: .start), text: "credsh: \(message)\n")
    }
}

/// Seconds on the monotonic clock, for the times in the JUnit report (and never in the
/// printed output, which must be the same bytes on every run).
enum Stopwatch {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
