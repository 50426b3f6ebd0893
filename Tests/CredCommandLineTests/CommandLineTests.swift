import Testing
import Expectations
@testable import CredCommandLine

/// The executable's command line as values, with no process: a syntax parses the words
/// it declares and refuses others with its usage; the manual page and the completion
/// scripts say every subcommand and option of the table they are made from.
@Suite struct CommandLineTests {
    static let jobs = CommandSyntax.Option(long: "jobs", short: "j", value: "<n>", help: "Run N at once.")
    static let update = CommandSyntax.Option(long: "update", help: "Rewrite.")
    static let variable = CommandSyntax.Option(long: "var", value: "<name=value>", repeats: true, help: "Bind.")
    static let syntax = CommandSyntax(name: "test", abstract: "Run tests.", arguments: ("<paths> ...", "Scripts."),
                                      options: [jobs, update, variable])

    @Test func optionsValuesAndPositionalsAreReadInOnePass() throws {
        let parsed = try ArgumentScanner.scan(["-j4", "a", "--update", "--var", "x=1", "--var=y=2", "--", "--not-an-option", "-"], Self.syntax)
        expectEqual(parsed.value(Self.jobs), "4")
        #expect(parsed.has(Self.update))
        expectEqual(parsed.values(Self.variable), ["x=1", "y=2"])
        expectEqual(parsed.occurrences(of: [Self.variable]).map(\.value), ["x=1", "y=2"])
        expectEqual(parsed.positionals, ["a", "--not-an-option", "-"])
        try expectEqual(ArgumentScanner.scan(["--jobs", "-1"], Self.syntax).value(Self.jobs), "-1", "a value is the next word, whatever it looks like")
    }

    @Test func whatTheSyntaxDoesNotDeclareIsAUsageErrorWithItsUsage() {
        for (words, message) in [(["--nope"], "Unknown option '--nope'"), (["--update=yes"], "'--update' takes no value"),
                                 (["-x"], "Unknown option '-x'"), (["--jobs"], "Missing value for '-j, --jobs <n>'")] {
            do {
                _ = try ArgumentScanner.scan(ArraySlice(words), Self.syntax)
                Issue.record("\(words) was accepted")
            } catch {
                expectEqual(error.text, "Error: \(message) [CS0701]\nUsage: credsh test [<paths> ...] [-j, --jobs <n>] [--update] [--var <name=value>]\n"
                            + "  See 'credsh test --help' for more information.\n")
            }
        }
    }

    @Test func theManualAndTheCompletionsSayEverySubcommandAndOption() throws {
        let run = Subcommand("run", syntax: CommandSyntax(name: "run", abstract: "Run scripts.", arguments: ("<files> ...", "Scripts."), options: [])) { _, _ in 0 }
        let test = Subcommand("test", syntax: Self.syntax) { _, _ in 0 }
        let hidden = Subcommand("test-one", syntax: CommandSyntax(name: "test-one", abstract: "Internal.", arguments: nil, options: []), listed: false) { _, _ in 0 }
        let program = CommandLineProgram(subcommands: [run, test, hidden], defaultName: "run", version: "9.9.9",
                                         exitCodes: "EXIT CODES:\n  0  success\n  2  syntax error")
        expectEqual(test.synopsis(defaultName: "run"), "credsh test [<paths> ...] [options]")
        expectEqual(run.synopsis(defaultName: "run"), "credsh [run] [<files> ...]")
        let page = ManPage.page(program)
        #expect(page.contains(".TH CREDSH 1 \"\" \"credsh 9.9.9\""))
        #expect(page.contains(".SS credsh test\nRun tests.\n"))
        #expect(page.contains(".B 2\nsyntax error\n"))
        #expect(!page.contains("test-one"), "a subcommand not listed is not in the manual")
        for shell in Completions.shells {
            let script = try #require(Completions.script(shell, program))
            // fish names an option without its dashes (`-l jobs`).
            #expect(["jobs", "update", "var"].allSatisfy { script.contains($0) }, "\(shell)")
            #expect(!script.contains("test-one"), "\(shell)")
        }
        expectEqual(Completions.script("tcsh", program), nil)
    }
}
