import CredLSP
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// credsh's subcommands: `run` (the default), `check`, `test`, and the hidden
/// `reference` that `make grammar` uses and `test-one` that `credsh test` runs each script with.
enum Subcommands {
    static let version = "0.1.0"

    static let exitCodes = """
        Exit codes:
          0  success
          1  an expectation failed, or a command failed that no 'expect error' named
          2  usage or syntax error
          3  runtime error (a command could not run: no such user, nothing pending)
          4  I/O error (a file is missing, unreadable, or not a regular file)
        """

    static let format = CommandSyntax.Option(
        long: "format", value: "<format>", words: { RunFormats.all.map(\.name) },
        help: RunFormats.help)
    static let noColor = CommandSyntax.Option(
        long: "no-color", help: "Never colour the output (NO_COLOR in the environment does the same).")
    static let keepGoing = CommandSyntax.Option(
        long: "keep-going", help: "Go on after a failure, reporting each one; the exit code is the most severe failure's.")

    static let run = Subcommand(defaultName, syntax: CommandSyntax(
        name: defaultName,
        abstract: "Run scripts (the default), or open the prompt when there is none and stdin is a terminal.",
        arguments: ("<files> ...", "Scripts to run in order, in one simulation; '-' reads standard input."),
        options: [
            keepGoing, RunOptions.interactive, RunOptions.echo, RunOptions.step, RunOptions.compact,
            RunOptions.live, RunOptions.livePort, RunOptions.port, RunOptions.host, RunOptions.showSecrets,
            format, noColor, ScriptOptions.seed, ScriptOptions.maxSteps,
        ] + OutsideVariables.options,
        discussion: exitCodes + "\n\n" + bounds)) { parsed, syntax throws(UsageError) in
            Launcher.run(try Launcher.Configuration(parsed, syntax))
        }

    /// What `credsh FILE` runs: `run`, named or not.
    static let defaultName = "run"

    /// The bounds of a run, from the constants the code checks (docs/scripts.md, "Bounds", has
    /// them all, with what happens past each).
    static let bounds = """
        Bounds (docs/scripts.md lists them all, with what happens past each):
          statements per run       \(Evaluator.defaultStepBudget.grouped) (--max-steps changes it)
          repeat count             \(Limits.standard.repeatCount.grouped)
          blocks nested            \(Parser.maximumNesting) deep
          source nested            \(Limits.standard.sourceDepth) deep
          errors shown per file    the first \(Diagnostic.keptPerFile) of the lexer, the parser and the resolver
          failures shown per run   the first \(Evaluator.reportedFailures), then a count
          KDF rounds (kdf)         1 to \(PasswordHasher.maximumRounds.grouped)
          script size              \(FileSystem.maximumScriptBytes >> 20) MB per file (and a credsh test transcript)
        """

    static let check = Subcommand("check", syntax: CommandSyntax(
        name: "check", abstract: "Parse and validate scripts without running them.",
        arguments: ("<files> ...", "Scripts to check; '-' reads standard input."),
        options: [checkFormat, noColor] + OutsideVariables.options,
        discussion: "A variable a script uses is reported unless it is bound (let, let ?=, a capture, for, a parameter) or given (--var, --var-file, --secret)."),
        requiresArguments: true) { parsed, syntax throws(UsageError) in
            let given = parsed.value(checkFormat) ?? CheckFormat.text.rawValue
            guard let format = CheckFormat(rawValue: given) else {
                throw UsageError("--format takes \(CheckFormat.allCases.map(\.rawValue).joined(separator: ", ")), not '\(TerminalSafe.text(given))'", syntax)
            }
            return BatchRunner.check(paths: parsed.positionals, noColor: parsed.has(noColor),
                                     outside: try OutsideVariables(parsed, syntax, secretValuesNeeded: false), format: format)
        }

    /// `credsh check --format`: text for people, JSON Lines for editors, GitHub's workflow
    /// commands for CI annotations (CheckFormat).
    static let checkFormat = CommandSyntax.Option(
        long: "format", value: "<format>",
        help: "text (the default), json (JSON Lines: one object per diagnostic, with its code) or github (workflow commands: annotations on a pull request's lines).")

