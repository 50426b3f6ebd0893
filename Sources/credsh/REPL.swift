import CredScript
import CredSimulator

/// The interactive prompt: reads statements (asking for more while a block is open),
/// runs them, and keeps going whatever goes wrong.
struct REPL {
    let evaluator: Evaluator
    let host: TerminalHost
    let editor: LineEditor

    init(evaluator: Evaluator, host: TerminalHost, historyPath: String?) {
        self.evaluator = evaluator
        self.host = host
        host.streams.flushEachWrite = true
        self.editor = LineEditor(historyPath: historyPath) { [evaluator] word, before in
            Completer.complete(word: word, before: before, simulation: evaluator.simulation, table: evaluator.table)
        }
        evaluator.interruptRequested = {
            defer { lineEditorInterruptedEvaluation = false }
            return lineEditorInterruptedEvaluation
        }
    }

    func run() -> Int32 {
        host.streams.write("credsh — a simulated credential SDK at your prompt. 'help' lists the commands; Ctrl-D leaves.\n")
        var pending: [String] = []
        while true {
            let main = Self.prompt(for: evaluator.simulation)
            guard let line = editor.readLine(prompt: pending.isEmpty ? main : "...> ", main: main) else {
                host.streams.write("\n")
                return 0
            }
            if lineEditorAbandonedInput {
                lineEditorAbandonedInput = false
                pending.removeAll()
            }
            editor.remember(SecretMasker.mask(line, table: evaluator.table, sdk: evaluator.simulation.activeCatalog.name))
            pending.append(line)
            let source = SourceFile(name: "<repl>", text: pending.joined(separator: "\n") + "\n")
            var parser = Parser(source, table: evaluator.table, sdk: evaluator.simulation.activeCatalog.name)
            _ = parser.parseAll()
            if parser.endedInsideBlock { continue }
            pending.removeAll()
            evaluator.clearFailures()
            lineEditorInterruptedEvaluation = false
            evaluator.run(source)
            if evaluator.exitRequested { return 0 }
        }
    }

    /// `credsh relid> `, `credsh relid alice> `, `credsh onewelcome bob [current PIN]> `: the
    /// active SDK, then what it says of itself.
    static func prompt(for simulation: Simulation) -> String {
        let status = simulation.active.promptStatus.map { " " + $0 } ?? ""
        return "credsh \(simulation.activeCatalog.name)\(status)> "
    }
}
