import CredLanguage
/// Draws a sequence diagram as a self-contained SVG: no script, no font or image to
/// fetch, valid XML. Text is set in a monospace font at 12 px, so every width is known
/// in advance (`TextMetrics`) and the layout never measures: each label gets the room
/// it needs, the columns move apart to fit the widest label between them, and the
/// picture is as wide and as tall as its content. Nothing overlaps: every message and
/// note has a row of its own. The same diagram gives the same bytes.
public struct SVGWriter: Sendable {
    public init() {}

    // Metrics (px). The font stack lists monospace fonts whose advance is 0.6 em.
    static let fontFamily = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace"
    static let fontSize = 12.0
    /// The size of the labels, the smallest text drawn: a page that scales the picture
    /// keeps them at least as large as a projector needs (LivePage).
    public static let labelPixels = fontSize
    /// A character's advance, in em: 0.6 for most monospace fonts, 0.602 for DejaVu Sans
    /// Mono and Menlo; the layout assumes a hair more, so a line is never wider than planned.
    static let advance = 0.6025
    static let charWidth = fontSize * advance
    static let lineHeight = 16.0
    static let titleSize = 16.0
    static let margin = 20.0
    static let headHeight = 28.0
    /// Cells per line of a message label, a note, and a command.
    static let labelCells = 60
    static let noteCells = 64
    static let commandCells = (minimum: 48, maximum: 100)

    public func render(_ diagram: SequenceDiagram) -> String {
        var layout = Layout(diagram)
        return layout.draw()
    }

    /// Two or more runs in one picture, side by side (`credsh diagram --side-by-side`):
    /// the title, what the runs hold and the legend across the top, then each run in a
    /// column of its own, under its own title, with its own lifelines; a rule between columns.
    public func render(sideBySide diagrams: [SequenceDiagram], title: String) -> String {
        var columns: [(body: String, width: Double, height: Double)] = []
        for diagram in diagrams {
            var layout = Layout(diagram)
            layout.showsLegend = false
            let body = layout.drawBody()
            columns.append((body, layout.width, layout.y))
        }
        let summary = diagrams.map { d in
            let commands = d.steps.filter { $0.command != nil }.count
            return "\(d.title): \(commands) command\(commands == 1 ? "" : "s"), \(d.messages.count) message\(d.messages.count == 1 ? "" : "s")"
        }.joined(separator: "; ")
        var header = Layout(SequenceDiagram(title: title))
        header.subtitleOverride = summary + "; secrets show as ***"
        header.width = max(header.width, columns.reduce(0) { $0 + $1.width },
                           Self.width(cells: TextMetrics.cells(header.subtitle)) + 2 * Self.margin).rounded(.up)
        var body = header.drawBody()
        let top = header.y
        var x = 0.0
        for (index, column) in columns.enumerated() {
            if index > 0 {
                body += "<line class=\"side-rule\" x1=\"\(Self.number(x))\" y1=\"\(Self.number(top))\" x2=\"\(Self.number(x))\" y2=\"\(Self.number(top + column.height))\"/>\n"
            }
            body += "<g class=\"side\" data-title=\"\(Self.escape(diagrams[index].title))\" transform=\"translate(\(Self.number(x)),\(Self.number(top)))\">\n"
            body += column.body
            body += "</g>\n"
            x += column.width
        }
        let height = (top + (columns.map(\.height).max() ?? 0) + Self.margin).rounded(.up)
        return Layout.document(body: body, width: header.width, height: height, title: title)
    }
}

extension SVGWriter {
    /// Text as it goes into the picture: control characters as escapes (`\n`), then
    /// escaped for XML as every report is (MarkupEscaping).
    static func escape(_ text: String) -> String { MarkupEscaping.escape(text.escapingControls) }

    /// A coordinate with at most one decimal, the same on every machine.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let magnitude = abs(tenths)
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }

    static func width(cells: Int, size: Double = fontSize) -> Double { Double(cells) * size * advance }
}

/// Where everything goes: worked out section by section, then drawn top to bottom.
private struct Layout {
    typealias W = SVGWriter

    struct PlacedMessage {
        var message: SequenceDiagram.Message
        var number: Int
        var lines: [String]
        var errorLines: [String]
        /// Cells of the bold part of the first line (`3 getPassword`).
        var boldCells: Int
        var from: Int
        var to: Int
        var width: Double { W.width(cells: (lines + errorLines).map(TextMetrics.cells).max() ?? 0) }
    }

