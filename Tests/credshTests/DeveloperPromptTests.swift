import Foundation
import Testing
import Expectations

/// The prompt as a mobile developer first meets it (issue 25), in a real terminal (tmux):
/// Tab reaches a field's values, the history file keeps every word that cannot be a
/// secret and each entry once, a variable's name masks by whole parts, `help` pages
/// through $PAGER when longer than the screen, `source` shows each command it runs, and
/// `credsh -i SETUP` opens the prompt on what the setup left.
@Suite(.serialized) struct DeveloperPromptTests {
    typealias Terminal = PromptTests.Terminal

    static func leave(_ terminal: Terminal) throws {
        try terminal.keys("@C-d")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "0", "Ctrl-D exits 0; the screen:\n\(terminal.screen)")
    }

    static func history(_ terminal: Terminal) throws -> String {
        try String(contentsOf: terminal.state.appendingPathComponent("credsh/history"), encoding: .utf8)
    }

    /// The history file's entries, without their `#SECONDS` lines.
    static func entries(_ terminal: Terminal) throws -> [String] {
        try history(terminal).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    @Test func tabCompletesAFieldsValueAndAPolicyKeyWithoutASpace() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Passw0rd!", "@Enter", "login alice Passw0rd!", "@Enter")
        try terminal.waitFor("credsh relid alice>")
        try terminal.keys("initiate Password", "@Enter")
        try terminal.waitFor("[mode 2 update]>")
        // `challengeMode=R` is one word: Tab completes the value after `=`.
        try terminal.keys("expect event getPassword challengeMode=RDNA_OP_UPD", "@Tab", "C", "@Tab", "@Enter")
        try terminal.waitFor("[mode 2 update]>", count: 2)
        #expect(terminal.screen.contains("getPassword challengeMode=RDNA_OP_UPDATE_CREDENTIALS\n"), "\(terminal.screen)")
        #expect(!terminal.screen.contains("expectation failed"), "\(terminal.screen)")
        // A policy key completes to `maxL=`, and the value follows it without a space.
        try terminal.keys("policy password max", "@Tab", "L", "@Tab", "20", "@Enter")
        try terminal.waitFor("RELID_PASSWORD_POLICY: {\"maxL\":20}")
        #expect(terminal.screen.contains("policy password maxL=20\n"), "\(terminal.screen)")
        try Self.leave(terminal)
    }

    @Test func historyKeepsWhatCannotBeASecretAndEachEntryOnce() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice")
        // Lines that do not parse: command words, event names, field names and known users stay.
        try terminal.keys("expect event didChangePin", "@Enter")
        try terminal.waitFor("didChangePin")
        try terminal.keys("lgoin alice", "@Enter")
        try terminal.waitFor("did you mean 'login'?")
        try terminal.keys("lgoin alice Secr3t-Typo", "@Enter")
        try terminal.waitFor("did you mean 'login'?", count: 2)
        try terminal.keys("expect evnet getPassword challengeMode=2 attemptsLeft=3", "@Enter")
        try terminal.waitFor("did you mean 'expect event'?")
        // The same line three times is one entry, in the session (Up skips to the line before) and the file.
        for _ in 0..<3 { try terminal.keys("state", "@Enter") }
        try terminal.waitFor("sdk: relid", count: 3)
        try terminal.keys("@Up", "@Up", "@Enter")
        try terminal.waitFor("did you mean 'expect event'?", count: 2)
        try Self.leave(terminal)

        let entries = try Self.entries(terminal)
        let file = try Self.history(terminal)
        #expect(entries == [
            "user add alice password ***",
            "expect event didChangePin",
            "lgoin alice",
            "lgoin alice ***",
            "expect *** getPassword challengeMode=*** attemptsLeft=***",
            "state",
            "expect *** getPassword challengeMode=*** attemptsLeft=***",
        ], "\(file)")
        #expect(!file.contains("Secr3t"))
    }

    @Test func aVariablesNameMasksByWholeParts() throws {
        let terminal = try Terminal()
        try terminal.keys("let spinner = 3", "@Enter", "let keyboard = qwerty", "@Enter", "let new_pin = 52817", "@Enter",
                          "let pinCode = 13579", "@Enter")
        try terminal.keys("echo $spinner $keyboard $new_pin $pinCode", "@Enter")
        // spinner and keyboard only contain `pin` and `key`; new_pin and pinCode have them as parts.
        try terminal.waitFor("\n3 qwerty *** ***\n")
        try Self.leave(terminal)
    }

    @Test func helpPagesThroughThePagerWhenLongerThanTheScreen() throws {
        let state = try Credsh.temporaryDirectory()
        let paged = state.appendingPathComponent("paged")
        let terminal = try Terminal(state: state, environment: ["PAGER": "cat >> \(paged.path)"])
        // 50 rows: `help all` is longer, and goes to the pager, not the screen.
        try terminal.keys("help all", "@Enter")
        try terminal.keys("echo after-help", "@Enter")
        try terminal.waitFor("after-help\n")
        let text = (try? String(contentsOf: paged, encoding: .utf8)) ?? ""
        #expect(text.contains("onewelcome: OneWelcome"), "the pager got every SDK's commands:\n\(text)")
        #expect(!terminal.screen.contains("onewelcome: OneWelcome"), "\(terminal.screen)")
        // Short help prints on the screen, the active SDK's example with it.
        try terminal.keys("sdk onewelcome", "@Enter", "help update", "@Enter")
        try terminal.waitFor("example (onewelcome): update 52817 73914")
        try Self.leave(terminal)

        // Not a terminal: never the pager.
        let piped = try Credsh.run(["-"], input: Data("help all\n".utf8), environment: ["PAGER": "false"])
        expectEqual(piped.status, 0)
        #expect(piped.stdout.contains("onewelcome: OneWelcome"))
        // `help` alone: the shared commands and the active SDK's, and a line for the rest.
        let short = try Credsh.run(["-"], input: Data("help\n".utf8))
        #expect(short.stdout.contains("relid: REL-ID") && !short.stdout.contains("onewelcome: OneWelcome"))
        #expect(short.stdout.contains("'help all' lists them"))
    }

    @Test func sourceShowsEachCommandItRuns() throws {
        let terminal = try Terminal()
        let file = terminal.state.appendingPathComponent("setup.credscript")
        try "user add bob password Passw0rd!\nusers\n".write(to: file, atomically: true, encoding: .utf8)
        try terminal.keys("source \(file.path)", "@Enter")
        try terminal.waitFor("bob  logged-out")
        #expect(terminal.screen.contains("> user add bob password ***\nadded bob (activated)\n> users\nbob  logged-out"),
                "\(terminal.screen)")
        try Self.leave(terminal)
    }

    @Test func dashIOpensThePromptAfterTheSetup() throws {
        let state = try Credsh.temporaryDirectory()
        let setup = state.appendingPathComponent("setup.credscript")
        try "user add alice password Passw0rd!\nlogin alice Passw0rd!\nlet who = alice\n".write(to: setup, atomically: true, encoding: .utf8)
        let terminal = try Terminal(state: state, arguments: ["-i", setup.path], ready: "credsh relid alice>")
        #expect(terminal.screen.contains("added alice (activated)"), "the setup's output shows:\n\(terminal.screen)")
        try terminal.keys("user show $who", "@Enter")
        try terminal.waitFor("user: alice")
        try Self.leave(terminal)

        // Ctrl-C in a long setup stops it, and the prompt opens on what it left, as `python -i`.
        let long = state.appendingPathComponent("long.credscript")
        try "user add bob password Passw0rd!\nrepeat 1000000 {\n  clock advance 1s\n}\n".write(to: long, atomically: true, encoding: .utf8)
        let stopped = try Terminal(state: state, arguments: ["-i", long.path], ready: "(+1s)")
        try stopped.keys("@C-c")
        try stopped.waitFor("interrupted")
        try stopped.waitFor("credsh relid>")
        try stopped.keys("users", "@Enter")
        try stopped.waitFor("bob  logged-out")
        try Self.leave(stopped)

        // Not a terminal: a usage error, not a batch run that ignores -i.
        let piped = try Credsh.run(["-i", setup.path])
        expectEqual(piped.status, 2)
        #expect(piped.stderr.contains("-i opens the prompt after the scripts"))
    }
}
