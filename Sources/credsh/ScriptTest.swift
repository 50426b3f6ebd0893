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
    }

    let path: String
    let expectations: Int
    let problems: [Problem]
    /// Failures beyond the ones kept in `problems`.
    let omitted: Int
    let transcript: Transcript
    let exitCode: Int32
    let seconds: Double
    /// What the script's outcomes hit, with `--coverage`.
    var coverage: CoverageTally?

    var passed: Bool { exitCode == 0 }
    var hasError: Bool { problems.contains { $0.isError } }

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
    }

    static func run(_ path: String, _ settings: Settings) -> ScriptVerdict {
        let started = Stopwatch.now()
        let expectedPath = transcriptPath(for: path)
        var expected: [UInt8]?
        var problems: [ScriptVerdict.Problem] = []
        if let expectedPath, FileSystem.exists(expectedPath) {
            do { expected = try FileSystem.read(expectedPath) } catch {
                problems.append(ioProblem(error.message, file: expectedPath))
            }
        }

        let streams = StandardStreams(capturingUpTo: transcriptLimit)
        let host = TerminalHost(streams: streams, format: .text, color: false, errorColor: false)
        host.quiet = expected == nil  // no transcript to check: no output to render
        host.collected = []
        let options = Evaluator.Options(echo: expected != nil, keepGoing: settings.keepGoing, stepBudget: settings.maxSteps,
                                        continueAfterFailedExpectations: true)
        let evaluator = Evaluator(simulation: Simulation(seed: settings.seed), options: options, host: host)
        if settings.coverage { evaluator.coverage = CoverageRecorder() }
        do {
            evaluator.run(try ScriptLoader.load(path))
        } catch {
            problems.append(ioProblem(error.message, file: path))
            return ScriptVerdict(path: path, expectations: 0, problems: problems, omitted: 0, transcript: .none,
                                 exitCode: 4, seconds: Stopwatch.now() - started)
        }

        // The plain run's code (its first failure's), or 4 when X.expected could not be read.
        var exitCode = problems.isEmpty ? evaluator.exitCode : 4
        let formatter = DiagnosticFormatter()
        problems += (host.collected ?? []).map { .init(diagnostic: $0.0, text: formatter.format($0.0, source: $0.1)) }
        var transcript = ScriptVerdict.Transcript.none
        if let expected, let expectedPath {
            let actual = streams.captured
            if streams.overflowed {
                transcript = .differs("the transcript is larger than \(transcriptLimit >> 20) MB: not compared\n")
            } else if actual == expected {
                transcript = .matches
            } else if settings.update {
                do {
                    try FileSystem.write(expectedPath, actual, mode: .replace(newMode: 0o644), origin: .derived)
                    transcript = .updated(expectedPath)
                } catch {
                    problems.append(ioProblem(error.message, file: expectedPath))
                    exitCode = max(exitCode, 4)
                }
            } else {
                transcript = .differs(UnifiedDiff.render(old: expected, new: actual, oldLabel: expectedPath,
                                                         newLabel: "\(path) (this run)"))
            }
            if case .differs = transcript, exitCode == 0 { exitCode = 1 }
        }
        return ScriptVerdict(path: path, expectations: evaluator.expectationsPassed, problems: problems,
                             omitted: omitted(host, evaluator), transcript: transcript, exitCode: exitCode,
                             seconds: Stopwatch.now() - started, coverage: evaluator.coverage?.tally)
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
