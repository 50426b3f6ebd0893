import CredLanguage
import CredSimulator

/// Who decides something in a flow: a parameter's value, or a synchronous error.
enum Decider: String, Sendable {
    case user = "the user types it"
    case app = "the app"
    case sdk = "the SDK"
    case server = "the server"
    /// The device's own connection (no network): neither the SDK's rules nor the server.
    case network = "the network"
}

/// What an API call of an SDK does, for `explain NAME` (each SDK lists its own in
/// `Flows/<SDK>/<SDK>Cast.swift`): its parameters, as the call's line shows them, with
/// who decides each value; and the synchronous errors it may return (codes of the SDK's
/// catalog, which says what each means and whose behaviour it is), with who decides each.
struct APISummary: Sendable {
    let name: String
    let summary: String
    let parameters: [(name: String, decidedBy: Decider, note: String)]
    let syncErrors: [(code: Int, decidedBy: Decider)]

    init(_ name: String, _ summary: String, parameters: [(String, Decider, String)] = [], syncErrors: [(Int, Decider)] = []) {
        self.name = name
        self.summary = summary
        self.parameters = parameters.map { (name: $0.0, decidedBy: $0.1, note: $0.2) }
        self.syncErrors = syncErrors.map { (code: $0.0, decidedBy: $0.1) }
    }
}

/// `explain CODE`: every catalogue entry for a number or name (a code, an event the SDK
/// delivers, an API the app calls), the active SDK's first; another SDK's entries are
/// shown with its name when the active one has none.
public enum ExplainText {
    /// The SDK's API calls `explain` describes beyond its catalog's (SDKFlow.apis), for completion.
    package static func apiNames(in catalog: SDKCatalog) -> [String] {
        SDKFlows.flow(named: catalog.name)?.apis.map(\.name) ?? []
    }

    /// What the prompt's `explain QUERY` prints with `sdk` active, for `credsh explain`:
    /// the same lines, or the same refusal.
    /// The refusal names the prompt's commands as reached from a shell (`credsh` first).
    public static func lines(_ query: String, sdk: SDKID = .first) throws(SimulationError) -> [String] {
        try render(query, active: sdk.catalog, fromShell: true)
    }

    /// What the prompt's `glossary WORDS` prints (every term when there are none), for
    /// `credsh glossary`: the same lines, or the same refusal.
    public static func glossary(_ words: [String]) throws(SimulationError) -> [String] { try Glossary.render(words) }

