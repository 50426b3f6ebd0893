import CredSimulator

/// `explain CODE`: every catalogue entry for a number or name, the active SDK's first;
/// another SDK's entries are shown with its name when the active one has none.
enum ExplainText {
    static func render(_ query: String, active: SDKCatalog) throws -> [String] {
        func entries(in catalog: SDKCatalog) -> [CodeExplanation] {
            if let number = Int(query) { return catalog.codes.filter { $0.code == number } }
            return catalog.codes.filter { $0.name.lowercased() == query.lowercased() }
        }
        var found = entries(in: active).map { (active, $0) }
        if found.isEmpty {
            found = Simulation.catalogs.filter { $0.name != active.name }.flatMap { catalog in entries(in: catalog).map { (catalog, $0) } }
        }
        guard !found.isEmpty else {
            let codes = Set(active.codes.compactMap(\.code)).sorted().map(String.init).joined(separator: ", ")
            throw SimulationError("nothing to explain for '\(query)'; \(active.name) knows \(codes) and the names 'help explain' lists")
        }
        var lines: [String] = []
        for (index, (catalog, entry)) in found.enumerated() {
            if index > 0 { lines.append("") }
            let heading = [entry.kind, entry.code.map(String.init), entry.name].compactMap { $0 }.joined(separator: " ")
            lines.append(catalog.name == active.name ? heading : "\(heading) (\(catalog.name): \(catalog.title))")
            lines.append("  meaning:     \(entry.meaning)")
            lines.append("  flow:        \(entry.flow)")
            lines.append("  app should:  \(entry.appShould)")
            lines.append("  decided by:  \(entry.origin)")
        }
        return lines
    }
}
