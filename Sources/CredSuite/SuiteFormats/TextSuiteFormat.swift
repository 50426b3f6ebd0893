import CredLanguage
import CredScript

/// `credsh test` for people: one line per script, every failure of a failing script as a
/// plain run prints it, and the transcript's diff.
package struct TextSuiteFormat: SuiteFormat {
    package let name = "text"
    package let summary = "for people (the default)"
    package let isForPeople = true

    package init() {}

    package func verdict(_ verdict: ScriptVerdict, number: Int, style: SuiteStyle) -> String {
        if let reason = verdict.skipped {
            return "\(style.text.event("skip")) \(verdict.name) (\(reason.escapingControls))\n"
        }
        if verdict.passed {
            let count = verdict.expectations
            var details = "\(count) expectation\(count == 1 ? "" : "s")"
            switch verdict.transcript {
            case .matches: details += ", transcript"
            case .updated: details += ", transcript updated"
            case .created: details += ", transcript created"
            case .notCompared(let reason): details += ", " + reason
            default: break
            }
            return "\(style.text.event("ok  ")) \(verdict.name) (\(details))\n"
        }
        var out = "\(style.text.failure("FAIL")) \(verdict.name)\n"
        for problem in verdict.problems { out += Self.indented(problem.text) }
        if verdict.omitted > 0 { out += "    … and \(verdict.omitted) more failures\n" }
        if case .differs(let diff) = verdict.transcript {
            out += "    the transcript differs from its .expected file:\n"
            out += Self.indented(style.diff.enabled ? recolor(diff, style.diff) : diff)
        }
        if case .updated(let file) = verdict.transcript { out += "    transcript updated: \(TerminalSafe.text(file))\n" }
        if case .notUpdated(let file) = verdict.transcript { out += "    \(ScriptVerdict.Transcript.notUpdatedReason(file))\n" }
        if case .notCompared(let reason) = verdict.transcript { out += "    \(reason)\n" }
        return out
    }

    package func coverage(_ report: [SDKCoverage], scripts: Int, shard: Shard?, style: SuiteStyle) -> String {
        CoverageReport.text(report, scripts: scripts, shard: shard, style: style.text)
    }

    package func summary(_ totals: SuiteTotals) -> String {
        "\(totals.passed) passed, \(totals.failed) failed" + (totals.skipped > 0 ? ", \(totals.skipped) skipped\n" : "\n")
    }

    /// The diff is rendered plain once (it is also what JUnit carries); colours are
    /// added for a terminal here.
    private func recolor(_ diff: String, _ style: DiffStyle) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("---") || line.hasPrefix("+++") { return String(line) }
            if line.hasPrefix("-") { return style.removed(String(line)) }
            if line.hasPrefix("+") { return style.added(String(line)) }
            if line.hasPrefix("@@") { return style.hunk(String(line)) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// Each line of `text` indented by four spaces (its last, empty, line dropped).
    package static func indented(_ text: String, by indent: String = "    ") -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            out += indent + line + "\n"
        }
        return out
    }
}
