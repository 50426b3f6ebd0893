import CredScript
import CredServe

/// One way a run prints what it does (`--format` of a run, `serve` and the prompt): text
/// for people, or JSON Lines for programs. Every format is a value in `RunFormats.all`;
/// `--format` is looked up there, so adding one is one file and one line in that list,
/// and no code elsewhere asks which format it is.
protocol RunFormat: Sendable {
    /// As written after `--format`.
    var name: String { get }
    /// What it is, for `--help`.
    var summary: String { get }
    /// Text for people: colour, `--compact`, `--step` and the pager go with it only.
    var isForPeople: Bool { get }
    /// Why `--compact` does not go with it ("" for a format that has a compact form).
    var whyNotCompact: String { get }
    /// What renders a run's records, with colour or not.
    func makeWriter(color: Bool) -> any RecordWriter
    /// What standard output says of a failed expectation besides the diagnostic on standard
    /// error, so that a reader of the stream alone sees the script fail ("" for none).
    func expectationFailed(_ diagnostic: Diagnostic) -> String
    /// `credsh serve`'s first lines: where it serves, and the control API's token.
    func serveBanner(url: String, control: Bool, token: String?) -> String
    /// One line of `credsh serve`'s log.
    func serveLogLine(_ entry: ServeLogEntry) -> String
    /// `credsh serve`'s last line: how many requests it answered, and why it stopped when
    /// it was not asked to.
    func serveStopped(url: String, session: ServeSession, reason: String?) -> String
}

/// Renders records of one run, in one format, into a line buffer.
protocol RecordWriter: AnyObject {
    func write(_ record: OutputRecord, from origin: RecordOrigin?, to line: inout String)
    /// `compact on|off`: false when this format has no compact form.
    func setCompact(_ on: Bool) -> Bool
}

/// Every format a run prints in, the default first.
enum RunFormats {
    static let all: [any RunFormat] = [
        TextRunFormat(),
        JSONRunFormat(),
    ]

    /// The first of `all`, made directly: building the list costs a plain run's start-up
    /// more than the rest of the arguments (callgrind).
    static var `default`: any RunFormat { TextRunFormat() }

    /// `--format`'s help: each format and what it is.
    static var help: String {
        "Output format: " + all.map { "\($0.name) \($0.summary)" }.joined(separator: ", ") + "."
    }

    /// The format named `name`, or a usage error that lists those there are.
    static func named(_ name: String, _ syntax: CommandSyntax) throws(UsageError) -> any RunFormat {
        if let format = all.first(where: { $0.name == name }) { return format }
        throw UsageError("The value '\(TerminalSafe.text(name))' is invalid for '--format <format>'. Please provide one of "
                         + FormatList.spoken(all.map(\.name)) + ".", syntax)
    }
}

/// `'text', 'json' and 'tap'`: how a usage error lists the values an option takes.
enum FormatList {
    static func spoken(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