    static let test = Subcommand("test", syntax: CommandSyntax(
        name: "test",
        abstract: "Run self-checking scripts, each in a fresh simulation, and report 'N passed, N failed'.",
        arguments: ("<paths> ...", "Scripts, or directories searched for *.credscript (default: the current directory)."),
        options: [
            TestOptions.jobs, TestOptions.shard, TestOptions.timings, ScriptOptions.filter, TestOptions.update, TestOptions.keepGoing, TestOptions.format,
        ] + TestOptions.reports + [TestOptions.coverage, ScriptOptions.seed, ScriptOptions.maxSteps, TestOptions.noColor] + OutsideVariables.options,
        discussion: """
            Each script runs as 'credsh --echo FILE' would, in a fresh simulation. Every
            failed expectation is reported and the script goes on; a failed command stops
            it unless --keep-going is given. When X.expected sits
            beside X.credscript, the transcript must match it byte for byte (a unified
            diff shows where it does not). The exit code is the most severe of any
            script's: 4 (I/O), 3 (runtime), 2 (syntax), 1 (an expectation failed, or a
            transcript differs), else 0; the JSON totals, JUnit and HTML say the same.
            --update writes the transcript of a script that passes (creating X.expected
            when there is none) and never that of a script that fails.
            """)) { parsed, syntax throws(UsageError) in
            TestRunner.run(try TestRunner.plan(parsed, syntax))
        }

    static let diagram = Subcommand("diagram", syntax: CommandSyntax(
        name: "diagram",
        abstract: "Run scripts and draw them as a sequence diagram: SVG, or Mermaid text for Markdown.",
        arguments: ("<files> ...", "Scripts to run in order, in one simulation; '-' reads standard input."),
        options: [DiagramOptions.output, DiagramOptions.format, DiagramOptions.title, DiagramOptions.sideBySide, DiagramOptions.showSecrets, keepGoing, ScriptOptions.seed]
            + OutsideVariables.options,
        discussion: """
            One lifeline per party (the user and app, the SDK, the server), one arrow per API
            call and per callback, numbered; the app's checks and the simulator's notes as
            boxes beside them; secrets as ***. A script that fails is drawn up to where it
            stopped, with the failure in red, and the exit code is the run's; nothing is
            written when a script does not parse or cannot be read. Any other file ending,
            or a --format the ending contradicts, is refused (exit 2); a terminal gets
            Mermaid text, never raw SVG.
            """), requiresArguments: true) { parsed, syntax throws(UsageError) in
            DiagramRunner.run(try DiagramRunner.Configuration(parsed, syntax))
        }

    static let fmt = Subcommand("fmt", syntax: CommandSyntax(
        name: "fmt", abstract: "Format scripts as the editor's formatter does: indentation, spacing, comments.",
        arguments: ("<files> ...", "Scripts to format in place; '-' formats standard input to standard output."),
        options: [FormatCommand.check],
        discussion: """
            Each line keeps its tokens and comments byte for byte (the meaning cannot
            change): one space between words that had space between them, four spaces
            per open block, no trailing blanks, one newline at the end; a line that does
            not lex is left as written. Formatting twice changes nothing. --check names
            the lines it would change, never shows them (they may hold secrets). Exit
            codes: 0, 1 when --check finds a file to change, 2 usage, 4 a file that cannot
            be read or written.
            """), requiresArguments: true) { parsed, syntax throws(UsageError) in
            FormatCommand.run(paths: parsed.positionals, checkOnly: parsed.has(FormatCommand.check))
        }

