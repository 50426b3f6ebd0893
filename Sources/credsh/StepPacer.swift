#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredScript
import CredCommandLine
import CredSuite
import CredSimulator

/// `--step`: before each command of a script, shows it and waits for Enter, so a class can
/// follow one command at a time. Expectations and `let` lines show without a pause (they
/// check or bind; nothing happens). Each pause says how far the lesson is (`step 3/12`: the
/// commands that pause, counted in the scripts before they run); the narration (the
/// comment lines above the command) shows just before it. A command typed at the pause
/// runs first, and the same command waits again: the teacher improvises, then Enter goes
/// on. Ctrl-D runs the rest without pausing; Ctrl-C stops. It reads standard input, which
/// must be a terminal (Launcher checks), with readline as the prompt does (LineEditor):
/// the command shown on a line of its own, what is typed on the line below (`step> `),
/// with line editing, Tab completion, history (Up) and Ctrl-L.
///
/// It follows the run's events: each echoed command is its to show (the host prints the
/// narration above it, TerminalHost.EchoLines), and it pauses there, before the command runs.
final class StepPacer: RunEventSubscriber {
    private let table: CommandTable
    private let streams: StandardStreams
    /// The echo as text, whatever the run's format (only a format for people is paced).
    private let textRenderer: TextRenderer
    /// The SDK active now: a raw request's parameters are masked by its catalog.
    private let activeSDK: () -> SDKID
    /// `--show-secrets`, `secrets shown`: the pause shows raw parameters unmasked too.
    private let secretsShown: () -> Bool
    private var paused = false
    private var finished = false
    /// Commands that pause in the scripts, counted before they run (a `repeat` body counts once).
    var total = 0
    private var count = 0
    /// Runs a line typed at a pause (Launcher sets it).
    var runTyped: ((String) -> Void)?
    /// Reads the line typed at a pause (Launcher sets it; the prompt's line editor).
    var editor: LineEditor?
    /// Where what is typed at a pause goes, on the line below the command shown.
    static let typingPrompt = "step> "
    /// The name of what is typed at a pause, in diagnostics (`<step>:1:7`).
    static let sourceName = "<step>"
    /// While a typed line runs, its own echo is not shown (it is on the screen) and does not pause.
    private var improvising = false
    /// Lines typed at pauses, at most: each runs a command, so a pause is not a loop without end.
    static let maximumTypedPerPause = 1_000

    init(streams: StandardStreams, color: Bool, table: CommandTable = .standard, activeSDK: @escaping () -> SDKID,
         secretsShown: @escaping () -> Bool) {
        self.streams = streams
        textRenderer = TextRenderer(style: color ? .ansi : .plain)
        self.table = table
        self.activeSDK = activeSDK
        self.secretsShown = secretsShown
    }

    func receive(_ event: RunEvent) {
        if case .output(let record, let origin) = event { receiveOutput(record, origin: origin) }
    }

    func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {
        guard case .echo(let command, _, _) = record else { return }
        pause(before: command, shown: textRenderer.render(record))
    }

    static let hint = "--step: Enter runs the command shown; a command typed first runs before it; Ctrl-D runs the rest without stopping; Ctrl-C stops.\n"

    /// Told the progress (`step 3/12`) as each pause starts: the live page shows it.
    var beforeWaiting: (String) -> Void = { _ in }

