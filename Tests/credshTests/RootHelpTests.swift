import Foundation
import Testing
import Expectations

/// `credsh --help` is made from the subcommands themselves: each one it lists has its
/// own help with the same summary, and every option that help shows is one the command
/// line takes.
@Suite struct RootHelpTests {
    /// The SUBCOMMANDS section of the root help: name → summary (wrapped lines joined).
    static func listed(_ help: String) -> [(name: String, summary: String)] {
        guard let section = help.components(separatedBy: "SUBCOMMANDS:\n").last else { return [] }
        var entries: [(name: String, summary: String)] = []
        for line in section.split(separator: "\n") where !line.contains("See 'credsh help") {
            let text = line.dropFirst(2)
            if text.hasPrefix(" "), !entries.isEmpty {
                entries[entries.count - 1].summary += " " + text.trimmingCharacters(in: .whitespaces)
            } else {
                let name = String(text.prefix(24)).trimmingCharacters(in: .whitespaces).replacingOccurrences(of: " (default)", with: "")
                entries.append((name, String(text.dropFirst(24))))
            }
        }
        return entries
    }

    @Test func everyListedSubcommandHasItsOwnHelpWithTheSameSummary() throws {
        let root = try Credsh.run(["--help"])
        expectEqual(root.status, 0)
        let entries = Self.listed(root.stdout)
        expectEqual(entries.map(\.name), ["run", "check", "fmt", "test", "diagram", "explain", "glossary", "serve", "coverage", "lsp", "completion"])
        for entry in entries {
            let own = try Credsh.run(["help", entry.name])
            expectEqual(own.status, 0)
            let overview = own.stdout.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n", with: " ")
            expectEqual(overview, "OVERVIEW: " + entry.summary, "\(entry.name)")
            #expect(root.stdout.contains("credsh \(entry.name == "run" ? "[run]" : entry.name)"), "USAGE names \(entry.name)")
            try expectEqual(Credsh.run([entry.name, "--help"]).stdout, own.stdout)
        }
    }

    @Test func everyOptionASubcommandShowsIsOneItTakes() throws {
        for name in ["run", "check", "test", "diagram", "serve"] {
            let help = try Credsh.run(["help", name]).stdout
            let options = help.components(separatedBy: "OPTIONS:\n").last!.split(separator: "\n")
                .compactMap { line -> String? in
                    let words = line.split(separator: " ")
                    return words.first { $0.hasPrefix("--") }.map { String($0.trimmingCharacters(in: CharacterSet(charactersIn: ","))) }
                }
            #expect(options.count >= 2, "\(name)")
            for option in options where option != "--help" && option != "--version" {
                // A value the option cannot take still gets past the scanner: only an
                // undeclared option is an "Unknown option".
                let run = try Credsh.run([name, option, "x", "--help"])
                #expect(!run.stderr.contains("Unknown option"), "\(name) \(option): \(run.stderr)")
            }
        }
    }

