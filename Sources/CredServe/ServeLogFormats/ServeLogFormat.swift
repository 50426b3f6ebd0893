import CredLanguage
import CredScript

/// What `credsh serve` prints in a run's format (RunFormat, CredScript's): its banner, a
/// line per request, and its last line. One per run format, found by the run format's
/// name, so a plain run's formats know nothing of serving.
package protocol ServeLogFormat: Sendable {
    /// The run format's name (`--format`) this one speaks for.
    var name: String { get }
    /// `credsh serve`'s first lines: where it serves, and the control API's token.
    func serveBanner(url: String, control: Bool, token: String?) -> String
    /// One line of `credsh serve`'s log.
    func serveLogLine(_ entry: ServeLogEntry) -> String
    /// `credsh serve`'s last line: how many requests it answered, and why it stopped when
    /// it was not asked to.
    func serveStopped(url: String, session: ServeSession, reason: String?) -> String
}

/// Every serve log format, one for each of `RunFormats.all`.
package enum ServeLogFormats {
    static let all: [any ServeLogFormat] = [TextServeLog(), JSONServeLog()]

    /// The one that speaks in `format`; text for a format without one of its own.
    package static func matching(_ format: any RunFormat) -> any ServeLogFormat {
        all.first { $0.name == format.name } ?? TextServeLog()
    }
}