    static let serve = Subcommand("serve", syntax: CommandSyntax(
        name: "serve",
        abstract: "Run setup scripts, then serve the simulated \(ServeSession.server) server over HTTP until Ctrl-C.",
        arguments: ("<files> ...", "Setup scripts to run first, in order, in one simulation (\(ServeSession.server) is active when they start)."),
        options: [ServeOptions.host, ServeOptions.port, ServeOptions.control, ServeOptions.tokenFile, ServeOptions.openAPI, ServeOptions.timeout,
                  ServeOptions.live, ServeOptions.livePort, ServeOptions.coverage, format, noColor, ScriptOptions.seed],
        discussion: HelpLayout.wrap("""
            Serves \(ServeSession.paths.joined(separator: " and ")) (GET with a query string,
            POST with a form) from the same simulated server as the '\(Simulation.servedType?.catalog.name ?? "")' SDK, and logs
            one line per request, secrets masked (JSON Lines with --format json). With
            --control it also stands in for the SDKs of the double: an app's calls as
            JSON-RPC 2.0 at \(ServeSession.doublePaths.map { "POST " + $0 }.joined(separator: ", ")),
            each device's callbacks without a call at GET /sdk/NAME/events, its journal at
            GET /__credsh/journal (docs/double.md), what the apps met at GET /__credsh/coverage.
            Exit codes: those of the setup scripts when one fails, 4 when the address cannot
            be bound or the --coverage file cannot be written, 0 after Ctrl-C or SIGTERM.
            """.replacing("\n", with: " "), width: HelpLayout.width).joined(separator: "\n"))) { parsed, syntax throws(UsageError) in
            ServeCommand.run(try ServeCommand.Configuration(parsed, syntax))
        }

    static let coverage = Subcommand("coverage", syntax: CommandSyntax(
        name: "coverage",
        abstract: "Add up coverage files (credsh serve --coverage, credsh test --coverage --format json), print a summary, draw it, gate on it.",
        arguments: ("merge <files> ...", "The verb merge, then the coverage files to add up."),
        options: [CoverageOptions.output, CoverageOptions.html, CoverageOptions.minimum],
        discussion: HelpLayout.wrap("""
            Each item's hits are added up across the files, by SDK, kind and item; what
            credsh never produces, and each SDK no run used, is not counted
            (docs/coverage.md, "Coverage of an app"). Exit codes: 0, 1 when --min is not
            reached, 2 usage or a file that is not coverage, 4 a file that cannot be read or
            written.
            """.replacing("\n", with: " "), width: HelpLayout.width).joined(separator: "\n")),
        requiresArguments: true) { parsed, syntax throws(UsageError) in
            CoverageCommand.run(try CoverageCommand.Configuration(parsed, syntax))
        }

    /// `credsh explain CODE`: the prompt's `explain`, from the shell (ExplainText).
    static let explain = Subcommand("explain", syntax: CommandSyntax(
        name: "explain",
        abstract: "Say what a diagnostic code (CS0301), an SDK's code, an event or an API call means, as the prompt's 'explain' does.",
        arguments: ("<code>", "A diagnostic code such as CS0104, an SDK's code or name (118, RDNA_OP_UPDATE_ON_EXPIRY), an event or an API call (setPassword)."),
        options: [],
        discussion: HelpLayout.wrap("""
            Every error credsh reports ends with its code, such as [CS0301]: 'credsh explain
            CS0301' says what it means, an example and the fix; docs/diagnostics.md lists
            every code. A code, event or call of an SDK is looked up in \(SDKID.first.name)'s
            catalog first, then in the others' (each named). Exit codes: 0, 2 when there is
            nothing to explain by that name.
            """.replacing("\n", with: " "), width: HelpLayout.width).joined(separator: "\n"),
            argumentWords: { ExplainText.names }),
        requiresArguments: true) { parsed, syntax throws(UsageError) in
            // One name: two words are two questions, not one name made of both; unless they
            // spell a glossary term (`challenge mode`), which the refusal points to.
            guard parsed.positionals.count == 1 || ExplainText.namesGlossaryTerm(parsed.positionals) else {
                throw UsageError("explain takes one code or name, not \(parsed.positionals.count); run it once for each", syntax)
            }
            let query = parsed.positionals.joined(separator: " ")
            guard !query.allSatisfy(\.isWhitespace) else {
                throw UsageError("explain takes a code or name, not an empty one", syntax)
            }
            do throws(SimulationError) {
                return printOut(try ExplainText.lines(query).map { $0.escapingControls + "\n" }.joined())
            } catch {
                StandardStreams().writeError("credsh: " + TerminalSafe.text(error.message) + " [\(DiagnosticCode(refusal: error.kind).id)]\n")
                return 2
            }
        }

