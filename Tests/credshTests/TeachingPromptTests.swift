import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Expectations

/// The teaching aids in a real terminal: `diagram` and `compact` at the prompt, and
/// `--step` pacing a script one Enter at a time.
@Suite(.serialized) struct TeachingPromptTests {
    typealias Terminal = PromptTests.Terminal

    @Test func theSessionSoFarBecomesAPicture() throws {
        let terminal = try Terminal()
        let picture = terminal.state.appendingPathComponent("session.svg")
        try terminal.keys("user add alice password Passw0rd!", "@Enter")
        try terminal.waitFor("added alice (activated)")
        try terminal.keys("expire alice", "@Enter")
        try terminal.waitFor("password is expired")
        try terminal.keys("compact on", "@Enter")
        try terminal.waitFor("compact output on")
        try terminal.keys("login alice Passw0rd!", "@Enter")
        try terminal.waitFor("mode 4 expired]>")
        try terminal.keys("update Passw0rd! short", "@Enter")
        try terminal.waitFor("(same userID, challengeMode, attemptsLeft, policy)")
        expectEqual(terminal.screen.components(separatedBy: "app: policy:").count, 2, "the policy's sentence shows once in the flow")
        try terminal.keys("update Passw0rd! N3w-Passw0rd", "@Enter")
        try terminal.waitFor("onCredentialsAvailableForUpdate")
        // At the prompt commands are not echoed: what was typed is on the screen already.
        #expect(!terminal.screen.split(separator: "\n").contains { $0.hasPrefix("> ") })

        // On the screen: Mermaid text.
        try terminal.keys("diagram", "@Enter")
        try terminal.waitFor("relid_sdk-->>relid_app: onCredentialsAvailableForUpdate")
        #expect(terminal.screen.contains("Note over relid_app,relid_server: login alice ***"))

        try terminal.keys("diagram \(picture.path)", "@Enter")
        try terminal.waitFor("wrote \(picture.path) (5 commands, 20 arrows)")
        let svg = try String(contentsOf: picture, encoding: .utf8)
        #expect(!svg.contains("Passw0rd") && !svg.contains("N3w-Passw0rd") && !svg.contains("short"))
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try #require(document.rootElement())
        let arrows = root.descendants.filter { $0.name == "g" && $0.hasClass("message") }
        let screenArrows = terminal.screen.split(separator: "\n").filter { $0.hasPrefix("→ ") || $0.hasPrefix("← ") }
        // Every call and callback on the screen, and the SDK's trips to the server behind them.
        let trips = arrows.filter { $0.hasClass("server-trip") }
        #expect(arrows.count - trips.count == screenArrows.count && screenArrows.count == 10 && trips.count == 10)
        // The commands of the picture are the session's, secrets masked; `compact` and `diagram` are not steps.
        let commands = root.descendants.filter { $0.name == "text" && $0.hasClass("command") }.compactMap(\.stringValue)
        expectEqual(commands, ["user add alice password ***", "expire alice", "login alice ***", "update *** ***", "update *** ***"])

        // A page: the picture, with the session's commands below it.
        let page = terminal.state.appendingPathComponent("session.html")
        try terminal.keys("diagram \(page.path)", "@Enter")
        try terminal.waitFor("wrote \(page.path) (5 commands, 20 arrows)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg ") && html.contains("<code class=\"dp-command\">login alice ***</code>"))
        #expect(!html.contains("Passw0rd") && !html.contains("<script"))

        try terminal.keys("diagram notes.txt", "@Enter")
        try terminal.waitFor("a diagram file ends in .svg (a picture), .mmd or .md (Mermaid) or .html (a page), not 'notes.txt'")
        try terminal.keys("@C-d")
    }

    @Test func stepWaitsForEnterBeforeEachCommand() throws {
        let terminal = try Terminal(arguments: ["--step", "examples/login.credscript"], ready: "> user add alice password ***")
        #expect(terminal.screen.contains("--step: Enter runs the command shown"))
        usleep(300_000)
        #expect(!terminal.screen.contains("added alice"), "nothing runs before Enter:\n\(terminal.screen)")
        try terminal.keys("@Enter")
        try terminal.waitFor("added alice (activated)")
        try terminal.waitFor("> login alice")
        usleep(300_000)
        #expect(!terminal.screen.contains("→ setUser"), "the next command waits too (the narration above it names setUser):\n\(terminal.screen)")
        try terminal.keys("@Enter")
        try terminal.waitFor("← getPassword")
        // Ctrl-D runs the rest without stopping; the script passes.
        try terminal.keys("@C-d")
        terminal.waitForExit()
        expectEqual(terminal.exitStatus, "0", "the screen:\n\(terminal.screen)")
        #expect(terminal.screen.contains("← onUserLoggedIn"))
        // Expectations show without a pause: the transcript is the --echo one.
        #expect(terminal.screen.contains("> expect event getPassword challengeMode=0"))
    }
}
