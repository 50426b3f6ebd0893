/// "Did you mean …?": the closest candidate by edit distance, if it is close enough
/// to be a likely typo (at most a third of the word, and at least one edit allowed);
/// failing that, the first candidate the word begins (`status` → `statusCode`).
package enum Spelling {
    /// How other shells and REPLs are left: each is answered with credsh's `exit`.
    static let otherWaysToLeave: Set<String> = ["quit", "q", ".quit", ".exit", "\\q", ":q", ":q!", ":wq", "bye"]

    /// The did-you-mean for an unknown command: `exit` for another shell's way to leave,
    /// else the closest command.
    static func command(for word: String, among candidates: [String]) -> String? {
        if otherWaysToLeave.contains(word.lowercased()) { return "exit" }
        return closest(to: word, among: candidates)
    }

    package static func closest(to word: String, among candidates: [String]) -> String? {
        if let typo = closestByEdits(to: word, among: candidates) { return typo }
        // Failing a typo, a word that begins a candidate, bounded so a huge word costs nothing.
        guard (3...200).contains(word.unicodeScalars.count) else { return nil }
        let lowered = word.lowercased()
        return candidates.first { $0.lowercased().hasPrefix(lowered) }  // candidates come in a meaningful order
    }

    package static func closestByEdits(to word: String, among candidates: [String]) -> String? {
        let length = word.unicodeScalars.count
        let limit = max(1, length / 3)
        // Only candidates of about the word's length can be close: a 10 MB typo is counted
        // once and compared with none, instead of being lowered and copied per candidate.
        let near = candidates.filter { abs($0.unicodeScalars.count - length) <= limit }
        guard !near.isEmpty else { return nil }
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)?
        for candidate in near {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars), limit: limit)
            if distance <= limit, distance < (best?.1 ?? Int.max) { best = (candidate, distance) }
        }
        return best?.0
    }

    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars), limit: limit)
    }

    /// Damerau-Levenshtein (adjacent swaps count as one edit: "lgoin" → "login"),
    /// giving up early past `limit` so a 1 MB word costs nothing.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
