import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// Runs scripts without a prompt: files in order in one simulation, or standard input.
enum BatchRunner {
    /// The last script read, let go by the process's exit: the kernel takes its memory back
    /// at once, rather than statement by statement. Only the
    /// last: the one before is released when the next is read, so that memory stays that
    /// of one script however many files are given (and a setup script of `serve` or `-i`
    /// is one script kept for the session).
    nonisolated(unsafe) private static var heldUntilExit: ParsedScript?

    static func run(paths: [String], evaluator: Evaluator, host: TerminalHost) -> Int32 {
        defer { host.streams.flush() }
        for path in paths {
            let source: SourceFile
            do { source = try ScriptLoader.load(path) } catch {
                let diagnostic = Diagnostic(.cannotRead, error.message, file: path, at: .start)
                evaluator.recordFailure(diagnostic)
                host.streams.writeError("credsh: \(TerminalSafe.text(error.message)) \(diagnostic.tag)\n")
                if evaluator.options.keepGoing { continue }
                return 4
            }
            heldUntilExit = nil
            let script = evaluator.parse(source)
            heldUntilExit = script
            if !evaluator.run(script) || evaluator.exitRequested { break }
        }
        if evaluator.droppedFailures > 0 {
            host.streams.writeError("credsh: … and \(evaluator.droppedFailures.grouped) more failure\(evaluator.droppedFailures == 1 ? "" : "s") not shown (a run shows its first \(Evaluator.reportedFailures))\n")
        }
        return evaluator.exitCode
    }

    /// `credsh check`: parses and validates every file, runs nothing. Text goes through the
    /// host as a run's diagnostics do; JSON Lines and GitHub's workflow commands are written
    /// to standard output, one line a diagnostic, for editors and CI.
    static func check(paths: [String], noColor: Bool, outside: OutsideVariables, format: CheckFormat = .text) -> Int32 {
        let streams = StandardStreams()
        let host: any ScriptHost = format == .text
            ? OutputOptions(format: RunFormats.default, noColor: noColor, seed: 0).makeHost(streams: streams)
            : TranscriptHost(capturingUpTo: 0, transcribes: false)
        var code: Int32 = 0
        let evaluator = Evaluator(host: host)
        let records = CheckRecords()
        if format != .text { evaluator.events.subscribe(records) }
        // Only the names matter: a variable given is bound (Evaluator+SourceCheck).
        outside.bind(into: evaluator)
        for path in paths {
            do {
                let source = try ScriptLoader.load(path)
                // Sourced files too (Evaluator+SourceCheck): a missing one is an I/O error (4).
                let ok = evaluator.checkFollowingSources(source)
                for diagnostic in records.take() { streams.write(format.line(diagnostic)) }
                if ok {
                    streams.write(format.ok(source.name))
                } else if code == 0 {
                    code = evaluator.exitCode == 0 ? 2 : evaluator.exitCode
                }
            } catch {
                if format == .text {
                    streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                } else {
                    streams.write(format.line(Diagnostic(.cannotRead, error.message, file: path, at: .start)))
                }
                if code == 0 { code = 4 }
            }
        }
        streams.flush()
        return code
    }
}
