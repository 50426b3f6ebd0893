import CredLanguage
import CredScript
import CredSimulator

/// `credsh serve` for programs (JSONRunFormat): every line a JSON object.
struct JSONServeLog: ServeLogFormat {
    let name = "json"

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
