import CredLanguage
import CredSimulator

/// The table of each SDK's calls and callbacks in docs/double.md, made from the catalogs
/// (`credsh reference-calls` prints it; `make grammar` writes it between the markers, and a
/// test holds the page to it).
public enum CallReference {
    public static func markdown() -> String {
        var out = ""
        for catalog in Simulation.catalogs {
            out += "### `\(catalog.name)` (\(catalog.title))\n\n"
            guard !catalog.calls.isEmpty else {
                out += "No calls: the double does not stand in for this SDK (see \(catalog.page)).\n\n"
                continue
            }
            out += "| call | fields | callbacks that may follow | what it does |\n|---|---|---|---|\n"
            for call in catalog.calls {
                let fields = call.fields.isEmpty ? "none" : call.fields.map { field in
                    var notes = [field.kind.rawValue]
                    if field.optional { notes.append("optional") }
                    if field.secret { notes.append("secret, masked") }
                    return "`\(field.name)` (\(notes.joined(separator: ", ")))"
                }.joined(separator: ", ")
                let callbacks = call.callbacks.map { "`\($0)`" }.joined(separator: ", ")
                out += "| `\(call.name)` | \(fields) | \(callbacks) | \(call.summary) |\n"
            }
            out += "\n"
        }
        return out
    }
}
