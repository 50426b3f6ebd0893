import CredScript
import CredServe

/// Text for people: each record as a line, in colour at a terminal; `--compact` shows
/// within a flow only what changed.
struct TextRunFormat: RunFormat {
    let name = "text"
    let summary = "for people"
    let isForPeople = true
    let whyNotCompact = ""

    func makeWriter(color: Bool) -> any RecordWriter { TextRecordWriter(style: color ? .ansi : .plain) }

    func expectationFailed(_ diagnostic: Diagnostic) -> String { "" }

    func serveBanner(url: String, control: Bool, token: String?) -> String {
        var out = ServeSession.announcement(url: url)
            + (control ? "; control API at /__credsh/run and /__credsh/state" : "") + "); Ctrl-C stops\n"
        if let token {
            out += "control API token: \(token) (send 'Authorization: Bearer \(token)' or ?token=\(token)): \(url)/__credsh/state?token=\(token)\n"
        }
        return out
    }

    func serveLogLine(_ entry: ServeLogEntry) -> String { entry.text + "\n" }

    func serveStopped(url: String, session: ServeSession, reason: String?) -> String {
        "stopped" + (reason.map { " (\($0))" } ?? "")
            + ": \(session.answered) answered, \(session.dropped) dropped, \(session.refused) refused\n"
    }
}

final class TextRecordWriter: RecordWriter {
    let renderer: TextRenderer
    /// `--compact`, `compact on`.
    private var compact: CompactTextRenderer?

    init(style: Style) { renderer = TextRenderer(style: style) }

    func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String) {
        if let compact { line = compact.render(record) } else { renderer.write(record, to: &line) }
    }

    func setCompact(_ on: Bool) -> Bool {
        compact = on ? CompactTextRenderer(style: renderer.style) : nil
        return true
    }
}
