import CredLanguage
import CredEditor
import CredScript
import CredCommandLine
import CredSuite
import CredSimulator

/// The interactive prompt: reads statements (asking for more while a block is open),
/// runs them, and keeps going whatever goes wrong.
struct REPL {
    let evaluator: Evaluator
    let host: TerminalHost
    let editor: LineEditor
    /// The live page, while it is served: it shows each line's results as the prompt returns.
    let classroom: Classroom?

    init(evaluator: Evaluator, host: TerminalHost, historyPath: String?, classroom: Classroom? = nil) {
        self.evaluator = evaluator
        self.host = host
        self.classroom = classroom
        host.streams.flushEachWrite = true
        self.editor = LineEditor(historyPath: historyPath) { [evaluator] word, before in
            Completer.complete(word: word, before: before, simulation: evaluator.simulation, table: evaluator.table,
                               procedures: Array(evaluator.procedures.keys))
        }
        evaluator.interruptRequested = { lineEditorInterruptedEvaluation.take() }
    }

    /// The name of what is typed at the prompt, in diagnostics (`<repl>:1:7`).
    static let sourceName = "<repl>"

    func run() -> Int32 {
        host.streams.write("credsh — a simulated credential SDK at your prompt. 'help' lists the commands; Ctrl-D leaves.\n")
        var pending: [String] = []
        while true {
            let main = Self.prompt(for: evaluator.simulation, recording: evaluator.recordingPath != nil)
            guard let line = editor.readLine(prompt: pending.isEmpty ? main : "...> ", main: main) else {
                host.streams.write("\n")
                if !pending.isEmpty { host.streams.write(Self.dropped(pending, evaluator: evaluator) + "\n") }
                return 0
            }
            if lineEditorAbandonedInput.take() { pending.removeAll() }
            pending.append(line)
            // A block is read whole, and is one history entry.
            let entry = pending.joined(separator: "\n")
            let source = SourceFile(name: Self.sourceName, text: entry + "\n")
            // Read once: the same reading masks the history entry, finds recalled secrets and runs.
            let script = evaluator.parse(source)
            if script.endedInsideBlock { continue }
            pending.removeAll()
            guard Self.remember(entry, read: script, evaluator: evaluator, host: host, editor: editor) else { continue }
            evaluator.clearFailures()
            lineEditorInterruptedEvaluation.lower()
            evaluator.run(script)
            classroom?.live?.publish(force: true)  // the projector shows the line's results as the prompt returns
            if evaluator.exitRequested { return 0 }
        }
    }

    /// Adds what was typed to the history (its secrets masked in the file), and says
    /// whether it may run: not when it was recalled from the history file with its secrets
    /// removed. The prompt and the `--step` pause (StepPacer) read lines alike.
    static func remember(_ entry: String, read script: ParsedScript, evaluator: Evaluator, host: TerminalHost, editor: LineEditor) -> Bool {
        let secrets = evaluator.events.secrets
        let removed = secrets.removedSecrets(in: script)
        if !removed.isEmpty {
            // Recalled from the history file, which keeps *** for each secret: sending it
            // would spend an attempt on a password nobody typed. Nothing runs.
            editor.rememberInSession(entry)
            for secret in removed { host.report(Self.refusal(secret, file: script.source.name), source: script.source) }
            return false
        }
        editor.remember(entry, masked: secrets.historyEntry(entry, read: script, simulation: evaluator.simulation, table: evaluator.table))
        return true
    }

    static func refusal(_ secret: SecretMasker.RemovedSecret, file: String = sourceName) -> Diagnostic {
        // A path is no secret: the history file keeps *** for one only because it was
        // shaped like a password (docs/prompt.md, "History").
        if secret.noun == SecretMasker.RemovedSecret.pathNoun {
            return Diagnostic(.historySecretRemoved, "this line came from history, which keeps *** for a path shaped like a password; type the path again",
                              file: file, at: secret.position, notes: ["to mean a file named ***, write \"***\""])
        }
        return Diagnostic(.historySecretRemoved, "this line came from history with its \(secret.noun) removed; type it again", file: file,
                          at: secret.position,
                          notes: ["the history file keeps *** in place of each secret; to mean three asterisks, write \"***\""])
    }

    /// What Ctrl-D inside an unfinished block leaves behind, said before leaving.
    static func dropped(_ lines: [String], evaluator: Evaluator) -> String {
        let first = evaluator.events.secrets.historyText(lines[0], table: evaluator.table, sdk: evaluator.simulation.activeSDK)
            .trimmedSpacesAndTabs
        return "the unfinished block was not run (\(lines.count) line\(lines.count == 1 ? "" : "s") from '\(first)' dropped)"
    }

    /// `credsh relid> `, `credsh relid alice> `, `credsh onewelcome bob [current PIN]> `: the
    /// active SDK, `@DEVICE` after it when the lines act for a device other than `default`
    /// (`credsh relid@phone-1 alice> `, docs/prompt.md), then what the SDK says of itself;
    /// `(rec) ` in front while `record` is on. A device ID is plain ASCII (DeviceID).
    static func prompt(for simulation: Simulation, recording: Bool = false) -> String {
        let device = simulation.device == .standard ? "" : "@" + simulation.device.name
        let status = simulation.active.promptStatus.map { " " + $0 } ?? ""
        return (recording ? "(rec) " : "") + "credsh \(simulation.activeSDK.name)\(device)\(status)> "
    }
}
