/// What the evaluator needs from the world outside the language: somewhere to write
/// output and diagnostics, and files to read and record into. The executable provides
/// the real one; tests provide one in memory.
public protocol ScriptHost: AnyObject {
    func emit(_ record: OutputRecord)
    func report(_ diagnostic: Diagnostic, source: SourceFile?)
    /// Reads the script `path` names, relative to the script `includingFile` that sources it.
    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile
    /// Creates `path` (mode 0600) holding `text`, to go on recording into.
    func beginRecording(_ path: String, text: String) throws(HostError)
    func appendRecording(_ text: String)
    func endRecording()
}

/// A file that could not be read or written, in words for the user.
public struct HostError: Error, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
