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
    /// The source bytes a held statement takes at the least, nearly always (`echo hi` and
    /// its newline): the room the reading makes for the statements before it starts.
    static let sourceBytesPerStatement = 8

    public let source: SourceFile
    /// The top-level statements in order; nil when the source was too large to hold.
    public let statements: [Statement]?
    /// The SDK active after each statement of `statements` (`sdk NAME` changes it).
    public let sdkAfter: SDKsAfter
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
        // Room made once for a statement every `sourceBytesPerStatement` bytes: grown from
        // nothing by doubling, the array was copied whole about fourteen times for 10,000
        // lines; counting the lines first cost more than the copies saved. Only a hint: a
        // denser source grows past it as before.
        // Bound: `maximumHeldBytes / sourceBytesPerStatement` statements, about 2 MB.
        if holds { statements.reserveCapacity(source.bytes.count / ParsedScript.sourceBytesPerStatement + 1) }
        var sdks = SDKsAfter(first: sdk)
        while let statement = nextStatement() {
            visit(statement)
            if holds {
                sdks.note(sdk, after: statements.count)
                statements.append(consume statement)  // moved in, not copied
            }
        }
        return ParsedScript(source: source, statements: holds ? statements : nil, sdkAfter: sdks, diagnostics: diagnostics,
                            endedInsideBlock: endedInsideBlock, tests: tests)
    }
}

/// The SDK active after each held statement, kept as the statements after which it changed:
/// nearly every script switches a few times at most, and an SDK noted for each statement
/// was an append, and a reference counted, for every line read.
public struct SDKsAfter: Sendable {
    /// The SDK active before the first statement.
    private let first: SDKID
    /// Each statement after which the SDK was another than after the one before it, in order.
    private var changes: [(statement: Int, sdk: SDKID)] = []

    init(first: SDKID) { self.first = first }

    /// Notes the SDK active after statement `index`, noted in order.
    mutating func note(_ sdk: SDKID, after index: Int) {
        if sdk != (changes.last?.sdk ?? first) { changes.append((index, sdk)) }
    }

    /// The SDK active after statement `index`: the last change at or before it (a binary
    /// search, bounded by the number of changes).
    public subscript(index: Int) -> SDKID {
        var low = 0, high = changes.count
        while low < high {
            let middle = (low + high) / 2
            if changes[middle].statement <= index { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? first : changes[low - 1].sdk
    }
}
