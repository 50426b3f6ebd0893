import CredScript
import CredSimulator

/// What one fuzz input goes through: the paths a script takes in credsh, minus the
/// terminal and the file system.
///
/// 1. A batch run, as `credsh --keep-going --echo` runs a file: the lexer, the parser's
///    check of the whole file, then every statement, its outcomes rendered as text and
///    JSON, every diagnostic formatted with its source window.
/// 2. The prompt: the first lines fed one at a time to an interactive evaluator, as the
///    REPL feeds them (a line that leaves a block open waits for the next), each line
///    masked for the history file and completed as Tab would.
///
/// Both runs stop at a small step budget, so an input costs milliseconds, not the
/// minutes credsh's own budget allows; what the fuzzer looks for is a crash, a trap, or
/// work that no step pays for (a hang or a memory blow-up inside one statement).
public enum FuzzRun {
    static let stepBudget = 10_000
    static let promptLines = 64
    /// The KDF is held at its default cost: `kdf 600000` is a documented, bounded cost per
    /// check (PasswordHasher.maximumRounds) that would only slow the search down.
    static let kdfRounds = PasswordHasher.defaultRounds

    public static func run(_ bytes: [UInt8]) {
        let host = FuzzHost(script: bytes)
        batch(bytes, host: host)
        prompt(bytes, host: host)
    }

    static func batch(_ bytes: [UInt8], host: FuzzHost) {
        let options = Evaluator.Options(echo: true, keepGoing: true, stepBudget: stepBudget)
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        evaluator.interruptRequested = { [unowned evaluator] in holdKDF(evaluator) }
        evaluator.run(SourceFile(name: "fuzz.credscript", bytes: bytes))
        _ = evaluator.exitCode
    }

    static func prompt(_ bytes: [UInt8], host: FuzzHost) {
        let options = Evaluator.Options(interactive: true, stepBudget: stepBudget)
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        evaluator.interruptRequested = { [unowned evaluator] in holdKDF(evaluator) }
        var stepsLeft = stepBudget
        var pending: [String] = []
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).prefix(promptLines) {
            let line = String(line)
            let sdk = evaluator.simulation.activeSDK
            _ = SecretMasker.mask(line, table: evaluator.table, sdk: sdk)
            let (before, word) = lastWord(of: line)
            _ = Completer.complete(word: word, before: before, simulation: evaluator.simulation, table: evaluator.table)
            _ = evaluator.simulation.active.promptStatus

            pending.append(line)
            let source = SourceFile(name: "<repl>", text: pending.joined(separator: "\n") + "\n")
            var parser = ScriptReader(source, table: evaluator.table, sdk: sdk)
            _ = parser.parseAll()
            if parser.endedInsideBlock { continue }
            pending.removeAll()
            evaluator.clearFailures()
            evaluator.options.stepBudget = stepsLeft
            evaluator.run(source)
            stepsLeft -= evaluator.steps
            if evaluator.exitRequested || stepsLeft <= 0 { return }
        }
    }

    /// Called between statements (where Ctrl-C is checked): puts the KDF back to its
    /// default cost if the script raised it. Never interrupts.
    static func holdKDF(_ evaluator: Evaluator) -> Bool {
        if evaluator.simulation.sdk(RelIDSimulator.self).server.hasher.rounds > kdfRounds {
            evaluator.simulation.modify(RelIDSimulator.self) { sdk, _ in sdk.server.hasher.rounds = kdfRounds }
        }
        return false
    }

    /// The line split as readline hands it to the completer: the text before the word
    /// under the cursor (at the end), and that word.
    static func lastWord(of line: String) -> (String, String) {
        guard let space = line.lastIndex(of: " ") else { return ("", line) }
        return (String(line[...space]), String(line[line.index(after: space)...]))
    }
}
