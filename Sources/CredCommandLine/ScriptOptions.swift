import CredLanguage
import CredScript
import CredSuite

/// Options of the subcommands that run scripts whose values are checked here, each read
/// with a message that says what it takes: `--seed` and `--max-steps` (every way of
/// running scripts), `--filter` (`credsh test` and its workers). The executable's
/// `Subcommands` has the other options they share (`--format`, `--no-color`, …).
package enum ScriptOptions {
    package static let seed = CommandSyntax.Option(
        long: "seed", value: "<seed>", help: "Seed for everything random in the simulation (password salts). (default: 0)")
    package static let maxSteps = CommandSyntax.Option(
        long: "max-steps", value: "<n>",
        help: "Stop a script after N steps, with a runtime error: a step is a statement (loop bodies and sourced files count), 100 rounds of the KDF, or 64 bytes of text a statement handles. (default: 10000000)")
    package static let filter = CommandSyntax.Option(
        long: "filter", value: "<regex>",
        help: "Run only the tests whose name the regular expression finds: 'FILE: NAME' for a named test, 'FILE' for a file without tests (transcripts are compared only for files run whole).")
}

/// Reading option values, each with a message that says what it takes.
extension ParsedArguments {
    /// `--max-steps N`: the step budget of each run (Evaluator.Options.stepBudget).
    package func maxSteps(_ syntax: CommandSyntax) throws(UsageError) -> Int {
        guard let text = value(ScriptOptions.maxSteps) else { return Evaluator.defaultStepBudget }
        guard let steps = Int(text), steps >= 1 else {
            throw UsageError("--max-steps takes how many steps a script may run, 1 or more, not '\(TerminalSafe.text(text))'", syntax)
        }
        return steps
    }

    /// `--filter REGEX`: checked here, so a pattern RE2 refuses is a usage error (2), whose
    /// message masks the values given from outside (`outside`), any of which a script may
    /// use as a secret.
    package func filter(_ syntax: CommandSyntax, masking outside: OutsideVariables = OutsideVariables()) throws(UsageError) -> String? {
        guard let text = value(ScriptOptions.filter) else { return nil }
        if case .failure(let error) = LinearPattern.compile(text) {
            throw UsageError(outside.shown("--filter takes a regular expression (RE2), and '\(TerminalSafe.text(text))' is not one: \(error)"), syntax)
        }
        return text
    }

    package func seed(_ syntax: CommandSyntax) throws(UsageError) -> UInt64 {
        guard let text = value(ScriptOptions.seed) else { return 0 }
        guard let seed = UInt64(text) else {
            throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(TerminalSafe.text(text))'", syntax)
        }
        return seed
    }
}
