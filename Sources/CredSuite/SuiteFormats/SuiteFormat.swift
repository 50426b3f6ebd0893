import CredLanguage
import CredScript

/// One way `credsh test` reports a suite: a value that turns each script's verdict, the
/// coverage and the totals into the bytes printed on standard output. Every format is a
/// value in `SuiteFormats.all`; `--format` is looked up there, so adding a format is one
/// file with its value and one line in that list. None shows times, so the same suite
/// prints the same bytes whatever the number of jobs.
package protocol SuiteFormat: Sendable {
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
    func coverage(_ report: [SDKCoverage], scripts: Int, shard: Shard?, style: SuiteStyle) -> String
    /// The closing line(s).
    func summary(_ totals: SuiteTotals) -> String
}

extension SuiteFormat {
    package func opening(verdicts: Int) -> String { "" }
}

/// Colours for a report read at a terminal, or none.
package struct SuiteStyle: Sendable {
    package let text: Style
    package let diff: DiffStyle

    package init(color: Bool) {
        text = color ? .ansi : .plain
        diff = color ? .ansi : .plain
    }
}

/// What the closing line of a suite counts.
package struct SuiteTotals: Sendable {
    /// Scripts that passed, failed and were skipped.
    package let passed: Int
    package let failed: Int
    package let skipped: Int
    /// Expectations of all scripts that held and that did not.
    package let expectationsPassed: Int
    package let expectationsFailed: Int
    package let exitCode: Int32
}

/// Every format `credsh test --format` knows, in the order its help lists them.
package enum SuiteFormats {
    package static let all: [any SuiteFormat] = [
        TextSuiteFormat(),
        JSONSuiteFormat(),
        TAPSuiteFormat(),
    ]

    package static var names: [String] { all.map(\.name) }

    /// The format named `name`, if there is one.
    package static func named(_ name: String) -> (any SuiteFormat)? { all.first { $0.name == name } }
}

extension ScriptVerdict.Transcript {
    /// Why `--update` left a transcript alone, said the same way in every report.
    package static func notUpdatedReason(_ file: String) -> String {
        "transcript not updated: \(TerminalSafe.text(file)) (the script failed; a failing run's transcript is not what to expect)"
    }
}
