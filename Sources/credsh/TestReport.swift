import CredScript
import CredSimulator

/// How `credsh test` prints its verdicts: text for people (with every failure of a
/// failing script, as a plain run prints it, and the transcript's diff), or one JSON
/// object per script and one for the totals. Neither shows times, so the same suite
/// prints the same bytes whatever the number of jobs.
struct TestReport {
    let format: TerminalHost.Format
    let style: Style
    let diffStyle: DiffStyle

    init(format: TerminalHost.Format, color: Bool) {
        self.format = format
        self.style = color ? .ansi : .plain
        self.diffStyle = color ? .ansi : .plain
    }

    func verdict(_ verdict: ScriptVerdict) -> String {
        format == .json ? json(verdict) : text(verdict)
    }

    /// `passed` and `failed` count scripts; `expectations` counts the expectations of all.
    func summary(passed: Int, failed: Int, skipped: Int, expectations: (passed: Int, failed: Int), exitCode: Int32) -> String {
        if format == .json {
            return JSONValue.object([("passed", .int(passed)), ("failed", .int(failed)), ("skipped", .int(skipped)),
                                     ("expectations", .object([("passed", .int(expectations.passed)), ("failed", .int(expectations.failed))])),
                                     ("exitCode", .int(Int(exitCode)))]).serialized + "\n"
        }
        return "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped\n" : "\n")
    }

    private func text(_ verdict: ScriptVerdict) -> String {
        var out: String
        if let reason = verdict.skipped {
            out = "\(style.event("skip")) \(verdict.path) (\(reason.escapingControls))\n"
        } else if verdict.passed {
            let count = verdict.expectations
            var details = "\(count) expectation\(count == 1 ? "" : "s")"
            switch verdict.transcript {
            case .matches: details += ", transcript"
            case .updated: details += ", transcript updated"
            case .created: details += ", transcript created"
            default: break
            }
            out = "\(style.event("ok  ")) \(verdict.path) (\(details))\n"
        } else {
            out = "\(style.failure("FAIL")) \(verdict.path)\n"
            for problem in verdict.problems { out += indented(problem.text) }
            if verdict.omitted > 0 { out += "    … and \(verdict.omitted) more failures\n" }
            if case .differs(let diff) = verdict.transcript {
                out += "    the transcript differs from its .expected file:\n"
                out += indented(diffStyle.enabled ? recolor(diff) : diff)
            }
            if case .updated(let file) = verdict.transcript { out += "    transcript updated: \(file)\n" }
            if case .notUpdated(let file) = verdict.transcript { out += "    \(Self.notUpdated(file))\n" }
        }
        return out
    }

    /// The diff is rendered plain once (it is also what JUnit carries); colours are
    /// added for a terminal here.
    private func recolor(_ diff: String) -> String {
        diff.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            if line.hasPrefix("---") || line.hasPrefix("+++") { return String(line) }
            if line.hasPrefix("-") { return diffStyle.removed(String(line)) }
            if line.hasPrefix("+") { return diffStyle.added(String(line)) }
            if line.hasPrefix("@@") { return diffStyle.hunk(String(line)) }
            return String(line)
        }.joined(separator: "\n")
    }

    /// Why `--update` left a transcript alone, said the same way in every report.
    static func notUpdated(_ file: String) -> String {
        "transcript not updated: \(file) (the script failed; a failing run's transcript is not what to expect)"
    }

    private func indented(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            out += "    " + line + "\n"
        }
        return out
    }

    private func json(_ verdict: ScriptVerdict) -> String {
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
                ("kind", .string(String(describing: d.kind))), ("message", .string(d.message)),
            ])
        }
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
            fields.append(("reason", .string(Self.notUpdated(file))))
        }
        return JSONValue.object(fields).serialized + "\n"
    }
}
