import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Issue 22, item 3: the comment lines directly above a command are its narration, found
/// in the source text; echoed before it, drawn as a note across the lifelines.
@Suite struct NarrationTests {
    static func narration(of line: Int, in text: String) -> String? {
        let source = SourceFile(name: "n.credscript", text: text)
        var parser = ScriptReader(source, table: .standard, sdk: .first)
        let statement = parser.parseAll().first { $0.position.line == line }
        return statement.flatMap { Narration.above($0.position, in: source) }
    }

    @Test func theCommentLinesDirectlyAboveACommandAreItsNarration() {
        let text = """
            # header, then a blank line

            # Now the password is expired:
            #   watch the challenge mode
            login alice "Passw0rd!"
            logout
              # indented, CRLF\r
              expire alice
            # not above anything: a blank line follows

            users
            """
        expectEqual(Self.narration(of: 5, in: text), "Now the password is expired: watch the challenge mode")
        expectEqual(Self.narration(of: 6, in: text), nil, "a command right under another has none")
        expectEqual(Self.narration(of: 8, in: text), "indented, CRLF")
        expectEqual(Self.narration(of: 11, in: text), nil, "a blank line ends the narration")
    }

    @Test func aNarrationIsBounded() {
        let long = String(repeating: "x", count: 10_000)
        let text = (0..<40).map { "# line \($0) \(long.prefix(50))" }.joined(separator: "\n") + "\nusers\n"
        let found = Self.narration(of: 41, in: text)
        #expect(found != nil)
        #expect(found!.count <= Narration.maximumText + 1)
        let huge = "# \(long)\nusers\n"
        expectEqual(Self.narration(of: 2, in: huge), nil, "a comment line longer than the bound is not read")
    }

    final class Records: ScriptHost {
        var records: [OutputRecord] = []
        var recorder = SequenceDiagram.Recorder()
        func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
            records.append(record)
            recorder.record(record, activeSDK: SDKID(named: "relid")!)
        }
        func report(_ diagnostic: Diagnostic, source: SourceFile?) {}
        func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile { throw HostError("none") }
        func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
        func appendRecording(_ text: String) {}
        func endRecording() {}
    }

    @Test func theEchoShowsTheNarrationFirstAndThePictureDrawsIt() {
        let host = Records()
        var options = Evaluator.Options(echo: true)
        options.narrates = true
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        evaluator.run(SourceFile(name: "n.credscript", text: "user add alice password \"Passw0rd!\"\n# Alice <logs> in & the SDK asks\nlogin alice \"Passw0rd!\"\n"))
        let text = host.records.map { TextRenderer().render($0) }.joined()
        #expect(text.contains("# Alice <logs> in & the SDK asks\n> login alice ***\n"), "\(text)")
        let diagram = host.recorder.diagram(title: "t")
        expectEqual(diagram.steps.map(\.narration), [nil, "Alice <logs> in & the SDK asks"])
        let svg = SVGWriter().render(diagram)
        #expect(svg.contains("# Alice &lt;logs&gt; in &amp; the SDK asks"), "escaped in SVG")
        #expect(MermaidWriter().render(diagram).contains("Note over relid_app,relid_server: # Alice"))

        // Without `narrates` (a transcript of credsh test) nothing changes.
        let plain = Records()
        Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true), host: plain)
            .run(SourceFile(name: "n.credscript", text: "# story\nusers\n"))
        #expect(!plain.records.contains { if case .narration = $0 { return true } else { return false } })
    }
}
