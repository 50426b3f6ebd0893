import Foundation
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
import CredSimulator

/// The table of diagnostic codes (DiagnosticCode): each code's example produces it, the few
/// no script can show are tested where they arise, and docs/diagnostics.md is the page
/// the table writes.
@Suite struct DiagnosticCodeTests {
    /// A code's example run as its entry says (the files it sources, its options); the host
    /// holds what it reported. Nil for a code no script shows.
    static func run(_ code: DiagnosticCode) -> MemoryHost? {
        let example = code.entry.example
        guard example.script != nil else { return nil }
        let host = MemoryHost()
        host.files = example.files
        let options = Evaluator.Options(keepGoing: example.keepGoing, interactive: example.interactive,
                                        stepBudget: example.maximumSteps ?? Evaluator.defaultStepBudget)
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        if example.interrupted { evaluator.interruptRequested = { true } }
        let source = SourceFile(name: "test.credscript", bytes: example.bytes)
        if example.checked { _ = evaluator.checkFollowingSources(source) } else { evaluator.run(source) }
        return host
    }

    static let scripted = DiagnosticCode.allCases.filter { $0.entry.example.script != nil }

    @Test(arguments: scripted)
    func eachExampleProducesItsCode(_ code: DiagnosticCode) throws {
        let host = try #require(Self.run(code))
        let produced = host.diagnostics.filter { $0.code == code }
        #expect(!produced.isEmpty, "\(code.id)'s example reported: \(host.errors)")
        // The text shows the code at the end of the headline, and the kind its category gives
        // (a count of failures not shown takes the kind of those failures).
        #expect(host.errors.contains(" [\(code.id)]\n"), "\(host.errors)")
        if code != .failuresNotShown { #expect(produced.allSatisfy { $0.kind == code.category.kind }) }
    }

    /// The codes that no script shows by itself, each asserted by a test where it arises:
    /// the prompt's history (HistoryPromptTests), a killed run (HardenedTests), the language
    /// server's bounds (CredLSPTests.BoundsTests), a usage error (CommandLineTests).
    @Test func theCodesNoScriptShowsAreKnown() {
        let elsewhere = Set(DiagnosticCode.allCases.filter { $0.entry.example.script == nil })
        expectEqual(elsewhere, [.historySecretRemoved, .runDied, .documentNotHeld, .usage])
        #expect(DiagnosticCode.allCases.allSatisfy { $0.entry.example.script != nil || $0.entry.example.elsewhere != nil })
    }

    @Test func codesAreNumberedByCategory() {
        for code in DiagnosticCode.allCases {
            #expect(code.id.count == 6 && code.id.hasPrefix("CS"))
            expectEqual(DiagnosticCode(id: code.id), code)
            expectEqual(DiagnosticCode(id: code.id.lowercased()), code)
        }
        expectEqual(DiagnosticCode(id: "CS9999"), nil)
        expectEqual(DiagnosticCode(id: "CS+101"), nil)
        expectEqual(DiagnosticCode(id: "E0101"), nil)
        expectEqual(Set(DiagnosticCode.allCases.map(\.entry.title)).count, DiagnosticCode.allCases.count, "each title names one code")
    }

    @Test func explainPrintsACodesEntry() throws {
        let (host, _) = runScript("explain CS0301\nexplain cs0503\n")
        #expect(host.errors.isEmpty, "\(host.errors)")
        #expect(host.output.contains("diagnostic CS0301 unknown command"))
        #expect(host.output.contains("  kind:        error (exit code 2)"))
        #expect(host.output.contains("  example:     logn alice"))
        #expect(host.output.contains("  see:         docs/diagnostics.md#cs0301"))
        #expect(host.output.contains("diagnostic CS0503 command failed and no expect error followed"))
        #expect(host.output.contains("(exit code 1)"))
    }

    /// docs/diagnostics.md is what the table writes, with each example's diagnostic as
    /// printed. CREDSH_UPDATE_DOCS=1 rewrites it.
    @Test func theDocsPageIsTheTables() throws {
        var shown: [DiagnosticCode: String] = [:]
        for code in Self.scripted {
            guard let host = Self.run(code) else { continue }
            let formatter = DiagnosticFormatter()
            let source = SourceFile(name: "test.credscript", bytes: code.entry.example.bytes)
            if let diagnostic = host.diagnostics.first(where: { $0.code == code }) {
                // A diagnostic in a sourced file quotes no line of the example.
                let quoted = diagnostic.file == "test.credscript" ? source : nil
                shown[code] = formatter.format(diagnostic, source: quoted)
            }
        }
        let page = DiagnosticCodePage.markdown { shown[$0] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/diagnostics.md")
        if ProcessInfo.processInfo.environment["CREDSH_UPDATE_DOCS"] == "1" {
            try page.write(to: url, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: url, encoding: .utf8)
        expectEqual(written, page, "regenerate with: CREDSH_UPDATE_DOCS=1 swift test --filter DiagnosticCodeTests")
    }
}
