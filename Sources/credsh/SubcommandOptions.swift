import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// The options of each subcommand, as constants: its syntax lists them (and prints
/// them in its help) and its configuration reads them (`parsed.has(RunOptions.echo)`),
/// so an option cannot be read that is not declared. Options every way of running
/// scripts shares (`--format`, `--no-color`, …) are in `Subcommands`; those whose values
/// CredCommandLine reads (`--seed`, `--max-steps`, `--filter`) in `ScriptOptions`, and
/// `credsh test-one`'s in `TestOneOptions`.
enum RunOptions {
    static let interactive = CommandSyntax.Option(
        long: "interactive", short: "i", help: "Run the scripts, then open the prompt in that simulation (as python -i does); needs a terminal.")
    static let echo = CommandSyntax.Option(
        long: "echo", help: "Print each command (secrets masked) before its results, as a transcript.")
    static let step = CommandSyntax.Option(
        long: "step", help: "At a terminal: show each command of the scripts and wait for Enter before running it (for a class to follow).")
    static let compact = CommandSyntax.Option(
        long: "compact", help: "Shorter text: within a flow, a callback shows only the fields that changed (a challenge's policy once).")
    static let live = CommandSyntax.Option(
        long: "live",
        help: "Serve a live page of the session (its diagram growing, the last output, the narration) for a projector; the URL, with its token, is printed first.")
    /// The live page's port, spelt as `credsh serve` spells it (its `--port` is the server's).
    static let livePort = ServeOptions.livePort
    /// The older spelling of --live-port, still read.
    static let port = CommandSyntax.Option(long: "port", value: "<port>", help: "The older name of --live-port.")
    static let host = CommandSyntax.Option(
        long: "host", value: "<address>",
        help: "With --live: the address to serve the page on (default: \(ServingDefaults.host)); any other than loopback is warned about.")
    static let showSecrets = CommandSyntax.Option(
        long: "show-secrets",
        help: "For a class practising with made-up secrets: show the secrets typed in this session in the echo, --step, text output, diagrams and the live page (never in history, JSON, recordings or logs).")
}

enum TestOptions {
    static let jobs = CommandSyntax.Option(
        long: "jobs", short: "j", value: "<n>", help: "Run N scripts at once (default: the number of cores). The output is the same whatever N is.")
    static let shard = CommandSyntax.Option(
        long: "shard", value: "<k/n>", help: "Run only the K-th of N shares of the scripts (every script is in exactly one share), for a CI matrix.")
    static let timings = CommandSyntax.Option(
        long: "timings", value: "<junit.xml>", repeats: true,
        help: "With --shard: balance the shares by the times of a previous run's JUnit files (give it once per file; a missing file: shares by position, as without it).")
    static let update = CommandSyntax.Option(
        long: "update", help: "Rewrite each X.expected that sits beside X.credscript with this run's transcript, and name those that changed.")
    static let keepGoing = CommandSyntax.Option(
        long: "keep-going", help: "Go on after a failed command inside a script too (a failed expectation never stops one), as a plain run does.")
    /// Its help lists the formats `SuiteFormats.all` holds.
    static let format = CommandSyntax.Option(
        long: "format", value: "<format>", words: { SuiteFormats.names },
        help: SuiteFormats.all.map { "\($0.name): \($0.summary)" }.joined(separator: "; ") + ".")
    /// `--junit FILE`, `--html FILE`: one per report of `SuiteReports.all`, made from it.
    static let reports = SuiteReports.all.map { CommandSyntax.Option(long: $0.option, value: "<file>", help: $0.help) }
    static let coverage = CommandSyntax.Option(
        long: "coverage",
        help: "Also show, per SDK, how often the scripts hit each callback, code, mode, screen, policy rule and transition, and what they never hit.")
    static let noColor = CommandSyntax.Option(long: "no-color", help: "Never colour the output.")
}

enum DiagramOptions {
    static let output = CommandSyntax.Option(
        long: "output", short: "o", value: "<file>",
        help: "Write the picture to this file: .svg, .mmd or .md (Mermaid), or .html (a page with the narration); missing folders are made; default (or '-'): standard output.")
    static let format = CommandSyntax.Option(
        long: "format", value: "<format>", words: { ["svg", "mermaid"] }, help: "svg or mermaid (default: from the output file's name; without one, mermaid on a terminal, else svg).")
    static let title = CommandSyntax.Option(
        long: "title", value: "<title>", help: "The picture's title (default: the scripts' names).")
    static let sideBySide = CommandSyntax.Option(
        long: "side-by-side",
        help: "Draw 2 to 4 scripts beside each other, each run alone and under its own title (Mermaid: a box each), to compare two SDKs' flows.")
    static let showSecrets = CommandSyntax.Option(
        long: "show-secrets",
        help: "For a handout of a lesson with made-up secrets: draw the secrets the scripts type as typed, with '⚠ secrets shown' in the picture (a script's own 'secrets shown|masked' works too).")
}

enum ServeOptions {
    static let host = CommandSyntax.Option(
        long: "host", value: "<address>",
        help: "The address to listen on (default: \(ServingDefaults.host)). Any other than loopback must be given here, explicitly.")
    static let port = CommandSyntax.Option(
        long: "port", value: "<port>", help: "The TCP port; 0 picks a free one (default: \(ServingDefaults.port)). The address bound is printed first.")
    static let control = CommandSyntax.Option(
        long: "control",
        help: "Also answer POST /__credsh/run (a script, answered with its JSON Lines), GET /__credsh/state and the SDK double (POST \(ServeSession.doublePaths.joined(separator: ", ")), JSON-RPC 2.0), to clients with the token printed at start.")
    static let tokenFile = CommandSyntax.Option(
        long: "token-file", value: "<file>",
        help: "With --control: also write the control token to this file (mode 0600, replaced whole once the port is bound, removed when the server stops), for scripts and CI.")
    static let openAPI = CommandSyntax.Option(
        long: "openapi", help: "Print the served API as an OpenAPI 3.1 document (docs/openapi.json) and exit.")
    static let timeout = CommandSyntax.Option(
        long: "timeout", value: "<seconds>",
        help: "Seconds a client may take to send a request, and may stay idle between requests (default: 10).")
    static let live = CommandSyntax.Option(
        long: "live",
        help: "Also serve the live page of the session (each request's events in its diagram) on \(ServingDefaults.host); its URL, with its token, is printed after the server's.")
    static let livePort = CommandSyntax.Option(
        long: "live-port", value: "<port>", help: "With --live: the live page's TCP port; 0 picks a free one (default: \(Classroom.defaultPort)).")
    static let coverage = CommandSyntax.Option(
        long: "coverage", value: "<file>",
        help: "When the server stops (Ctrl-C, SIGTERM too), write what the apps met, as JSON: each SDK's coverage items with their hits ('credsh coverage merge' adds such files up; docs/coverage.md).")
}
