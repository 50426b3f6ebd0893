import CredScript
import CredSimulator

/// JSON Lines for programs (`jq`): one object per call, callback and result, each saying
/// the statement it came from.
package struct JSONRunFormat: RunFormat {
    package let name = "json"
    package let summary = "for JSON Lines (one object per call, callback and result)"
    package let isForPeople = false

    package init() {}
    package let whyNotCompact = "JSON Lines always carry every field"

    package func makeWriter(color: Bool) -> any RecordWriter { JSONRecordWriter() }

    package func failureRecord(_ diagnostic: Diagnostic) -> String {
        diagnostic.kind == .expectation ? JSONLinesRenderer().expectationFailed(diagnostic) : JSONLinesRenderer().syntaxError(diagnostic)
    }

    package func serveBanner(url: String, control: Bool, token: String?) -> String {
        var members: [(String, JSONValue)] = [("serving", .string(url)), ("control", .bool(control))]
        if let token { members.append(("token", .string(token))) }
        return JSONValue.object(members).serialized + "\n"
    }

    package func serveLogLine(_ entry: ServeLogEntry) -> String { entry.json.serialized + "\n" }

    package func serveStopped(url: String, session: ServeSession, reason: String?) -> String {
        var fields: [(String, JSONValue)] = [("stopped", .string(url)), ("answered", .int(session.answered)),
                                             ("dropped", .int(session.dropped)), ("refused", .int(session.refused))]
        if let reason { fields.append(("reason", .string(reason))) }
        return JSONValue.object(fields).serialized + "\n"
    }
}
