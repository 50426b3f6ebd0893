import CredScript
import CredServe
import CredSimulator

/// JSON Lines for programs (`jq`): one object per call, callback and result, each saying
/// the statement it came from.
struct JSONRunFormat: RunFormat {
    let name = "json"
    let summary = "for JSON Lines (one object per call, callback and result)"
    let isForPeople = false
    let whyNotCompact = "JSON Lines always carry every field"

    func makeWriter(color: Bool) -> any RecordWriter { JSONRecordWriter() }

    func expectationFailed(_ diagnostic: Diagnostic) -> String { JSONLinesRenderer().expectationFailed(diagnostic) }

    func serveBanner(url: String, control: Bool, token: String?) -> String {
        var members: [(String, JSONValue)] = [("serving", .string(url)), ("control", .bool(control))]
        if let token { members.append(("token", .string(token))) }
        return JSONValue.object(members).serialized + "\n"
    }

    func serveLogLine(_ entry: ServeLogEntry) -> String { entry.json.serialized + "\n" }

    func serveStopped(url: String, session: ServeSession, reason: String?) -> String {
        var fields: [(String, JSONValue)] = [("stopped", .string(url)), ("answered", .int(session.answered)),
                                             ("dropped", .int(session.dropped)), ("refused", .int(session.refused))]
        if let reason { fields.append(("reason", .string(reason))) }
        return JSONValue.object(fields).serialized + "\n"
    }
}

final class JSONRecordWriter: RecordWriter {
    private let renderer = JSONLinesRenderer()

    func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String) {
        renderer.write(record, from: origin, to: &line)
    }

    func setCompact(_ on: Bool) -> Bool { false }
}
