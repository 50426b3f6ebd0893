import Foundation
import Testing
import Expectations

/// Issue 17, item 4, at the real prompt: a password typed alone while the SDK waits for
/// one (`[alice: mode 0 verify]`) is a secret, in the error and in the history file.
@Suite(.serialized) struct PendingChallengePromptTests {
    typealias Terminal = PromptTests.Terminal

    /// A prompt where alice logs in and the SDK waits for her password.
    static func waitingForAlicesPassword() throws -> Terminal {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        try terminal.keys("login alice", "@Enter")
        try terminal.waitFor("credsh relid [alice: mode 0 verify]>")
        return terminal
    }

    @Test func aPasswordTypedAloneAtAPendingChallengeIsMaskedInTheErrorAndTheHistoryFile() throws {
        let terminal = try Self.waitingForAlicesPassword()
        try terminal.keys("Zq9SecretA1!", "@Enter")
        try terminal.waitFor("unknown command '***'")
        #expect(!terminal.screen.contains("unknown command 'Zq9"), "\(terminal.screen)")
        try HistoryPromptTests.leave(terminal)
        let history = try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
        #expect(!history.contains("Zq9SecretA1!") && !history.contains("Passw0rd!"), "\(history)")
        #expect(history.contains("\n***\n"), "\(history)")
    }

    /// Issue 52: under --show-secrets the class sees what is typed, so a typo made while a
    /// password is awaited names what was typed, not `***`; the history file still masks it.
    @Test func underShowSecretsATypoAtAPendingChallengeNamesWhatWasTyped() throws {
        let terminal = try Terminal(arguments: ["--show-secrets"])
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        try terminal.keys("login alice", "@Enter")
        try terminal.waitFor("[alice: mode 0 verify]>")
        try terminal.keys("lgoin alice", "@Enter")
        try terminal.waitFor("unknown command 'lgoin'")
        #expect(!terminal.screen.contains("unknown command '***'") && terminal.screen.contains("1 | lgoin alice\n"), "\(terminal.screen)")
        try HistoryPromptTests.leave(terminal)
        let history = try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
        #expect(!history.contains("lgoin") && !history.contains("Passw0rd!"), "\(history)")
    }

    /// A command mistyped while the SDK waits for a password is no password: its method
    /// and its words are said in the error; a password typed alone after it is still `***`.
    @Test func aMistypedCommandAtAPendingChallengeKeepsItsWords() throws {
        let terminal = try Self.waitingForAlicesPassword()
        try terminal.keys("call setuser userID=alice", "@Enter")
        try terminal.waitFor("no method 'setuser' in relid; did you mean 'setUser'?")
        #expect(terminal.screen.contains("| call setuser userID=alice"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("'***'"), "\(terminal.screen)")
        try terminal.keys("lgoin Zq9SecretA1!", "@Enter")
        try terminal.waitFor("unknown command '***'")
        // The line typed stays on the screen; the error and its quoted line show `***`.
        #expect(terminal.screen.contains("1 | *** ***\n") && !terminal.screen.contains("'Zq9"), "\(terminal.screen)")
        try HistoryPromptTests.leave(terminal)
        let history = try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
        #expect(history.contains("\ncall "), "\(history)")
        #expect(!history.contains("Zq9SecretA1!") && !history.contains("Passw0rd!"), "\(history)")
    }

    /// Review: `lgoin alice Zq9SecretA1!` typed at the password prompt is masked as a
    /// password typed alone, but alice is no secret: `users` and `state` show her after it.
    @Test func aUserNamedOnALineTypedAtThePasswordPromptStaysShown() throws {
        let terminal = try Self.waitingForAlicesPassword()
        try terminal.keys("lgoin alice Zq9SecretA1!", "@Enter")
        try terminal.waitFor("unknown command '***'")
        #expect(terminal.screen.contains("1 | *** alice ***\n") && !terminal.screen.contains("| *** *** ***"), "\(terminal.screen)")
        try terminal.keys("users", "@Enter")
        try terminal.waitFor("alice  logged-out")
        try terminal.keys("state", "@Enter")
        try terminal.waitFor("for alice, attemptsLeft=3")
        #expect(!terminal.screen.contains("for ***") && !terminal.screen.contains("Zq9SecretA1!'"), "\(terminal.screen)")
        try HistoryPromptTests.leave(terminal)
    }

    /// Issue 17, item 6: `record --force` onto a FIFO nobody reads used to block forever.
    @Test func recordForceOntoAFIFOWithNoReaderIsRefusedAtOnceAndTheFIFOStays() throws {
        let terminal = try Terminal()
        let fifo = terminal.state.appendingPathComponent("pipe")
        expectEqual(mkfifo(fifo.path, 0o644), 0)
        try terminal.keys("record --force \(fifo.path)", "@Enter")
        try terminal.waitFor("a FIFO with no reader; not recording")
        try terminal.keys("echo still here", "@Enter")
        try terminal.waitFor("still here\n", count: 2)
        try HistoryPromptTests.leave(terminal)
        var info = stat()
        #expect(lstat(fifo.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }
}
