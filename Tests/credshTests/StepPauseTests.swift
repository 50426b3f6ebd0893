import Foundation
import Testing
import Expectations

/// The `--step` pause reads with readline, as the prompt does: the command shown on its
/// own line, what is typed on the line below, with arrow keys, Tab, history and Ctrl-L.
@Suite(.serialized) struct StepPauseTests {
    typealias Terminal = PromptTests.Terminal

    @Test func thePauseEditsCompletesRecallsAndRedraws() throws {
        let terminal = try Terminal(arguments: ["--step", "examples/login.credscript"], ready: "step>")
        // The command shown, then the line to type on, below it.
        let shown = terminal.screen.split(separator: "\n").map(String.init)
        let command = try #require(shown.lastIndex { $0.hasPrefix("[step 1/") && $0.hasSuffix("> user add alice password ***") }, "\(terminal.screen)")
        #expect(shown.indices.contains(command + 1) && shown[command + 1] == "step>", "\(terminal.screen)")

        // Arrow keys move in the line: `echo wrld`, three to the left, `o`.
        try terminal.keys("echo wrld", "@Left", "@Left", "@Left", "o", "@Enter")
        try terminal.waitFor("\nworld\n")
        #expect(!terminal.screen.contains("[D"), "an arrow key must not be typed as text:\n\(terminal.screen)")
        #expect(!terminal.screen.contains("*** echo"), "what is typed is not glued to the command shown:\n\(terminal.screen)")

        // Tab completes a command; Up recalls the line before.
        try terminal.keys("glos", "@Tab", "expiry", "@Enter")
        try terminal.waitFor("When a secret stops being accepted")
        try terminal.keys("@Up", "@Enter")
        try terminal.waitFor("When a secret stops being accepted", count: 2)

        // Ctrl-L clears the screen and draws the pause again, command included.
        try terminal.keys("@C-l")
        try terminal.waitFor("step>")
        #expect(!terminal.screen.contains("unexpected control character"), "\(terminal.screen)")
        let visible = (try? terminal.tmux(["capture-pane", "-p", "-t", terminal.session])) ?? ""
        #expect(visible.contains("> user add alice password ***"), "the command waiting is shown after Ctrl-L:\n\(visible)")

        // Enter alone runs the command shown; the empty typing line is taken back.
        try terminal.keys("@Enter")
        try terminal.waitFor("added alice (activated)")
        let lines = terminal.screen.split(separator: "\n").map(String.init)
        let added = try #require(lines.firstIndex { $0.contains("added alice (activated)") })
        #expect(added > 0 && lines[added - 1].hasSuffix("> user add alice password ***"), "\(terminal.screen)")

        // Ctrl-D runs the rest; the lesson passes.
        try terminal.keys("@C-d")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "0", "the screen:\n\(terminal.screen)")
        #expect(terminal.screen.contains("← onUserLoggedIn"))
    }

    /// Ctrl-C at the pause still stops the lesson (the hint says so), the terminal put back.
    @Test func ctrlCAtThePauseStops() throws {
        let terminal = try Terminal(arguments: ["--step", "examples/login.credscript"], ready: "step>")
        try terminal.keys("half typed", "@C-c")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "130", "the screen:\n\(terminal.screen)")
        #expect(!terminal.screen.contains("added alice"))
    }
}