    struct PlacedNote {
        var note: SequenceDiagram.Note
        var lines: [String]
        var lifeline: Int
        var width: Double { W.width(cells: lines.map(TextMetrics.cells).max() ?? 0) + 16 }
    }

    enum Row {
        case message(PlacedMessage)
        case note(PlacedNote)
    }

    struct StepRows {
        var command: String?
        var location: String?
        var rows: [Row]
        var commandLines: [String] = []
        var narration: String? = nil
        var narrationLines: [String] = []
    }

    struct Section {
        var sdk: String
        var heading: String
        var lifelines: [FlowCast.Lifeline]
        var headWidths: [Double]
        var x: [Double] = []
        var steps: [StepRows]
        var right: Double = 0
    }

    let diagram: SequenceDiagram
    /// Whether the legend is drawn under the title (a side-by-side column leaves it to the picture's top).
    var showsLegend = true
    /// What the line under the title says instead of the diagram's counts.
    var subtitleOverride: String?
    var sections: [Section] = []
    var width = 0.0
    var out = ""
    var y = 0.0

    init(_ diagram: SequenceDiagram) {
        self.diagram = diagram
        var number = 0
        for section in diagram.sections {
            let lifelines = diagram.lifelines[section.sdk] ?? FlowCast.of(section.sdk).lifelines
            func index(_ id: String) -> Int { lifelines.firstIndex { $0.id == id } ?? 0 }
            var steps: [StepRows] = []
            for step in section.steps {
                var rows: [Row] = []
                for item in step.items {
                    switch item {
                    case .message(let message):
                        number += 1
                        let head = "\(number) \(message.name)"
                        let lines = TextMetrics.wrap([head] + message.details, width: W.labelCells, maxLines: 8)
                        let errorLines = message.error.map { TextMetrics.wrap($0.split(separator: " ").map(String.init), width: W.labelCells, maxLines: 3) } ?? []
                        let bold = lines.first?.hasPrefix(head) == true ? TextMetrics.cells(head) : 0
                        rows.append(.message(PlacedMessage(message: message, number: number, lines: lines, errorLines: errorLines,
                                                           boldCells: bold, from: index(message.from), to: index(message.to))))
                    case .note(let note):
                        let lines = TextMetrics.wrap(note.label.split(separator: " ").map(String.init), width: W.noteCells, maxLines: 6)
                        rows.append(.note(PlacedNote(note: note, lines: lines, lifeline: index(note.lifeline))))
                    }
                }
                steps.append(StepRows(command: step.command, location: step.location, rows: rows, narration: step.narration))
            }
            let name = section.sdk.name  // written out: the heading and `data-sdk`
            let title = diagram.sdkTitles[section.sdk].map { "\(name): \($0)" } ?? name
            sections.append(Section(sdk: name, heading: title, lifelines: lifelines,
                                    headWidths: lifelines.map { W.width(cells: TextMetrics.cells($0.name)) + 24 }, steps: steps))
        }
        for i in sections.indices { place(&sections[i]) }
        width = max(sections.map(\.right).max() ?? 0, W.width(cells: TextMetrics.cells(diagram.title), size: W.titleSize) + W.margin,
                    W.width(cells: TextMetrics.cells(subtitle)) + W.margin, 480) + W.margin
        // Commands wrap to the width the columns need, within bounds; a long one widens the picture.
        let available = Int((width - 2 * W.margin - 16) / W.charWidth)
        for s in sections.indices {
            for t in sections[s].steps.indices {
                let step = sections[s].steps[t]
                if let narration = step.narration {
                    sections[s].steps[t].narrationLines = TextMetrics.wrap(("# " + narration).split(separator: " ").map(String.init),
                                                                           width: max(available, W.commandCells.minimum), maxLines: 6)
                }
                guard let command = step.command else { continue }
                let locationCells = step.location.map { TextMetrics.cells($0) + 3 } ?? 0
                let cells = min(max(available - locationCells, W.commandCells.minimum), W.commandCells.maximum)
                let lines = TextMetrics.wrap(command.split(separator: " ").map(String.init), width: cells, maxLines: 4)
                sections[s].steps[t].commandLines = lines
                let needed = 2 * W.margin + 16 + W.width(cells: (lines.map(TextMetrics.cells).max() ?? 0) + locationCells)
                width = max(width, needed)
            }
        }
        width = width.rounded(.up)
    }

