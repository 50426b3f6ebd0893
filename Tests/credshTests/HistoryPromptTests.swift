import Foundation
import Testing
import Expectations

/// History and recordings at the real prompt, in a terminal: a line recalled from the
/// history file cannot spend an attempt with the `***` that stands for its password, a
/// block is one history entry, and `record` says it is on and keeps what really ran.
@Suite(.serialized) struct HistoryPromptTests {
    typealias Terminal = PromptTests.Terminal

    static func leave(_ terminal: Terminal) throws {
        try terminal.keys("@C-d")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "0", "Ctrl-D exits 0; the screen:\n\(terminal.screen)")
    }

    /// Regression: Up or Ctrl-R brought back `login alice ***` from the history file, and
    /// Enter sent the three asterisks as the password, spending one of alice's attempts.
    @Test func aLineFromTheHistoryFileCannotSendItsMaskedPassword() throws {
        let first = try Terminal()
        try first.keys("user add alice password Passw0rd!", "@Enter")
        try first.waitFor("added alice")
        try first.keys("login alice Passw0rd!", "@Enter")
        try first.waitFor("credsh relid alice>")
        // A plain name may be given as a secret on a later line: its value stays out too.
        try first.keys("let spare = Hidden-Pass9", "@Enter", "echo bound", "@Enter")
        try first.waitFor("bound\n", count: 2)  // the typed line, then its output
        try Self.leave(first)
        let state = first.state

        let second = try Terminal(state: state)
        try second.keys("user add alice password Passw0rd!", "@Enter")
        try second.waitFor("added alice")
        // Ctrl-R finds the login of the first session, as the file keeps it.
        try second.keys("@C-r", "login alice", "@Enter")
        try second.waitFor("this line came from history with its password removed; type it again")
        try second.waitFor("[CS0213]")
        #expect(!second.screen.contains("setUser"), "nothing was sent:\n\(second.screen)")
        try second.keys("user show alice", "@Enter")
        try second.waitFor("user: alice")
        try second.keys("login alice Wrong-Pass1", "@Enter")
        try second.waitFor("attemptsLeft=2")
        expectEqual(second.screen.components(separatedBy: "attemptsLeft=2").count, 2, "the refused line spent no attempt")
        try Self.leave(second)

        let history = try String(contentsOf: state.appendingPathComponent("credsh/history"), encoding: .utf8)
        #expect(!history.contains("Passw0rd!") && !history.contains("Wrong-Pass1") && !history.contains("Hidden-Pass9"), "\(history)")
        #expect(history.contains("login alice ***\n") && history.contains("let spare = ***\n"))
    }

    /// Within a session, Up brings back what was typed, password included: only the file
    /// is masked. A block is one entry, recalled and run whole.
    @Test func withinASessionRecalledLinesKeepWhatWasTypedAndABlockIsOneEntry() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        try terminal.keys("login alice Passw0rd!", "@Enter")
        try terminal.waitFor("credsh relid alice>")
        try terminal.keys("logout", "@Enter")
        try terminal.waitFor("onUserLoggedOff")
        try terminal.keys("@Up", "@Up", "@Enter")
        try terminal.waitFor("credsh relid alice>", count: 2)
        #expect(!terminal.screen.contains("came from history"))

        try terminal.keys("repeat 2 {", "@Enter", "clock advance 1d", "@Enter", "}", "@Enter")
        try terminal.waitFor("2026-01-03T00:00:00Z (+1d)")
        try terminal.keys("@Up", "@Enter")
        try terminal.waitFor("2026-01-05T00:00:00Z (+1d)")
        try Self.leave(terminal)

        let history = try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
        // The block ran twice in a row: one entry, as bash's ignoredups keeps it.
        #expect(history.hasSuffix("\nrepeat 2 {\nclock advance 1d\n}\n"), "\(history)")
        expectEqual(history.components(separatedBy: "repeat 2 {").count, 2, "\(history)")
        #expect(history.contains("login alice ***\n") && !history.contains("Passw0rd!"), "\(history)")
    }

    @Test func ctrlDInsideABlockSaysWhatWasDropped() throws {
        let terminal = try Terminal()
        try terminal.keys("repeat 2 {", "@Enter", "clock advance 1d", "@Enter")
        try terminal.waitFor("...>", count: 2)
        try terminal.tmux(["set-option", "-t", terminal.session, "remain-on-exit", "on"])  // to read the screen after
        try Self.leave(terminal)
        #expect(terminal.screen.contains("the unfinished block was not run (2 lines from 'repeat 2 {' dropped)"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("(+1d)"))
    }

    /// The prompt says when a recording is on; a `record` that fails keeps it on; a
    /// `repeat` stopped with Ctrl-C replays to the same instant.
    @Test func recordingShowsInThePromptAndKeepsWhatRan() throws {
        let terminal = try Terminal()
        let file = terminal.state.appendingPathComponent("session.credscript")
        try terminal.keys("record \(file.path)", "@Enter")
        try terminal.waitFor("(rec) credsh relid>")
        try terminal.keys("record /nonexistent/x.credscript", "@Enter")
        try terminal.waitFor("still recording to")
        try terminal.keys("record \(file.path)", "@Enter")
        try terminal.waitFor("already exists; 'record --force")
        // (Long lines wrap at the terminal's width: compare without the line breaks.)
        let joined = terminal.screen.replacingOccurrences(of: "\n", with: "")
        #expect(joined.contains("still recording to \(file.path)"))
        // A quoted text is cut at 80 characters (docs/scripts.md, "Bounds"), a long temporary path too.
        let hint = "record --force \(file.path)"
        let quoted = hint.count > 80 ? String(hint.prefix(80)) + "…" : hint
        #expect(joined.contains("\(file.path) already exists; '\(quoted)' replaces it"))

        try terminal.keys("repeat 1000000 { clock advance 1s }", "@Enter")
        usleep(300_000)
        try terminal.keys("@C-c")
        try terminal.waitFor("interrupted")
        try terminal.waitFor("the recording keeps what ran:")
        try terminal.keys("clock", "@Enter")
        try terminal.keys("record stop", "@Enter")
        try terminal.waitFor("recording stopped")
        for _ in 0..<100 where terminal.screen.split(separator: "\n").last != "credsh relid>" { usleep(50_000) }
        expectEqual(terminal.screen.split(separator: "\n").last, "credsh relid>", "no (rec) once stopped:\n\(terminal.screen)")
        let times = terminal.screen.split(separator: "\n").filter { $0.hasPrefix("20") && $0.hasSuffix("Z") }
        let shown = try #require(times.last.map(String.init))

        let replay = try Credsh.run([file.path])
        expectEqual(replay.status, 0, "\(replay.stderr)")
        let replayed = replay.stdout.split(separator: "\n").filter { $0.hasPrefix("20") && $0.hasSuffix("Z") }.last.map(String.init)
        expectEqual(replayed, shown, "the session showed \(shown); the replay reached \(replayed ?? "nothing")")
        #expect(shown != "2026-01-12T13:46:40Z", "the repeat was interrupted, not run to its end")
    }
}
