/// JUnit XML, the format CI servers read test results in: one `testcase` per script,
/// with its time; inside it, a `failure` for each failed expectation (and one for a
/// transcript that differs) and an `error` for each syntax, runtime or I/O problem. A
/// script with any error counts among the suite's `errors`, otherwise one with
/// failures among its `failures`, so that tests = passed + failures + errors.
enum JUnitReport {
    static func xml(_ verdicts: [ScriptVerdict], shard: TestRunner.Shard?, seconds: Double) -> String {
        let errors = verdicts.filter { !$0.passed && $0.hasError }.count
        let failures = verdicts.filter { !$0.passed && !$0.hasError }.count
        let total = verdicts.reduce(0) { $0 + $1.seconds }
        let name = shard.map { "credsh (shard \($0.label))" } ?? "credsh"
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(name))\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time(seconds))\">\n"
        out += "  <testsuite name=\"\(escape(name))\" tests=\"\(verdicts.count)\" failures=\"\(failures)\" errors=\"\(errors)\" skipped=\"0\" time=\"\(time(total))\">\n"
        for verdict in verdicts {
            out += "    <testcase classname=\"credsh\" name=\"\(escape(verdict.path))\" file=\"\(escape(verdict.path))\" time=\"\(time(verdict.seconds))\""
            var body = ""
            for problem in verdict.problems {
                let element = problem.isError ? "error" : "failure"
                body += "      <\(element) message=\"\(escape(problem.diagnostic.headline))\" type=\"\(escape(problem.diagnostic.kind.rawValue))\">"
                body += escape(problem.text) + "</\(element)>\n"
            }
            if verdict.omitted > 0 {
                body += "      <system-out>\(verdict.omitted) more failures were not kept</system-out>\n"
            }
            if case .differs(let diff) = verdict.transcript {
                body += "      <failure message=\"the transcript differs from its .expected file\" type=\"transcript\">"
                body += escape(diff) + "</failure>\n"
            }
            out += body.isEmpty ? "/>\n" : ">\n" + body + "    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Seconds with three decimals, as JUnit tools expect (`0.012`).
    static func time(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: out += "?"  // not allowed in XML 1.0
            case "\u{FFFE}", "\u{FFFF}": out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
