import CredLanguage
import CredSimulator

/// Renders output for people: one line per SDK call and callback, readable at a glance:
/// `← getPassword userID=alice challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY) attemptsLeft=3 status=118 "…"`.
public struct TextRenderer: Sendable {
    public let style: Style

    public init(style: Style = .plain) { self.style = style }

    /// The record as text, ending with a newline.
    public func render(_ record: OutputRecord) -> String {
        var out = ""
        write(record, to: &out)
        return out
    }

    /// Appends the record as text, ending with a newline, to `out`: a host that keeps one
    /// buffer renders every record without building strings of its own.
    public func write(_ record: OutputRecord, to out: inout String) {
        switch record {
        case .echo(let command, _, _):
            style.begin(Style.boldCode, &out)
            out += "> "
            command.appendEscapingControls(to: &out)
            style.end(&out)
        case .narration(let text):
            style.begin(Style.narrationCode, &out)
            out += "# "
            text.appendEscapingControls(to: &out)
            style.end(&out)
        case .text(let line):
            // Lines of output may hold a newline on purpose (`echo "a\nb"`), nothing else.
            line.appendEscapingControls(to: &out, keepingNewlines: true)
        case .commandError(let message, _):
            style.begin(Style.failureCode, &out)
            out += "✗ error: "
            out += message.escapingControls.shorteningWords().shorteningQuotes()
            style.end(&out)
        case .outcome(let outcome, let sdk):
            write(outcome, sdk: sdk, to: &out)
        }
        out += "\n"
    }

    public func render(_ outcome: Outcome, sdk: SDKID) -> String {
        var out = ""
        write(outcome, sdk: sdk, to: &out)
        return out
    }

    /// Appends one outcome's line, without a newline.
    public func write(_ outcome: Outcome, sdk: SDKID, to out: inout String) {
        switch outcome {
        case let .call(api, arguments, error):
            style.begin(Style.callCode, &out)
            out += "→ "
            out += api
            writeFields(arguments, sdk: sdk, to: &out)
            style.end(&out)
            if let error {
                out += " "
                style.begin(Style.failureCode, &out)
                out += "✗ error "
                out += String(error.code)
                out += " "
                out += FieldText.quote(error.message).escapingControls
                style.end(&out)
            }
        case .event(let event):
            style.begin(Style.eventCode, &out)
            out += Self.arrow(for: event.name, sdk: sdk)
            out += event.name
            writeFields(event.fields, sdk: sdk, to: &out)
            style.end(&out)
        case .appCheck(let message):
            line(Style.failureCode, "✗ app: ", message, " (no SDK call)", to: &out)
        case .networkError(let message):
            line(Style.failureCode, "✗ network: ", message, " (no answer)", to: &out)
        case .appShows(let message):
            line(Style.dimCode, "  app: ", message, "", to: &out)
        case .note(let message):
            line(Style.dimCode, "  · ", message, "", to: &out)
        case let .policyRefusal(rule, message):
            line(Style.dimCode, "  · refused by policy rule " + rule + ": ", message, "", to: &out)
        }
    }

    private func line(_ code: String, _ lead: String, _ message: String, _ tail: String, to out: inout String) {
        style.begin(code, &out)
        out += lead
        message.appendEscapingControls(to: &out)
        out += tail
        style.end(&out)
    }
}

extension TextRenderer {
    /// `← ` for what comes back to the app (a callback, an answer); `→ ` for an event that is
    /// the app's own request going out (SUSI's HTTP `request`), as the diagram draws it.
    static func arrow(for event: String, sdk: SDKID) -> String {
        SDKFlows.requests(of: sdk).contains(event) ? "→ " : "← "
    }

