/// `credsh serve` for people (TextRunFormat): the banner as a sentence, a line per request.
struct TextServeLog: ServeLogFormat {
    let name = "text"

    func serveBanner(url: String, control: Bool, token: String?) -> String {
        var out = ServeSession.announcement(url: url)
            + (control ? "; control API at /__credsh/run and /__credsh/state; the SDK double at "
                + ServeSession.doublePaths.joined(separator: ", ") : "")
            + "); Ctrl-C stops\n"
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
