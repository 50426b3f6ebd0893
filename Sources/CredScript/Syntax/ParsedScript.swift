import CredSimulator

/// A source read once, whole (docs/development.md, "Layout"): its statements with the SDK active after
/// each, every syntax error, whether it ended inside a block, and the tests it names. Run,
/// check, test, the prompt's history masking and its refusal of recalled secrets all use
/// this one reading.
///
/// A source larger than `maximumHeldBytes` is not held: its statements are read again, one
/// at a time, when it runs, so memory stays flat however large a generated script is (a
/// statement held costs up to about 60 times its text: 149,000 `echo x` lines, 1 MB, held
/// took 64 MB).
public struct ParsedScript {
    /// Sources up to this size are held whole (at most about 16 MB of statements): every
    /// script written by hand, and every line typed at the prompt.
    public static let maximumHeldBytes = 256 << 10

    public let source: SourceFile
    /// The top-level statements in order; nil when the source was too large to hold.
    public let statements: [Statement]?
    /// The SDK active after each statement of `statements` (`sdk NAME` changes it).
    public let sdkAfter: [SDKID]
    public let diagnostics: [Diagnostic]
    /// The input ended inside an unclosed block: at the prompt, ask for more.
    public let endedInsideBlock: Bool
    public let tests: [DeclaredTest]

    public var parses: Bool { diagnostics.isEmpty && !endedInsideBlock }
}

extension ScriptReader {
    /// Reads the whole source, handing each statement to `visit` as it is read; holds the
    /// statements when the source is small enough.
    public mutating func readScript(visit: (Statement) -> Void = { _ in }) -> ParsedScript {
        let holds = source.bytes.count <= ParsedScript.maximumHeldBytes
        var statements: [Statement] = []
        var sdks: [SDKID] = []
        while let statement = nextStatement() {
            visit(statement)
            if holds {
                statements.append(consume statement)  // moved in, not copied
                sdks.append(sdk)
            }
        }
        return ParsedScript(source: source, statements: holds ? statements : nil, sdkAfter: sdks, diagnostics: diagnostics,
                            endedInsideBlock: endedInsideBlock, tests: tests)
    }
}