    private func pause(before command: String, shown: String) {
        guard !improvising else { return }
        // The echo masks secret arguments; raw request parameters named like secrets too.
        let line = secretsShown() ? shown : shown.replacingFirst(command, with: SequenceDiagram.Recorder.maskingSecretPairs(command, sdk: activeSDK()))
        guard !finished, table.isStep(echoed: command) else {
            streams.write(line)
            return
        }
        if !paused {
            paused = true
            streams.writeError(Self.hint)
        }
        count += 1
        let progress = "step \(count)/\(max(total, count))"
        beforeWaiting(progress)
        for _ in 0..<Self.maximumTypedPerPause {
            // The command on its line, then the line typed on the next: both are readline's
            // prompt, so Ctrl-L redraws the command with it.
            let prompt = "[\(progress)] " + line + Self.typingPrompt
            streams.flush()
            guard let typed = read(prompt) else {
                finished = true
                streams.write("\n")
                return
            }
            guard !typed.allSatisfy({ $0 == " " || $0 == "\t" }), let runTyped else {
                // Enter alone: the empty `step> ` line is taken back, so the command's results
                // follow it as --echo shows them (not on a terminal that moves no cursor).
                if Self.movesTheCursor { streams.write("\u{1B}[1A\u{1B}[2K") }
                return
            }
            improvising = true
            runTyped(typed)
            improvising = false
            streams.flush()
            beforeWaiting(progress)
        }
    }

    /// Standard output is a terminal that takes cursor movements (TERM is set, and not `dumb`).
    static var movesTheCursor: Bool {
        guard StandardStreams.stdoutIsTerminal, let term = Environment.value("TERM") else { return false }
        return !term.isEmpty && term != "dumb"
    }

    /// One line typed at the pause after `prompt`; nil at end of input (Ctrl-D).
    private func read(_ prompt: String) -> String? {
        guard let editor else {
            streams.write(prompt)
            streams.flush()
            return readLine(strippingNewline: true)
        }
        guard let typed = editor.readLine(prompt: LineEditor.prompt(prompt), main: LineEditor.prompt(prompt)) else {
            // Ctrl-D ends the input, for whatever reads it after the lesson too (the live
            // page's wait for Enter): readline reads the terminal itself, so standard input's
            // own end-of-file mark is not set, and a later read would wait.
            _ = freopen("/dev/null", "r", stdin)
            return nil
        }
        return typed
    }

    /// The most steps a count says: past it the count stops growing (nested `repeat`s of a
    /// million each would overflow any integer).
    static let maximumCounted = 1_000_000_000

    /// The commands that pause in `source`: each command statement that is a step, those
    /// inside `repeat N` N times and inside `for` once a row (a `repeat $COUNT` once), and
    /// a procedure's at each call (a procedure counted once within itself, so that
    /// recursion ends). The files `source` runs are not counted: the pause shows `n/n`
    /// once the count is passed.
    static func steps(in source: SourceFile, table: CommandTable = .standard, sdk: SDKID) -> Int {
        var parser = ScriptReader(source, table: table, sdk: sdk)
        let statements = parser.parseAll()
        func sum(_ a: Int, _ b: Int) -> Int { min(a + b, maximumCounted) }  // each ≤ the bound: no overflow
        func times(_ n: Int, _ steps: Int) -> Int {
            let (product, overflow) = max(n, 0).multipliedReportingOverflow(by: steps)
            return overflow ? maximumCounted : min(product, maximumCounted)
        }
        func count(_ statements: [Statement], inside: Set<String>) -> Int {
            statements.reduce(0) { total, statement in
                switch statement {
                case .command(let call): return sum(total, call.spec.role == .action ? 1 : 0)
                case .repetition(let n, let body, _):
                    let once = count(body, inside: inside)
                    if case .integer(let literal) = n.kind { return sum(total, times(literal, once)) }
                    return sum(total, once)
                case .loop(let loop): return sum(total, times(loop.rows, count(loop.body, inside: inside)))
                case .call(let call):
                    let name = call.procedure.name
                    return inside.contains(name) ? total : sum(total, count(call.procedure.body, inside: inside.union([name])))
                case .binding, .capture, .comparison, .procedure, .test: return total
                }
            }
        }
        // Each named test runs the whole setup again, then its body (Evaluator+Tests).
        let tests = statements.compactMap { statement -> NamedTest? in if case .test(let test) = statement { test } else { nil } }
        let setup = count(statements, inside: [])
        guard !tests.isEmpty else { return setup }
        return tests.reduce(0) { sum($0, sum(setup, count($1.body, inside: []))) }
    }
}

extension String {
    /// This text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, target != replacement, let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
