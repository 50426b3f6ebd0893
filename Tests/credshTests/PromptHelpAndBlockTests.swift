import Foundation
import Testing
import Expectations

/// The prompt as a developer meets it: a failing block, `help` on a terminal of its own
/// width and after a password was typed, and the smaller things around them.
@Suite(.serialized) struct PromptHelpAndBlockTests {
    typealias Terminal = PromptTests.Terminal

    /// Regression: the same error for each of a million iterations, until Ctrl-C.
    @Test func aFailingBlockStopsAtItsFirstFailure() throws {
        let terminal = try Terminal()
        try terminal.keys("repeat 1000000 { login dave@example.com secret34 }", "@Enter")
        try terminal.waitFor("(a block stops at its first failure, as in a script;")
        try terminal.waitFor("credsh relid>", count: 2)
        let screen = terminal.screen
        expectEqual(screen.components(separatedBy: "no user 'dave@example.com'").count - 1, 2, "the error, and the line saying the block stopped:\n\(screen)")
        // The password shows as typed once, on the prompt's line; the error quotes it masked.
        expectEqual(screen.components(separatedBy: "secret34").count - 1, 1, "\(screen)")
        #expect(screen.contains("repeat 1000000 { login dave@example.com *** }"), "\(screen)")
        // The session goes on.
        try terminal.keys("echo next", "@Enter")
        try terminal.waitFor("\nnext\n")
        try terminal.keys("@C-d")
    }

    /// Regression: the first column was as wide as the widest usage of every SDK (about 80
    /// characters), so on 120 columns each description broke mid-word.
    @Test func helpWrapsAtWordsToTheTerminal() throws {
        let terminal = try Terminal(environment: ["PAGER": "cat"], columns: 120)
        try terminal.keys("help", "@Enter")
        try terminal.waitFor("'help COMMAND' shows one command in full")
        let lines = terminal.screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(line.count < 120, "a line the terminal had to break:\n\(line)") }
        // The row of `help`: its summary wraps under itself, whole words only.
        let summary = "List the shared commands and the active SDK's ('help all': every SDK's), or explain one in full"
        let row = try #require(lines.firstIndex { $0.hasPrefix("  help [TOPIC") || $0.hasPrefix("  help ") }, "\(terminal.screen)")
        let column = try #require(lines[row].range(of: "List the")).lowerBound.utf16Offset(in: lines[row])
        var words = [String(lines[row].dropFirst(column))]
        var next = row + 1
        while next < lines.count, lines[next].prefix(column).allSatisfy({ $0 == " " }), lines[next].count > column {
            words.append(String(lines[next].dropFirst(column)))
            next += 1
        }
        #expect(words.count > 1, "the summary fits one line at 120 columns?\n\(terminal.screen)")
        expectEqual(words.joined(separator: " "), summary, "\(words)")
        try terminal.keys("@C-d")
    }

    /// Regression: after `user add … "Passw0rd!"`, `help update` showed its example as
    /// `update "***" …`. The help is ours; what the user typed stays masked.
    @Test func helpIsNotMaskedButWhatTheUserTypedIs() throws {
        let terminal = try Terminal()
        try terminal.keys("user add alice password \"Passw0rd!\"", "@Enter")
        try terminal.waitFor("added alice")
        try terminal.keys("help update", "@Enter")
        try terminal.waitFor("example (relid): update \"Passw0rd!\" \"N3w-Passw0rd\"")
        try terminal.keys("echo \"Passw0rd!\"", "@Enter")
        try terminal.waitFor("\n***\n")
        // What help quotes of the user's own words is masked still.
        try terminal.keys("help \"Passw0rd!\"", "@Enter")
        try terminal.waitFor("no command '***'")
        expectEqual(terminal.screen.components(separatedBy: "Passw0rd!").count - 1, 3 + 1,
                    "typed three times, shown once, in the example:\n\(terminal.screen)")
        try terminal.keys("@C-d")
    }

    @Test func theSmallerThings() throws {
        let paged = try Credsh.temporaryDirectory().appendingPathComponent("paged.txt")
        let terminal = try Terminal(environment: ["PAGER": "cat > \(paged.path)"])
        // With nobody logged in, the hint says to log in first.
        try terminal.keys("update a b", "@Enter")
        try terminal.waitFor("hint: nobody is logged in: 'login USER PASSWORD' first, then 'initiate Password'")
        // explain points to the glossary for a word of it.
        try terminal.keys("explain expiry", "@Enter")
        try terminal.waitFor("but the glossary has it: 'glossary expiry'")
        // A misspelt state gets a did-you-mean.
        try terminal.keys("user add alice password \"Passw0rd!\"", "@Enter")
        try terminal.keys("expect state alice loged-in", "@Enter")
        try terminal.waitFor("did you mean 'logged-in'?")
        // Tab lists codes by their value.
        try terminal.keys("explain 1", "@Tab", "@Tab")
        try terminal.waitFor("118")
        let listing = try #require(terminal.screen.split(separator: "\n").last { $0.contains("118") }, "\(terminal.screen)")
        let codes = listing.split(separator: " ").compactMap { Int($0) }
        #expect(codes.count > 3 && codes == codes.sorted(), "\(listing)")
        try terminal.keys("@C-u")
        // `diagram` longer than the screen goes through the pager.
        try terminal.keys("repeat 12 {", "@Enter", "login alice \"Passw0rd!\"", "@Enter", "logout", "@Enter", "}", "@Enter")
        try terminal.keys("echo logged-in-and-out", "@Enter")
        try terminal.waitFor("\nlogged-in-and-out\n")
        try terminal.keys("diagram", "@Enter")
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: paged.path) { usleep(50_000) }
        usleep(300_000)
        let text = try String(contentsOf: paged, encoding: .utf8)
        #expect(text.hasPrefix("sequenceDiagram"), "\(text.prefix(200))")
        #expect(text.split(separator: "\n").count > 50)
        #expect(!terminal.screen.contains("sequenceDiagram"), "printed past the pager:\n\(terminal.screen)")
        try terminal.keys("@C-d")
    }
}