    /// `credsh glossary [TERM]`: the prompt's `glossary`, from the shell.
    static let glossary = Subcommand("glossary", syntax: CommandSyntax(
        name: "glossary",
        abstract: "Say what a term credsh uses means (challenge mode, sync error, callback, policy…), as the prompt's 'glossary' does; every term without one.",
        arguments: ("<term> ...", "A term, in one word or several (credsh glossary challenge mode)."),
        options: [],
        discussion: "Exit codes: 0, 2 when the glossary has no such term (the closest one is named).")) { parsed, syntax throws(UsageError) in
            do throws(SimulationError) {
                return printOut(try ExplainText.glossary(parsed.positionals).map { $0.escapingControls + "\n" }.joined())
            } catch {
                StandardStreams().writeError("credsh: " + TerminalSafe.text(error.message) + " [\(DiagnosticCode(refusal: error.kind).id)]\n")
                return 2
            }
        }

    static let lsp = Subcommand("lsp", syntax: CommandSyntax(
        name: "lsp",
        abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
        arguments: nil, options: [],
        discussion: """
            Diagnostics (what 'credsh check' finds, in sourced files too), completion,
            hover ('help' and 'explain'), go to definition and references, the outline and
            formatting, for the editor that starts it (editors/README.md sets it up). Exit
            codes: 0 after the client's shutdown and exit, 1 when it exits without shutdown.
            """)) { _, _ throws(UsageError) in
            LanguageServer.runOnStandardIO(version: version, documentationPath: DiagnosticsDocument.path()) { path in
                do throws(HostError) { return .success(try FileSystem.read(path)) } catch { return .failure(error) }
            }
        }

    static let completion = Subcommand("completion", syntax: CommandSyntax(
        name: "completion", abstract: "Print the completion script of a shell: bash, zsh or fish.",
        arguments: ("<shell>", "bash, zsh or fish."), options: [],
        discussion: """
            Made from the subcommands and their options, as 'make install' installs them:
              credsh completion bash > /usr/share/bash-completion/completions/credsh
              credsh completion zsh > /usr/share/zsh/vendor-completions/_credsh
              credsh completion fish > /usr/share/fish/vendor_completions.d/credsh.fish
            """, argumentWords: { Completions.shells }), requiresArguments: true) { parsed, syntax throws(UsageError) in
            guard parsed.positionals.count == 1, let script = Completions.script(parsed.positionals[0], program) else {
                throw UsageError("completion takes one shell: " + FormatList.spoken(Completions.shells)
                                 + (parsed.positionals.count == 1 ? ", not '\(TerminalSafe.text(parsed.positionals[0]))'" : ""), syntax)
            }
            return printOut(script)
        }

    /// credsh(1), in roff, for `make install` and `make deb` (ManPage).
    static let man = Subcommand("man", syntax: CommandSyntax(
        name: "man", abstract: "Print the manual page credsh(1), in roff.", arguments: nil, options: []), listed: false) { _, _ throws(UsageError) in
            printOut(ManPage.page(program))
        }

    static let reference = Subcommand("reference", syntax: CommandSyntax(
        name: "reference", abstract: "Print the command reference of grammar.md, from the command table.",
        arguments: nil, options: []), listed: false) { _, _ throws(UsageError) in
            printOut(HelpText.markdownReference(.standard))
        }

    /// The table of each SDK's calls in docs/double.md (`make grammar`, bench/update_double.py).
    static let referenceCalls = Subcommand("reference-calls", syntax: CommandSyntax(
        name: "reference-calls", abstract: "Print docs/double.md's table of each SDK's calls and callbacks, from the catalogs.",
        arguments: nil, options: []), listed: false) { _, _ throws(UsageError) in
            printOut(CallReference.markdown())
        }

    /// `credsh test`'s worker (WorkerProcesses): runs the scripts whose paths arrive on
    /// descriptor 3, each answered by its verdicts as one line of JSON on standard output
    /// (WorkerWire); its argument is the room its process title is written in. Without
    /// --worker, it runs the one script named and prints its verdicts.
    static let testOne = Subcommand("test-one", syntax: TestOneOptions.syntax, requiresArguments: true, listed: false) { parsed, syntax throws(UsageError) in
            guard parsed.positionals.count == 1 else { throw UsageError("test-one runs exactly one script", syntax) }
            let settings = try TestOneOptions.settings(parsed, syntax)
            guard parsed.has(TestOneOptions.worker) else { return printOut(VerdictWire.encode(ScriptTest.run(parsed.positionals[0], settings))) }
            return WorkerProcesses.serve(settings)
        }

