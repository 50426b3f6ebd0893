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
            return line + "\n"
        case .commandError(let message):
            return style.failure("✗ error: " + message) + "\n"
        case .outcome(let outcome):
            return render(outcome) + "\n"
        }
    }

    public func render(_ outcome: Outcome) -> String {
        switch outcome {
        case let .call(api, arguments, error):
            var line = style.call("→ " + ([api] + fieldTexts(arguments)).joined(separator: " "))
            if let error { line += " " + style.failure("✗ error \(error.code) \(quote(error.message))") }
            return line
        case .event(let event):
            return style.event("← " + ([event.name] + fieldTexts(event.fields)).joined(separator: " "))
        case .appCheck(let message):
            return style.failure("✗ app: \(message) (no SDK call)")
        case .networkError(let message):
            return style.failure("✗ network: \(message) (no answer)")
        case .appShows(let message):
            return style.dim("  app: " + message)
        case .note(let message):
            return style.dim("  · " + message)
        }
    }

    /// `key=value` for each field, with the few readings that help a person: the name of
    /// a challenge mode, `status=CODE "message"`, the policy JSON, and `error=0` left out.
    func fieldTexts(_ fields: [(String, JSONValue)]) -> [String] {
        var texts: [String] = []
        var index = 0
        while index < fields.count {
            let (key, value) = fields[index]
            index += 1
            switch (key, value) {
            case ("error", .int(0)):
                continue
            case ("challengeMode", .int(let mode)):
                let name = ChallengeMode(rawValue: mode).map { " (\($0.sdkName))" } ?? ""
                texts.append("challengeMode=\(mode)\(name)")
            case ("statusCode", .int(let code)):
                if index < fields.count, fields[index].0 == "statusMessage", case .string(let message) = fields[index].1 {
                    texts.append("status=\(code) \(quote(message))")
                    index += 1
                } else {
                    texts.append("status=\(code)")
                }
            case ("challengeInfo", .array(let items)):
                for item in items {
                    if case .string(let k)? = item["key"], case .string(let v)? = item["value"] {
                        texts.append(k == "RELID_PASSWORD_POLICY" ? "policy=\(v)" : "\(k)=\(quoteIfNeeded(v))")
                    }
                }
            default:
                texts.append("\(key)=\(plain(value))")
            }
        }
        return texts
    }

    func plain(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return quoteIfNeeded(s)
        case .array(let items): return "[" + items.map(plain).joined(separator: ",") + "]"
        default: return value.serialized
        }
    }

    func quoteIfNeeded(_ text: String) -> String {
        let needsQuotes = text.isEmpty || text.contains { $0 == " " || $0 == "\"" || $0 == "," || $0 == "\\" || $0 == "\n" || $0 == "\t" }
        return needsQuotes ? quote(text) : text
    }

    func quote(_ text: String) -> String {
        var out = ""
        JSONValue.writeString(text, to: &out)
        return out
    }
}
