/// `credsh test --shard K/N --timings JUNIT.xml`: shares balanced by the times of a
/// previous run, read from its JUnit file (each testcase's `classname` is its script's
/// path, `time` its seconds; a file's named tests add up). The contract of `--shard`
/// holds: every script is in exactly one share, and a share's set depends only on the
/// sorted list of scripts and the timings file, so every job of a matrix, given the same
/// two, computes the same shares.
///
/// Longest first, each to the share with the least time so far (ties: the lower share);
/// a script the file does not name counts as the average of those it does (or 1 s when
/// it names none), so a new script is neither free nor feared.
package enum ShardTimings {
    /// The most testcases read from a timings file; past them the rest are not read.
    package static let maximumCases = 1_000_000

    /// Seconds per script path, from a JUnit file.
    package static func read(_ xml: [UInt8]) -> [String: Double] {
        var seconds: [String: Double] = [:]
        let text = String(decoding: xml, as: UTF8.self)
        var rest = text[...]
        var cases = 0
        // Bound: one pass; each testcase tag is read once, at most maximumCases of them.
        while cases < maximumCases, let open = rest.firstRange(of: "<testcase") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ">") else { break }
            let tag = after[..<close]
            cases += 1
            if let path = attribute("classname", in: tag), let time = attribute("time", in: tag).flatMap(Double.init), time >= 0, time.isFinite {
                seconds[normalised(path), default: 0] += time
            }
            rest = after[close...]
        }
        return seconds
    }

    /// Several files (`--timings` given more than once, such as each shard's report of the
    /// last run): a script named in more than one counts its longest time.
    package static func merged(_ files: [[String: Double]]) -> [String: Double] {
        files.reduce(into: [:]) { all, file in all.merge(file) { max($0, $1) } }
    }

    /// A path as the shares compare it: `./examples/a.credscript`, `examples//a.credscript`
    /// and `examples/./a.credscript` are one script (a job may name its folder either way).
    package static func normalised(_ path: String) -> String {
        guard path.contains("./") || path.contains("//") else { return path }
        let absolute = path.hasPrefix("/")
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return (absolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// Whether the timings name any of the scripts: a file that names none balances
    /// nothing, which `credsh test` says.
    package static func namesAny(of scripts: [String], timings: [String: Double]) -> Bool {
        scripts.contains { timings[normalised($0)] != nil }
    }

    /// An attribute's value in a tag's text, its entities read.
    package static func attribute(_ name: String, in tag: Substring) -> String? {
        // A value holds no `"` (it is written &quot;), so ` NAME="` starts this attribute.
        guard let found = tag.firstRange(of: " " + name + "=\"") ?? tag.firstRange(of: "\n" + name + "=\"") ?? tag.firstRange(of: "\t" + name + "=\"") else { return nil }
        let value = tag[found.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { return nil }
        return unescape(value[..<end])
    }

    package static func unescape(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return String(text).replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
            .replacing("&apos;", with: "'").replacing("&amp;", with: "&")
    }

    /// The scripts of `shard`, in the order of `scripts` (the sorted list).
    package static func share(of scripts: [String], shard: Shard, timings: [String: Double]) -> [String] {
        let keys = scripts.map(normalised)
        let known = keys.compactMap { timings[$0] }
        let unknown = known.isEmpty ? 1.0 : known.reduce(0, +) / Double(known.count)
        let order = scripts.indices.sorted { a, b in
            let ta = timings[keys[a]] ?? unknown, tb = timings[keys[b]] ?? unknown
            return ta != tb ? ta > tb : a < b
        }
        var totals = [Double](repeating: 0, count: shard.count)
        var chosen = Set<Int>()
        for index in order {
            var least = 0
            for candidate in 1..<max(1, shard.count) where totals[candidate] < totals[least] { least = candidate }
            totals[least] += timings[keys[index]] ?? unknown
            if least == shard.index - 1 { chosen.insert(index) }
        }
        return scripts.indices.filter { chosen.contains($0) }.map { scripts[$0] }
    }
}
