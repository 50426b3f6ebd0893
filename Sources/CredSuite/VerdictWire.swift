#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredSimulator

/// A script's verdicts as a worker process of `credsh test` hands them to the runner
/// (WorkerWire): one JSON object on one line of the worker's standard output,
/// `{"verdicts":[…]}` (one per named test, or one for the file). Private to one run of one binary, so it
/// carries exactly what the reports need, nothing versioned.
package enum VerdictWire {
    package static func encode(_ verdicts: [ScriptVerdict]) -> String {
        JSONValue.object([("verdicts", .array(verdicts.map(encode)))]).serialized + "\n"
    }

    /// The verdicts, or nil when the text is not one (the child died while writing it).
    package static func decode(_ bytes: [UInt8], path: String) -> [ScriptVerdict]? {
        guard let json = try? JSONValue.parse(String(decoding: bytes, as: UTF8.self)), case .array(let items)? = json["verdicts"] else { return nil }
        var verdicts: [ScriptVerdict] = []
        for item in items {
            guard let verdict = decode(item, path: path) else { return nil }
            verdicts.append(verdict)
        }
        return verdicts
    }

    private static func encode(_ verdict: ScriptVerdict) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("expectations", .int(verdict.expectations)), ("expectationsFailed", .int(verdict.expectationsFailed)),
            ("omitted", .int(verdict.omitted)), ("exitCode", .int(Int(verdict.exitCode))),
            ("problems", .array(verdict.problems.map { problem in
                let d = problem.diagnostic
                return .object([("kind", .string(d.kind.rawValue)), ("code", .int(d.code.rawValue)), ("message", .string(d.message)), ("file", .string(d.file)),
                                ("line", .int(d.position.line)), ("column", .int(d.position.column)),
                                ("offset", .int(d.position.offset)), ("lineStart", .int(d.position.lineStart)),
                                ("notes", .array(d.notes.map { .string($0) })), ("text", .string(problem.text))])
            })),
        ]
        switch verdict.transcript {
        case .none: break
        case .matches: members.append(("transcript", .string("matches")))
        case .differs(let diff): members.append(("differs", .string(diff)))
        case .updated(let file): members.append(("updated", .string(file)))
        case .created(let file): members.append(("created", .string(file)))
        case .notUpdated(let file): members.append(("notUpdated", .string(file)))
        case .notCompared(let reason): members.append(("notCompared", .string(reason)))
        }
        if let skipped = verdict.skipped { members.append(("skipped", .string(skipped))) }
        if let test = verdict.test { members.append(("test", .string(test))) }
        // Each test's own time: the child knows it, the parent only the process's.
        members.append(("microseconds", .int(Int(max(0, verdict.seconds) * 1e6))))
        if let svg = verdict.diagramSVG { members.append(("diagramSVG", .string(svg))) }
        if let coverage = verdict.coverage {
            var hits: [JSONValue] = []
            for (sdk, counts) in coverage.counts.sorted(by: { $0.key.name < $1.key.name }) {
                for (key, count) in counts {
                    hits.append(.array([.string(sdk.name), .string(key.kind), .string(key.id), .int(count)]))
                }
            }
            members.append(("coverage", .array(hits)))
        }
        return JSONValue.object(members)
    }

    private static func decode(_ json: JSONValue, path: String) -> ScriptVerdict? {
        guard case .int(let expectations)? = json["expectations"], case .int(let omitted)? = json["omitted"],
              case .int(let exitCode)? = json["exitCode"], case .array(let items)? = json["problems"] else { return nil }
        var problems: [ScriptVerdict.Problem] = []
        for item in items {
            guard case .string(let kindName)? = item["kind"], let kind = Diagnostic.Kind(rawValue: kindName),
                  case .int(let number)? = item["code"], let code = DiagnosticCode(rawValue: number),
                  case .string(let message)? = item["message"], case .string(let file)? = item["file"],
                  case .int(let line)? = item["line"], case .int(let column)? = item["column"],
                  case .int(let offset)? = item["offset"], case .int(let lineStart)? = item["lineStart"],
                  case .array(let notes)? = item["notes"], case .string(let text)? = item["text"] else { return nil }
            let position = SourcePosition(line: line, column: column, offset: offset, lineStart: lineStart)
            let noteTexts = notes.compactMap { note -> String? in if case .string(let s) = note { return s } else { return nil } }
            problems.append(.init(diagnostic: Diagnostic(code, message, file: file, at: position, notes: noteTexts, kind: kind), text: text))
        }
        var transcript = ScriptVerdict.Transcript.none
        if json["transcript"] != nil { transcript = .matches }
        if case .string(let diff)? = json["differs"] { transcript = .differs(diff) }
        if case .string(let file)? = json["updated"] { transcript = .updated(file) }
        if case .string(let file)? = json["created"] { transcript = .created(file) }
        if case .string(let file)? = json["notUpdated"] { transcript = .notUpdated(file) }
        if case .string(let reason)? = json["notCompared"] { transcript = .notCompared(reason) }
        var coverage: CoverageTally?
        if case .array(let hits)? = json["coverage"] {
            var tally = CoverageTally()
            for hit in hits {
                guard case .array(let parts) = hit, parts.count == 4, case .string(let name) = parts[0], let sdk = SDKID(named: name),
                      case .string(let kind) = parts[1], case .string(let id) = parts[2], case .int(let count) = parts[3] else { return nil }
                tally.add(CoverageKey(kind, id), sdk: sdk, count: count)
            }
            coverage = tally
        }
        var verdict = ScriptVerdict(path: path, expectations: expectations, problems: problems, omitted: omitted, transcript: transcript,
                                    exitCode: Int32(clamping: exitCode), seconds: 0, coverage: coverage)
        if case .int(let microseconds)? = json["microseconds"] { verdict.seconds = Double(microseconds) / 1e6 }
        if case .string(let test)? = json["test"] { verdict.test = test }
        if case .int(let failed)? = json["expectationsFailed"] { verdict.expectationsFailed = failed }
        if case .string(let reason)? = json["skipped"] { verdict.skipped = reason }
        if case .string(let svg)? = json["diagramSVG"] { verdict.diagramSVG = svg }
        return verdict
    }
}

extension ScriptVerdict {
    /// The verdict of a script whose run ended without one (its worker died, or could not
    /// be started): an error of that script (3). `waitStatus` is the worker's, as waitpid
    /// gives it; nil when there was no worker.
    package static func crashed(_ path: String, waitStatus status: Int32?, seconds: Double) -> ScriptVerdict {
        let how: String
        if let status, status & 0x7F != 0 {
            let signal = status & 0x7F
            how = "was killed by signal \(signal)\(signalName(signal).map { " (\($0))" } ?? "")"
        } else if let status {
            how = "ended with exit status \((status >> 8) & 0xFF) and no verdict"
        } else {
            how = "could not be started"
        }
        let message = "the run of this script \(how): a crash in credsh (please report it); the other scripts ran on"
        let diagnostic = Diagnostic(.runDied, message, file: path, at: SourcePosition(line: 1, column: 1, offset: 0, lineStart: 0))
        return ScriptVerdict(path: path, expectations: 0, problems: [.init(diagnostic: diagnostic, text: "credsh: \(TerminalSafe.text(path)): \(message) \(diagnostic.tag)\n")],
                             omitted: 0, transcript: .none, exitCode: 3, seconds: seconds)
    }

    private static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL, perhaps out of memory"
        case SIGSEGV: return "SIGSEGV"
        default: return nil
        }
    }
}
