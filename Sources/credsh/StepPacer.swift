#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredSimulator

/// `--step`: before each command of a script, shows it and waits for Enter, so a class can
/// follow one command at a time. Expectations and `let` lines show without a pause (they
/// check or bind; nothing happens). Each pause says how far the lesson is (`step 3/12`: the
/// commands that pause, counted in the scripts before they run: StepPacing); the narration (the
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

    init(streams: StandardStreams, color: Bool, table: CommandTable = .standard) {
        self.streams = streams
        textRenderer = TextRenderer(style: color ? .ansi : .plain)
        self.table = table
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
        // The echo comes masked by place and by value (RunEvents), or shown on purpose.
        let line = shown
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
}
