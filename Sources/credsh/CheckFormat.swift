import CredLanguage
import CredScript
import CredSimulator

/// How `credsh check` writes what it finds: text for people (the line, a caret, the code),
/// JSON Lines for editors and tools, or GitHub Actions' workflow commands, which a CI run
/// shows as annotations on the lines of the pull request.
enum CheckFormat: String, CaseIterable {
    case text, json, github

    /// A diagnostic of `file` as one line of this format (not text's, which the formatter writes).
    func line(_ diagnostic: Diagnostic) -> String {
        switch self {
        case .text:
            return diagnostic.headline + "\n"
        case .json:
            return JSONValue.object([
                ("file", .string(diagnostic.file)), ("line", .int(diagnostic.position.line)),
                ("column", .int(diagnostic.position.column)), ("kind", .string(diagnostic.kind.rawValue)),
                ("code", .string(diagnostic.code.id)), ("message", .string(diagnostic.message)),
            ]).serialized + "\n"
        case .github:
            let properties = "file=\(Self.property(diagnostic.file)),line=\(diagnostic.position.line),"
                + "col=\(diagnostic.position.column),title=\(diagnostic.code.id)"
            return "::error \(properties)::\(Self.data(diagnostic.message + " [\(diagnostic.code.id)]"))\n"
        }
    }

    /// A file checked without an error, as this format says it (text: `ok    FILE`).
    func ok(_ file: String) -> String {
        switch self {
        case .text: return "ok    \(file)\n"
        case .json: return JSONValue.object([("file", .string(file)), ("ok", .bool(true))]).serialized + "\n"
        case .github: return ""
        }
    }

    /// A workflow command's message: `%`, CR and LF escaped as GitHub's runner reads them
    /// back, so a message cannot end the command early or start another.
    static func data(_ text: String) -> String {
        TerminalSafe.text(text).replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// A property's value: `,` and `:` escaped too, which end a property.
    static func property(_ text: String) -> String {
        data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}

/// The diagnostics a check shows, kept in order for a format other than text.
final class CheckRecords: RunEventSubscriber {
    private(set) var diagnostics: [Diagnostic] = []

    func receive(_ event: RunEvent) {
        if let (diagnostic, _) = event.shownDiagnostic { diagnostics.append(diagnostic) }
    }

    func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {}

    /// The diagnostics since the last call.
    func take() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }
}
