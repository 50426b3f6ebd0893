import CredSimulator

/// Renders output for people: one line per SDK call and callback, readable at a glance:
/// `← getPassword userID=alice challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY) attemptsLeft=3 status=118 "…"`.
public struct TextRenderer: Sendable {
    public let style: Style

    public init(style: Style = .plain) { self.style = style }

    /// The record as text, ending with a newline.
    public func render(_ record: OutputRecord) -> String {
        switch record {
        case .echo(let command, _, _):
            return style.bold("> " + command) + "\n"
        case .text(let line):
            // Lines of output may hold a newline on purpose (`echo "a\nb"`), nothing else.
            return line.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).escapingControls }.joined(separator: "\n") + "\n"
        case .commandError(let message):
            return style.failure("✗ error: " + message.escapingControls.shorteningWords()) + "\n"
        case .outcome(let outcome, let sdk):
            return render(outcome, sdk: sdk) + "\n"
        }
    }

    public func render(_ outcome: Outcome, sdk: String) -> String {
        switch outcome {
        case let .call(api, arguments, error):
            var line = style.call("→ " + ([api] + fieldTexts(arguments, sdk: sdk)).joined(separator: " "))
            if let error { line += " " + style.failure("✗ error \(error.code) \(FieldText.quote(error.message))") }
            return line
        case .event(let event):
            return style.event("← " + ([event.name] + fieldTexts(event.fields, sdk: sdk)).joined(separator: " "))
        case .appCheck(let message):
            return style.failure("✗ app: \(message.escapingControls) (no SDK call)")
        case .networkError(let message):
            return style.failure("✗ network: \(message.escapingControls) (no answer)")
        case .appShows(let message):
            return style.dim("  app: " + message.escapingControls)
        case .note(let message):
            return style.dim("  · " + message.escapingControls)
        case let .policyRefusal(rule, message):
            return style.dim("  · refused by policy rule \(rule): \(message.escapingControls)")
        }
    }
}

extension TextRenderer {
    /// `key=value` for each readable field, with a field's named value after it
    /// (`challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY)`): the name is a gloss, not part of the value.
    func fieldTexts(_ fields: [(String, JSONValue)], sdk: String) -> [String] {
        guard let flow = SDKFlows.flow(named: sdk) else { return FieldText.generic(fields) }
        return flow.readableFields(fields).map { key, value in
            var text = "\(key)=\(FieldText.plain(value))"
            if case .int(let number) = value, let name = flow.valueNames[key]?[number] { text += " (\(name))" }
            return text
        }
    }
}

/// How field values read in the text output: `key=value`, text quoted only when it must be.
enum FieldText {
    static func generic(_ fields: [(String, JSONValue)]) -> [String] {
        fields.map { "\($0.0)=\(plain($0.1))" }
    }

    static func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return quoteIfNeeded(s)
        case .array(let items): return "[" + items.map(plain).joined(separator: ",") + "]"
        default: return value.serialized
        }
    }

    static func quoteIfNeeded(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.contains { $0 == " " || $0 == "\"" || $0 == "," || $0 == "\\" || $0 == "\n" || $0 == "\t" }
        return needsQuotes ? quote(text) : text
    }

    static func quote(_ text: String) -> String {
        var out = ""
        JSONValue.writeString(text, to: &out)
        return out
    }
}
