import ArgumentParser
import CredScript
import CredSimulator

/// Starts a run: the prompt when there are no files and both ends are a terminal,
/// otherwise a batch over the files (or standard input).
enum Launcher {
    static func run(files: [String], keepGoing: Bool, echo: Bool, output: OutputOptions) -> Int32 {
        let streams = StandardStreams()
        let host = output.makeHost(streams: streams)
        let interactive = files.isEmpty && StandardStreams.stdinIsTerminal && StandardStreams.stdoutIsTerminal
        let options = Evaluator.Options(echo: echo, keepGoing: keepGoing, interactive: interactive)
        let evaluator = Evaluator(simulation: Simulation(seed: output.seed), options: options, host: host)
        let code: Int32
        if interactive {
            code = REPL(evaluator: evaluator, host: host, historyPath: LineEditor.defaultHistoryPath()).run()
        } else {
            code = BatchRunner.run(paths: files.isEmpty ? ["-"] : files, evaluator: evaluator, host: host)
        }
        streams.flush()
        return code
    }

    /// The plain invocation `credsh [FILE...]`, with no option and no subcommand, means
    /// exactly the defaults of `credsh run`. It skips the argument parser, whose
    /// reflection cost about 4 ms of start-up (measured with perf on a release build);
    /// anything else goes through it.
    static func plainFiles(_ arguments: [String]) -> [String]? {
        let subcommands: Set<String> = ["run", "check", "test", "reference", "help"]
        if let first = arguments.first, subcommands.contains(first) { return nil }
        guard arguments.allSatisfy({ $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
        return arguments
    }
}