    var subtitle: String {
        if let subtitleOverride { return subtitleOverride }
        let commands = diagram.steps.filter { $0.command != nil }.count
        var text = "\(commands) command\(commands == 1 ? "" : "s"), \(diagram.messages.count) message\(diagram.messages.count == 1 ? "" : "s"); "
            + (diagram.secretsShown ? SecretLedger.shownBanner : "secrets show as ***")
        if diagram.omittedSteps > 0 {
            text += "; the first \(diagram.omittedSteps) commands are left out (a diagram keeps the last \(SequenceDiagram.maximumSteps))"
        }
        return text
    }

    /// The columns of a section: each as far right of the one before as its head, the
    /// labels between them and the notes beside them need.
    func placed(_ section: Section) -> (x: [Double], right: Double) {
        let count = section.lifelines.count
        var x = [Double](repeating: 0, count: count)
        x[0] = W.margin + max(section.headWidths[0] / 2, 10)
        let messages = section.steps.flatMap(\.rows).compactMap { row -> PlacedMessage? in
            if case .message(let m) = row { return m } else { return nil }
        }
        for k in 0..<count {
            guard k > 0 else { continue }
            var position = max(x[k - 1] + (section.headWidths[k - 1] + section.headWidths[k]) / 2 + 30, x[k - 1] + 150)
            for m in messages {
                let low = min(m.from, m.to), high = max(m.from, m.to)
                if high == k, low < k { position = max(position, x[low] + 10 + m.width + 24) }
                if m.from == m.to, m.from == k - 1 { position = max(position, x[k - 1] + 44 + m.width + 16) }
            }
            x[k] = position
        }
        var right = x[count - 1] + section.headWidths[count - 1] / 2
        for row in section.steps.flatMap(\.rows) {
            switch row {
            case .message(let m) where m.from == m.to:
                right = max(right, x[m.from] + 44 + m.width)
            case .message(let m):
                right = max(right, x[min(m.from, m.to)] + 10 + m.width)
            case .note(let n):
                right = max(right, x[n.lifeline] + 10 + n.width)
            }
        }
        right = max(right, W.margin + W.width(cells: TextMetrics.cells(section.heading)) + 8)
        return (x, right)
    }

    func place(_ section: inout Section) {
        let (x, right) = placed(section)
        section.x = x
        section.right = right
    }

    // MARK: Drawing

    mutating func draw() -> String {
        let body = drawBody()
        return Self.document(body: body, width: width, height: (y + W.margin).rounded(.up), title: diagram.title)
    }

    /// The title, the subtitle, the legend (unless left out) and the sections, from the
    /// top; `y` is left at the bottom of what was drawn.
    mutating func drawBody() -> String {
        y = W.margin
        var body = ""
        swap(&out, &body)
        drawTitle()
        for section in sections { drawSection(section) }
        swap(&out, &body)
        return body
    }

    /// The SVG document around a body.
    static func document(body: String, width: Double, height: Double, title: String) -> String {
        let w = W.number(width), h = W.number(height)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" "
        out += "font-family=\"\(W.fontFamily)\" font-size=\"\(W.number(W.fontSize))\">\n"
        out += "<title>\(W.escape(title))</title>\n"
        out += styleAndDefs
        out += "<rect class=\"background\" x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\"/>\n"
        out += body
        out += "</svg>\n"
        return out
    }

    static let styleAndDefs = """
        <style>
        .background { fill: #ffffff; }
        text { fill: #1b1f24; white-space: pre; }
        .title { font-size: 16px; font-weight: bold; }
        .subtitle, .location, .legend-text { fill: #57606a; }
        .section-title { font-weight: bold; fill: #24292f; }
        .head rect { fill: #eaf1fb; stroke: #4a6fa5; stroke-width: 1.2; }
        .head text { font-weight: bold; text-anchor: middle; }
        .lifeline { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 4 4; }
        .step rect { fill: #f3f4f6; stroke: #d0d7de; }
        .step .command { font-weight: bold; }
        .narration rect { fill: #fff4e5; stroke: #d4a72c; }
        .narration-text { fill: #6b4400; font-style: italic; }
        .label-background { fill: #ffffff; opacity: 0.85; }
        .call line { stroke: #1f5fa8; stroke-width: 1.5; }
        .callback line { stroke: #2e7d32; stroke-width: 1.5; stroke-dasharray: 6 4; }
        .call .label { fill: #174a84; }
        .callback .label { fill: #1e5a22; }
        .label .name { font-weight: bold; }
        .error-text { fill: #b3261e; font-weight: bold; }
        .note rect { stroke-width: 1; }
        .appShows rect { fill: #fff8c5; stroke: #bf8700; }
        .appCheck rect, .failure rect { fill: #ffebe9; stroke: #cf222e; }
        .network rect { fill: #ffebe9; stroke: #cf222e; stroke-dasharray: 5 3; }
        .simulator rect { fill: #f6f8fa; stroke: #8c959f; stroke-dasharray: 3 3; }
        .simulator text { fill: #57606a; font-style: italic; }
        .appCheck text, .failure text, .network text { fill: #a40e26; }
        .side-rule { stroke: #d0d7de; stroke-width: 2; }
        </style>
        <defs>
        <marker id="head-call" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f5fa8"/></marker>
        <marker id="head-callback" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10" fill="none" stroke="#2e7d32" stroke-width="1.6"/></marker>
        </defs>

        """

