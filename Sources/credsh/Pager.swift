#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredCommandLine
import CredSuite

/// Long output at the prompt (`help all`) through `$PAGER`, as git and man do: only when
/// standard output is a terminal and the text is longer than its screen; `less -FRX`
/// when PAGER is not set (it quits by itself when the text fits, and keeps colours).
/// `PAGER=` (empty) or `PAGER=cat` prints as it would without a pager.
enum Pager {
    static let fallback = "less -FRX"

    /// The pager command for `lines` on this terminal; nil when they are printed instead.
    static func command(for lines: [String], environment: (String) -> String? = Environment.value) -> String? {
        guard StandardStreams.stdoutIsTerminal, let size = terminalSize() else { return nil }
        let command = environment("PAGER") ?? fallback
        guard !command.trimmedSpacesAndTabs.isEmpty, command != "cat" else { return nil }
        // Each line takes as many screen rows as its width needs (at least one).
        var rows = 0
        for line in lines {
            rows += max(1, (line.count + size.columns - 1) / max(1, size.columns))
            if rows >= size.rows { return command }
        }
        return nil
    }

    /// Writes `lines` to the pager's standard input and waits for it to quit; false when
    /// it could not be started (the caller prints them instead).
    static func show(_ lines: [String], through command: String) -> Bool {
        // The pager reads keys from the terminal itself; ours waits, and Ctrl-C goes to it.
        guard let pipe = popen(command, "w") else { return false }
        for line in lines {
            fputs(line, pipe)
            fputs("\n", pipe)
        }
        let status = pclose(pipe)
        // 127: the shell found no such command; print instead.
        return status != -1 && !(status & 0x7f == 0 && (status >> 8) & 0xff == 127)
    }

    /// The terminal's rows and columns, when standard output is one that knows its size.
    static func terminalSize() -> (rows: Int, columns: Int)? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return (Int(size.ws_row), Int(size.ws_col))
    }
}
