import CredLanguage
/// One way a run prints what it does (`--format` of a run, `serve` and the prompt): text
/// for people, or JSON Lines for programs. Every format is a value in `RunFormats.all`;
/// `--format` is looked up there, so adding one is one file and one line in that list,
/// and no code elsewhere asks which format it is. A plain run's alone: what `credsh serve`
/// says in the same format is CredServe's (ServeLogFormat), looked up by the same name.
package protocol RunFormat: Sendable {
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
    /// What standard output says of a failed expectation or a syntax error besides the
    /// diagnostic on standard error, so that a reader of the stream alone sees the script
    /// fail, and why ("" for none).
    func failureRecord(_ diagnostic: Diagnostic) -> String
}

/// Every format a run prints in, the default first.
package enum RunFormats {
    package static let all: [any RunFormat] = [
        TextRunFormat(),
        JSONRunFormat(),
    ]

    /// The first of `all`, made directly: building the list costs a plain run's start-up
    /// more than the rest of the arguments (callgrind).
    package static var `default`: any RunFormat { TextRunFormat() }

    /// `--format`'s help: each format and what it is.
    package static var help: String {
        "Output format: " + all.map { "\($0.name) \($0.summary)" }.joined(separator: ", ") + "."
    }

    /// The format named `name`, if there is one.
    package static func named(_ name: String) -> (any RunFormat)? { all.first { $0.name == name } }
}
