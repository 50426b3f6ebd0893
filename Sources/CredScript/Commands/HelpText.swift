/// `help`, and the command reference in grammar.md, both printed from the command table.
public enum HelpText {
    public static func render(_ table: CommandTable, topic: [String]) -> [String] {
        guard !topic.isEmpty else { return overview(table) }
        let matches = table.commands(startingWith: topic)
        guard !matches.isEmpty else {
            var message = "no command '\(topic.joined(separator: " "))'"
            if let guess = Spelling.closest(to: topic[0], among: table.firstWords) { message += " — did you mean '\(guess)'?" }
            return [message + "; 'help' lists them all"]
        }
        return matches.flatMap(detail)
    }

    static func overview(_ table: CommandTable) -> [String] {
        let width = table.commands.map(\.usage.count).max() ?? 0
        var lines: [String] = []
        for group in CommandSpec.Group.allCases {
            let members = table.commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append(group.rawValue + ":")
            for spec in members {
                lines.append("  " + spec.usage.padding(to: width) + "  " + spec.summary)
            }
            lines.append("")
        }
        lines.append("'help COMMAND' shows one command in full; grammar.md describes the language.")
        return lines
    }

    static func detail(_ spec: CommandSpec) -> [String] {
        var lines = ["usage: \(spec.usage)", "  \(spec.summary)"]
        let described = spec.parameters.filter { spec.syntaxUsage == nil || $0.kind != .text }
        for parameter in described {
            var line = "  \(parameter.name): \(parameter.label)"
            if parameter.optional { line += " (optional)" }
            if parameter.kind == .secret { line += "; masked as *** when shown" }
            lines.append(line)
        }
        lines.append("  example: \(spec.example)")
        return lines
    }

    /// The command reference section of grammar.md, grouped as `help` groups it.
    public static func markdownReference(_ table: CommandTable) -> String {
        var out = ""
        for group in CommandSpec.Group.allCases {
            let members = table.commands.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            out += "\n### \(group.rawValue)\n\n| command | what it does | example |\n|---|---|---|\n"
            for spec in members {
                out += "| `\(spec.usage)` | \(spec.summary.replacingPipes) | `\(spec.example)` |\n"
            }
        }
        return out
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}
