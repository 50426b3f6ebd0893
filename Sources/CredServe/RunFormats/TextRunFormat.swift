import CredScript

/// Text for people: each record as a line, in colour at a terminal; `--compact` shows
/// within a flow only what changed.
package struct TextRunFormat: RunFormat {
    package let name = "text"
    package let summary = "for people"
    package let isForPeople = true

    package init() {}
    package let whyNotCompact = ""

    package func makeWriter(color: Bool) -> any RecordWriter { TextRecordWriter(style: color ? .ansi : .plain) }

    package func failureRecord(_ diagnostic: Diagnostic) -> String { "" }

    package func serveBanner(url: String, control: Bool, token: String?) -> String {
        var out = ServeSession.announcement(url: url)
            + (control ? "; control API at /__credsh/run and /__credsh/state; the SDK double at "
                + ServeSession.doublePaths.joined(separator: ", ") : "")
            + "); Ctrl-C stops\n"
        if let token {
            out += "control API token: \(token) (send 'Authorization: Bearer \(token)' or ?token=\(token)): \(url)/__credsh/state?token=\(token)\n"
        }
        return out
    }

    package func serveLogLine(_ entry: ServeLogEntry) -> String { entry.text + "\n" }

    package func serveStopped(url: String, session: ServeSession, reason: String?) -> String {
        "stopped" + (reason.map { " (\($0))" } ?? "")
            + ": \(session.answered) answered, \(session.dropped) dropped, \(session.refused) refused\n"
    }
}
