import CredLanguage
import CredScript
import CredCommandLine
import CredSuite
import CredServe
import CredSimulator

/// The executable's side of a script run: results to stdout as text or JSON Lines,
/// diagnostics to stderr, scripts from files, recordings to private files.
final class TerminalHost: ScriptHost {
    let streams: StandardStreams
    let format: any RunFormat
    /// Renders the records in `format`.
    let writer: any RecordWriter
    let diagnostics: DiagnosticFormatter
    /// Records to standard output are coloured (a terminal, no NO_COLOR).
    let color: Bool
    /// Nothing of the output is wanted (standard output is /dev/null, a served page shows
    /// it instead): records are not rendered; diagnostics still go to standard error.
    var quiet = false
    /// Scripts, recordings and pictures, as files (ScriptFiles).
    private let files = ScriptFiles()
    /// At the prompt: the session drawn as it goes, which `diagram` shows. It follows the
    /// run's events itself; the host only answers with its picture.
    var diagram: DiagramFollower?
    /// Who shows the echoed commands (`--echo`, the prompt, `--step`, `--live`).
    var echo = EchoLines.printed

    /// Who shows an echoed command, and its narration.
    enum EchoLines {
        /// This host prints them (`--echo`).
        case printed
        /// At the prompt, what was typed is on the screen already; a command of a file
        /// `source` runs is not, so it is printed before its results, as --echo shows it.
        case notTypedAtThePrompt
        /// `--step`: the pacer, a subscriber of the run, shows each command and waits;
        /// the host prints the narration above it.
        case shownByStepPacer
        /// `--live` without `--echo`: commands are echoed for the page, not printed.
        case hidden
    }

    init(streams: StandardStreams, format: any RunFormat, color: Bool, errorColor: Bool) {
        self.streams = streams
        self.format = format
        self.writer = format.makeWriter(color: color)
        self.color = color
        self.diagnostics = DiagnosticFormatter(style: errorColor ? .ansi : .plain)
    }

    /// Each record is rendered once, in the format asked for, into this one buffer.
    private var line = ""

    func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        switch record {
        case .echo(_, let file, _):
            switch echo {
            case .printed: break
            case .notTypedAtThePrompt: guard file != REPL.sourceName else { return }
            case .shownByStepPacer, .hidden: return
            }
        case .narration:
            guard echo != .hidden else { return }
        default: break
        }
        guard !quiet else { return }
        line.removeAll(keepingCapacity: true)
        writer.write(record, from: origin, to: &line)
        streams.write(line)
    }

    func report(_ diagnostic: Diagnostic, source: SourceFile?) {
        // Standard output says what the commands produced; standard error says why the run
        // failed, and where. With JSON, a failed expectation and a syntax error are also
        // records in the output, so a reader of the stream alone sees the script fail.
        if !quiet, diagnostic.kind == .expectation || diagnostic.kind == .syntax { streams.write(format.failureRecord(diagnostic)) }
        streams.writeError(diagnostics.format(diagnostic, source: source))
    }

    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        try files.loadScript(path, includingFile: includingFile)
    }

    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        try files.beginRecording(path, text: text, overwrite: overwrite)
    }

    func appendRecording(_ text: String) {
        if let problem = files.appendRecording(text) { streams.writeError("credsh: \(TerminalSafe.text(problem)); recording stopped\n") }
    }

    func endRecording() { files.endRecording() }

    func sessionDiagram(title: String) -> SequenceDiagram? { diagram?.diagram(title: title) }

    func writePicture(_ path: String, text: String) throws(HostError) { try files.writePicture(path, text: text) }

    func setCompact(_ on: Bool) -> Bool { writer.setCompact(on) }

    /// At the prompt only: long output (`help all`) goes through $PAGER (Pager).
    var pagesLongOutput = false

    func page(_ lines: [String]) -> Bool {
        guard pagesLongOutput, format.isForPeople, !quiet, let command = Pager.command(for: lines) else { return false }
        streams.flush()
        return Pager.show(lines, through: command)
    }

    /// Text for people on a terminal: the width `help` wraps to, one less than the
    /// terminal's, so that no line fills the last column (where some terminals wrap it).
    var terminalColumns: Int? {
        guard format.isForPeople, !quiet, StandardStreams.stdoutIsTerminal, let columns = Pager.terminalSize()?.columns else { return nil }
        return max(1, columns - 1)
    }

    /// What `serve start|stop` and `serve` do: set at the prompt only (PromptServer).
    var serveHook: ((ServeRequest) throws(HostError) -> [String])?

    /// What `live start|stop`, `live` and `secrets` do: set at the prompt only (Classroom).
    var classroomHook: ((ClassroomRequest) throws(HostError) -> [String])?

    func classroom(_ request: ClassroomRequest) throws(HostError) -> [String] {
        guard let classroomHook else { throw HostError("live and secrets work at the credsh prompt; for a script, run: credsh --live [--show-secrets] [--step] SCRIPT") }
        return try classroomHook(request)
    }

    func serve(_ request: ServeRequest) throws(HostError) -> [String] {
        guard let serveHook else { throw .servingNeedsThePrompt }
        return try serveHook(request)
    }
}
