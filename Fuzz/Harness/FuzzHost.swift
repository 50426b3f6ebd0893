import CredLanguage
import CredEditor
import CredScript
import CredSimulator

/// The script host of a fuzz run: everything is rendered (as text and as JSON Lines,
/// diagnostics with their source window) so the renderers run on whatever the input
/// produced, and then dropped. Every file a script sources is the input itself, so
/// `source` meets a file that sources itself; a name with `nul` or `binary` in it reads
/// the input with a NUL byte or a byte that is not UTF-8 in the middle, the files
/// `source` must refuse before quoting any of them (ScriptText).
public final class FuzzHost: ScriptHost {
    public let script: [UInt8]
    private let text = TextRenderer()
    private let json = JSONLinesRenderer()
    private let formatter = DiagnosticFormatter()
    /// Bytes rendered so far: a sum, so the work cannot be optimised away.
    public private(set) var rendered = 0
    private var recording = false

    public init(script: [UInt8]) { self.script = script }

    public func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        rendered &+= text.render(record).utf8.count &+ json.render(record, from: origin).utf8.count
    }

    public func report(_ diagnostic: Diagnostic, source: SourceFile?) {
        rendered &+= formatter.format(diagnostic, source: source).utf8.count
    }

    public func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        guard !path.isEmpty, !path.hasPrefix("missing") else { throw HostError("cannot read \(path): No such file or directory") }
        let middle = script.count / 2
        if path.contains("nul") { return SourceFile(name: path, bytes: Array(script[..<middle]) + [0] + script[middle...]) }
        if path.contains("binary") { return SourceFile(name: path, bytes: Array(script[..<middle]) + [0xFF] + script[middle...]) }
        return SourceFile(name: path, bytes: script)
    }

    /// What `source PATH` reads, for the harness's own tests.
    public func loadScriptBytes(_ path: String) -> [UInt8] { (try? loadScript(path, includingFile: ""))?.bytes ?? [] }

    public func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        guard !path.hasPrefix("missing") else { throw HostError("cannot write \(path): No such file or directory") }
        rendered &+= text.utf8.count
        recording = true
    }

    public func appendRecording(_ text: String) {
        if recording { rendered &+= text.utf8.count }
    }

    public func endRecording() { recording = false }
}
