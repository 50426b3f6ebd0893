import CredLanguage
import CredSimulator

/// `help`, and the command reference in grammar.md, both printed from the command table.
public enum HelpText {
    /// `help`: the shared commands and the active SDK's; `help all`: every SDK's too.
    /// `help COMMAND`: the active SDK's form of it (with the active SDK's example for a
    /// shared command), and one line naming the other SDKs' forms; `help all COMMAND`
    /// shows those in full as well.
    /// `procedures`: the script's own commands (`proc`), listed after the table's and
    /// shown by `help NAME`.
    public static func render(_ table: CommandTable, topic: [String], active: SDKID, procedures: [Procedure] = [], columns: Int? = nil) -> [String] {
        lines(table, topic: topic, active: active, procedures: procedures, columns: columns).map(\.text)
    }

    /// A line of `help`, and whether it is the command table's own text. The table's text
    /// is ours, never the user's, so it is shown unmasked even when a secret the user typed
    /// happens to read the same (`update "Passw0rd!" …` is the example whatever alice's
    /// password is). A line that holds anything the user wrote (a procedure's names and
    /// file, the topic asked for) is not the table's, and is masked as any output is.
    public struct Line: Equatable, Sendable {
        public let text: String
        public let fromTable: Bool
    }

    /// `render`, line by line, each marked with whether it is the table's own text; each
    /// line wrapped at word boundaries to `columns` (a terminal's width) when given.
    public static func lines(_ table: CommandTable, topic: [String], active: SDKID, procedures: [Procedure] = [], columns: Int? = nil) -> [Line] {
        let all = topic.first == allKeyword
        let topic = all ? Array(topic.dropFirst()) : topic
        let ownCommands = procedures.sorted { $0.name < $1.name }
        func ours(_ lines: [String]) -> [Line] { lines.flatMap { wrapped($0, columns: columns).map { Line(text: $0, fromTable: true) } } }
        func theirs(_ lines: [String]) -> [Line] { lines.flatMap { wrapped($0, columns: columns).map { Line(text: $0, fromTable: false) } } }
        guard !topic.isEmpty else {
            var lines = ours(overview(table, active: active, all: all, columns: columns))
            if !ownCommands.isEmpty {
                lines.insert(contentsOf: ours(["This script's procedures (proc):"]) + theirs(ownCommands.map { "  " + procedureLine($0) }) + ours([""]), at: 0)
            }
            return lines
        }
        if topic.count == 1, let procedure = ownCommands.first(where: { $0.name == topic[0] }) {
            return theirs(["usage: \(procedure.usage)", procedureLine(procedure)])
        }
        var matches = table.commands(startingWith: topic)
        // `journal show`, as a line is written: the command whose choice the last word is.
        if matches.isEmpty, topic.count >= 2 {
            let name = Array(topic.dropLast())
            matches = table.commands(startingWith: name).filter { spec in
                guard spec.words == name, case .choice(let options)? = spec.parameters.first?.kind else { return false }
                return options.contains(topic[topic.count - 1])
            }
        }
        guard !matches.isEmpty else {
            var message = "no command '\(topic.joined(separator: " "))'"
            if let guess = Spelling.closest(to: topic[0], among: table.firstWords) { message += " — did you mean '\(guess)'?" }
            return theirs([message + "; 'help' lists them all"])
        }
        let here = matches.filter { $0.sdk == nil || $0.sdk == active }
        guard !all, !here.isEmpty else { return ours(matches.flatMap { detail($0, active: active) }) }
        var lines = ours(here.flatMap { detail($0, active: active) })
        let elsewhere = matches.filter { $0.sdk != nil && $0.sdk != active }
        if !elsewhere.isEmpty {
            let forms = elsewhere.map { "\($0.usage) (sdk \($0.sdk?.name ?? ""))" }
            // Names the topic as it was asked for: the user's words.
            lines += theirs(["other SDKs: " + forms.joined(separator: "; ") + " — 'help all \(topic.joined(separator: " "))' shows them in full"])
        }
        return lines
    }

    /// The narrowest a terminal is taken to be: below it, lines are wrapped as if it were this wide.
    static let narrowestColumns = 40

    /// `line` wrapped at word boundaries to `columns`, each further line indented two more
    /// than the first (a hanging indent); as it is when `columns` is nil or it fits.
    /// A row of the overview (`  usage   summary`) is wrapped by `overview` itself.
    static func wrapped(_ line: String, columns: Int?) -> [String] {
        guard let columns, line.count > columns else { return [line] }
        let width = max(columns, narrowestColumns)
        let indent = line.prefix { $0 == " " }.count
        return hanging(String(line.dropFirst(indent)), first: indent, rest: indent + 2, width: width)
    }