    mutating func text(_ content: String, x: Double, baseline: Double, classes: String, anchor: String? = nil) {
        out += "<text class=\"\(classes)\" x=\"\(W.number(x))\" y=\"\(W.number(baseline))\""
        if let anchor { out += " text-anchor=\"\(anchor)\"" }
        out += ">\(W.escape(content))</text>\n"
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, radius: Double = 0, classes: String? = nil) {
        out += "<rect"
        if let classes { out += " class=\"\(classes)\"" }
        out += " x=\"\(W.number(x))\" y=\"\(W.number(y))\" width=\"\(W.number(width))\" height=\"\(W.number(height))\""
        if radius > 0 { out += " rx=\"\(W.number(radius))\"" }
        out += "/>\n"
    }

    mutating func drawTitle() {
        text(diagram.title, x: W.margin, baseline: y + 14, classes: "title")
        y += 24
        text(subtitle, x: W.margin, baseline: y + 12, classes: "subtitle")
        y += 22
        if showsLegend { drawLegend() }
        y += 10
    }

    /// What the line styles and boxes mean, in rows that fit the width.
    mutating func drawLegend() {
        let entries: [(kind: String, words: String)] = [
            ("call", "API call, HTTP request, or the SDK's request to its server"),
            ("callback", "callback, screen, delegate call, HTTP or server answer"),
            ("appShows", "what the app shows"),
            ("simulator", "simulator note (no real SDK says it)"),
            ("failure", "refused, no answer, or failed"),
        ]
        var x = W.margin
        out += "<g class=\"legend\">\n"
        for entry in entries {
            let needed = 36 + W.width(cells: TextMetrics.cells(entry.words)) + 24
            if x > W.margin, x + needed > width - W.margin {
                x = W.margin
                y += 20
            }
            switch entry.kind {
            case "call", "callback":
                out += "<g class=\"\(entry.kind)\"><line x1=\"\(W.number(x))\" y1=\"\(W.number(y + 8))\" x2=\"\(W.number(x + 28))\" y2=\"\(W.number(y + 8))\" marker-end=\"url(#head-\(entry.kind))\"/></g>\n"
            default:
                out += "<g class=\"note \(entry.kind)\">"
                rect(x: x + 4, y: y + 2, width: 20, height: 12, classes: nil)
                out += "</g>\n"
            }
            text(entry.words, x: x + 36, baseline: y + 12, classes: "legend-text")
            x += needed
        }
        out += "</g>\n"
        y += 20
    }

    mutating func drawSection(_ section: Section) {
        y += 8
        out += "<g class=\"section\" data-sdk=\"\(W.escape(section.sdk))\">\n"
        text(section.heading, x: W.margin, baseline: y + 13, classes: "section-title")
        y += 22
        let top = y
        drawHeads(section, at: top)
        y += W.headHeight + 10
        var rows = ""
        swap(&out, &rows)
        for step in section.steps { drawStep(step, section) }
        swap(&out, &rows)
        y += 6
        let bottom = y
        // Lifelines first, so that everything else is drawn over them.
        for (index, lifeline) in section.lifelines.enumerated() {
            out += "<line class=\"lifeline\" data-name=\"\(W.escape(lifeline.name))\" x1=\"\(W.number(section.x[index]))\" y1=\"\(W.number(top + W.headHeight))\" x2=\"\(W.number(section.x[index]))\" y2=\"\(W.number(bottom))\"/>\n"
        }
        out += rows
        drawHeads(section, at: bottom)
        y = bottom + W.headHeight + 8
        out += "</g>\n"
    }

    mutating func drawHeads(_ section: Section, at top: Double) {
        for (index, lifeline) in section.lifelines.enumerated() {
            let w = section.headWidths[index]
            out += "<g class=\"head\">"
            rect(x: section.x[index] - w / 2, y: top, width: w, height: W.headHeight, radius: 4)
            text(lifeline.name, x: section.x[index], baseline: top + 18.5, classes: "head-name")
            out += "</g>\n"
        }
    }

