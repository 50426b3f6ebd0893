import CredLSP
import CredLanguage
import CredEditor
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
/// 3. The editor: the language server's analysis of the input, its outline and a hover
///    at the start of each of its first lines (issue 31: the outline quoted secrets).
///
/// 4. The editor's wire: an input that starts `Content-Length:` is what an editor sends
///    `credsh lsp` (headers, then bodies), read by its framing in small chunks and handled
///    by the language server, instead of the three paths above (issue 51: a length in a
///    header trapped the server).
///
/// A first line `#vars NAME=VALUE …` binds those values from outside before the batch run,
/// as `--var` does (a name starting `S_` as `--secret`), so values from outside are fuzzed too.
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
        if bytes.starts(with: Array("Content-Length:".utf8)) {
            languageServer(bytes)
            return
        }
        let host = FuzzHost(script: bytes)
        batch(bytes, host: host)
        prompt(bytes, host: host)
        editor(bytes)
    }

    /// `#vars NAME=VALUE …` on the first line: the bindings `--var` (and `--secret`) would give.
    static func outsideValues(_ bytes: [UInt8]) -> [(name: String, value: String, secret: Bool)] {
        let prefix = Array("#vars ".utf8)
        guard bytes.starts(with: prefix) else { return [] }
        let line = bytes.dropFirst(prefix.count).prefix { $0 != UInt8(ascii: "\n") }
        return String(decoding: line, as: UTF8.self).split(separator: " ").prefix(64).compactMap { pair in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = String(pair[..<equals])
            return (name, String(pair[pair.index(after: equals)...]), name.hasPrefix("S_"))
        }
    }

    /// Feeds the input to the language server as stdin would, 7 bytes a read (so frames
    /// arrive split), until the input ends or the server exits; returns what it sent.
    @discardableResult
    static func languageServer(_ bytes: [UInt8]) -> [String] {
        var sent: [String] = []
        var rest = bytes[...]
        var reader = MessageReader {
            guard !rest.isEmpty else { return nil }
            defer { rest = rest.dropFirst(7) }
            return Array(rest.prefix(7))
        }
        let server = LanguageServer(version: "fuzz", readFile: { _ in .failure(HostError("no files while fuzzing")) }, send: { sent.append($0) })
        // Each turn reads at least one byte or ends: bounded by the input.
        while server.handle(reader.next()) {}
        return sent
    }

    static func editor(_ bytes: [UInt8]) {
        let analysis = DocumentAnalysis(SourceFile(name: "fuzz.credscript", bytes: bytes))
        _ = EditorSymbols.symbols(of: analysis)
        for line in 0..<min(promptLines, analysis.text.lineCount) {
            _ = EditorHover.hover(in: analysis, at: TextPoint(line: line, character: 0))
        }
    }

    static func batch(_ bytes: [UInt8], host: FuzzHost) {
        let options = Evaluator.Options(echo: true, keepGoing: true, stepBudget: stepBudget)
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        evaluator.interruptRequested = { [unowned evaluator] in holdKDF(evaluator) }
        for binding in outsideValues(bytes) { evaluator.bindFromOutside(binding.name, binding.value, secret: binding.secret) }
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
