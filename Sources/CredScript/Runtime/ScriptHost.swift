import CredLanguage
/// What the evaluator needs from the world outside the language: somewhere to write
/// output and diagnostics, and files to read and record into. The executable provides
/// the real one; tests provide one in memory.
public protocol ScriptHost: AnyObject {
    /// Shows a record; `origin` is the statement that produced it, when one did.
    func emit(_ record: OutputRecord, from origin: RecordOrigin?)
    func report(_ diagnostic: Diagnostic, source: SourceFile?)
    /// Reads the script `path` names, relative to the script `includingFile` that sources it.
    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile
    /// Creates `path` (mode 0600) holding `text`, to go on recording into from now on.
    /// An existing file is refused unless `overwrite` is true; on any failure the
    /// recording that was running (if any) goes on untouched.
    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError)
    func appendRecording(_ text: String)
    func endRecording()
    /// Starts, stops or describes the served SDK's HTTP server (`serve start|stop`), which
    /// only the executable's prompt can run; returns lines to print.
    func serve(_ request: ServeRequest) throws(HostError) -> [String]
    /// Starts or stops the live page, or shows or masks secrets (ClassroomCommands), which
    /// only the executable's prompt does; returns lines to print.
    func classroom(_ request: ClassroomRequest) throws(HostError) -> [String]
    /// At the prompt: the session so far as a sequence diagram (`diagram`); nil where
    /// none is kept (a script run, a test).
    func sessionDiagram(title: String) -> SequenceDiagram?
    /// Writes a picture (`diagram FILE`), replacing the file.
    func writePicture(_ path: String, text: String) throws(HostError)
    /// `compact on|off`: text output that shows what a flow already showed only once.
    /// False when the host's output is not text for people (JSON Lines, a test's memory).
    func setCompact(_ on: Bool) -> Bool
    /// Shows `lines` through a pager when that is what a person at a terminal wants (at the
    /// prompt, longer than the screen); false when it did not, and they are to be printed.
    func page(_ lines: [String]) -> Bool
    /// The width of the terminal the output goes to, for text wrapped to it (`help`);
    /// nil when it goes to none.
    var terminalColumns: Int? { get }
}

/// Hosts that keep no session, write no pictures and print no text do not need these.
extension ScriptHost {
    public func sessionDiagram(title: String) -> SequenceDiagram? { nil }
    public func writePicture(_ path: String, text: String) throws(HostError) {
        throw HostError("cannot write \(path) here")
    }
    public func setCompact(_ on: Bool) -> Bool { false }
    public func page(_ lines: [String]) -> Bool { false }
    public var terminalColumns: Int? { nil }
}

extension ScriptHost {
    /// A host without a prompt (a batch run, a test's host in memory) serves nothing.
    public func serve(_ request: ServeRequest) throws(HostError) -> [String] {
        throw .servingNeedsThePrompt
    }
}

extension HostError {
    /// Why `serve start` cannot run in a script.
    public static let servingNeedsThePrompt =
        HostError("serve works at the credsh prompt; to serve after setup scripts, run: credsh serve SCRIPT...")
}

/// What `serve start [PORT]`, `serve stop` and `serve` ask of the host. The language knows
/// nothing of sockets: the host that runs the prompt answers.
public enum ServeRequest: Equatable, Sendable {
    /// Start serving on loopback; nil for the default port, 0 for any free port.
    case start(port: Int?)
    case stop
    case status
}

extension ScriptHost {
    /// Shows a record that no statement produced.
    public func emit(_ record: OutputRecord) { emit(record, from: nil) }
}

/// A file that could not be read or written, in words for the user.
public struct HostError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
