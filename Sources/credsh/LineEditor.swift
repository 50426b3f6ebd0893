#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@preconcurrency import CReadline
import CredLanguage
import CredEditor
import CredScript
import CredCommandLine
import CredSuite
import CredSimulator

// readline calls back into C function pointers that cannot capture context, so the
// little state they need lives in these globals. Only the main thread touches them
// (and the SIGINT handler, which readline runs on the main thread between its own
// terminal clean-up and reset).
nonisolated(unsafe) private var completionProvider: ((String, String) -> Completion)?
nonisolated(unsafe) private var completionMatches: [String] = []
nonisolated(unsafe) private var completionIndex = 0
// Read only by the handler, and only while `readingLine` is raised, when nothing writes it.
nonisolated(unsafe) private var mainPrompt: UnsafeMutablePointer<CChar>?
// What the SIGINT handler and the main thread both touch are atomic flags: a handler that
// wrote a `var` the thread was reading made the process trap (SignalFlag).
private let readingLine = SignalFlag()
let lineEditorAbandonedInput = SignalFlag()
let lineEditorInterruptedEvaluation = SignalFlag()

/// GNU readline: line editing, history kept in a private file, Tab completion, and
/// Ctrl-C that abandons the line (or the unfinished block) instead of the session.
///
/// History lives in two places. In memory, for this session, an entry is what was typed,
/// so Up brings back a command with its password. The file gets the same entry with its
/// secrets masked (`login alice ***`), so a later session recalls the command without
/// the password, and the prompt refuses to send it until the password is typed again.
final class LineEditor {
    let historyPath: String?
    /// The last entry of the session's history and of the file, which the next one is
    /// not stored after again.
    private var lastInSession: String?
    private var lastInFile: String?
    static let historyLimit = Int32(HistoryFile.entryLimit)
    static let wordBreaks = " \t\n\"'{}"

    /// `abandonsOnInterrupt`: Ctrl-C abandons the line and the session goes on (the
    /// prompt). Without it (the `--step` pause), Ctrl-C keeps its usual meaning and stops
    /// credsh, readline putting the terminal back first.
    init(historyPath: String?, abandonsOnInterrupt: Bool = true, complete: @escaping (String, String) -> Completion) {
        self.historyPath = historyPath
        completionProvider = complete
        rl_readline_name = UnsafePointer(strdup("credsh"))
        // Words break at blanks, quotes and braces only: readline's default list also breaks
        // at `=`, `$`, `<`, `>`…, which cut `challengeMode=R` into two words and left Tab
        // nothing of the field to complete a value for.
        rl_completer_word_break_characters = UnsafePointer(strdup(Self.wordBreaks))
        // The candidates come in the Completer's order (codes by their value, Completer.inOrder):
        // readline's own sort would list them as text (0, 1, 100, 102, 12).
        rl_sort_completion_matches = 0
        rl_attempted_completion_function = { text, start, _ in
            let line = rl_line_buffer.map { String(cString: $0) } ?? ""
            let before = String(decoding: Array(line.utf8.prefix(Int(start))), as: UTF8.self)
            let word = text.map { String(cString: $0) } ?? ""
            switch completionProvider?(word, before) ?? .words([]) {
            case .files:
                rl_attempted_completion_over = 0
                return nil
            case .words(let words):
                rl_attempted_completion_over = 1
                completionMatches = words
                // `maxL=` and `challengeMode=` are halfway: the value follows without a space.
                rl_completion_suppress_append = words.allSatisfy { $0.hasSuffix("=") } ? 1 : 0
                completionIndex = 0
                guard !words.isEmpty else { return nil }
                return rl_completion_matches(text) { _, _ in
                    guard completionIndex < completionMatches.count else { return nil }
                    defer { completionIndex += 1 }
                    return strdup(completionMatches[completionIndex])
                }
            }
        }
        using_history()
        stifle_history(Self.historyLimit)
        if let historyPath {
            prepareHistoryFile(historyPath)
            let entries = HistoryFile.load(historyPath)
            for entry in entries { add_history(entry) }
            lastInSession = entries.last
            lastInFile = entries.last
        }
        guard abandonsOnInterrupt else { return }
        // The flags exist before the handler can touch them (SignalFlag).
        readingLine.lower(); lineEditorAbandonedInput.lower(); lineEditorInterruptedEvaluation.lower()
        signal(SIGINT) { _ in
            if readingLine.isRaised {
                // Abandon the line, and any unfinished block, but keep the session.
                lineEditorAbandonedInput.raise()
                rl_replace_line("", 1)
                using_history()
                if let mainPrompt { rl_set_prompt(mainPrompt) }
                _ = write(1, "\n", 1)
                rl_on_new_line()
                rl_redisplay()
            } else {
                lineEditorInterruptedEvaluation.raise()
            }
        }
    }

    /// Creates the history file's folder (0700) and the file itself (0600) before
    /// readline writes it, so no other user can ever read what was typed.
    private func prepareHistoryFile(_ path: String) {
        if let slash = path.lastIndex(of: "/") { FileSystem.makeDirectories(String(path[..<slash])) }
        // No link followed, no FIFO waited on, and only a regular file made private: a
        // history path pointing at /dev/null must not chmod the device.
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        if fd >= 0 {
            var info = stat()
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG { fchmod(fd, 0o600) }
            close(fd)
        }
    }

    /// Reads one line; nil at end of input (Ctrl-D on an empty line).
    /// `main`: the prompt Ctrl-C comes back to (the continuation prompt's is the main one).
    func readLine(prompt: String, main: String) -> String? {
        free(mainPrompt)
        mainPrompt = strdup(main)
        readingLine.raise()
        defer { readingLine.lower() }
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return String(cString: raw)
    }

    /// Adds an entry (a line, or a whole block) to the session's history as typed, and
    /// to the history file as `masked`, which has no secret in it.
    /// An entry the same as the one before it is kept once, in the session and in the file
    /// alike (bash's `ignoredups`): Up after `state` typed five times is the command before.
    func remember(_ entry: String, masked: String) {
        rememberInSession(entry)
        let kept = masked.trimmedSpacesAndTabs
        guard !kept.isEmpty, kept != lastInFile else { return }
        lastInFile = kept
        if let historyPath { HistoryFile.append(kept, to: historyPath) }
    }

    /// Adds an entry to the session's history only (it is already in the file).
    func rememberInSession(_ entry: String) {
        let typed = entry.trimmedSpacesAndTabs
        guard !typed.isEmpty, typed != lastInSession else { return }
        lastInSession = typed
        add_history(typed)
    }

    /// The history file: `$XDG_STATE_HOME/credsh/history`, else `~/.local/state/credsh/history`.
    static func defaultHistoryPath() -> String? {
        if let state = Environment.value("XDG_STATE_HOME"), !state.isEmpty { return state + "/credsh/history" }
        if let home = Environment.value("HOME"), !home.isEmpty { return home + "/.local/state/credsh/history" }
        return nil
    }

    /// `text` as a readline prompt: each escape sequence (a colour) between the markers
    /// that tell readline it takes no room on the screen, so the cursor and the line it
    /// redraws are where they show.
    static func prompt(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                out.unicodeScalars.append("\u{01}")
                inEscape = true
            }
            out.unicodeScalars.append(scalar)
            // A CSI sequence ends at its final byte, a letter (`m` for a colour).
            if inEscape, scalar != "\u{1B}", scalar != "[", scalar.properties.isAlphabetic {
                out.unicodeScalars.append("\u{02}")
                inEscape = false
            }
        }
        if inEscape { out.unicodeScalars.append("\u{02}") }
        return out
    }
}
