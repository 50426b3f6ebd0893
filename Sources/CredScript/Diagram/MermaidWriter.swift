import CredLanguage
import CredSimulator

/// Writes a sequence diagram as Mermaid text, which GitHub, GitLab and most Markdown
/// editors draw from a ```mermaid block. Each SDK's lifelines are a `box` of
/// participants; arrows are numbered (`autonumber`) as in the SVG; commands are notes
/// over all the lifelines of their SDK. Long labels break with `<br/>` where the SVG
/// breaks them, and Mermaid's special characters are written as its entity codes.
public struct MermaidWriter: Sendable {
    public init() {}

    public func render(_ diagram: SequenceDiagram) -> String {
        var out = header(diagram.secretsShown ? diagram.title + " (" + SecretLedger.shownBanner + ")" : diagram.title)
        out += boxes(diagram, prefix: "", titled: { $0 })
        out += body(diagram, prefix: "")
        return out
    }

    /// Two or more runs in one picture (`credsh diagram --side-by-side`): each run's
    /// lifelines are boxes of their own, titled with the run's title, their participants
    /// named `s1_…`, `s2_…` so that two runs of one SDK stay apart; Mermaid draws one run's
    /// arrows after the other's.
    public func render(sideBySide diagrams: [SequenceDiagram], title: String) -> String {
        var out = header(title)
        for (index, diagram) in diagrams.enumerated() {
            out += boxes(diagram, prefix: "s\(index + 1)_", titled: { "\(diagram.title) · \($0)" })
        }
        for (index, diagram) in diagrams.enumerated() { out += body(diagram, prefix: "s\(index + 1)_") }
        return out
    }

    func header(_ title: String) -> String {
        "sequenceDiagram\n    title \(Self.escape(title))\n    autonumber\n"
    }

    /// Each SDK's lifelines as a `box` of participants, in the order the SDKs appear.
    func boxes(_ diagram: SequenceDiagram, prefix: String, titled: (String) -> String) -> String {
        var out = ""
        var declared: [SDKID] = []
        for section in diagram.sections where !declared.contains(section.sdk) {
            declared.append(section.sdk)
            let name = section.sdk.name
            let title = diagram.sdkTitles[section.sdk].map { "\(name): \($0)" } ?? name
            out += "    box transparent \(Self.escape(titled(title)))\n"
            for lifeline in lifelines(section.sdk, in: diagram) {
                out += "        participant \(Self.id(prefix + name, lifeline.id)) as \(Self.escape(lifeline.name))\n"
            }
            out += "    end\n"
        }
        return out
    }

    /// The commands as notes over their SDK's lifelines, and the arrows and notes after each.
    func body(_ diagram: SequenceDiagram, prefix: String) -> String {
        var out = ""
        if diagram.omittedSteps > 0, let first = diagram.steps.first {
            out += "    Note over \(span(first.sdk, prefix: prefix, in: diagram)): the first \(diagram.omittedSteps) commands are left out\n"
        }
        for step in diagram.steps {
            let sdk = prefix + step.sdk.name
            if let narration = step.narration {
                let lines = TextMetrics.wrap(narration.split(separator: " ").map(String.init), width: SVGWriter.commandCells.maximum, maxLines: 4)
                out += "    Note over \(span(step.sdk, prefix: prefix, in: diagram)): # \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
            }
            if let command = step.command {
                let words = command.split(separator: " ").map(String.init)
                let lines = TextMetrics.wrap(words, width: SVGWriter.commandCells.maximum, maxLines: 4)
                let location = step.location.map { " (\($0))" } ?? ""
                out += "    Note over \(span(step.sdk, prefix: prefix, in: diagram)): \(lines.map(Self.escape).joined(separator: "<br/>"))\(Self.escape(location))\n"
            }
            for item in step.items {
                switch item {
                case .message(let m):
                    let arrow = m.kind == .call ? (m.error == nil ? "->>" : "-x") : "-->>"
                    var lines = TextMetrics.wrap([m.name] + m.details, width: SVGWriter.labelCells, maxLines: 8)
                    if let error = m.error { lines += TextMetrics.wrap(error.split(separator: " ").map(String.init), width: SVGWriter.labelCells, maxLines: 3) }
                    out += "    \(Self.id(sdk, m.from))\(arrow)\(Self.id(sdk, m.to)): \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
                case .note(let n):
                    let lines = TextMetrics.wrap(n.label.split(separator: " ").map(String.init), width: SVGWriter.noteCells, maxLines: 6)
                    out += "    Note right of \(Self.id(sdk, n.lifeline)): \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
                }
            }
        }
        return out
    }

    func lifelines(_ sdk: SDKID, in diagram: SequenceDiagram) -> [FlowCast.Lifeline] {
        diagram.lifelines[sdk] ?? FlowCast.of(sdk).lifelines
    }

    /// `first,last`: a note over every lifeline of the SDK.
    func span(_ sdk: SDKID, prefix: String = "", in diagram: SequenceDiagram) -> String {
        let all = lifelines(sdk, in: diagram)
        let key = prefix + sdk.name
        guard let first = all.first, let last = all.last else { return Self.id(key, "app") }
        return first.id == last.id ? Self.id(key, first.id) : "\(Self.id(key, first.id)),\(Self.id(key, last.id))"
    }

    static func id(_ sdk: String, _ lifeline: String) -> String {
        String((sdk + "_" + lifeline).map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Text Mermaid shows as written: `#`, `;`, `<`, `>`, `&` and quotes as Mermaid's
    /// entity codes (`#35;`), control characters as escapes, nothing that ends a line.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.escapingControls.unicodeScalars {
            switch scalar {
            case "#": out += "#35;"
            case ";": out += "#59;"
            case "<": out += "#60;"
            case ">": out += "#62;"
            case "&": out += "#38;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
