import Foundation
import Testing
import Expectations

// capture-pane trims trailing spaces, so prompts are awaited without theirs.
/// Drives the real prompt in a terminal (tmux gives it a pseudo-terminal): completion,
/// history, Ctrl-C, Ctrl-D, the history file's privacy, and a recorded session replaying.
@Suite(.serialized) struct PromptTests {
    final class Terminal {
        let session = "credsh-test-\(UUID().uuidString.prefix(8))"
        let state: URL

        /// credsh with `arguments` (none: the prompt), in the package root, once `ready`
        /// shows; its history file lives under `folder` (a new folder when nil).
        init(state folder: URL? = nil, arguments: [String] = [], environment: [String: String] = [:],
             ready: String = "credsh relid>", columns: Int = 160) throws {
            state = try folder ?? Credsh.temporaryDirectory()
            try? FileManager.default.removeItem(at: state.appendingPathComponent("exit-status"))
            // The shell around credsh writes its exit status to a file for the test to read,
            // then keeps the screen for it to look at; it catches Ctrl-C (with a no-op, so
            // credsh does not inherit an ignored SIGINT).
            let words = arguments.map { " '\($0)'" }.joined()
            let variables = environment.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)' " }.joined()
            let run = "cd '\(Credsh.packageRoot.path)'; trap : INT; \(variables)XDG_STATE_HOME='\(state.path)' TERM=xterm LANG=C.UTF-8 '\(Credsh.binary.path)'\(words); echo $? > '\(state.path)/exit-status'; sleep 60"
            try tmux(["new-session", "-d", "-s", session, "-x", String(columns), "-y", "50", "sh", "-c", run])
            try waitFor(ready)
        }

        deinit { _ = try? tmux(["kill-server"]) }

        /// Runs tmux through the shell with its output in a file: the server that
        /// new-session starts keeps whatever it inherits open, so no pipe may be involved.
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            let output = state.appendingPathComponent("tmux.out")
            let words = ["tmux", "-L", session] + arguments  // a server of its own
            let command = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let status = system(command + " >'\(output.path)' 2>&1 </dev/null")
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            if status != 0, arguments.first != "kill-server" { throw TerminalTimeout(expected: "tmux \(arguments) to succeed", screen: text) }
            return text
        }

        func keys(_ keys: String...) throws {
            for key in keys {
                try tmux(["send-keys", "-t", session] + (key.hasPrefix("@") ? [String(key.dropFirst())] : ["-l", key]))
                usleep(60_000)  // the terminal drops keys sent too fast after a C-c
            }
        }

        var screen: String { (try? tmux(["capture-pane", "-p", "-t", session, "-S", "-200"])) ?? "" }

        func waitFor(_ text: String, count: Int = 1) throws {
            for _ in 0..<200 {
                if screen.components(separatedBy: text).count - 1 >= count { return }
                usleep(50_000)
            }
            throw TerminalTimeout(expected: text, screen: screen)
        }

        /// credsh's exit status, once it has exited.
        var exitStatus: String? {
            (try? String(contentsOf: state.appendingPathComponent("exit-status"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// credsh's exit status, waited for: at most 15 s, the time a loaded machine may take
        /// to run the tests' eight processes (Tests/run.sh); nil if it has not exited by then.
        /// A passing test waits only until it exits.
        @discardableResult
        func waitForExit() -> String? {
            for _ in 0..<300 {
                if let status = exitStatus { return status }
                usleep(50_000)
            }
            return exitStatus
        }
    }

    struct TerminalTimeout: Error, CustomStringConvertible {
        let expected: String
        let screen: String
        var description: String { "timed out waiting for \(expected.debugDescription); the screen:\n\(screen)" }
    }

    @Test func completionHistoryInterruptAndExit() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Secr3t-Pass1", "@Enter")
        try terminal.waitFor("added alice (activated)")

        // Tab completes a command, then a user name that exists.
        try terminal.keys("stat", "@Tab", "@Enter")
        try terminal.waitFor("nobody is logged in")
        try terminal.keys("user sh", "@Tab", "al", "@Tab", "@Enter")
        try terminal.waitFor("user: alice")

        // Up recalls the previous line.
        try terminal.keys("@Up", "@Enter")
        try terminal.waitFor("user: alice", count: 2)

        // Ctrl-C abandons a half-typed line; the session goes on.
        try terminal.keys("login alice half-typed", "@C-c")
        try terminal.keys("users", "@Enter")
        try terminal.waitFor("alice  logged-out")
        #expect(!terminal.screen.contains("setUser"), "the abandoned line must not run")

        // An unfinished block shows a continuation prompt; Ctrl-C abandons it too.
        try terminal.keys("repeat 2 {", "@Enter")
        try terminal.waitFor("...>")
        try terminal.keys("@C-c")
        try terminal.keys("echo after-block", "@Enter")
        try terminal.waitFor("after-block\n")

        // Errors print and the prompt goes on; a typed password is masked in history.
        try terminal.keys("lgoin alice", "@Enter")
        try terminal.waitFor("did you mean 'login'?")
        try terminal.keys("login alice Secr3t-Pass1", "@Enter")
        try terminal.waitFor("credsh relid alice>")

        try terminal.keys("@C-d")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "0", "Ctrl-D exits 0; the screen:\n\(terminal.screen)")

        let history = terminal.state.appendingPathComponent("credsh/history")
        let text = try String(contentsOf: history, encoding: .utf8)
        #expect(text.contains("login alice ***"))
        #expect(text.contains("user add alice password ***"))
        #expect(!text.contains("Secr3t-Pass1"))
        let mode = try FileManager.default.attributesOfItem(atPath: history.path)[.posixPermissions] as? Int
        expectEqual(mode, 0o600)
    }

    @Test func aRecordedSessionReplaysGreen() throws {
        let terminal = try Terminal()
        let file = terminal.state.appendingPathComponent("session.credscript")
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        try terminal.keys("record \(file.path)", "@Enter")
        try terminal.waitFor("recording to")
        try terminal.keys("login alice Passw0rd!", "@Enter")
        try terminal.waitFor("credsh relid alice>")
        try terminal.keys("initiate Password", "@Enter")
        try terminal.waitFor("[mode 2 update]>")
        try terminal.keys("update Passw0rd! N3w-Passw0rd N3w-Passw0rX", "@Enter")
        try terminal.waitFor("do not match")
        try terminal.keys("update Passw0rd! N3w-Passw0rd", "@Enter")
        try terminal.waitFor("onUserLoggedOff")
        try terminal.keys("record stop", "@Enter")
        try terminal.waitFor("recording stopped")

        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        expectEqual(mode, 0o600)
        let replay = try Credsh.run(["test", file.path])
        let recorded = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        expectEqual(replay.status, 0, "\(replay.stdout)\n\(recorded)")
        #expect(replay.stdout.hasSuffix("1 passed, 0 failed\n"))
    }
}
