/// A report `credsh test` writes to a file besides what it prints (`--junit FILE`,
/// `--html FILE`): a value that turns the verdicts of the whole run into the file's text.
/// Every report is a value in `SuiteReports.all`; its option is made from it (the
/// executable's `credsh test` options), so adding a report is one file with its value
/// and one line in that list. What is printed on standard output is a `SuiteFormat`.
package protocol SuiteReport: Sendable {
    /// Its option, without the dashes (`junit` for `--junit FILE`).
    var option: String { get }
    /// The option's help, for `credsh test --help`.
    var help: String { get }
    /// Whether it shows a failing script's sequence diagram (the runs then draw it).
    var drawsDiagrams: Bool { get }
    /// The file's text: every verdict, in the order printed, of a run that took `seconds`.
    func render(_ verdicts: [ScriptVerdict], shard: Shard?, seconds: Double) -> String
}

/// Every report `credsh test` writes, in the order its help lists their options.
package enum SuiteReports {
    package static let all: [any SuiteReport] = [
        JUnitReport(),
        HTMLReport(),
    ]
}
