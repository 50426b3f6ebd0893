import Testing
import Expectations
import CredLanguage
import CredScript
import CredSimulator
@testable import CredSuite

/// The wire between `credsh test` and its workers, with no worker started: a verdict
/// crosses it whole, requests are cut at their NUL, a worker answers each on one line.
@Suite struct WireTests {
    static func verdict() -> ScriptVerdict {
        let diagnostic = Diagnostic(.expectationFailed, "expected \"a\nb\"", file: "x.credscript",
                                    at: SourcePosition(line: 3, column: 5, offset: 40, lineStart: 36), notes: ["note one"])
        var tally = CoverageTally()
        tally.add(CoverageKey("callback", "getPassword"), sdk: SDKID(named: "relid")!, count: 2)
        var verdict = ScriptVerdict(path: "x.credscript", expectations: 4, problems: [.init(diagnostic: diagnostic, text: "x.credscript:3:5: …\n")],
                                    omitted: 7, transcript: .differs("--- a\n+++ b\n"), exitCode: 1, seconds: 0.25, coverage: tally)
        verdict.test = "login \"works\""
        verdict.expectationsFailed = 2
        verdict.diagramSVG = "<svg/>"
        return verdict
    }

    @Test func aVerdictCrossesTheWireWholeOnOneLine() throws {
        let line = VerdictWire.encode([Self.verdict()])
        #expect(line.hasSuffix("\n"))
        expectEqual(line.dropLast().contains("\n"), false, "one line: the runner reads up to its newline")
        let back = try #require(VerdictWire.decode(Array(line.utf8), path: "x.credscript"))
        expectEqual(back.count, 1)
        let verdict = back[0]
        expectEqual(verdict.test, "login \"works\"")
        #expect(verdict.expectations == 4 && verdict.expectationsFailed == 2 && verdict.omitted == 7)
        #expect(verdict.exitCode == 1 && verdict.seconds == 0.25)
        expectEqual(verdict.problems.first?.diagnostic.message, "expected \"a\nb\"")
        expectEqual(verdict.problems.first?.diagnostic.notes, ["note one"])
        expectEqual(verdict.problems.first?.diagnostic.position.line, 3)
        expectEqual(verdict.problems.first?.text, "x.credscript:3:5: …\n")
        #expect(verdict.transcriptDiffers)
        expectEqual(verdict.diagramSVG, "<svg/>")
        expectEqual(verdict.coverage?.counts[SDKID(named: "relid")!]?[CoverageKey("callback", "getPassword")], 2)
    }

    @Test func aVerdictCutShortIsNone() {
        let line = VerdictWire.encode([Self.verdict()])
        #expect(VerdictWire.decode(Array(line.utf8.prefix(line.utf8.count / 2)), path: "x.credscript") == nil)
        #expect(VerdictWire.decode([], path: "x.credscript") == nil)
    }

    @Test func requestsAreCutAtTheirNULWhateverTheChunks() {
        var frames = WorkerWire.Frames(separator: 0)
        frames.append(WorkerWire.request("a.credscript") + Array(WorkerWire.request("dir/b c.credscript").prefix(5)))
        expectEqual(frames.next().map { String(decoding: $0, as: UTF8.self) }, "a.credscript")
        expectEqual(frames.next(), nil)
        frames.append(Array(WorkerWire.request("dir/b c.credscript").dropFirst(5)))
        expectEqual(frames.next().map { String(decoding: $0, as: UTF8.self) }, "dir/b c.credscript")
        expectEqual(frames.pending, 0)
    }

    @Test func aWorkerAnswersEachRequestOnALineInOrder() throws {
        let folder = try SuiteFolder.classic()
        let requests = WorkerWire.request(folder.path + "/a-pass.credscript") + WorkerWire.request(folder.path + "/b-fail.credscript")
        // The requests arrive a few bytes at a time, as a pipe may hand them over.
        var chunks = stride(from: 0, to: requests.count, by: 7).map { Array(requests[$0..<min($0 + 7, requests.count)]) }
        var answers: [String] = []
        var started: [String] = []
        WorkerWire.serve(ScriptTest.Settings(), read: { chunks.isEmpty ? nil : chunks.removeFirst() },
                         answer: { answers.append($0); return true }, starting: { started.append($0) })
        expectEqual(started, [folder.path + "/a-pass.credscript", folder.path + "/b-fail.credscript"])
        expectEqual(answers.count, 2)
        #expect(answers.allSatisfy { $0.hasSuffix("\n") && !$0.dropLast().contains("\n") })
        let first = try #require(VerdictWire.decode(Array(answers[0].utf8), path: started[0]))
        let second = try #require(VerdictWire.decode(Array(answers[1].utf8), path: started[1]))
        expectEqual(first.map(\.passed), [true])
        expectEqual(second.map(\.exitCode), [1])
    }

    @Test func aWorkerStopsWhenTheRunnerGoesOrARequestHasNoEnd() throws {
        let folder = try SuiteFolder.classic()
        var chunks = [WorkerWire.request(folder.path + "/a-pass.credscript") + WorkerWire.request(folder.path + "/a-pass.credscript")]
        var answered = 0
        WorkerWire.serve(ScriptTest.Settings(), read: { chunks.isEmpty ? nil : chunks.removeFirst() },
                         answer: { _ in answered += 1; return false })
        expectEqual(answered, 1, "the runner has gone: nothing more is run")
        // A request with no NUL is read up to its bound, and no further.
        var reads = 0
        WorkerWire.serve(ScriptTest.Settings(), read: { reads += 1; return [UInt8](repeating: 0x61, count: 1 << 12) },
                         answer: { _ in Issue.record("no request ended"); return true })
        expectEqual(reads, WorkerWire.maximumPathBytes / (1 << 12) + 1)
    }

    @Test func aScriptWhoseWorkerDiedIsThatScriptsError() {
        let killed = ScriptVerdict.crashed("b.credscript", waitStatus: 9, seconds: 1)
        #expect(killed.exitCode == 3 && killed.failed && killed.isError)
        expectEqual(killed.problems.first?.text, "credsh: b.credscript: the run of this script was killed by signal 9 (SIGKILL, perhaps out of memory): a crash in credsh (please report it); the other scripts ran on [CS0410]\n")
        let exited = ScriptVerdict.crashed("b.credscript", waitStatus: 5 << 8, seconds: 1)
        expectEqual(exited.problems.first?.diagnostic.message.contains("ended with exit status 5 and no verdict"), true)
        let never = ScriptVerdict.crashed("b.credscript", waitStatus: nil, seconds: 1)
        expectEqual(never.problems.first?.diagnostic.message.contains("could not be started"), true)
    }
}
