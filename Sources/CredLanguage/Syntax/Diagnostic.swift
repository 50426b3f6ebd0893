/// One problem found in a script, reported as `file:line:column: error: message [CODE]`
/// followed by the source line and a caret. Every phase reports through this type.
public struct Diagnostic: Error, Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// The script does not parse or names a command wrongly: exit code 2.
        case syntax = "error"
        /// The script parsed but a command could not run: exit code 3.
        case runtime = "runtime error"
        /// A file could not be read or written: exit code 4.
        case io = "I/O error"
        /// An `expect` did not hold, or a command failed that no `expect error` named: exit code 1.
        case expectation = "expectation failed"
    }

    /// How many errors a file reports at most (each of the lexer and parser); the rest
    /// are counted in one closing line, so a file of a million bad lines costs no more
    /// memory than a file of a hundred.
    public static let keptPerFile = 100

    public let kind: Kind
    /// Its stable identity (DiagnosticCode, docs/diagnostics.md), shown after the message.
    public let code: DiagnosticCode
    public let message: String
    public let file: String
    public let position: SourcePosition
    /// Lines printed after the caret: the actual callbacks of a failed expectation, a hint.
    public var notes: [String]
    /// Where the caret goes in the source handed with this diagnostic when that source is a
    /// copy of the line alone, its secrets masked (KnownSecrets); nil: `position`.
    public var quotedPosition: SourcePosition?

    /// A diagnostic of `code`, of the kind its category gives unless `kind` says otherwise
    /// (a count of failures not shown is of the kind of those failures).
    public init(_ code: DiagnosticCode, _ message: String, file: String, at position: SourcePosition, notes: [String] = [],
                kind: Kind? = nil) {
        self.kind = kind ?? code.category.kind
        self.code = code
        self.message = message
        self.file = file
        self.position = position
        self.notes = notes
    }

    /// The exit code a batch run ends with when this is its failure.
    public var exitCode: Int32 { Self.exitCode(of: kind) }

    /// The exit code of a failure of `kind`.
    public static func exitCode(of kind: Kind) -> Int32 {
        switch kind {
        case .expectation: return 1
        case .syntax: return 2
        case .runtime: return 3
        case .io: return 4
        }
    }

    /// `file:line:column: kind: message [CS0101]`, on one line, as a report's summary shows
    /// it: the file's name is text from outside, made terminal-safe as the formatter makes it.
    /// The code comes last, as a compiler's `[-Wflag]` does, so a reader that takes
    /// `FILE:LINE:COLUMN: error: MESSAGE` still reads the line, the code in its message.
    public var headline: String { "\(file.escapingControls):\(position.line):\(position.column): \(kind.rawValue): \(message) \(tag)" }

    /// `[CS0101]`, as text output shows the code.
    public var tag: String { "[\(code.id)]" }
}
