import CredLanguage
import CredSimulator

/// Renders output as JSON Lines: one object per SDK call, callback, check and line of
/// command output. Callback keys are the SDK's own payload names, so what a user reads
/// here is exactly what `expect event NAME FIELD=VALUE` can assert.
///
/// Two rules make the records safe to filter with `jq`:
/// - a record has an `error` key exactly when something failed, and it always has one
///   shape: `"error":{"code":…,"message":…,"source":"sdk|app|network|credsh"}` (`code`
///   only where the failure has one), so `select(.error)` finds every failure and
///   nothing else; a failure of credsh's own (a syntax error, a command refused) also
///   has its diagnostic's `"code":"CS…"` beside it, as docs/diagnostics.md lists them;
/// - every record produced by a statement says where that statement is (`file`, `line`).
public struct JSONLinesRenderer: Sendable {
    public init() {}

    public func render(_ record: OutputRecord, from origin: RecordOrigin? = nil) -> String {
        var out = ""
        write(record, from: origin, to: &out)
        return out
    }

    /// Appends the record's line, newline included, to `out`.
    public func write(_ record: OutputRecord, from origin: RecordOrigin? = nil, to out: inout String) {
        object(for: record, from: origin).write(to: &out)
        out += "\n"
    }

    public func object(for record: OutputRecord, from origin: RecordOrigin? = nil) -> JSONValue {
        var members = self.members(of: record)
        if let origin, !members.contains(where: { $0.0 == "file" || $0.0 == "line" }) {
            members += [("file", .string(origin.file)), ("line", .int(origin.line))]
        }
        return .object(members)
    }

    /// The one shape of an error, whatever failed.
    public static func error(code: Int? = nil, _ message: String, source: String) -> (String, JSONValue) {
        var members: [(String, JSONValue)] = []
        if let code { members.append(("code", .int(code))) }
        members += [("message", .string(message)), ("source", .string(source))]
        return ("error", .object(members))
    }

    private func members(of record: OutputRecord) -> [(String, JSONValue)] {
        switch record {
        case let .echo(command, file, line):
            return [("command", .string(command)), ("file", .string(file)), ("line", .int(line))]
        case .text(let line):
            return [("output", .string(line))]
        case .narration(let text):
            return [("narration", .string(text))]
        case .commandError(let message, let code):
            return [Self.error(message, source: "credsh"), ("code", .string(code.id))]
        case .outcome(let outcome, let sdk):
            switch outcome {
            case let .call(api, arguments, error):
                var members: [(String, JSONValue)] = [("call", .string(api)), ("sdk", .string(sdk.name))] + arguments
                if let error { members.append(Self.error(code: error.code, error.message, source: "sdk")) }
                return members
            case .event(let event):
                return [("event", .string(event.name)), ("sdk", .string(sdk.name))] + event.fields
            case .appCheck(let message):
                return [Self.error(message, source: "app")]
            case .networkError(let message):
                return [Self.error(message, source: "network")]
            case .appShows(let message):
                return [("app", .string(message))]
            case .note(let message):
                // Every note has one shape: `note` says which kind, `message` what it says.
                return [("note", .string("simulator")), ("message", .string(message))]
            case let .policyRefusal(rule, message):
                return [("note", .string("policy")), ("rule", .string(rule)), ("message", .string(message))]
            }
        }
    }

    /// A syntax error as a record of its own, beside the text that goes to standard error:
    /// the one shape of an error, with the diagnostic's code and where it is.
    public func syntaxError(_ diagnostic: Diagnostic) -> String {
        JSONValue.object([
            Self.error(diagnostic.message, source: "credsh"), ("code", .string(diagnostic.code.id)),
            ("file", .string(diagnostic.file)), ("line", .int(diagnostic.position.line)),
            ("column", .int(diagnostic.position.column)),
        ]).serialized + "\n"
    }

    /// A failed expectation (or a failed command that no `expect error` named) as a record
    /// of its own, beside the text that goes to standard error.
    public func expectationFailed(_ diagnostic: Diagnostic) -> String {
        JSONValue.object([
            ("expectation", .string("failed")), ("code", .string(diagnostic.code.id)), ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.file)), ("line", .int(diagnostic.position.line)),
            ("column", .int(diagnostic.position.column)),
        ]).serialized + "\n"
    }
}