    /// `credsh explain CS0301` from the shell is the prompt's `explain`, not a file named
    /// `explain`; the help says where the codes come from and where they are listed.
    @Test func explainIsASubcommandThatSaysWhatTheCodesMean() throws {
        let code = try Credsh.run(["explain", "CS0301"])
        expectEqual(code.status, 0, "\(code.stderr)")
        #expect(code.stdout.hasPrefix("diagnostic CS0301 "), "\(code.stdout)")
        #expect(code.stdout.contains("  fix:         ") && code.stdout.contains("see:         docs/diagnostics.md#cs0301"))
        let call = try Credsh.run(["explain", "setPassword"])
        #expect(call.status == 0 && call.stdout.hasPrefix("API call setPassword\n"), "\(call.stdout)\(call.stderr)")
        let sdkCode = try Credsh.run(["explain", "118"])
        #expect(sdkCode.status == 0 && !sdkCode.stdout.isEmpty, "\(sdkCode.stderr)")
        // The same lines as the prompt's explain.
        for query in ["CS0301", "setPassword", "118"] {
            let prompt = try Credsh.run(["-"], script: "explain \(query)\n")
            expectEqual(prompt.stdout, (try Credsh.run(["explain", query])).stdout, "\(query)")
        }
        let unknown = try Credsh.run(["explain", "nosuchthing"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty, "\(unknown.stdout)")
        #expect(unknown.stderr.hasPrefix("credsh: nothing to explain for 'nosuchthing'"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("No such file"))
        #expect(unknown.stderr.hasSuffix(" [CS0418]\n"), "every error ends with its code: \(unknown.stderr)")
        let noTerm = try Credsh.run(["glossary", "nosuchterm"])
        #expect(noTerm.status == 2 && noTerm.stderr.hasSuffix(" [CS0418]\n"), "\(noTerm.stderr)")
        // From the shell, the prompt's commands it points to are said to be the prompt's.
        #expect(unknown.stderr.contains("'help explain' lists at the prompt ('credsh' with no file)"), "\(unknown.stderr)")
        let glossaryWord = try Credsh.run(["explain", "expiry"])
        #expect(glossaryWord.status == 2 && glossaryWord.stderr.contains("the glossary has it: 'credsh glossary expiry'"), "\(glossaryWord.stderr)")
        // One name a run; the name is required, and the usage line says so.
        let two = try Credsh.run(["explain", "118", "setPassword"])
        #expect(two.status == 2 && two.stdout.isEmpty && two.stderr.hasPrefix("Error: explain takes one code or name, not 2"), "\(two.stderr)")
        // Unless the words spell a term of the glossary: not two questions, and not "run it once for each".
        let term = try Credsh.run(["explain", "challenge", "mode"])
        #expect(term.status == 2 && term.stderr.contains("the glossary has it: 'credsh glossary challenge mode'"), "\(term.stderr)")
        let empty = try Credsh.run(["explain", ""])
        #expect(empty.status == 2 && empty.stderr.hasPrefix("Error: explain takes a code or name, not an empty one"), "\(empty.stderr)")
        let none = try Credsh.run(["explain"])
        #expect(none.status == 2 && none.stderr.contains("Usage: credsh explain <code>\n"), "\(none.stderr)")
        let help = try Credsh.run(["explain", "--help"])
        #expect(help.status == 0 && help.stdout.contains("docs/diagnostics.md") && help.stdout.contains("[CS0301]"), "\(help.stdout)")
        let root = try Credsh.run(["--help"])
        #expect(root.stdout.contains("'credsh explain CS0301'") && root.stdout.contains("docs/diagnostics.md"), "\(root.stdout)")
    }

    /// `credsh glossary [TERM]`: the prompt's glossary from the shell, not a file named glossary.
    @Test func theGlossaryFromTheShell() throws {
        let term = try Credsh.run(["glossary", "challenge", "mode"])
        expectEqual(term.status, 0, "\(term.stderr)")
        expectEqual(term.stdout, (try Credsh.run(["-"], script: "glossary challenge mode\n")).stdout)
        #expect(term.stdout.lowercased().contains("challenge mode"), "\(term.stdout)")
        let all = try Credsh.run(["glossary"])
        #expect(all.status == 0 && all.stdout.contains("KDF") && all.stdout.contains("API call"), "\(all.stdout)")
        let unknown = try Credsh.run(["glossary", "chalenge\u{1B}]0;x\u{7}"])
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("credsh: the glossary has no 'chalenge\\u{1B}]0;x\\u{7}'"), "\(unknown.stderr)")
        #expect(!unknown.stderr.contains("\u{1B}"))
    }

    @Test func anUnknownSubcommandAskedForHelpIsRefused() throws {
        let run = try Credsh.run(["help", "tset"])
        #expect(run.status == 2 && run.stderr.hasPrefix("Error: Unknown subcommand 'tset'"))
    }
}

/// `--format` of a plain run: the formats the help lists are the ones it takes.
@Suite struct RunFormatListTests {
    @Test func theDefaultFormatIsTextAndAnUnknownOneIsRefusedWithTheList() throws {
        let help = try Credsh.run(["help", "run"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("Output format: text for people, json for JSON Lines"))
        let refused = try Credsh.run(["--format", "yaml", "examples/cancel.credscript"])
        #expect(refused.status == 2 && refused.stderr.hasPrefix("Error: The value 'yaml' is invalid for '--format <format>'. Please provide one of 'text' and 'json'."))
        let plain = try Credsh.run(["examples/cancel.credscript"])
        try expectEqual(Credsh.run(["--format", "text", "examples/cancel.credscript"]).stdout, plain.stdout)
    }
}
