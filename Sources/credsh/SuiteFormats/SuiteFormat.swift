import CredScript

/// One way `credsh test` reports a suite: a value that turns each script's verdict, the
/// coverage and the totals into the bytes printed on standard output. Every format is a
/// value in `SuiteFormats.all`; `--format` is looked up there, so adding a format is one
/// file with its value and one line in that list. None shows times, so the same suite
/// prints the same bytes whatever the number of jobs.
protocol SuiteFormat: Sendable {
    /// As written after `--format`.
    var name: String { get }
    /// What it is, for `credsh test --help`.
    var summary: String { get }
    /// Whether colour may be used when standard output is a terminal.
    var isForPeople: Bool { get }
    /// What comes before the first verdict, knowing how many verdicts follow.
    func opening(verdicts: Int) -> String
    /// One script's verdict; `number` counts verdicts from 1 in the order printed.
    func verdict(_ verdict: ScriptVerdict, number: Int, style: SuiteStyle) -> String
    /// What `--coverage` found, after the verdicts.
    func coverage(_ report: [SDKCoverage], scripts: Int, shard: TestRunner.Shard?, style: SuiteStyle) -> String
    /// The closing line(s).
    func summary(_ totals: SuiteTotals) -> String
}

extension SuiteFormat {
    func opening(verdicts: Int) -> String { "" }
}

/// Colours for a report read at a terminal, or none.
struct SuiteStyle: Sendable {
    let text: Style
    let diff: DiffStyle

    init(color: Bool) {
        text = color ? .ansi : .plain
        diff = color ? .ansi : .plain
    }
}

/// What the closing line of a suite counts.
struct SuiteTotals: Sendable {
    /// Scripts that passed, failed and were skipped.
    let passed: Int
    let failed: Int
    let skipped: Int
    /// Expectations of all scripts that held and that did not.
    let expectationsPassed: Int
    let expectationsFailed: Int
    let exitCode: Int32
}

/// Every format `credsh test --format` knows, in the order its help lists them.
enum SuiteFormats {
    static let all: [any SuiteFormat] = [
        TextSuiteFormat(),
        JSONSuiteFormat(),
        TAPSuiteFormat(),
    ]

    static var names: [String] { all.map(\.name) }

    /// The format named `name`, or a usage error that lists those there are.
    static func named(_ name: String, _ syntax: CommandSyntax) throws(UsageError) -> any SuiteFormat {
        if let format = all.first(where: { $0.name == name }) { return format }
        throw UsageError("The value '\(TerminalSafe.text(name))' is invalid for '--format <format>'. Please provide one of "
                         + FormatList.spoken(names) + ".", syntax)
    }
}

extension ScriptVerdict.Transcript {
    /// Why `--update` left a transcript alone, said the same way in every report.
    static func notUpdatedReason(_ file: String) -> String {
        "transcript not updated: \(TerminalSafe.text(file)) (the script failed; a failing run's transcript is not what to expect)"
    }
}