    /// Every name `explain` knows, for the shells' completion of `credsh explain`: the
    /// diagnostic codes, then each SDK's codes (numbers and names), events, calls and APIs.
    public static var names: [String] {
        var names = DiagnosticCode.allCases.map(\.id)
        for catalog in Simulation.catalogs {
            names += catalog.codes.flatMap { entry in [entry.name] + (entry.code.map { [String($0)] } ?? []) }
            names += catalog.eventNames + catalog.callNames + (SDKFlows.flow(named: catalog.name)?.apis.map(\.name) ?? [])
        }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// Whether `words` spell a term of the glossary (`challenge mode`): one name of several
    /// words, which `credsh explain` given them unquoted points to the glossary for.
    public static func namesGlossaryTerm(_ words: [String]) -> Bool { Glossary.lookUp(words) != nil }

    /// `fromShell`: the refusal's hints say how to reach the prompt's `glossary` and
    /// `help explain`, which `credsh explain` has not.
    package static func render(_ query: String, active: SDKCatalog, fromShell: Bool = false) throws(SimulationError) -> [String] {
        if let code = DiagnosticCode(id: query) { return code.explanation }
        var lines: [String] = []
        for catalog in [active] + Simulation.catalogs.filter({ $0.name != active.name }) {
            let found = entries(query, in: catalog)
            guard !found.isEmpty else { continue }
            for entry in found {
                if !lines.isEmpty { lines.append("") }
                lines += entry.enumerated().map { index, line in
                    index == 0 && catalog.name != active.name ? "\(line) (\(catalog.name): \(catalog.title))" : line
                }
            }
            break
        }
        guard !lines.isEmpty else {
            // A word of the glossary (`expiry`, `challenge`) is not a code, event or call: say where it is.
            let atPrompt = fromShell ? " at the prompt ('credsh' with no file)" : ""
            if let term = Glossary.lookUp(query.split(separator: " ").map(String.init)) {
                throw SimulationError(.nothingToExplain, "nothing to explain for '\(query)': it is not a code, an event or an API call, but the glossary has it: '\(fromShell ? "credsh " : "")glossary \(term.term.lowercased())'")
            }
            let codes = Set(active.codes.compactMap(\.code)).sorted().map(String.init).joined(separator: ", ")
            throw SimulationError(.nothingToExplain, "nothing to explain for '\(query)'; \(active.name) knows \(codes), its events and API names, "
                                  + (fromShell ? "the diagnostic codes of docs/diagnostics.md, and the names 'help explain' lists\(atPrompt)"
                                               : "and the names 'help explain' lists (Tab completes them)"))
        }
        return lines
    }

    /// The entries of one SDK for `query`: codes, then events, then API calls.
    package static func entries(_ query: String, in catalog: SDKCatalog) -> [[String]] {
        let lower = query.lowercased()
        var found: [[String]] = []
        let codes = Int(query).map { number in catalog.codes.filter { $0.code == number } }
            ?? catalog.codes.filter { $0.name.lowercased() == lower }
        for entry in codes {
            let heading = [entry.kind, entry.code.map(String.init), entry.name].compactMap { $0 }.joined(separator: " ")
            found.append([
                heading,
                "  meaning:     \(entry.meaning)",
                "  flow:        \(entry.flow)",
                "  app should:  \(entry.appShould)",
                "  decided by:  \(inWords(entry.origin))",
            ])
        }
        let cast = SDKID(named: catalog.name).map(FlowCast.of) ?? .standard(sdkName: catalog.name + " SDK")  // every catalog is registered
        func name(of lifeline: String) -> String { cast.lifelines.first { $0.id == lifeline }?.name ?? lifeline }
        for event in catalog.events where event.name.lowercased() == lower {
            let route = cast.route(event: event.name)
            let always = event.fields.filter { !$0.optional }.map(\.name), sometimes = event.fields.filter(\.optional).map(\.name)
            var fields = always.isEmpty ? "none always" : always.joined(separator: ", ")
            if !sometimes.isEmpty { fields += "; when they apply: " + sometimes.joined(separator: ", ") }
            var lines = [
                "event \(event.name)",
                "  meaning:     \(event.summary)",
                "  goes:        from the \(name(of: route.from)) to the \(name(of: route.to)) (shown as ← \(event.name) …)",
                "  fields:      " + fields,
            ]
            // The field to show in an example: a number says most (a mode, a status, a counter).
            let example = event.fields.first { !$0.optional && $0.kind == .integer } ?? event.fields.first { !$0.optional } ?? event.fields.first
            if let field = example {
                lines.append("  check it:    expect event \(event.name) \(field.name)=VALUE")
            }
            found.append(lines)
        }
        for api in SDKFlows.flow(named: catalog.name)?.apis ?? [] where api.name.lowercased() == lower {
            let route = cast.route(call: api.name)
            var lines = [
                "API call \(api.name)",
                "  meaning:     \(api.summary)",
                "  goes:        from the \(name(of: route.from)) to the \(name(of: route.to)) (shown as → \(api.name) …, "
                    + "with its synchronous error if it returns one)",
            ]
            if api.parameters.isEmpty {
                lines.append("  parameters:  none")
            } else {
                lines.append("  parameters:")
                for parameter in api.parameters {
                    let who = parameter.decidedBy == .user ? parameter.decidedBy.rawValue : "decided by \(parameter.decidedBy.rawValue)"
                    lines.append("    \(parameter.name): \(who)" + (parameter.note.isEmpty ? "" : " (\(parameter.note))"))
                }
            }
            let errors = api.syncErrors.compactMap { error in
                catalog.codes.first { $0.kind == "sync error" && $0.code == error.code }.map { (error, $0) }
            }
            if errors.isEmpty {
                lines.append("  sync errors: none (what goes wrong arrives later, in a callback or an answer)")
            } else {
                lines.append("  sync errors:")
                for (error, entry) in errors {
                    lines.append("    \(error.code) \(entry.name): decided by \(error.decidedBy.rawValue); \(entry.meaning) [\(inWords(entry.origin))]")
                }
            }
            found.append(lines)
        }
        // A call the SDK double takes (docs/double.md): how to make it, and what may follow.
        if let call = catalog.calls.first(where: { $0.name.lowercased() == lower }) {
            let usage = (["call", call.name] + call.fields.map { $0.optional ? "[\($0.name)=…]" : "\($0.name)=…" }).joined(separator: " ")
            var lines = ["  the double:  \(usage) (docs/double.md)"]
            if !call.fields.isEmpty {
                lines.append("  fields:      " + call.fields.map { field in
                    field.name + " (" + ([field.kind.rawValue] + (field.optional ? ["optional"] : []) + (field.secret ? ["secret"] : [])).joined(separator: ", ") + ")"
                }.joined(separator: ", "))
            }
            lines.append("  callbacks:   " + call.callbacks.joined(separator: ", ") + " (those that may follow)")
            if let index = found.lastIndex(where: { $0.first == "API call \(call.name)" }) {
                found[index] += lines
            } else {
                found.append(["API call \(call.name)", "  meaning:     \(call.summary)"] + lines)
            }
        }
        return found
    }

    /// What `help explain` lists: each SDK's codes and names by kind, and its API calls,
    /// from the catalogues, so that they can be found without Tab.
    static func index(width: Int = 100) -> [String] {
        var lines = ["  what it knows, by SDK (and each SDK's events, which 'help' lists):"]
        for catalog in Simulation.catalogs {
            lines.append("    \(catalog.name):")
            var kinds: [String] = []
            var entries: [String: [String]] = [:]
            for entry in catalog.codes {
                if entries[entry.kind] == nil { kinds.append(entry.kind) }
                let name = entry.name.contains(" ") ? "\"\(entry.name)\"" : entry.name  // as `explain` takes it
                entries[entry.kind, default: []].append(entry.code.map { "\($0) \(name)" } ?? name)
            }
            var groups = kinds.map { ($0, entries[$0] ?? []) }
            let apis = SDKFlows.flow(named: catalog.name)?.apis.map(\.name) ?? []
            if !apis.isEmpty { groups.append(("API call", apis)) }
            for (kind, items) in groups {
                lines += wrapped("      \(kind): ", items, width: width)
            }
        }
        return lines
    }

    /// `items` after `lead`, separated by commas, in lines of at most `width` characters
    /// (an item longer than that has a line of its own).
    private static func wrapped(_ lead: String, _ items: [String], width: Int) -> [String] {
        let indent = String(repeating: " ", count: lead.count)
        var lines: [String] = []
        var line = lead
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? "," : "")
            if line.count > indent.count, line.count + 1 + piece.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count && line != lead ? " " : "") + piece
        }
        lines.append(line)
        return lines
    }

    /// The source tags the catalogues use (`vendor (S0)`), said in words.
    static let sources: [(tag: String, words: String)] = [
        ("FL strings", "its Flutter codelab's strings"),
        ("S0", "its iOS password-expiry codelab"),
        ("S1", "its iOS update-password codelab"),
        ("S4", "its iOS change-PIN guide"),
        ("RN", "its React Native codelab"),
        ("FL", "its Flutter codelab"),
        ("CO", "its Cordova codelab"),
    ]

    /// `vendor (S0)` → `vendor (its iOS password-expiry codelab)`: each tag that stands
    /// as a word of its own.
    static func inWords(_ origin: String) -> String {
        var text = origin
        for (tag, words) in sources {
            var out = ""
            var rest = Substring(text)
            while let range = rest.firstRange(of: tag) {
                let before = range.lowerBound == rest.startIndex ? out.last : rest[rest.index(before: range.lowerBound)]
                let after = range.upperBound < rest.endIndex ? rest[range.upperBound] : nil
                let standsAlone = !(before?.isLetter ?? false || before?.isNumber ?? false)
                    && !(after?.isLetter ?? false || after?.isNumber ?? false)
                out += rest[..<range.lowerBound]
                out += standsAlone ? words : tag
                rest = rest[range.upperBound...]
            }
            text = out + rest
        }
        return text
    }
}

extension DiagnosticCode {
    /// What `explain CS0101` prints: the code's row of the table (docs/diagnostics.md).
    var explanation: [String] {
        let entry = self.entry
        var lines = [
            "diagnostic \(id) \(entry.title)",
            "  kind:        \(category.kind.rawValue) (exit code \(Diagnostic.exitCode(of: category.kind)))",
            "  meaning:     \(entry.meaning)",
        ]
        if let script = entry.example.script {
            let shown = script.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            lines.append("  example:     " + (shown.first.map { String($0).escapingControls } ?? ""))
            for line in shown.dropFirst().prefix(4) { lines.append("               " + String(line).escapingControls) }
            if shown.count > 5 { lines.append("               … (\(shown.count) lines)") }
        } else if let how = entry.example.elsewhere {
            lines.append("  arises:      \(how)")
        }
        lines.append("  fix:         \(entry.fix)")
        lines.append("  see:         docs/diagnostics.md#\(id.lowercased())")
        return lines
    }
}
