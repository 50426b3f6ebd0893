import ArgumentParser
import CredScript
import CredSimulator

/// Options every way of running scripts shares.
struct OutputOptions: ParsableArguments {
    init() {}

    init(format: TerminalHost.Format, noColor: Bool, seed: UInt64) {
        self.format = format
        self.noColor = noColor
        self.seed = seed
    }

    @Option(name: .long, help: "Output format: text for people, json for JSON Lines (one object per call, callback and result).")
    var format: TerminalHost.Format = .text

    @Flag(name: .customLong("no-color"), help: "Never colour the output (NO_COLOR in the environment does the same).")
    var noColor = false

    @Option(name: .long, help: "Seed for everything random in the simulation (password salts).")
    var seed: UInt64 = 0

    func makeHost(streams: StandardStreams) -> TerminalHost {
        let allowed = !noColor && (Environment.value("NO_COLOR") ?? "").isEmpty
        return TerminalHost(streams: streams, format: format,
                            color: allowed && format == .text && StandardStreams.stdoutIsTerminal,
                            errorColor: allowed && StandardStreams.stderrIsTerminal)
    }
}

extension TerminalHost.Format: ExpressibleByArgument {}

struct Credsh: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credsh",
        abstract: "A shell and scripting language that simulates credential-management SDKs and their server.",
        discussion: """
            With no FILE and a terminal, credsh opens a prompt (line editing, history, Tab completion).
            With FILEs, '-', or a pipe on standard input, it runs them as a batch, with no prompt.

            Exit codes:
              0  success
              1  an expectation failed, or a command failed that no 'expect error' named
              2  usage or syntax error
              3  runtime error (a command could not run: no such user, nothing pending)
              4  I/O error (a file is missing or unreadable)
            """,
        version: "0.1.0",
        subcommands: [Run.self, Check.self, Test.self, Reference.self],
        defaultSubcommand: Run.self
    )
}

struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scripts (the default), or open the prompt when there is none and stdin is a terminal.")

    @Argument(help: "Scripts to run in order, in one simulation; '-' reads standard input.")
    var files: [String] = []

    @Flag(name: .long, help: "Go on after a failure, reporting each one; the exit code is the first failure's.")
    var keepGoing = false

    @Flag(name: .long, help: "Print each command (secrets masked) before its results, as a transcript.")
    var echo = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let code = Launcher.run(files: files, keepGoing: keepGoing, echo: echo, output: output)
        if code != 0 { throw ExitCode(code) }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Parse and validate scripts without running them.")

    @Argument(help: "Scripts to check; '-' reads standard input.")
    var files: [String]

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    func run() throws {
        let streams = StandardStreams()
        let output = OutputOptions(format: .text, noColor: noColor, seed: 0)
        let code = BatchRunner.check(paths: files, host: output.makeHost(streams: streams))
        if code != 0 { throw ExitCode(code) }
    }
}

struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run self-checking scripts, each in a fresh simulation, and report 'N passed, N failed'.")

    @Argument(help: "Scripts, or directories searched for *.credscript (default: the current directory).")
    var paths: [String] = []

    @Option(name: .long, help: "Also write the results as JUnit XML to this file.")
    var junit: String?

    @Option(name: .long, help: "Seed for everything random in the simulation.")
    var seed: UInt64 = 0

    @Flag(name: .customLong("no-color"), help: "Never colour the output.")
    var noColor = false

    func run() throws {
        let color = !noColor && (Environment.value("NO_COLOR") ?? "").isEmpty && StandardStreams.stdoutIsTerminal
        let code = TestRunner.run(paths: paths, seed: seed, junitPath: junit, streams: StandardStreams(), color: color)
        if code != 0 { throw ExitCode(code) }
    }
}

/// Prints the command reference that grammar.md embeds (`make grammar` refreshes it).
struct Reference: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reference", abstract: "Print the command reference of grammar.md, from the command table.",
        shouldDisplay: false)

    func run() throws {
        let streams = StandardStreams()
        streams.write(HelpText.markdownReference(.standard))
        streams.flush()
    }
}
