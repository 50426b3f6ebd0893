import CredLSP
import CredScript
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
        long: "format", value: "<format>",
        help: "Output format: text for people, json for JSON Lines (one object per call, callback and result).")
    static let noColor = CommandSyntax.Option(
        long: "no-color", help: "Never colour the output (NO_COLOR in the environment does the same).")
    static let seed = CommandSyntax.Option(
        long: "seed", value: "<seed>", help: "Seed for everything random in the simulation (password salts). (default: 0)")
    static let keepGoing = CommandSyntax.Option(
        long: "keep-going", help: "Go on after a failure, reporting each one; the exit code is the most severe failure's.")
    static let maxSteps = CommandSyntax.Option(
        long: "max-steps", value: "<n>",
        help: "Stop a script after N steps, with a runtime error: a step is a statement (loop bodies and sourced files count), 100 rounds of the KDF, or 64 bytes of text a statement handles. (default: 10000000)")

    static let run = CommandSyntax(
        name: "run",
        abstract: "Run scripts (the default), or open the prompt when there is none and stdin is a terminal.",
        arguments: ("<files> ...", "Scripts to run in order, in one simulation; '-' reads standard input."),
        options: [
            keepGoing,
            .init(long: "interactive", short: "i", help: "Run the scripts, then open the prompt in that simulation (as python -i does); needs a terminal."),
            .init(long: "echo", help: "Print each command (secrets masked) before its results, as a transcript."),
            .init(long: "step", help: "At a terminal: show each command of the scripts and wait for Enter before running it (for a class to follow)."),
            .init(long: "compact", help: "Shorter text: within a flow, a callback shows only the fields that changed (a challenge's policy once)."),
            .init(long: "live", help: "Serve a live page of the session (its diagram growing, the last output, the narration) for a projector; the URL, with its token, is printed first."),
            .init(long: "port", value: "<port>", help: "With --live: the page's TCP port; 0 picks a free one (default: 8090)."),
            .init(long: "host", value: "<address>", help: "With --live: the address to serve the page on (default: 127.0.0.1); any other than loopback is warned about."),
            .init(long: "show-secrets", help: "For a class practising with made-up secrets: show the secrets typed in this session in the echo, --step, text output, diagrams and the live page (never in history, JSON, recordings or logs)."),
            format, noColor, seed, maxSteps,
        ],
        discussion: exitCodes + "\n\n" + bounds)

    /// The bounds of a run, from the constants the code checks (README.md, "Bounds", has
    /// them all, with what happens past each).
    static let bounds = """
        Bounds (README.md lists them all, with what happens past each):
          statements per run       \(Evaluator.defaultStepBudget.grouped) (--max-steps changes it)
          repeat count             \(Evaluator.maximumRepeatCount.grouped)
          blocks nested            \(Parser.maximumNesting) deep
          source nested            \(Evaluator.maximumSourceDepth) deep
          errors shown per file    the first \(Diagnostic.keptPerFile) of the lexer and of the parser
          failures shown per run   the first \(Evaluator.reportedFailures), then a count
          KDF rounds (kdf)         1 to \(PasswordHasher.maximumRounds.grouped)
          script size              \(FileSystem.maximumScriptBytes >> 20) MB per file (and a credsh test transcript)
        """

    static let check = CommandSyntax(
        name: "check", abstract: "Parse and validate scripts without running them.",
        arguments: ("<files> ...", "Scripts to check; '-' reads standard input."),
        options: [noColor])

    static let test = CommandSyntax(
        name: "test",
        abstract: "Run self-checking scripts, each in a fresh simulation, and report 'N passed, N failed'.",
        arguments: ("<paths> ...", "Scripts, or directories searched for *.credscript (default: the current directory)."),
        options: [
            .init(long: "jobs", short: "j", value: "<n>", help: "Run N scripts at once (default: the number of cores). The output is the same whatever N is."),
            .init(long: "shard", value: "<k/n>", help: "Run only the K-th of N shares of the scripts (every script is in exactly one share), for a CI matrix."),
            .init(long: "update", help: "Rewrite each X.expected that sits beside X.credscript with this run's transcript, and name those that changed."),
            .init(long: "keep-going", help: "Go on after a failed command inside a script too (a failed expectation never stops one), as a plain run does."),
            .init(long: "format", value: "<format>", help: "text, or json for one JSON object per script (with --coverage, also one per item) and one for the totals."),
            .init(long: "junit", value: "<file>", help: "Also write the results as JUnit XML to this file."),
            .init(long: "html", value: "<file>", help: "Also write the results as one self-contained HTML page: each failure with its source line and the script's sequence diagram up to it."),
            .init(long: "coverage", help: "Also show, per SDK, how often the scripts hit each callback, code, mode, screen, policy rule and transition, and what they never hit."),
            seed, maxSteps,
            .init(long: "no-color", help: "Never colour the output."),
        ],
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
            """)

    static let diagram = CommandSyntax(
        name: "diagram",
        abstract: "Run scripts and draw them as a sequence diagram: SVG, or Mermaid text for Markdown.",
        arguments: ("<files> ...", "Scripts to run in order, in one simulation; '-' reads standard input."),
        options: [
            .init(long: "output", short: "o", value: "<file>", help: "Write the picture to this file (default: standard output)."),
            .init(long: "format", value: "<format>", help: "svg or mermaid (default: mermaid when the output file ends in .mmd or .md, else svg)."),
            .init(long: "title", value: "<title>", help: "The picture's title (default: the scripts' names)."),
            keepGoing, seed,
        ],
        discussion: """
            One lifeline per party (the user and app, the SDK, the server), one arrow per API
            call and per callback, numbered; the app's checks and the simulator's notes as
            boxes beside them; secrets as ***. A script that fails is drawn up to where it
            stopped, with the failure in red, and the exit code is the run's; nothing is
            written when a script does not parse or cannot be read.
            """)

    static let serve = CommandSyntax(
        name: "serve",
        abstract: "Run setup scripts, then serve the simulated SUSI server over HTTP until Ctrl-C.",
        arguments: ("<files> ...", "Setup scripts to run first, in order, in one simulation (SUSI is active when they start)."),
        options: [
            .init(long: "host", value: "<address>", help: "The address to listen on (default: 127.0.0.1). Any other than loopback must be given here, explicitly."),
            .init(long: "port", value: "<port>", help: "The TCP port; 0 picks a free one (default: 8080). The address bound is printed first."),
            .init(long: "control", help: "Also answer POST /__credsh/run (a script, answered with its JSON Lines) and GET /__credsh/state, to clients with the token printed at start."),
            .init(long: "openapi", help: "Print the served API as an OpenAPI 3.1 document (docs/openapi.json) and exit."),
            .init(long: "timeout", value: "<seconds>", help: "Seconds a client may take to send a request, and may stay idle between requests (default: 10)."),
            .init(long: "live", help: "Also serve the live page of the session (each request's events in its diagram) on 127.0.0.1; its URL, with its token, is printed after the server's."),
            .init(long: "live-port", value: "<port>", help: "With --live: the live page's TCP port; 0 picks a free one (default: 8090)."),
            format, noColor, seed,
        ],
        discussion: """
            Serves /aaa/login.json and /aaa/changepassword.json (GET with a query string,
            POST with a form) from the same simulated server as the 'susi' SDK, and logs
            one line per request, secrets masked (JSON Lines with --format json). Exit
            codes: those of the setup scripts when one fails, 4 when the address cannot
            be bound, 0 after Ctrl-C or SIGTERM.
            """)

    static let lsp = CommandSyntax(
        name: "lsp",
        abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
        arguments: nil, options: [],
        discussion: """
            Diagnostics (what 'credsh check' finds, in sourced files too), completion,
            hover ('help' and 'explain'), go to definition and references, the outline and
            formatting, for the editor that starts it (editors/README.md sets it up). Exit
            codes: 0 after the client's shutdown and exit, 1 when it exits without shutdown.
            """)

    static let reference = CommandSyntax(
        name: "reference", abstract: "Print the command reference of grammar.md, from the command table.",
        arguments: nil, options: [])

    /// One script of `credsh test`, in a process of its own (IsolatedScriptTest): its verdict
    /// as one JSON object on standard output.
    static let testOne = CommandSyntax(
        name: "test-one", abstract: "Run one script as 'credsh test' does and print its verdict for the parent process.",
        arguments: ("<file>", "The script."), options: [seed, maxSteps,
            .init(long: "update", help: "As 'credsh test --update'."),
            .init(long: "keep-going", help: "As 'credsh test --keep-going'."),
            .init(long: "coverage", help: "As 'credsh test --coverage'."),
            .init(long: "diagrams", help: "Draw a failing script's sequence diagram, as 'credsh test --html' needs.")])

    static let root = """
        OVERVIEW: A shell and scripting language that simulates credential-management
        SDKs and their server.

        With no FILE and a terminal, credsh opens a prompt (line editing, history, Tab
        completion).
        With FILEs, '-', or a pipe on standard input, it runs them as a batch, with no
        prompt.

        \(exitCodes)

        USAGE: credsh [run] [<files> ...] [options]
               credsh check <files> ...
               credsh test [<paths> ...] [options]
               credsh diagram <files> ... [-o <file>] [--format svg|mermaid]
               credsh serve [<files> ...] [options]
               credsh lsp

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          run (default)           Run scripts (the default), or open the prompt when
                                  there is none and stdin is a terminal.
          check                   Parse and validate scripts without running them.
          test                    Run self-checking scripts, each in a fresh
                                  simulation, and report 'N passed, N failed'.
          diagram                 Run scripts and draw them as a sequence diagram
                                  (SVG, or Mermaid text for Markdown).
          serve                   Run setup scripts, then serve the simulated SUSI
                                  server over HTTP until Ctrl-C.
          lsp                     Serve the Language Server Protocol on standard
                                  input and output, for editors.

          See 'credsh help <subcommand>' for detailed help.

        """

    /// Parses the words after `credsh` and runs what they ask for; returns the exit code.
    static func main(_ words: [String]) -> Int32 {
        var rest = words[...]
        var syntax = run
        var explicit = false
        if let first = rest.first {
            if first == "help" {
                let topic = rest.dropFirst().first
                guard let topic else { return printOut(root) }
                guard let found = subcommand(named: topic) else { return usage(UsageError("Unknown subcommand '\(topic)'", nil)) }
                return printOut(found.help)
            }
            if let found = subcommand(named: first) {
                syntax = found
                explicit = true
                rest = rest.dropFirst()
            }
        }
        do throws(UsageError) {
            let parsed = try ArgumentScanner.scan(rest, syntax)
            if parsed.version { return printOut(version + "\n") }
            if parsed.help { return printOut(explicit ? syntax.help : root) }
            switch syntax.name {
            case "check":
                guard !parsed.positionals.isEmpty else { throw UsageError("Missing expected argument '<files> ...'", syntax) }
                return BatchRunner.check(paths: parsed.positionals, noColor: parsed.has("no-color"))
            case "test":
                return TestRunner.run(try TestRunner.Configuration(parsed, syntax))
            case "diagram":
                return DiagramRunner.run(try DiagramRunner.Configuration(parsed, syntax))
            case "serve":
                return ServeCommand.run(try ServeCommand.Configuration(parsed, syntax))
            case "reference":
                return printOut(HelpText.markdownReference(.standard))
            case "test-one":
                guard parsed.positionals.count == 1 else { throw UsageError("test-one runs exactly one script", syntax) }
                let settings = ScriptTest.Settings(seed: try parsed.seed(syntax), keepGoing: parsed.has("keep-going"), update: parsed.has("update"),
                                                   maxSteps: try parsed.maxSteps(syntax), coverage: parsed.has("coverage"),
                                                   diagrams: parsed.has("diagrams"))
                return printOut(VerdictWire.encode(ScriptTest.run(parsed.positionals[0], settings)))
            case "lsp":
                return LanguageServer.runOnStandardIO(version: version) { path in
                    do throws(HostError) { return .success(try FileSystem.read(path)) } catch { return .failure(error) }
                }
            default:
                return Launcher.run(try Launcher.Configuration(parsed, syntax))
            }
        } catch {
            return usage(error)
        }
    }

    /// A switch, not a dictionary: a dictionary of this type costs a run-time type look-up
    /// at start-up that is a third of what an empty script costs (measured with callgrind).
    static func subcommand(named name: String) -> CommandSyntax? {
        switch name {
        case "run": return run
        case "check": return check
        case "test": return test
        case "diagram": return diagram
        case "serve": return serve
        case "lsp": return lsp
        case "reference": return reference
        case "test-one": return testOne
        default: return nil
        }
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

/// Reading option values, each with a message that says what it takes.
extension ParsedArguments {
    func format(_ syntax: CommandSyntax) throws(UsageError) -> TerminalHost.Format {
        guard let text = values["format"] else { return .text }
        guard let format = TerminalHost.Format(rawValue: text) else {
            throw UsageError("The value '\(text)' is invalid for '--format <format>'. Please provide one of 'text' and 'json'.", syntax)
        }
        return format
    }

    /// `--max-steps N`: the step budget of each run (Evaluator.Options.stepBudget).
    func maxSteps(_ syntax: CommandSyntax) throws(UsageError) -> Int {
        guard let text = values["max-steps"] else { return Evaluator.defaultStepBudget }
        guard let steps = Int(text), steps >= 1 else {
            throw UsageError("--max-steps takes how many steps a script may run, 1 or more, not '\(text)'", syntax)
        }
        return steps
    }

    func seed(_ syntax: CommandSyntax) throws(UsageError) -> UInt64 {
        guard let text = values["seed"] else { return 0 }
        guard let seed = UInt64(text) else {
            throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'", syntax)
        }
        return seed
    }
}
