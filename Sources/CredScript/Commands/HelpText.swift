import CredSimulator

/// `help`, and the command reference in grammar.md, both printed from the command table.
public enum HelpText {
    public static func render(_ table: CommandTable, topic: [String], active: String) -> [String] {
        guard !topic.isEmpty else { return overview(table, active: active) }
        let matches = table.commands(startingWith: topic)
        guard !matches.isEmpty else {
            var message = "no command '\(topic.joined(separator: " "))'"
            if let guess = Spelling.closest(to: topic[0], among: table.firstWords) { message += " — did you mean '\(guess)'?" }
            return [message + "; 'help' lists them all"]
        }
        return matches.flatMap(detail)
    }

    /// The heading of a group: an SDK's commands are headed by its name and title.
    static func heading(_ group: String) -> String {
        guard let catalog = Simulation.catalogs.first(where: { $0.name == group }) else { return group }
        return "\(catalog.name): \(catalog.title) (sdk \(catalog.name); \(catalog.page))"
    }

    static func overview(_ table: CommandTable, active: String) -> [String] {
        let width = table.commands.map(\.usage.count).max() ?? 0
        var lines: [String] = []
        for group in table.groups {
            let members = table.commands.filter { $0.group == group }
            lines.append(heading(group) + (group == active ? " — active" : "") + ":")
            for spec in members {
                lines.append("  " + spec.usage.padding(to: width) + "  " + spec.summary)
            }
            if let catalog = Simulation.catalogs.first(where: { $0.name == group }) {
                lines.append("  events: " + catalog.eventNames.joined(separator: ", "))
                lines.append("  states: " + catalog.userStateNames.joined(separator: ", "))
            }
            lines.append("")
        }
        lines.append("'help COMMAND' shows one command in full; grammar.md describes the language.")
        lines.append("A run stops after \(Evaluator.defaultStepBudget.grouped) steps, a step being a statement, \(Evaluator.kdfRoundsPerStep) KDF rounds or \(Evaluator.bytesPerStep) bytes of text handled (credsh --max-steps N changes it); README.md lists every bound.")
        return lines
    }

    static func detail(_ spec: CommandSpec) -> [String] {
        var lines = ["usage: \(spec.usage)" + (spec.sdk.map { "   (sdk \($0))" } ?? ""), "  \(spec.summary)"]
        let described = spec.parameters.filter { spec.syntaxUsage == nil || $0.kind != .text }
        for parameter in described {
            var line = "  \(parameter.name): \(parameter.label)"
            if parameter.optional { line += " (optional)" }
            if parameter.kind == .secret { line += "; masked as *** when shown" }
            if case .choice(let words) = parameter.kind { line += ": one of \(words.joined(separator: ", "))" }
            if case .requestTarget(let paths, let secrets) = parameter.kind {
                line += " (\(paths.joined(separator: ", ")) or any other; \(secrets.joined(separator: ", ")) in its query are masked as *** when shown)"
            }
            if case .policyRules(let keys) = parameter.kind { line += "; keys: \(keys.joined(separator: ", "))" }
            lines.append(line)
            if parameter.kind == .code { lines += ExplainText.index() }
        }
        lines.append("  example: \(spec.example)")
        return lines
    }

    /// The command reference section of grammar.md, grouped as `help` groups it.
    public static func markdownReference(_ table: CommandTable) -> String {
        var out = ""
        for group in table.groups {
            let members = table.commands.filter { $0.group == group }
            out += "\n### \(heading(group))\n\n| command | what it does | example |\n|---|---|---|\n"
            for spec in members {
                out += "| `\(spec.usage)` | \(spec.summary.replacingPipes) | `\(spec.example)` |\n"
            }
            if let catalog = Simulation.catalogs.first(where: { $0.name == group }) { out += eventReference(catalog) }
        }
        return out
    }
}

extension HelpText {
    /// An SDK's events with their fields, and its user states, for grammar.md: what
    /// `expect event`, `expect state` and `jq` can name.
    static func eventReference(_ catalog: SDKCatalog) -> String {
        var out = "\n| \(catalog.name) event | fields (? = only when it applies) | what it says |\n|---|---|---|\n"
        for event in catalog.events {
            let fields = event.fields.map { "`\($0.name)`" + ($0.optional ? "?" : "") }.joined(separator: ", ")
            out += "| `\(event.name)` | \(fields) | \(event.summary.replacingPipes) |\n"
        }
        out += "\n\(catalog.name) user states: " + catalog.userStates.map { "`\($0.name)` (\($0.meaning))" }.joined(separator: ", ") + ".\n"
        return out
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    var replacingPipes: String { split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|") }
}

extension Int {
    /// `10,000,000`: digits in groups of three, as the help and the bounds are written.
    public var grouped: String {
        let digits = String(self.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}