    /// Each readable field as its own `key=value` text (the diagram's labels, compact output).
    func fieldTexts(_ fields: [(String, JSONValue)], sdk: SDKID) -> [String] {
        var all = ""
        writeFields(fields, sdk: sdk, to: &all)
        let texts = FieldText.split(all.dropFirst())
        // Join a gloss to the field before it.
        var joined: [String] = []
        for text in texts {
            if text.hasPrefix("("), let previous = joined.popLast() { joined.append(previous + " " + text) } else { joined.append(text) }
        }
        return joined
    }

    /// ` key=value` for each readable field, after a space each, with a field's named value
    /// after it (`challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY)`): the name is a gloss, not part of the value.
    /// `asLanguage`: each text as a script writes it (FieldText.write), for a line that is run again.
    func writeFields(_ fields: [(String, JSONValue)], sdk: SDKID, asLanguage: Bool = false, to out: inout String) {
        guard let flow = SDKFlows.flow(for: sdk) else {
            for (key, value) in fields {
                out += " "
                out += key
                out += "="
                FieldText.write(value, asLanguage: asLanguage, to: &out)
            }
            return
        }
        let valueNames = flow.valueNames
        for (key, value) in flow.readableFields(fields) {
            out += " "
            out += key
            out += "="
            FieldText.write(value, asLanguage: asLanguage, to: &out)
            if case .int(let number) = value, let name = valueNames[key]?[number] {
                out += " ("
                out += name
                out += ")"
            }
        }
    }
}

extension Style {
    static let callCode = "36", eventCode = "32", failureCode = "31", dimCode = "2", boldCode = "1", narrationCode = "33"

    /// What `wrap` puts before and after a text, appended in place.
    func begin(_ code: String, _ out: inout String) {
        guard enabled else { return }
        out += "\u{1B}["
        out += code
        out += "m"
    }

    func end(_ out: inout String) {
        if enabled { out += "\u{1B}[0m" }
    }
}

/// How field values read in the text output: `key=value`, text quoted only when it must be.
enum FieldText {
    /// A line of `key=value` texts split at the spaces between them: values are quoted when
    /// they hold a space, and lists and objects keep theirs. A gloss `(NAME)` is its own text.
    static func split(_ line: Substring) -> [String] {
        var texts: [String] = []
        var current = ""
        var inQuote = false, escaped = false, depth = 0
        for character in line {
            if inQuote {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inQuote = false }
                continue
            }
            switch character {
            case "\"": inQuote = true; current.append(character)
            case "[", "{": depth += 1; current.append(character)
            case "]", "}": depth -= 1; current.append(character)
            case " " where depth == 0:
                if !current.isEmpty { texts.append(current) }
                current = ""
            default: current.append(character)
            }
        }
        if !current.isEmpty { texts.append(current) }
        return texts
    }

    static func plain(_ value: JSONValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    /// `asLanguage`: a text as the language reads it back (ScriptWriter.literal: a control
    /// character as `\u{7}` in quotes), for a script credsh writes (JournalScript); else as
    /// records show it.
    static func write(_ value: JSONValue, asLanguage: Bool = false, to out: inout String) {
        switch value {
        case .string(let s) where asLanguage:
            out += ScriptWriter.literal(.text(s))
        case .string(let s):
            // Quoted, JSON's escapes cover C0 only: DEL, C1 and bidi controls are escaped too.
            if needsQuotes(s) { out += quote(s).escapingControls } else { s.appendEscapingControls(to: &out) }
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                write(item, asLanguage: asLanguage, to: &out)
            }
            out += "]"
        default:
            value.write(to: &out)
        }
    }

    static func quoteIfNeeded(_ text: String) -> String {
        needsQuotes(text) ? quote(text) : text
    }

    /// Empty, or holding a space, quote, comma, backslash, newline or tab (all ASCII, so
    /// looked for byte by byte).
    static func needsQuotes(_ text: String) -> Bool {
        text.isEmpty || text.utf8.contains {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\\")
                || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t")
        }
    }

    static func quote(_ text: String) -> String {
        var out = ""
        JSONValue.writeString(text, to: &out)
        return out
    }
}
