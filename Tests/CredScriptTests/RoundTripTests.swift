import Testing
import Expectations
#if canImport(Glibc)
import Glibc
#endif
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// What the text output shows can be written back as expectations: every callback line of
/// every example, pasted as it is shown (names of values in parentheses included) after
/// `expect event N`, N its place among the command's callbacks, passes.
@Suite struct RoundTripTests {
    /// Keeps each event's rendered line with the script line of the command that produced it.
    final class RecordingHost: ScriptHost {
        var line = 0
        /// The script run: echoes of other files (a sourced helper) are not its lines.
        var main = ""
        var eventLines: [Int: [String]] = [:]
        var runs: [Int: Int] = [:]
        var failed: Set<Int> = []
        var errors = ""
        let renderer = TextRenderer()

        func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
            switch record {
            case let .echo(_, file, line):
                // A line of a sourced helper (a procedure's body there) is not the script's.
                guard file == main else {
                    self.line = -1
                    return
                }
                self.line = line
                runs[line, default: 0] += 1
            case let .outcome(outcome, sdk):
                if case .event = outcome { eventLines[line, default: []].append(renderer.render(outcome, sdk: sdk)) }
                if Evaluator.failure(in: [outcome]) != nil { failed.insert(line) }
            case .commandError:
                failed.insert(line)
            case .text, .narration:
                break
            }
        }
        func report(_ diagnostic: Diagnostic, source: SourceFile?) { errors += DiagnosticFormatter().format(diagnostic, source: source) }
        /// The helper files the examples source (`inc/steps.inc`).
        func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
            guard let text = SmallTruthsTests.helperFiles(besides: CommandTableTests.packageRoot() + "/examples/x")[path] else {
                throw HostError("no file \(path) here")
            }
            return SourceFile(name: path, text: text)
        }
        func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
        func appendRecording(_ text: String) {}
        func endRecording() {}
    }

    /// The N-th callback `← name a=1 (GLOSS) b="x y" c=[p,q]` → `expect event N name a=1 (GLOSS) b="x y" c=[p,q]`.
    static func expectation(from rendered: String, place: Int) -> String {
        "expect event \(place) " + rendered.dropFirst(2)
    }

    static let examples: [String] = {
        let root = CommandTableTests.packageRoot() + "/examples/"
        guard let directory = opendir(root) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".credscript") { names.append(name) }
        }
        return names.sorted()
    }()

    @Test(arguments: examples)
    func everyShownEventReadsBackAsAPassingExpectation(name: String) throws {
        let text = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/examples/" + name))
        let host = RecordingHost()
        host.main = name
        Evaluator(simulation: Simulation(), options: .init(echo: true), host: host).run(SourceFile(name: name, text: text))
        #expect(host.errors.isEmpty, "\(host.errors)")

        // Insert each command's expectations after it and after the expectations that follow it.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var inserted = 0
        for (line, events) in host.eventLines.sorted(by: { $0.key < $1.key }) where host.runs[line] == 1 && !host.failed.contains(line) {
            var at = line  // 1-based line of the command = index after it
            while at < lines.count - inserted, lines[at + inserted].trimmedSpacesAndTabs.hasPrefix("expect ") { at += 1 }
            let expectations = events.enumerated().map { Self.expectation(from: $0.element, place: $0.offset + 1) }
            lines.insert(contentsOf: expectations, at: at + inserted)
            inserted += expectations.count
        }
        #expect(inserted > 0 || host.eventLines.isEmpty)
        let checked = RecordingHost()
        let evaluator = Evaluator(simulation: Simulation(), host: checked)
        evaluator.run(SourceFile(name: name, text: lines.joined(separator: "\n")))
        expectEqual(evaluator.exitCode, 0, "\(checked.errors)")
        #expect(evaluator.expectationsPassed >= inserted)
    }

    /// Pasted with its gloss, a line must still say what it showed: a gloss that names
    /// another value, or a value that has no name, is refused where it is written.
    @Test func aPastedGlossMustNameItsValue() {
        let login = "user add a password P\nlogin a\n"
        expectEqual(runScript(login + "expect event 1 getPassword userID=a challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY) attemptsLeft=3\n").1.exitCode, 0)
        expectEqual(runScript(login + "expect event getPassword challengeMode=RDNA_CHALLENGE_OP_VERIFY (RDNA_CHALLENGE_OP_VERIFY)\n").1.exitCode, 0)
        let wrong = runScript(login + "expect event getPassword challengeMode=0 (RDNA_OP_UPDATE_ON_EXPIRY)\n")
        expectEqual(wrong.1.exitCode, 2)
        #expect(wrong.0.errors.contains("test.credscript:3:42: error: (RDNA_OP_UPDATE_ON_EXPIRY) is not the name of challengeMode=0, which is (RDNA_CHALLENGE_OP_VERIFY)"))
        let nameless = runScript(login + "expect event getPassword attemptsLeft=3 (THREE)\n")
        #expect(nameless.0.errors.contains("getPassword.attemptsLeft has no name to write in parentheses after this value"))
    }
}