    /// credsh as its manual page and completion scripts describe it.
    static var program: CommandLineProgram {
        CommandLineProgram(subcommands: all, defaultName: defaultName, version: version, exitCodes: exitCodes)
    }

    /// Every subcommand, in the order the root help lists them.
    static let all: [Subcommand] = [run, check, fmt, test, diagram, explain, glossary, serve, coverage, lsp, completion, man, reference, referenceCalls, testOne]

    /// `credsh --help`: made from `all`, so it lists every subcommand there is.
    static var root: String {
        var out = """
            OVERVIEW: A shell and scripting language that simulates credential-management
            SDKs and their servers.

            With no FILE and a terminal, credsh opens a prompt (line editing, history, Tab
            completion).
            With FILEs, '-', or a pipe on standard input, it runs them as a batch, with no
            prompt.

            \(exitCodes)

            Each error ends with its code, such as [CS0301]: 'credsh explain CS0301' says
            what it means and how to fix it (docs/diagnostics.md lists every code).


            """
        let listed = all.filter(\.listed)
        out += "USAGE: " + listed.map { $0.synopsis(defaultName: defaultName) }.joined(separator: "\n       ") + "\n\n"
        out += "OPTIONS:\n" + HelpLayout.entry("--version", "Show the version.") + HelpLayout.entry("-h, --help", "Show help information.")
        out += "\nSUBCOMMANDS:\n"
        for subcommand in listed {
            out += HelpLayout.entry(subcommand.name == defaultName ? "\(subcommand.name) (default)" : subcommand.name, subcommand.syntax.abstract)
        }
        return out + "\n  See 'credsh help <subcommand>' for detailed help.\n\n"
    }

    /// Parses the words after `credsh` and runs what they ask for; returns the exit code.
    static func main(_ words: [String]) -> Int32 {
        var rest = words[...]
        var subcommand = run
        var explicit = false
        if let first = rest.first {
            if first == "help" {
                let topic = rest.dropFirst().first
                guard let topic else { return printOut(root) }
                guard let found = named(topic) else { return usage(UsageError("Unknown subcommand '\(TerminalSafe.text(topic))'", nil)) }
                return printOut(found.syntax.help)
            }
            if let found = named(first) {
                subcommand = found
                explicit = true
                rest = rest.dropFirst()
            }
        }
        let syntax = subcommand.syntax
        do throws(UsageError) {
            let parsed = try ArgumentScanner.scan(rest, syntax)
            if parsed.version { return printOut(version + "\n") }
            if parsed.help { return printOut(explicit ? syntax.help : root) }
            if subcommand.requiresArguments, parsed.positionals.isEmpty, let arguments = syntax.arguments {
                throw UsageError("Missing expected argument '\(arguments.placeholder)'", syntax)
            }
            return try subcommand.run(parsed, syntax)
        } catch {
            return usage(error)
        }
    }

    /// A linear search of a few values: no dictionary to build at start-up, where a
    /// dictionary of this type costs a run-time type look-up (measured with callgrind).
    static func named(_ name: String) -> Subcommand? {
        all.first { $0.name == name }
    }

    static func printOut(_ text: String) -> Int32 {
        let streams = StandardStreams()
        streams.write(text)
        streams.flush()
        return 0
    }

    static func usage(_ error: UsageError) -> Int32 {
        StandardStreams().writeError(error.text)
        return 2
    }
}

/// Reading `--format`'s value, with a message that says what it takes (the formats are
/// CredServe's RunFormats; the other values' readers are CredCommandLine's, ScriptOptions).
extension ParsedArguments {
    func format(_ syntax: CommandSyntax) throws(UsageError) -> any RunFormat {
        guard let text = value(Subcommands.format) else { return RunFormats.default }
        guard let format = RunFormats.named(text) else {
            throw UsageError("The value '\(TerminalSafe.text(text))' is invalid for '--format <format>'. Please provide one of "
                             + FormatList.spoken(RunFormats.all.map(\.name)) + ".", syntax)
        }
        return format
    }
}
