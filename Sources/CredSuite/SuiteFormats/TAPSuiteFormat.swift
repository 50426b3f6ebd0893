import CredLanguage
import CredScript
import CredSimulator

/// `credsh test --format tap`: the Test Anything Protocol, version 13, as `prove` and CI
/// plugins read it. One test point per script (`ok 1 - FILE`, `not ok 2 - FILE`,
/// `ok 3 - FILE # SKIP reason`); a failing one carries a YAML block with each failure's
/// message, severity and place; coverage and the totals are comments; the plan comes last
/// (TAP allows it there), so it counts what was printed. Nothing follows the plan: a
/// trailing plan must be the stream's last line for tap.py, so the totals' comment goes
/// before it (prove and TAP::Parser read either order).
package struct TAPSuiteFormat: SuiteFormat {
    package let name = "tap"
    package let summary = "TAP version 13, for prove and CI plugins"
    package let isForPeople = false

    package init() {}

    package func opening(verdicts: Int) -> String { "TAP version 13\n" }

    package func verdict(_ verdict: ScriptVerdict, number: Int, style: SuiteStyle) -> String {
        let description = Self.description(verdict.name)
        if let reason = verdict.skipped {
            return "ok \(number) - \(description) # SKIP \(Self.description(reason))\n"
        }
        guard !verdict.passed else { return "ok \(number) - \(description)\n" }
        var out = "not ok \(number) - \(description)\n  ---\n"
        out += "  exitCode: \(verdict.exitCode)\n"
        if !verdict.problems.isEmpty {
            out += "  failures:\n"
            for problem in verdict.problems {
                let d = problem.diagnostic
                out += "    - message: \(Self.quoted(d.message))\n"
                out += "      code: \(d.code.id)\n"
                out += "      severity: \(d.kind == .expectation ? "fail" : "error")\n"
                out += "      at: \(Self.quoted("\(TerminalSafe.text(d.file)):\(d.position.line):\(d.position.column)"))\n"
            }
        }
        if verdict.omitted > 0 { out += "  moreFailures: \(verdict.omitted)\n" }
        switch verdict.transcript {
        case .differs(let diff): out += "  diff: \(Self.quoted(diff))\n"
        case .notUpdated(let file): out += "  transcript: \(Self.quoted(ScriptVerdict.Transcript.notUpdatedReason(file)))\n"
        default: break
        }
        return out + "  ...\n"
    }

    package func coverage(_ report: [SDKCoverage], scripts: Int, shard: Shard?, style: SuiteStyle) -> String {
        Self.comment(CoverageReport.text(report, scripts: scripts, shard: shard, style: .plain))
    }

    package func summary(_ totals: SuiteTotals) -> String {
        "# \(totals.passed) passed, \(totals.failed) failed, \(totals.skipped) skipped\n"
            + "1..\(totals.passed + totals.failed + totals.skipped)\n"
    }

    /// A test point's description: one line, each `#` and `\\` escaped as TAP says (`\\#`,
    /// `\\\\`), which prove and TAP::Parser read back. tap.py ends a description at any
    /// `#` and reads what follows as a directive, so a `#` before a word it would take for
    /// one (`x # TODO` of a failing test would pass there) is written `\\u{23}` instead, as
    /// credsh writes any character a reader must not act on (docs/suites.md).
    package static func description(_ text: String) -> String {
        let scalars = Array(text.replacing("\\", with: "\\\\").escapingControls.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            guard scalar == "#" else { out.append(scalar); continue }
            let after = String(String.UnicodeScalarView(scalars[(index + 1)...].drop { $0 == " " || $0 == "\t" }.prefix(4))).lowercased()
            out.append(contentsOf: (after == "skip" || after == "todo" ? "\\u{23}" : "\\#").unicodeScalars)
        }
        return String(out)
    }

    /// A YAML double-quoted scalar: a JSON string is one, escapes and all.
    package static func quoted(_ text: String) -> String { JSONValue.string(text).serialized }

    /// Lines of text as TAP comments.
    package static func comment(_ text: String) -> String {
        TextSuiteFormat.indented(text, by: "# ").replacing("# \n", with: "#\n")
    }
}
