import CredLanguage
import CredScript
import CredSimulator

/// A script host in memory: what a run printed, as text, and the diagnostics it reported.
final class MemoryHost: ScriptHost {
    var output = ""
    var errors = ""
    var diagnostics: [Diagnostic] = []
    var files: [String: String] = [:]
    var recordings: [String: String] = [:]
    private var recordingPath: String?
    let renderer = TextRenderer()

    var records: [(OutputRecord, RecordOrigin?)] = []

    func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        records.append((record, origin))
        output += renderer.render(record)
    }

    func report(_ diagnostic: Diagnostic, source: SourceFile?) {
        diagnostics.append(diagnostic)
        errors += DiagnosticFormatter().format(diagnostic, source: source)
    }

    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        guard let text = files[path] else { throw HostError("cannot read \(path): No such file or directory") }
        return SourceFile(name: path, text: text)
    }

    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        if recordings[path] != nil, !overwrite { throw HostError("\(path) already exists; 'record --force \(path)' replaces it") }
        if path.hasPrefix("/nonexistent/") { throw HostError("cannot write \(path): No such file or directory") }
        recordings[path] = text
        recordingPath = path
    }

    func appendRecording(_ text: String) {
        if let recordingPath { recordings[recordingPath, default: ""] += text }
    }

    func endRecording() { recordingPath = nil }
}

/// Runs `text` as a script named `test.credscript`; returns the host and the evaluator.
@discardableResult
func runScript(_ text: String, keepGoing: Bool = false, interactive: Bool = false, echo: Bool = false,
               files: [String: String] = [:]) -> (MemoryHost, Evaluator) {
    let host = MemoryHost()
    host.files = files
    let evaluator = Evaluator(simulation: Simulation(seed: 0),
                              options: .init(echo: echo, keepGoing: keepGoing, interactive: interactive), host: host)
    evaluator.run(SourceFile(name: "test.credscript", text: text))
    return (host, evaluator)
}

func tokens(_ text: String) -> (kinds: [TokenKind], tokens: [Token], diagnostics: [Diagnostic]) {
    var lexer = Lexer(SourceFile(name: "t", text: text))
    var all: [Token] = []
    while true {
        let token = lexer.next()
        all.append(token)
        if token.kind == .end { break }
    }
    return (all.map(\.kind), all, lexer.diagnostics)
}

func parse(_ text: String) -> (statements: [Statement], diagnostics: [Diagnostic], endedInsideBlock: Bool) {
    var parser = ScriptReader(SourceFile(name: "t.credscript", text: text))
    let statements = parser.parseAll()
    return (statements, parser.diagnostics, parser.endedInsideBlock)
}