    /// `text` wrapped at word boundaries into `width` columns: the first line indented by
    /// `first` spaces, the rest by `rest`. A word longer than a line keeps a line of its own.
    static func hanging(_ text: String, first: Int, rest: Int, width: Int) -> [String] {
        var lines: [String] = []
        var current = String(repeating: " ", count: first)
        var filled = false
        for word in text.split(separator: " ") {
            if filled, current.count + 1 + word.count > width {
                lines.append(current)
                current = String(repeating: " ", count: rest)
                filled = false
            }
            current += (filled ? " " : "") + word
            filled = true
        }
        lines.append(current)
        return lines
    }

    static func procedureLine(_ procedure: Procedure) -> String {
        "\(procedure.usage)  a procedure of the script (\(procedure.file):\(procedure.position.line))"
    }

    /// The word after `help` that asks for every SDK's commands.
    static let allKeyword = "all"

    /// The heading of a group: an SDK's commands are headed by its name and title.
    static func heading(_ group: String) -> String {
        guard let catalog = Simulation.catalogs.first(where: { $0.name == group }) else { return group }
        return "\(catalog.name): \(catalog.title) (sdk \(catalog.name); \(catalog.page))"
    }

    /// The widest the first column (a command's usage) is, at a terminal, as a share of
    /// its width: a longer usage has the line to itself, its summary on the lines below.
    static let usageShare = 0.4

    static func overview(_ table: CommandTable, active: SDKID, all: Bool = true, columns: Int? = nil) -> [String] {
        let sdkNames = Set(Simulation.catalogs.map(\.name))
        let groups = table.groups.filter { all || !sdkNames.contains($0) || $0 == active.name }
        let shown = table.commands.filter { groups.contains($0.group) }
        // Without a terminal (a script's output, a transcript): one line per command, the
        // first column as wide as the widest usage of the whole table, as it always was.
        let widest = (columns == nil ? table.commands : shown).map(\.usage.count).max() ?? 0
        let screen = columns.map { max($0, narrowestColumns) }
        let width = screen.map { min(widest, Int(Double($0) * usageShare)) } ?? widest
        var lines: [String] = []
        for group in groups {
            let members = table.commands.filter { $0.group == group }
            lines.append(heading(group) + (group == active.name ? " — active" : "") + ":")
            for spec in members {
                guard let screen else {
                    lines.append("  " + spec.usage.padding(to: width) + "  " + spec.summary)
                    continue
                }
                // At a terminal: the summary wraps under itself (a hanging indent at its column).
                let column = 2 + width + 2
                if spec.usage.count <= width {
                    let rows = hanging(spec.summary, first: column, rest: column, width: screen)
                    lines.append("  " + spec.usage.padding(to: width) + "  " + rows[0].dropFirst(column))
                    lines += rows.dropFirst()
                } else {
                    lines += hanging(spec.usage, first: 2, rest: 4, width: screen)
                    lines += hanging(spec.summary, first: column, rest: column, width: screen)
                }
            }
            if let catalog = Simulation.catalogs.first(where: { $0.name == group }) {
                lines.append("  events: " + catalog.eventNames.joined(separator: ", "))
                lines.append("  states: " + catalog.userStateNames.joined(separator: ", "))
            }
            lines.append("")
        }
        if !all {
            let others = Simulation.catalogs.map(\.name).filter { $0 != active.name }
            lines.append("The other SDKs (\(others.joined(separator: ", "))) have commands of their own: 'help all' lists them; 'sdk NAME' switches.")
        }
        lines.append("'help COMMAND' shows one command in full; grammar.md describes the language.")
        lines.append("A run stops after \(Evaluator.defaultStepBudget.grouped) steps, a step being a statement, \(Evaluator.kdfRoundsPerStep) KDF rounds or \(Evaluator.bytesPerStep) bytes of text handled (credsh --max-steps N changes it); docs/scripts.md lists every bound.")
        return lines
    }

    package static func detail(_ spec: CommandSpec, active: SDKID) -> [String] {
        var lines = ["usage: \(spec.usage)" + (spec.sdk.map { "   (sdk \($0.name))" } ?? ""), "  \(spec.summary)"]
        let described = spec.parameters.filter { spec.syntaxUsage == nil || $0.kind != .text }
        for parameter in described {
            var line = "  \(parameter.name): \(parameter.label)"
            // A shared command's secret is the active SDK's own (its catalog's secretNoun).
            if parameter.kind == .secret, spec.sdk == nil {
                line += " (\(active.name): a \(active.catalog.secretNoun))"
            }
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
        // A shared command reads as the active SDK writes it (SDKFlow.examples).
        if spec.sdk == nil, let example = SDKFlows.flow(for: active)?.examples[spec.name] {
            lines.append("  example (\(active.name)): \(example)")
        } else {
            lines.append("  example: \(spec.example)")
        }
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
