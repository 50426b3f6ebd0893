/// Writes a sequence diagram as Mermaid text, which GitHub, GitLab and most Markdown
/// editors draw from a ```mermaid block. Each SDK's lifelines are a `box` of
/// participants; arrows are numbered (`autonumber`) as in the SVG; commands are notes
/// over all the lifelines of their SDK. Long labels break with `<br/>` where the SVG
/// breaks them, and Mermaid's special characters are written as its entity codes.
public struct MermaidWriter: Sendable {
    public init() {}

    public func render(_ diagram: SequenceDiagram) -> String {
        var out = "sequenceDiagram\n"
        out += "    title \(Self.escape(diagram.secretsShown ? diagram.title + " (" + Evaluator.shownSecretsBanner + ")" : diagram.title))\n"
        out += "    autonumber\n"
        var declared: [String] = []
        for section in diagram.sections where !declared.contains(section.sdk) {
            declared.append(section.sdk)
            let title = diagram.sdkTitles[section.sdk].map { "\(section.sdk): \($0)" } ?? section.sdk
            out += "    box transparent \(Self.escape(title))\n"
            for lifeline in lifelines(section.sdk, in: diagram) {
                out += "        participant \(Self.id(section.sdk, lifeline.id)) as \(Self.escape(lifeline.name))\n"
            }
            out += "    end\n"
        }
        if diagram.omittedSteps > 0, let first = diagram.steps.first {
            out += "    Note over \(span(first.sdk, in: diagram)): the first \(diagram.omittedSteps) commands are left out\n"
        }
        for step in diagram.steps {
            if let narration = step.narration {
                let lines = TextMetrics.wrap(narration.split(separator: " ").map(String.init), width: SVGWriter.commandCells.maximum, maxLines: 4)
                out += "    Note over \(span(step.sdk, in: diagram)): # \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
            }
            if let command = step.command {
                let words = command.split(separator: " ").map(String.init)
                let lines = TextMetrics.wrap(words, width: SVGWriter.commandCells.maximum, maxLines: 4)
                let location = step.location.map { " (\($0))" } ?? ""
                out += "    Note over \(span(step.sdk, in: diagram)): \(lines.map(Self.escape).joined(separator: "<br/>"))\(Self.escape(location))\n"
            }
            for item in step.items {
                switch item {
                case .message(let m):
                    let arrow = m.kind == .call ? (m.error == nil ? "->>" : "-x") : "-->>"
                    var lines = TextMetrics.wrap([m.name] + m.details, width: SVGWriter.labelCells, maxLines: 8)
                    if let error = m.error { lines += TextMetrics.wrap(error.split(separator: " ").map(String.init), width: SVGWriter.labelCells, maxLines: 3) }
                    out += "    \(Self.id(step.sdk, m.from))\(arrow)\(Self.id(step.sdk, m.to)): \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
                case .note(let n):
                    let lines = TextMetrics.wrap(n.label.split(separator: " ").map(String.init), width: SVGWriter.noteCells, maxLines: 6)
                    out += "    Note right of \(Self.id(step.sdk, n.lifeline)): \(lines.map(Self.escape).joined(separator: "<br/>"))\n"
                }
            }
        }
        return out
    }

    func lifelines(_ sdk: String, in diagram: SequenceDiagram) -> [FlowCast.Lifeline] {
        diagram.lifelines[sdk] ?? FlowCast.standard(sdkName: sdk).lifelines
    }

    /// `first,last`: a note over every lifeline of the SDK.
    func span(_ sdk: String, in diagram: SequenceDiagram) -> String {
        let all = lifelines(sdk, in: diagram)
        guard let first = all.first, let last = all.last else { return Self.id(sdk, "app") }
        return first.id == last.id ? Self.id(sdk, first.id) : "\(Self.id(sdk, first.id)),\(Self.id(sdk, last.id))"
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
