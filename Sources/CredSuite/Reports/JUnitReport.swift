import CredLanguage
import CredScript

/// JUnit XML, the format CI servers read test results in (Jenkins, GitLab, junitparser):
/// one `testcase` per script, with its time. A testcase holds at most one outcome, as
/// those readers expect: an `error` when the script could not do its job (syntax, runtime
/// or I/O: exit code 2 to 4), else a `failure` when an expectation failed or the
/// transcript differs (1), else `skipped` when it ended with `skip`. The outcome's
/// message is the first failure's headline and the count; its text lists every failure
/// and the transcript's diff. Which element is chosen follows the exit-code rule
/// (`ExitCode`), so JUnit, JSON, text and the process agree. The suite carries
/// tests/failures/errors/skipped/time, and tests = passed + failures + errors + skipped.
/// It is valid against Jenkins' junit-4 schema, which Tests/schemas/junit.xsd is no
/// looser than: a testcase's `classname` is its script's path (so a file's named tests
/// group under it, as a class's methods do), a skip's reason is `<skipped>`'s text, and
/// nothing that schema does not name is written. Both `time`s are the run's wall-clock
/// time, so the root's is never less than its suite's (with `-j` the cases' times add up
/// to more).
package struct JUnitReport: SuiteReport {
    package let option = "junit"
    package let help = "Also write the results as JUnit XML to this file ('-' or /dev/stdout: standard output; missing folders are made)."
    package let drawsDiagrams = false

    package init() {}

    package func render(_ verdicts: [ScriptVerdict], shard: Shard?, seconds: Double) -> String {
        let errors = verdicts.filter { $0.failed && $0.isError }.count
        let failures = verdicts.filter { $0.failed && !$0.isError }.count
        let skipped = verdicts.filter { $0.skipped != nil }.count
        let name = shard.map { "credsh (shard \($0.label))" } ?? "credsh"
        let counts = "tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"\(skipped)\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(Self.escape(name))\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(Self.time(seconds))\">\n"
        out += "  <testsuite name=\"\(Self.escape(name))\" \(counts) time=\"\(Self.time(seconds))\">\n"
        for verdict in verdicts {
            // classname and name are text from outside: terminal-safe, then escaped (ScriptVerdict.name).
            out += "    <testcase classname=\"\(Self.escape(TerminalSafe.text(verdict.path)))\" name=\"\(Self.escape(verdict.name))\" time=\"\(Self.time(verdict.seconds))\""
            var body = ""
            if verdict.failed {
                let element = verdict.isError ? "error" : "failure"
                body += "      <\(element) message=\"\(Self.escape(Self.message(verdict)))\" type=\"\(Self.kind(verdict))\">"
                body += Self.escape(Self.details(verdict)) + "</\(element)>\n"
            } else if let reason = verdict.skipped {
                body += "      <skipped>\(Self.escape(reason))</skipped>\n"
            }
            out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// The one line a CI server shows for a failed test: the first failure, and how many more.
    package static func message(_ verdict: ScriptVerdict) -> String {
        let count = verdict.problems.count + verdict.omitted + (verdict.transcriptDiffers ? 1 : 0)
        let first = verdict.problems.first?.diagnostic.headline ?? "the transcript differs from its .expected file"
        return count > 1 ? "\(first) (and \(count - 1) more)" : first
    }

    /// The failure's type: the kind of the most severe problem, as the exit code has it.
    package static func kind(_ verdict: ScriptVerdict) -> String {
        switch verdict.exitCode {
        case 4: return "io"
        case 3: return "runtime"
        case 2: return "syntax"
        default: return verdict.problems.isEmpty ? "transcript" : "expectation"
        }
    }

    /// Every failure, as a plain run prints it (source line and caret), then the diff.
    package static func details(_ verdict: ScriptVerdict) -> String {
        var text = verdict.problems.map(\.text).joined()
        if verdict.omitted > 0 { text += "… and \(verdict.omitted) more failures, not kept\n" }
        if case .differs(let diff) = verdict.transcript {
            text += "the transcript differs from its .expected file:\n" + diff
        }
        if case .notUpdated(let file) = verdict.transcript { text += ScriptVerdict.Transcript.notUpdatedReason(file) + "\n" }
        return text
    }

    /// Seconds with three decimals, as JUnit tools expect (`0.012`).
    package static func time(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    package static func escape(_ text: String) -> String { MarkupEscaping.escape(text) }
}
