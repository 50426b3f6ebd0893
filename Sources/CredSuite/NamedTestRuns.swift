import CredLanguage
import CredScript

/// `credsh test` on a file with named tests that parses (docs/suites.md, "Named tests"): each chosen test is
/// a run of its own — a fresh simulation, the setup, then its body — and a verdict of its
/// own, named `FILE: NAME`. The transcript is the file's: the setup's output once, then
/// each test's own lines (TranscriptFile), judged section by section, and
/// only when every test ran (`--filter` that leaves some out runs part of a file, whose
/// transcript it cannot be).
package enum NamedTestRuns {
    package static func run(_ path: String, names: [String], allChosen: Bool, _ settings: ScriptTest.Settings,
                    runOne: (_ test: String, _ transcribes: Bool) -> (ScriptVerdict, [UInt8]?)) -> [ScriptVerdict] {
        guard !names.isEmpty else { return [] }
        let transcript = TranscriptFile(path: path, update: settings.update, outside: settings.outside.recorded)
        let compares = allChosen && transcript.wanted
        var verdicts: [ScriptVerdict] = []
        var outputs: [[UInt8]?] = []
        for name in names {
            let (verdict, output) = runOne(name, compares)
            verdicts.append(verdict)
            outputs.append(output)
        }
        verdicts[0].absorb(transcript.readProblems)
        if compares { transcript.judge(sections: outputs, into: &verdicts) }
        for index in verdicts.indices { verdicts[index].keepsDiagramOnlyIfFailed() }
        return verdicts
    }
}
