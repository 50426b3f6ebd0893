import CredLanguage
import CredScript
import CredSimulator

/// One SDK's behaviour as an SVG graph: its callbacks in columns by how many transitions
/// they are from the first one its model lists, each transition an arrow. All
/// coordinates are whole numbers, so the same coverage draws the same bytes.
struct CoverageGraph {
    struct Node {
        let name: String
        let hits: Int
        var column = 0
        var row = 0
        var x = 0, y = 0, width = 0
    }

    struct Edge {
        let from: String
        let to: String
        let hits: Int
        let listed: Bool
        /// The codes met on it: the kind's last word (`code`, `mode`, `screen`), what names
        /// the code within it, and the whole for a tooltip.
        let codes: [(word: String, id: String, title: String)]
    }

    private var nodes: [Node] = []
    /// The transitions not listed by the model that are drawn, at most `unlistedLimit`,
    /// and how many more are left to the table.
    private var unlistedDrawn = 0
    private(set) var unlistedLeftOut = 0
    static let unlistedLimit = 24
    /// The longest name a box shows whole; a longer one (from a file) ends in `…`.
    static let nameLimit = 48
    private var index: [String: Int] = [:]
    private var edges: [Edge] = []

    static let nodeHeight = 38
    static let rowGap = 34
    static let columnGap = 130
    static let margin = 24

    init(_ sdk: SDKCoverage, edgeCodes: [CoverageKey: [CoverageKey: Int]]) {
        let labels = Dictionary(sdk.lines.map { ($0.item.key, $0.item) }, uniquingKeysWith: { first, _ in first })
        func node(_ name: String, hits: Int) {
            guard index[name] == nil else { return }
            index[name] = nodes.count
            nodes.append(Node(name: name, hits: hits))
        }
        var numbers: [String: [Int: Int]] = [:]
        for line in sdk.lines { if let code = line.item.code { numbers[line.item.key.kind, default: [:]][code, default: 0] += 1 } }
        let eventHits = Dictionary(sdk.lines.filter { $0.item.key.kind == CoverageKey.eventKind }.map { ($0.item.key.id, $0.hits) },
                                   uniquingKeysWith: { first, _ in first })
        for line in sdk.lines {
            guard let (from, to) = line.item.transition else { continue }
            // A file may bring any number of transitions the model does not list: the
            // graph draws the first few, the table lists them all.
            if !line.listed {
                guard unlistedDrawn < Self.unlistedLimit else { unlistedLeftOut += 1; continue }
                unlistedDrawn += 1
            }
            node(from, hits: eventHits[from] ?? 0)
            node(to, hits: eventHits[to] ?? 0)
            // A code named as the callback it rides on (an error that is the callback) only repeats the box.
            let codes = (edgeCodes[line.item.key] ?? [:]).filter { $0.key.id != to }.sorted { ($0.key.kind, $0.key.id) < ($1.key.kind, $1.key.id) }.map { code, count in
                // The number when the code has one of its own (a status code's 102), else
                // its name (screens share numbers: 1 is two screens).
                let item = labels[code]
                let number = item?.code.flatMap { (numbers[code.kind]?[$0] ?? 0) == 1 ? String($0) : nil }
                let word = code.kind.split(separator: " ").last.map(String.init) ?? code.kind
                return (word: word, id: number ?? code.id, title: "\(code.kind) \(item?.label ?? code.id): \(count)")
            }
            edges.append(Edge(from: from, to: to, hits: line.hits, listed: line.listed, codes: codes))
        }
        // Callbacks of the catalog that no transition names still show, as boxes alone.
        for line in sdk.lines where line.item.key.kind == CoverageKey.eventKind { node(line.item.key.id, hits: line.hits) }
        layOut()
    }

