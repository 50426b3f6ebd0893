import CredSimulator

/// Reads a script (grammar.md, "Syntax"): the lexer's tokens, the parser's words and
/// structure (ReadStatement), then the resolver's walk over each top-level statement read,
/// which gives it meaning and checks it. Statements come out one at a time, so a long
/// script is never held whole; those with errors are left out, and every error is kept
/// (`diagnostics`).
public struct ScriptReader {
    var parser: Parser
    var resolver: Resolver
    /// The top-level statement read after the one being resolved: the resolver looks one
    /// statement ahead (`expect error` after a command refused on purpose).
    private var following: ReadStatement?
    private var started = false

    public init(_ source: SourceFile, table: CommandTable, sdk: SDKID = .first) {
        parser = Parser(source, table: table)
        resolver = Resolver(table: table, source: source, sdk: sdk)
    }

    public var source: SourceFile { parser.source }

    /// The next top-level statement, resolved and checked, or nil at the end. Lines with
    /// errors are skipped (and reported), so what this returns always ran the table's checks.
    public mutating func nextStatement() -> Statement? {
        if !started {
            started = true
            following = parser.nextStatement()
        }
        // Moved out, not copied: a statement read is handed on once.
        while let read = following.take() {
            following = parser.nextStatement()
            if let statement = resolver.resolve(read, followedByExpectError: following?.isExpectError == true) { return statement }
        }
        return nil
    }

    /// Reads everything, for checking only.
    public mutating func parseAll() -> [Statement] {
        var statements: [Statement] = []
        while let statement = nextStatement() { statements.append(statement) }
        return statements
    }

    /// Every error so far, in the order of their positions: the first
    /// `Diagnostic.keptPerFile` of each stage (lexer, parser, resolver), then one line that
    /// counts the rest. A token the lexer refused (a number too large) is reported once,
    /// not again by the stage that wanted a number there.
    public var diagnostics: [Diagnostic] {
        let refused = Set(parser.lexer.diagnostics.map(\.position.offset))
        let consequences = (parser.parserDiagnostics + resolver.diagnostics).filter { !refused.contains($0.position.offset) }
        let kept = (parser.lexer.diagnostics + consequences).sorted { $0.position.offset < $1.position.offset }
        let dropped = parser.droppedDiagnostics + resolver.dropped
        guard dropped > 0, let lastKept = kept.last else { return kept }
        return kept + [Diagnostic(.tooManyErrors, "… and \(dropped.grouped) more error\(dropped == 1 ? "" : "s") not shown (credsh reports the first \(Diagnostic.keptPerFile) of each kind per file)",
                                  file: source.name, at: lastKept.position)]
    }

    /// The SDK active at this point of the script (the resolver follows `sdk NAME`).
    public var sdk: SDKID { resolver.sdk }
    /// The named tests read so far, in order.
    public var tests: [DeclaredTest] { parser.tests }
    /// True when the input ended inside an unclosed block: at the prompt, ask for more.
    public var endedInsideBlock: Bool { parser.endedInsideBlock }

    /// Procedures callable here: those given (defined earlier at the prompt, or by the
    /// file that sources this one) and those this source defines as it is read. A call
    /// resolves only after its definition.
    public var procedures: [String: Procedure] {
        get { resolver.procedures }
        nonmutating set { resolver.procedures = newValue }
    }

    /// Reads a file a `source` line names, so that the procedures it defines are known to
    /// the lines after it; nil: they are not (a call of one is an unknown command).
    public var sourceLoader: SourcedFileReader? {
        get { resolver.scope.sourceLoader }
        nonmutating set { resolver.scope.sourceLoader = newValue }
    }
}
