import CredLanguage
import CredScript
import CredSuite

/// `credsh test-one`: the command line `credsh test` starts each of its worker processes
/// with (WorkerWire). The runner writes it from the settings its scripts run with
/// (`workerArguments`), and the worker reads those settings back from it (`settings`),
/// both through the one table of options here, so what is sent cannot drift from what is
/// understood.
package enum TestOneOptions {
    package static let worker = CommandSyntax.Option(long: "worker", help: "Run each script whose path arrives on descriptor 3 (ended by a NUL byte), answering each on a line.")
    package static let update = CommandSyntax.Option(long: "update", help: "As 'credsh test --update'.")
    package static let keepGoing = CommandSyntax.Option(long: "keep-going", help: "As 'credsh test --keep-going'.")
    package static let coverage = CommandSyntax.Option(long: "coverage", help: "As 'credsh test --coverage'.")
    package static let diagrams = CommandSyntax.Option(long: "diagrams", help: "Draw a failing script's sequence diagram, as 'credsh test --html' needs.")

    package static var syntax: CommandSyntax {
        CommandSyntax(
            name: "test-one", abstract: "Run scripts as 'credsh test' does and print their verdicts for the parent process.",
            arguments: ("<file>", "The script (with --worker: room for the process title)."),
            options: [worker, ScriptOptions.seed, ScriptOptions.maxSteps, update, keepGoing, coverage, diagrams, ScriptOptions.filter]
                + OutsideVariables.options)
    }

    /// What the scripts run with, read from a `credsh test-one` command line (a secret's
    /// value from `environment`, which the worker inherited from the runner).
    package static func settings(_ parsed: ParsedArguments, _ syntax: CommandSyntax,
                                 environment: (String) -> String? = Environment.value) throws(UsageError) -> ScriptTest.Settings {
        var settings = ScriptTest.Settings(seed: try parsed.seed(syntax), keepGoing: parsed.has(keepGoing),
                                           update: parsed.has(update), maxSteps: try parsed.maxSteps(syntax),
                                           coverage: parsed.has(coverage), diagrams: parsed.has(diagrams))
        settings.filter = try parsed.filter(syntax)
        settings.outside = try OutsideVariables(parsed, syntax, environment: environment)
        return settings
    }

    /// The command line of a worker that runs scripts with `settings` (`credsh test-one
    /// --worker …`); its last argument is `room`, the room its process title is written in.
    /// The values from outside go as they were given: a secret's value is not among them.
    package static func workerArguments(_ settings: ScriptTest.Settings, room: String) -> [String] {
        var arguments = ["credsh", "test-one", "--" + worker.long,
                         "--" + ScriptOptions.seed.long, String(settings.seed), "--" + ScriptOptions.maxSteps.long, String(settings.maxSteps)]
        if settings.keepGoing { arguments.append("--" + keepGoing.long) }
        if settings.update { arguments.append("--" + update.long) }
        if settings.coverage { arguments.append("--" + coverage.long) }
        if settings.diagrams { arguments.append("--" + diagrams.long) }
        if let filter = settings.filter { arguments += ["--" + ScriptOptions.filter.long, filter] }
        return arguments + settings.outside.arguments + ["--", room]
    }
}
