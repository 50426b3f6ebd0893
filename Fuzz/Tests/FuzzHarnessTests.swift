import Foundation
import Testing
import Expectations
import CredLanguage
import CredEditor
import CredScript
import CredSimulator
@testable import CredFuzzHarness

/// The harness `make fuzz` drives, run here on its seeds: every example and every input
/// in Fuzz/regressions/ (each once crashed, trapped or hung credsh) must go through both
/// of its paths and come out with output rendered. A change to the language that the
/// harness does not follow breaks this build, not only the fuzz run in CI.
@Suite struct FuzzHarnessTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func seeds(in folder: String) throws -> [URL] {
        let url = repository.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { folder != "examples" || $0.pathExtension == "credscript" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everySeedRunsThroughTheBatchAndThePromptPaths() throws {
        let seeds = try Self.seeds(in: "examples") + Self.seeds(in: "Fuzz/regressions")
        #expect(seeds.count > 40)
        for seed in seeds {
            let bytes = Array(try Data(contentsOf: seed))
            let host = FuzzHost(script: bytes)
            FuzzRun.batch(bytes, host: host)
            let afterBatch = host.rendered
            FuzzRun.prompt(bytes, host: host)
            #expect(afterBatch > 0, "\(seed.lastPathComponent): the batch run rendered nothing")
            #expect(host.rendered > afterBatch, "\(seed.lastPathComponent): the prompt run rendered nothing")
        }
    }

    /// `source` reads the input itself: a script that sources itself stops (at the nesting
    /// bound and the step budget) instead of recursing without end; a hang fails the test.
    @Test(.timeLimit(.minutes(1))) func aScriptThatSourcesItselfStops() {
        let bytes = Array("state\nsource self.credscript\n".utf8)
        let host = FuzzHost(script: bytes)
        FuzzRun.batch(bytes, host: host)
        FuzzRun.prompt(bytes, host: host)
        #expect(host.rendered > 0)
    }

    /// The surfaces of issue 17 go through the harness in bounded time: a pattern that
    /// backtracks for hours elsewhere over a long line, and files that are not text scripts.
    @Test(.timeLimit(.minutes(1))) func patternsAndNonTextSourcesEndQuickly() {
        let line = String(repeating: "a", count: 5_000) + "!"
        let bytes = Array("echo \"\(line)\"\nexpect output ~\"(a+)+$\"\nsource nul.credscript\nsource binary.credscript\n".utf8)
        let host = FuzzHost(script: bytes)
        FuzzRun.batch(bytes, host: host)
        #expect(host.rendered > line.utf8.count)
        let nul = host.loadScriptBytes("nul.credscript"), binary = host.loadScriptBytes("binary.credscript")
        #expect(nul.contains(0) && binary.contains(0xFF))
    }

    @Test func theDictionaryHoldsEveryCommandAndEveryCatalogWord() {
        let words = Set(FuzzDictionary.words())
        for spec in CommandTable.standard.commands { #expect(words.contains(spec.name)) }
        for catalog in Simulation.catalogs {
            #expect(words.contains(catalog.name))
            for event in catalog.events { #expect(words.contains(event.name)) }
        }
        let text = FuzzDictionary.text()
        #expect(text.contains("\"\\x1B[31m\""), "bytes outside printable ASCII are written as \\xNN")
        #expect(!text.split(separator: "\n").dropFirst().contains { !$0.hasPrefix("\"") || !$0.hasSuffix("\"") })
    }

    /// Issue 31: the first line `#vars …` gives values from outside, as `--var` and
    /// `--secret` would, and the editor's analysis runs on every input.
    @Test func valuesFromOutsideAndTheEditorGoThroughTheHarness() {
        let bytes = Array("#vars pw=Zq9Abc1!x S_pin=52817 broken\nlogin alice $pw\nfor u p in a Zq9Fz1! { echo $u }\n".utf8)
        let values = FuzzRun.outsideValues(bytes)
        expectEqual(values.map(\.name), ["pw", "S_pin"])
        expectEqual(values.map(\.secret), [false, true])
        FuzzRun.run(bytes)
    }

    /// An input that starts `Content-Length:` goes to the language server, as an editor's
    /// bytes: the seed answers initialize and the hover, and its last header, a length near
    /// Int.max, is skipped with a message instead of trapping (issue 51).
    @Test func anInputOfFramesGoesToTheLanguageServer() throws {
        let seed = Self.repository.appendingPathComponent("Fuzz/regressions/lsp-content-length-past-int.txt")
        let sent = FuzzRun.languageServer(Array(try Data(contentsOf: seed)))
        #expect(sent.contains { $0.contains(#""id":1"#) && $0.contains("capabilities") }, "\(sent)")
        #expect(sent.contains { $0.contains(#""id":2"#) && $0.contains("contents") }, "\(sent)")
        #expect(sent.contains { $0.contains("credsh lsp skipped a message of 8796093022208 MiB") }, "\(sent)")
        FuzzRun.run(Array("Content-Length: 922337203685425152\r\n\r\n".utf8))
    }
}
