import CredLanguage
import CredScript
import CredSimulator

/// `credsh test --format json`: one JSON object per script (with `--coverage`, one per
/// coverage item), and one for the totals.
package struct JSONSuiteFormat: SuiteFormat {
    package let name = "json"
    package let summary = "one JSON object per script (and per coverage item) and one for the totals"
    package let isForPeople = false

    package init() {}

    package func verdict(_ verdict: ScriptVerdict, number: Int, style: SuiteStyle) -> String {
        var fields: [(String, JSONValue)] = [
            ("script", .string(verdict.path)),
            ("passed", .bool(verdict.passed)),
            ("exitCode", .int(Int(verdict.exitCode))),
            ("expectations", .object([("passed", .int(verdict.expectations)), ("failed", .int(verdict.expectationsFailed))])),
        ]
        let failures: [JSONValue] = verdict.problems.map { problem in
            let d = problem.diagnostic
            return .object([
                ("file", .string(d.file)), ("line", .int(d.position.line)), ("column", .int(d.position.column)),
                ("kind", .string(String(describing: d.kind))), ("code", .string(d.code.id)), ("message", .string(d.message)),
            ])
        }
        if let test = verdict.test { fields.insert(("test", .string(test)), at: 1) }
        if let reason = verdict.skipped { fields.append(("skipped", .string(reason))) }
        fields.append(("failures", .array(failures)))
        if verdict.omitted > 0 { fields.append(("moreFailures", .int(verdict.omitted))) }
        switch verdict.transcript {
        case .none: break
        case .matches: fields.append(("transcript", .string("matches")))
        case .differs(let diff):
            fields.append(("transcript", .string("differs")))
            fields.append(("diff", .string(diff)))
        case .updated(let file):
            fields.append(("transcript", .string("updated")))
            fields.append(("updated", .string(file)))
        case .created(let file):
            fields.append(("transcript", .string("created")))
            fields.append(("updated", .string(file)))
        case .notUpdated(let file):
            fields.append(("transcript", .string("notUpdated")))
            fields.append(("reason", .string(ScriptVerdict.Transcript.notUpdatedReason(file))))
        case .notCompared(let reason):
            fields.append(("transcript", .string("notCompared")))
            fields.append(("reason", .string(reason)))
        }
        return JSONValue.object(fields).serialized + "\n"
    }

    package func coverage(_ report: [SDKCoverage], scripts: Int, shard: Shard?, style: SuiteStyle) -> String {
        CoverageReport.json(report)
    }

    package func summary(_ totals: SuiteTotals) -> String {
        JSONValue.object([("passed", .int(totals.passed)), ("failed", .int(totals.failed)), ("skipped", .int(totals.skipped)),
                          ("expectations", .object([("passed", .int(totals.expectationsPassed)), ("failed", .int(totals.expectationsFailed))])),
                          ("exitCode", .int(Int(totals.exitCode)))]).serialized + "\n"
    }
}
