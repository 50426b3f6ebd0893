import CredLanguage
import CredScript

/// A unified diff (`diff -u`) of two texts, line by line, for a transcript that does not
/// match its `.expected` file. Myers' algorithm, after the common head and tail are set
/// aside; its time and memory are bounded by `maximumEdits` and `maximumSteps` (beyond
/// them, only the first differing line is shown) and its output by `maximumLines`.
package enum UnifiedDiff {
    package static let maximumEdits = 1_000
    /// Lines compared, at most: a few tens of milliseconds, whatever the transcripts.
    package static let maximumSteps = 20_000_000
    package static let maximumLines = 300
    package static let context = 3

    package enum Edit: Equatable {
        case same(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// The `---`/`+++` header and the hunks; "" when the texts are equal.
    package static func render(old: [UInt8], new: [UInt8], oldLabel: String, newLabel: String, style: DiffStyle = .plain) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        // The labels name files, text from outside: made terminal-safe (docs/scripts.md, "Bounds").
        var out = ["--- \(TerminalSafe.text(oldLabel))", "+++ \(TerminalSafe.text(newLabel))"]
        guard let edits = edits(a, b) else {
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            out.append("@@ too many differences to show; the first is at line \(first + 1) @@")
            if first < a.count { out.append(style.removed("-" + a[first])) }
            if first < b.count { out.append(style.added("+" + b[first])) }
            return out.joined(separator: "\n") + "\n"
        }
        for hunk in hunks(edits) {
            let oldLines = hunk.filter { if case .insert = $0 { return false } else { return true } }.count
            let newLines = hunk.filter { if case .delete = $0 { return false } else { return true } }.count
            let oldStart = hunk.lazy.compactMap { edit -> Int? in
                switch edit { case .same(let i, _), .delete(let i): return i; case .insert: return nil }
            }.first
            let newStart = hunk.lazy.compactMap { edit -> Int? in
                switch edit { case .same(_, let j), .insert(let j): return j; case .delete: return nil }
            }.first
            // An empty side is numbered by the line before it, as diff -u does.
            let oldFrom = oldStart.map { $0 + 1 } ?? lineBefore(hunk, in: edits, old: true)
            let newFrom = newStart.map { $0 + 1 } ?? lineBefore(hunk, in: edits, old: false)
            out.append(style.hunk("@@ -\(range(oldFrom, oldLines)) +\(range(newFrom, newLines)) @@"))
            for edit in hunk {
                switch edit {
                case .same(let i, _): out.append(" " + a[i])
                case .delete(let i): out.append(style.removed("-" + a[i]))
                case .insert(let j): out.append(style.added("+" + b[j]))
                }
            }
            if out.count > maximumLines { break }
        }
        if out.count > maximumLines {
            let more = out.count - maximumLines
            out.removeLast(more)
            out.append("… (\(more) more lines of diff)")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private static func lineBefore(_ hunk: ArraySlice<Edit>, in edits: [Edit], old: Bool) -> Int {
        var count = 0
        for edit in edits[..<hunk.startIndex] {
            switch edit {
            case .same: count += 1
            case .delete: if old { count += 1 }
            case .insert: if !old { count += 1 }
            }
        }
        return count
    }

    /// The lines of a text; a last line without its newline is marked as diff marks it,
    /// so that it differs from the same line with one.
    package static func lines(_ bytes: [UInt8]) -> [String] {
        // A .expected file is text from outside (edited by hand, or planted): its lines are
        // made terminal-safe before the diff shows them, on a terminal or in a report.
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self).escapingControls
        }
        if bytes.last == UInt8(ascii: "\n") || bytes.isEmpty {
            lines.removeLast()
        } else {
            lines[lines.count - 1] += "\n\\ No newline at end of file"
        }
        return lines
    }

    /// The shortest edit script from `a` to `b`, or nil when it has more than `maximumEdits` edits.
    package static func edits(_ a: [String], _ b: [String]) -> [Edit]? {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        // Lines as numbers: comparing two Ints is cheaper than comparing two Strings.
        var numbers: [String: Int] = [:]
        func number(_ line: String) -> Int {
            if let known = numbers[line] { return known }
            numbers[line] = numbers.count
            return numbers.count - 1
        }
        let xs = a[head..<(a.count - tail)].map(number)
        let ys = b[head..<(b.count - tail)].map(number)
        guard let middle = myers(xs, ys) else { return nil }
        var result: [Edit] = (0..<head).map { .same($0, $0) }
        for edit in middle {
            switch edit {
            case .same(let i, let j): result.append(.same(i + head, j + head))
            case .delete(let i): result.append(.delete(i + head))
            case .insert(let j): result.append(.insert(j + head))
            }
        }
        result += (0..<tail).map { .same(a.count - tail + $0, b.count - tail + $0) }
        return result
    }

    private static func myers(_ a: [Int], _ b: [Int]) -> [Edit]? {
        let n = a.count, m = b.count
        let limit = min(n + m, maximumEdits)
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        let offset = limit + 1
        // trace[d] holds v[-d...d] as it was before step d, for walking back.
        var trace: [[Int]] = []
        var steps = 0
        for d in 0...limit {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                let from = x
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                steps += 1 + x - from
                if steps > maximumSteps { return nil }
                v[offset + k] = x
                if x >= n, y >= m { return walkBack(trace, n, m) }
            }
        }
        return nil
    }

    private static func walkBack(_ trace: [[Int]], _ n: Int, _ m: Int) -> [Edit] {
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let v = trace[d]
            func at(_ k: Int) -> Int { v[k + d] }
            let k = x - y
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                edits.append(.same(x - 1, y - 1))
                x -= 1
                y -= 1
            }
            if down { edits.append(.insert(previousY)) } else { edits.append(.delete(previousX)) }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            edits.append(.same(x - 1, y - 1))
            x -= 1
            y -= 1
        }
        return edits.reversed()
    }

    /// Runs of changes with up to `context` unchanged lines around them; two runs closer
    /// than twice the context share one hunk.
    private static func hunks(_ edits: [Edit]) -> [ArraySlice<Edit>] {
        var changed: [Int] = []
        for (index, edit) in edits.enumerated() {
            if case .same = edit { continue }
            changed.append(index)
        }
        var hunks: [ArraySlice<Edit>] = []
        var start: Int?
        var end = 0
        for index in changed {
            if start == nil || index - end > 2 * context {
                if let s = start { hunks.append(edits[max(0, s - context)..<min(edits.count, end + 1 + context)]) }
                start = index
            }
            end = index
        }
        if let s = start { hunks.append(edits[max(0, s - context)..<min(edits.count, end + 1 + context)]) }
        return hunks
    }
}

/// Colours for a diff on a terminal: removed lines red, added green, hunk headers cyan.
package struct DiffStyle {
    package let enabled: Bool
    package static let plain = DiffStyle(enabled: false)
    package static let ansi = DiffStyle(enabled: true)

    private func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    package func removed(_ text: String) -> String { wrap(text, "31") }
    package func added(_ text: String) -> String { wrap(text, "32") }
    package func hunk(_ text: String) -> String { wrap(text, "36") }
}