    mutating func drawStep(_ step: StepRows, _ section: Section) {
        if !step.narrationLines.isEmpty {
            // The teacher's comment above the command: a note across every lifeline.
            let height = Double(step.narrationLines.count) * W.lineHeight + 8
            out += "<g class=\"narration\">\n"
            rect(x: W.margin, y: y, width: width - 2 * W.margin, height: height, radius: 3)
            for (i, line) in step.narrationLines.enumerated() {
                text(line, x: W.margin + 8, baseline: y + 16 + Double(i) * W.lineHeight, classes: "narration-text")
            }
            out += "</g>\n"
            y += height + 4
        }
        if step.command != nil {
            let height = Double(step.commandLines.count) * W.lineHeight + 8
            out += "<g class=\"step\">\n"
            rect(x: W.margin, y: y, width: width - 2 * W.margin, height: height, radius: 3)
            for (i, line) in step.commandLines.enumerated() {
                text(line, x: W.margin + 8, baseline: y + 16 + Double(i) * W.lineHeight, classes: "command")
            }
            if let location = step.location {
                text(location, x: width - W.margin - 8, baseline: y + 16, classes: "location", anchor: "end")
            }
            out += "</g>\n"
            y += height + 8
        }
        for row in step.rows {
            switch row {
            case .message(let m): drawMessage(m, section)
            case .note(let n): drawNote(n, section)
            }
        }
        y += 4
    }

    mutating func drawMessage(_ m: PlacedMessage, _ section: Section) {
        let kind = m.message.kind.rawValue
        let left = section.x[min(m.from, m.to)]
        let selfMessage = m.from == m.to
        let labelX = selfMessage ? left + 44 : left + 10
        let lines = m.lines.count + m.errorLines.count
        let trip = m.message.serverTrip ? " server-trip" : ""
        out += "<g class=\"message \(kind)\(trip)\" data-number=\"\(m.number)\">\n"
        rect(x: labelX - 3, y: y + 1, width: m.width + 6, height: Double(lines) * W.lineHeight + 2, classes: "label-background")
        out += "<g class=\"label\">\n"
        for (i, line) in m.lines.enumerated() {
            let baseline = y + 13 + Double(i) * W.lineHeight
            if i == 0, m.boldCells > 0 {
                let (bold, rest) = TextMetrics.prefix(line, fitting: m.boldCells)
                out += "<text class=\"label-text\" x=\"\(W.number(labelX))\" y=\"\(W.number(baseline))\"><tspan class=\"name\">\(W.escape(bold))</tspan>\(W.escape(rest))</text>\n"
            } else {
                text(line, x: labelX, baseline: baseline, classes: "label-text")
            }
        }
        for (i, line) in m.errorLines.enumerated() {
            text(line, x: labelX, baseline: y + 13 + Double(m.lines.count + i) * W.lineHeight, classes: "error-text")
        }
        out += "</g>\n"
        y += Double(lines) * W.lineHeight + 6
        let from = section.x[m.from], to = section.x[m.to]
        if selfMessage {
            let path = "M\(W.number(from)),\(W.number(y)) H\(W.number(from + 32)) V\(W.number(y + 14)) H\(W.number(from + 2))"
            out += "<path d=\"\(path)\" fill=\"none\" stroke=\"\(kind == "call" ? "#1f5fa8" : "#2e7d32")\" stroke-width=\"1.5\" marker-end=\"url(#head-\(kind))\"/>\n"
            y += 20
        } else {
            let end = to > from ? to - 1 : to + 1
            out += "<line x1=\"\(W.number(from))\" y1=\"\(W.number(y))\" x2=\"\(W.number(end))\" y2=\"\(W.number(y))\" marker-end=\"url(#head-\(kind))\"/>\n"
            y += 12
        }
        out += "</g>\n"
    }

    mutating func drawNote(_ n: PlacedNote, _ section: Section) {
        let x = section.x[n.lifeline] + 10
        let height = Double(n.lines.count) * W.lineHeight + 8
        out += "<g class=\"note \(n.note.kind.rawValue)\">\n"
        rect(x: x, y: y, width: n.width, height: height, radius: 2)
        for (i, line) in n.lines.enumerated() {
            text(line, x: x + 8, baseline: y + 16 + Double(i) * W.lineHeight, classes: "note-text")
        }
        out += "</g>\n"
        y += height + 6
    }
}
