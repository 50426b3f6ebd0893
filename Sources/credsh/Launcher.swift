import CredScript
import CredSimulator

/// Starts a run: the prompt when there are no files and both ends are a terminal,
/// otherwise a batch over the files (or standard input).
enum Launcher {
    struct Configuration {
        var files: [String] = []
        var keepGoing = false
        /// `-i`: the prompt opens after the scripts ran.
        var promptAfter = false
        var echo = false
        var step = false
        var compact = false
        var maxSteps = Evaluator.defaultStepBudget
        var output = OutputOptions()

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            files = parsed.positionals
            keepGoing = parsed.has(Subcommands.keepGoing)
            promptAfter = parsed.has(RunOptions.interactive)
            if promptAfter {
                guard StandardStreams.stdinIsTerminal, StandardStreams.stdoutIsTerminal else {
                    throw UsageError("-i opens the prompt after the scripts, so standard input and output must be a terminal", syntax)
                }
                guard !files.contains("-") else {
                    throw UsageError("-i reads the prompt from standard input, so a script cannot come from it ('-')", syntax)
                }
                guard !parsed.has(RunOptions.step) else { throw UsageError("-i and --step do not go together: --step paces a batch run", syntax) }
            }
            echo = parsed.has(RunOptions.echo)
            step = parsed.has(RunOptions.step)
            compact = parsed.has(RunOptions.compact)
            maxSteps = try parsed.maxSteps(syntax)
            output = OutputOptions(format: try parsed.format(syntax), noColor: parsed.has(Subcommands.noColor), seed: try parsed.seed(syntax))
            if compact, !output.format.whyNotCompact.isEmpty {
                throw UsageError("--compact shortens the text output; " + output.format.whyNotCompact, syntax)
            }
            if step {
                guard output.format.isForPeople else {
                    throw UsageError("--step shows each command as text; it does not go with --format \(output.format.name)", syntax)
                }
                guard StandardStreams.stdinIsTerminal else {
                    throw UsageError("--step waits for Enter at a terminal, but standard input is not one (run the script without --step)", syntax)
                }
                guard !files.contains("-") else {
                    throw UsageError("--step reads Enter from standard input, so the script cannot come from it ('-')", syntax)
                }
            }
        }
    }

    static func run(_ configuration: Configuration) -> Int32 {
        let streams = StandardStreams()
        let host = configuration.output.makeHost(streams: streams)
        let interactive = (configuration.files.isEmpty || configuration.promptAfter)
            && StandardStreams.stdinIsTerminal && StandardStreams.stdoutIsTerminal
        // `-i FILE…`: the files run first, as a batch would run them, then the prompt opens.
        let setup = interactive ? configuration.files : []
        // Output to /dev/null is neither rendered nor echoed: the run, its diagnostics on
        // stderr and its exit code are the same, and commands cost only what they do.
        let discarded = !interactive && StandardStreams.stdoutIsNull
        host.quiet = discarded
        // At the prompt every command is echoed to the host, which records it for `diagram`
        // and prints it only with --echo.
        let prompting = interactive && setup.isEmpty
        let options = Evaluator.Options(echo: (configuration.echo && !discarded) || prompting || configuration.step,
                                        keepGoing: configuration.keepGoing,
                                        interactive: prompting, stepBudget: configuration.maxSteps)
        let evaluator = Evaluator(simulation: Simulation(seed: configuration.output.seed), options: options, host: host)
        host.activeSDK = { [unowned evaluator] in evaluator.simulation.activeCatalog.name }
        if interactive {
            host.diagramRecorder = SequenceDiagram.Recorder()
            host.printsEcho = configuration.echo
            host.pagesLongOutput = true
        } else if configuration.step {
            host.pacer = StepPacer()
        }
        if configuration.compact { _ = host.setCompact(true) }
        // A reader that goes away (`credsh script | head -1`) ends the run: whatever it
        // would still print has nobody to read it. The exit code is what the run had so far.
        streams.onClosedOutput = { [unowned evaluator] in evaluator.exitCode }
        let code: Int32
        if interactive {
            let server = PromptServer(evaluator: evaluator, host: host)
            host.serveHook = { request throws(HostError) in try server.handle(request) }
            if !setup.isEmpty {
                // Whatever the setup's exit code, the prompt opens on the state it left (its
                // failures were shown): that state is what one wants to look into.
                _ = BatchRunner.run(paths: setup, evaluator: evaluator, host: host)
                evaluator.continueAtThePrompt()
            }
            code = REPL(evaluator: evaluator, host: host, historyPath: LineEditor.defaultHistoryPath()).run()
            server.stopServing()  // Ctrl-D or `exit`: close every connection before leaving
        } else {
            code = BatchRunner.run(paths: configuration.files.isEmpty ? ["-"] : configuration.files, evaluator: evaluator, host: host)
        }
        streams.flush()
        return code
    }
}

/// Options every way of running scripts shares.
struct OutputOptions {
    var format: any RunFormat = RunFormats.default
    var noColor = false
    var seed: UInt64 = 0

    func makeHost(streams: StandardStreams) -> TerminalHost {
        let allowed = !noColor && (Environment.value("NO_COLOR") ?? "").isEmpty
        return TerminalHost(streams: streams, format: format,
                            color: allowed && format.isForPeople && StandardStreams.stdoutIsTerminal,
                            errorColor: allowed && StandardStreams.stderrIsTerminal)
    }
}
