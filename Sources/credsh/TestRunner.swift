import CredScript
import CredSimulator

/// `credsh test`: runs each script in a fresh simulation, output silenced, and prints
/// one verdict per script and the closing line `N passed, N failed`.
enum TestRunner {
    struct Verdict {
        let path: String
        let expectations: Int
        /// The failures with their formatted text; empty when the script passed.
        let failures: [String]
    }

    static func run(paths: [String], seed: UInt64, junitPath: String?, streams: StandardStreams, color: Bool) -> Int32 {
        var scripts: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            if FileSystem.isDirectory(path) {
                scripts += FileSystem.files(under: path, suffix: ".credscript")
            } else {
                scripts.append(path)
            }
        }
        let style: Style = color ? .ansi : .plain
        var verdicts: [Verdict] = []
        for script in scripts {
            let verdict = runOne(script, seed: seed)
            verdicts.append(verdict)
            if verdict.failures.isEmpty {
                streams.write("\(style.event("ok  ")) \(script) (\(verdict.expectations) expectation\(verdict.expectations == 1 ? "" : "s"))\n")
            } else {
                streams.write("\(style.failure("FAIL")) \(script)\n")
                for line in verdict.failures[0].split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                    streams.write("    \(line)\n")
                }
                if verdict.failures.count > 1 { streams.write("    (and \(verdict.failures.count - 1) more)\n") }
            }
        }
        let failed = verdicts.filter { !$0.failures.isEmpty }.count
        streams.write("\(verdicts.count - failed) passed, \(failed) failed\n")
        streams.flush()
        if let junitPath {
            do { try FileSystem.writePrivate(junitPath, JUnitReport.xml(verdicts)) } catch {
                streams.writeError("credsh: \(error.message)\n")
                return 4
            }
        }
        if scripts.isEmpty {
            streams.writeError("credsh: no .credscript files found in \(paths.joined(separator: " "))\n")
            return 4
        }
        return failed == 0 ? 0 : 1
    }

    static func runOne(_ path: String, seed: UInt64) -> Verdict {
        let host = TerminalHost(streams: StandardStreams(), format: .text, color: false, errorColor: false)
        host.quiet = true
        host.collected = []
        let evaluator = Evaluator(simulation: Simulation(seed: seed), options: .init(keepGoing: true), host: host)
        do {
            evaluator.run(try BatchRunner.load(path))
        } catch {
            return Verdict(path: path, expectations: 0, failures: ["\(path): I/O error: \(error.message)\n"])
        }
        let formatter = DiagnosticFormatter()
        let failures = (host.collected ?? []).map { formatter.format($0.0, source: $0.1) }
        return Verdict(path: path, expectations: evaluator.expectationsPassed, failures: failures)
    }
}

/// JUnit XML, the format CI servers read test results in: one test case per script.
enum JUnitReport {
    static func xml(_ verdicts: [TestRunner.Verdict]) -> String {
        let failed = verdicts.filter { !$0.failures.isEmpty }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"credsh\" tests=\"\(verdicts.count)\" failures=\"\(failed)\" errors=\"0\">\n"
        out += "  <testsuite name=\"credsh\" tests=\"\(verdicts.count)\" failures=\"\(failed)\" errors=\"0\" skipped=\"0\">\n"
        for verdict in verdicts {
            out += "    <testcase classname=\"credsh\" name=\"\(escape(verdict.path))\""
            if verdict.failures.isEmpty {
                out += "/>\n"
                continue
            }
            let first = verdict.failures[0].split(separator: "\n").first.map(String.init) ?? ""
            out += ">\n      <failure message=\"\(escape(first))\">\(escape(verdict.failures.joined()))</failure>\n    </testcase>\n"
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
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
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
