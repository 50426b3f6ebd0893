import Foundation
import Testing

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
        #expect(root.status == 0)
        let entries = Self.listed(root.stdout)
        #expect(entries.map(\.name) == ["run", "check", "fmt", "test", "diagram", "serve", "lsp", "completion"])
        for entry in entries {
            let own = try Credsh.run(["help", entry.name])
            #expect(own.status == 0)
            let overview = own.stdout.components(separatedBy: "\n\n")[0].replacingOccurrences(of: "\n", with: " ")
            #expect(overview == "OVERVIEW: " + entry.summary, "\(entry.name)")
            #expect(root.stdout.contains("credsh \(entry.name == "run" ? "[run]" : entry.name)"), "USAGE names \(entry.name)")
            #expect(try Credsh.run([entry.name, "--help"]).stdout == own.stdout)
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
        #expect(try Credsh.run(["--format", "text", "examples/cancel.credscript"]).stdout == plain.stdout)
    }
}
