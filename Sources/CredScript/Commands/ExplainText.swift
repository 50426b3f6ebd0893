import CredSimulator

/// `explain CODE`: every catalogue entry for a number or SDK name, in plain words.
enum ExplainText {
    static func render(_ query: String) throws -> [String] {
        let entries = Int(query).map(RelIDCodes.explain) ?? RelIDCodes.explain(name: query)
        guard !entries.isEmpty else {
            let codes = Set(RelIDCodes.all.compactMap(\.code)).sorted().map(String.init).joined(separator: ", ")
            throw SimulationError("nothing to explain for '\(query)'; credsh knows \(codes) and the RDNA_… mode names")
        }
        var lines: [String] = []
        for (index, entry) in entries.enumerated() {
            if index > 0 { lines.append("") }
            lines.append([entry.kind, entry.code.map(String.init), entry.name].compactMap { $0 }.joined(separator: " "))
            lines.append("  meaning:     \(entry.meaning)")
            lines.append("  flow:        \(entry.flow)")
            lines.append("  app should:  \(entry.appShould)")
            lines.append("  decided by:  \(entry.origin)")
        }
        return lines
    }
}
