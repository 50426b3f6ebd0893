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

    /// `credsh check`: parses and validates every file, runs nothing.
    static func check(paths: [String], noColor: Bool, outside: OutsideVariables) -> Int32 {
        let streams = StandardStreams()
        let host = OutputOptions(format: RunFormats.default, noColor: noColor, seed: 0).makeHost(streams: streams)
        var code: Int32 = 0
        let evaluator = Evaluator(host: host)
        // Only the names matter: a variable given is bound (Evaluator+SourceCheck).
        outside.bind(into: evaluator)
        for path in paths {
            do {
                let source = try ScriptLoader.load(path)
                // Sourced files too (Evaluator+SourceCheck): a missing one is an I/O error (4).
                if evaluator.checkFollowingSources(source) {
                    streams.write("ok    \(source.name)\n")
                } else if code == 0 {
                    code = evaluator.exitCode == 0 ? 2 : evaluator.exitCode
                }
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                if code == 0 { code = 4 }
            }
        }
        streams.flush()
        return code
    }
}