    /// Columns by breadth-first distance along the model's arrows from the first node;
    /// a node no arrow reaches goes in the first column, under it.
    private mutating func layOut() {
        guard !nodes.isEmpty else { return }
        var depth: [Int?] = Array(repeating: nil, count: nodes.count)
        depth[0] = 0
        var queue = [0], head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in edges where edge.from == nodes[current].name {
                guard let next = index[edge.to], depth[next] == nil else { continue }
                depth[next] = (depth[current] ?? 0) + 1
                queue.append(next)
            }
        }
        var rows: [Int: Int] = [:]
        for i in nodes.indices {
            // A callback no arrow reaches (a standalone check) goes under the first.
            let column = depth[i] ?? 0
            nodes[i].column = column
            nodes[i].row = rows[column, default: 0]
            rows[column, default: 0] += 1
            // About 7 units a character at the 12-unit font, and room for the count.
            nodes[i].width = max(110, Self.shown(nodes[i].name).count * 7 + 24)
        }
        let columns = (nodes.map(\.column).max() ?? 0) + 1
        var widths = Array(repeating: 0, count: columns)
        for node in nodes { widths[node.column] = max(widths[node.column], node.width) }
        let tallest = rows.values.max() ?? 1
        var left = Self.margin
        var columnX: [Int] = []
        for width in widths {
            columnX.append(left)
            left += width + Self.columnGap
        }
        for i in nodes.indices {
            let column = nodes[i].column
            let count = rows[nodes[i].column] ?? 1
            // Each column centred on the tallest one's height.
            let offset = (tallest - count) * (Self.nodeHeight + Self.rowGap) / 2
            nodes[i].x = columnX[column] + (widths[column] - nodes[i].width) / 2
            nodes[i].y = Self.margin + 16 + offset + nodes[i].row * (Self.nodeHeight + Self.rowGap)
        }
        size = (left - Self.columnGap + Self.margin, Self.margin * 2 + 32 + tallest * (Self.nodeHeight + Self.rowGap) - Self.rowGap)
    }

    private var size = (0, 0)

    var svg: String {
        let (width, height) = size
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
        out += "font-family=\"system-ui, 'DejaVu Sans', sans-serif\" font-size=\"12\" role=\"img\" aria-label=\"transitions between callbacks\">\n"
        out += "<defs>"
        for (name, colour) in [("met", Self.metColour), ("never", Self.neverColour), ("unlisted", Self.unlistedColour)] {
            out += "<marker id=\"cv-arrow-\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
            out += "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>"
        }
        out += "</defs>\n"
        // Never-met arrows first, so the met ones are drawn over them.
        var labels = ""
        var placed = nodes.map { Box(x: $0.x - 2, y: $0.y - 2, width: $0.width + 4, height: Self.nodeHeight + 4) }
        for edge in edges.sorted(by: { ($0.hits > 0 ? 1 : 0) < ($1.hits > 0 ? 1 : 0) }) {
            guard let a = index[edge.from], let b = index[edge.to] else { continue }
            let (path, labelX, labelY) = route(nodes[a], nodes[b])
            let kind = !edge.listed ? "unlisted" : edge.hits > 0 ? "met" : "never"
            let colour = kind == "met" ? Self.metColour : kind == "never" ? Self.neverColour : Self.unlistedColour
            let strokeWidth = edge.hits > 0 ? min(4, 1 + String(edge.hits).count / 2 + 1) : 1
            let dash = kind == "never" ? " stroke-dasharray=\"4 3\"" : ""
            let title = "\(edge.from) → \(edge.to): " + (edge.hits > 0 ? "\(edge.hits)" : "never") + edge.codes.map { "; \($0.title)" }.joined()
            out += "<path class=\"cv-edge cv-\(kind)\" d=\"\(path)\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(strokeWidth)\"\(dash) marker-end=\"url(#cv-arrow-\(kind))\">"
            out += "<title>\(CoverageGraphPage.escape(title))</title></path>\n"
            guard edge.hits > 0 else { continue }
            let lines = ["×\(edge.hits)"] + (edge.codes.isEmpty ? [] : [Self.codeLine(edge.codes)])
            let (x, y) = Self.place(lines, x: labelX, y: labelY, avoiding: &placed)
            labels += "<text class=\"cv-edge-label\" x=\"\(x)\" y=\"\(y)\" text-anchor=\"middle\" fill=\"\(colour)\" font-size=\"11\" "
            labels += "stroke=\"white\" stroke-width=\"3\" paint-order=\"stroke\"><title>\(CoverageGraphPage.escape(title))</title>"
            for (number, line) in lines.enumerated() {
                labels += "<tspan x=\"\(x)\" dy=\"\(number == 0 ? 0 : Self.labelLine)\">\(CoverageGraphPage.escape(line))</tspan>"
            }
            labels += "</text>\n"
        }
        for node in nodes {
            let met = node.hits > 0
            out += "<g class=\"cv-node cv-\(met ? "met" : "never")\"><title>\(CoverageGraphPage.escape(node.name)): \(met ? String(node.hits) : "never")</title>"
            out += "<rect x=\"\(node.x)\" y=\"\(node.y)\" width=\"\(node.width)\" height=\"\(Self.nodeHeight)\" rx=\"6\" "
            out += "fill=\"\(met ? "#dafbe1" : "#f2f2f2")\" stroke=\"\(met ? Self.metColour : Self.neverColour)\" stroke-width=\"\(met ? 2 : 1)\"/>"
            out += "<text x=\"\(node.x + node.width / 2)\" y=\"\(node.y + 16)\" text-anchor=\"middle\" fill=\"\(met ? "#24292f" : "#8c959f")\" font-weight=\"\(met ? "600" : "400")\">\(CoverageGraphPage.escape(Self.shown(node.name)))</text>"
            out += "<text x=\"\(node.x + node.width / 2)\" y=\"\(node.y + 31)\" text-anchor=\"middle\" font-size=\"11\" fill=\"\(met ? Self.metColour : "#8c959f")\">\(met ? "×\(node.hits)" : "never")</text></g>\n"
        }
        // Over the boxes: a label that could not keep clear of one stays readable on its halo.
        out += labels
        return out + "</svg>\n"
    }

    /// An edge label's second line: the codes by kind, `mode change, match · screen 2`,
    /// at most `codeLineLimit` characters (the tooltip has them all).
    static func codeLine(_ codes: [(word: String, id: String, title: String)]) -> String {
        var words: [String] = []
        var ids: [String: [String]] = [:]
        for code in codes {
            if ids[code.word] == nil { words.append(code.word) }
            ids[code.word, default: []].append(code.id)
        }
        let line = words.map { "\($0) \(ids[$0, default: []].joined(separator: ", "))" }.joined(separator: " · ")
        return line.count > codeLineLimit ? line.prefix(codeLineLimit - 1) + "…" : line
    }

    static let codeLineLimit = 32
    static let labelLine = 13

    struct Box {
        let x, y, width, height: Int
        func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// Where a label goes: at its arrow's middle, or the nearest place around it that
    /// covers no box and no label placed before it, else the one that covers fewest
    /// (about 6.3 units a character at 11).
    static func place(_ lines: [String], x: Int, y: Int, avoiding placed: inout [Box]) -> (Int, Int) {
        let width = (lines.map(\.count).max() ?? 0) * 63 / 10 + 6
        let height = lines.count * labelLine
        func box(_ x: Int, _ y: Int) -> Box { Box(x: x - width / 2, y: y - 11, width: width, height: height) }
        var best = (x: x, y: y, covered: Int.max)
        search: for dx in [0, -36, 36] {
            for dy in [0, -14, 14, -28, 28, -42, 42, -56, 56] {
                let covered = placed.count { $0.overlaps(box(x + dx, y + dy)) }
                if covered < best.covered { best = (x + dx, y + dy, covered) }
                if covered == 0 { break search }
            }
        }
        placed.append(box(best.x, best.y))
        return (best.x, best.y)
    }

    static func shown(_ name: String) -> String { name.count > nameLimit ? name.prefix(nameLimit - 1) + "…" : name }

    static let metColour = "#1a7f37"
    static let neverColour = "#b0b0b0"
    static let unlistedColour = "#bc4c00"

    /// The arrow from `a` to `b` as an SVG path, and where its label goes: forward (to a
    /// later column) from side to side; back the other way, bowed below so it does not
    /// lie on the forward arrow between the same two; within a column, bowed out to the
    /// left; a callback followed by itself, a loop above its box.
    private func route(_ a: Node, _ b: Node) -> (String, Int, Int) {
        let h = Self.nodeHeight
        if a.name == b.name {
            let x = a.x + a.width / 2, y = a.y
            // The label's two lines above the loop's top (y - 26).
            return ("M\(x - 18),\(y) C\(x - 30),\(y - 34) \(x + 30),\(y - 34) \(x + 18),\(y)", x, y - 44)
        }
        if b.column > a.column {
            let (x1, y1, x2, y2) = (a.x + a.width, a.y + h / 2 - 5, b.x, b.y + h / 2 - 5)
            let bend = (x2 - x1) / 2
            return ("M\(x1),\(y1) C\(x1 + bend),\(y1) \(x2 - bend),\(y2) \(x2),\(y2)", (x1 + x2) / 2, (y1 + y2) / 2 - 4)
        }
        if b.column < a.column {
            let (x1, y1, x2, y2) = (a.x, a.y + h / 2 + 7, b.x + b.width, b.y + h / 2 + 7)
            let dip = 26 + 6 * (a.column - b.column)
            let (cx, cy) = ((x1 + x2) / 2, max(y1, y2) + dip)
            return ("M\(x1),\(y1) Q\(cx),\(cy) \(x2),\(y2)", cx, (y1 + y2) / 4 + cy / 2 + 12)
        }
        let (x1, y1, x2, y2) = (a.x, a.y + h / 2 + (b.row > a.row ? 6 : -6), b.x, b.y + h / 2 + (b.row > a.row ? -6 : 6))
        let cx = min(x1, x2) - 40 - 12 * abs(b.row - a.row)
        return ("M\(x1),\(y1) Q\(cx),\((y1 + y2) / 2) \(x2),\(y2)", (x1 + cx) / 2 - 4, (y1 + y2) / 2 + 4)
    }
}
