import CredLanguage
import CredEditor
import CredScript
import CredCommandLine
import CredSuite
import CredServe
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
        /// `--live`: the page's address and port (Classroom).
        var live = false
        var liveHost = "127.0.0.1"
        var livePort = Classroom.defaultPort
        var showSecrets = false
        var maxSteps = Evaluator.defaultStepBudget
        var output = OutputOptions()
        var outside = OutsideVariables()

        init(_ parsed: ParsedArguments, _ syntax: CommandSyntax) throws(UsageError) {
            files = parsed.positionals
            outside = try OutsideVariables(parsed, syntax)
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
            live = parsed.has(RunOptions.live)
            showSecrets = parsed.has(RunOptions.showSecrets)
            if let given = parsed.value(RunOptions.host) {
                guard live else { throw UsageError("--host is the live page's address: give it with --live", syntax) }
                guard !given.isEmpty else { throw UsageError("--host takes an address such as 127.0.0.1", syntax) }
                liveHost = given
            }
            let portOption = parsed.value(RunOptions.livePort) != nil ? RunOptions.livePort : RunOptions.port
            if let text = parsed.value(portOption) {
                guard live else { throw UsageError("--\(portOption.long) is the live page's port: give it with --live", syntax) }
                guard let number = ServingDefaults.port(text) else {
                    throw UsageError("--\(portOption.long) takes a number \(ServingDefaults.portRange), not '\(text)'", syntax)
                }
                livePort = number
            }
            if showSecrets, !output.format.isForPeople {
                throw UsageError("--show-secrets shows secrets to people reading text; JSON Lines never hold a secret", syntax)
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
        var options = Evaluator.Options(echo: (configuration.echo && !discarded) || prompting || configuration.step || configuration.live,
                                        keepGoing: configuration.keepGoing,
                                        interactive: prompting, stepBudget: configuration.maxSteps)
        // The comment lines above each command tell the story wherever commands are shown.
        options.narrates = true
        // The live page follows the commands, so they are echoed to the host; printed only when asked.
        if configuration.live, !configuration.echo, !configuration.step, !interactive { host.echo = .hidden }
        let evaluator = Evaluator(simulation: Simulation(seed: configuration.output.seed), options: options, host: host)
        configuration.outside.bind(into: evaluator)
        let classroom = Classroom(evaluator: evaluator, host: host)
        classroom.address = configuration.liveHost
        if interactive {
            let diagram = DiagramFollower { [unowned evaluator] in evaluator.simulation.activeSDK }
            evaluator.events.subscribe(diagram)
            host.diagram = diagram
            if !configuration.echo { host.echo = .notTypedAtThePrompt }
            host.pagesLongOutput = true
        } else if configuration.step, host.format.isForPeople {
            let pacer = StepPacer(streams: streams, color: host.color)
            pacer.total = configuration.files.reduce(0) { total, path in
                total + ((try? ScriptLoader.load(path)).map { StepPacing.steps(in: $0, sdk: evaluator.simulation.activeSDK) } ?? 0)
            }
            // The pause reads with readline, as the prompt does: editing, Tab, history (the
            // prompt's file, its secrets masked), Ctrl-L. Ctrl-C still stops the lesson.
            let editor = LineEditor(historyPath: LineEditor.defaultHistoryPath(), abandonsOnInterrupt: false) { [unowned evaluator] word, before in
                Completer.complete(word: word, before: before, simulation: evaluator.simulation, table: evaluator.table,
                                   procedures: Array(evaluator.procedures.keys))
            }
            pacer.editor = editor
            // A command typed at a pause runs in the lesson's simulation; a mistake in it is
            // shown and does not stop the lesson.
            pacer.runTyped = { [unowned evaluator, unowned host] line in
                let clean = evaluator.failures.isEmpty
                let script = evaluator.parse(SourceFile(name: StepPacer.sourceName, text: line + "\n"))
                if REPL.remember(line, read: script, evaluator: evaluator, host: host, editor: editor) { evaluator.run(script) }
                if clean { evaluator.clearFailures() }
                host.streams.flush()
            }
            // The page shows the command waiting, with its progress, as the pause starts, and
            // the last command run with its output (LiveFeed.waiting).
            pacer.beforeWaiting = { [unowned classroom] progress in classroom.live?.waiting(progress: progress) }
            classroom.pacedByStep = true
            host.echo = .shownByStepPacer
            evaluator.events.subscribe(pacer)
        }
        if configuration.live {
            do {
                let hint = interactive ? "live stop or Ctrl-D stops it" : "it stops when the run ends"
                for line in try classroom.startLive(port: configuration.livePort, stopHint: hint) {
                    if line.hasPrefix("warning: ") { streams.writeError("credsh: " + line.dropFirst("warning: ".count) + "\n") } else { streams.write(line + "\n") }
                }
                streams.flush()
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                return 4
            }
        }
        if configuration.live, !interactive {
            // A lesson's script may show its practice secrets (`secrets shown`) for the class
            // watching the page, as `--show-secrets` does; the page is this run's until it ends.
            host.classroomHook = { [unowned classroom] request throws(HostError) in
                switch request {
                case .secrets, .status: return try classroom.handle(request)
                case .start, .stop:
                    throw HostError("live start|stop work at the credsh prompt; this run's page is served by --live until the run ends")
                }
            }
        }
        // The URL first, then the banner: a caller that gave --port 0 reads the address from line one.
        if configuration.showSecrets {
            classroom.showSecrets(true)
            streams.write(SecretLedger.shownBanner + "\n")
        }
        defer { _ = classroom.stopLive() }
        if configuration.compact { _ = host.setCompact(true) }
        // A reader that goes away (`credsh script | head -1`) ends the run: whatever it
        // would still print has nobody to read it. The exit code is what the run had so far.
        streams.onClosedOutput = { [unowned evaluator] in evaluator.exitCode }
        let code: Int32
        if interactive {
            let server = PromptServer(evaluator: evaluator, host: host)
            host.serveHook = { request throws(HostError) in try server.handle(request) }
            host.classroomHook = { request throws(HostError) in try classroom.handle(request) }
            // Made before the setup runs: its Ctrl-C handler stops a long setup, and the
            // prompt opens after it, as `python -i` does, instead of the process ending.
            let repl = REPL(evaluator: evaluator, host: host, historyPath: LineEditor.defaultHistoryPath(), classroom: classroom)
            if !setup.isEmpty {
                // Whatever the setup's exit code, the prompt opens on the state it left (its
                // failures were shown): that state is what one wants to look into.
                _ = BatchRunner.run(paths: setup, evaluator: evaluator, host: host)
                evaluator.continueAtThePrompt()
            }
            code = repl.run()
            server.stopServing()  // Ctrl-D or `exit`: close every connection before leaving
        } else {
            code = BatchRunner.run(paths: configuration.files.isEmpty ? ["-"] : configuration.files, evaluator: evaluator, host: host)
            if let live = classroom.live {
                // The class still looks at the picture: it stays until the teacher says so.
                live.publish(force: true)
                streams.write("the live page stays at \(live.server.url) until Enter (or end of input)\n")
                streams.flush()
                _ = readLine(strippingNewline: true)
            }
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
