import CredLanguage
import CredScript
import CredSimulator

/// One problem an editor shows: what `credsh check` reports, with the span it covers.
public struct EditorDiagnostic: Equatable, Sendable {
    public enum Severity: Sendable { case error, warning }
    public let span: TextSpan
    public let message: String
    public let severity: Severity
    /// The code of the diagnostic it shows (docs/diagnostics.md).
    public let code: DiagnosticCode
}

/// How an editor reads the script a `source` line names: `path` as written, resolved
/// against the script `includingFile` (its name), as `ScriptHost.loadScript` does at run
/// time. The server reads open documents from memory and the rest from disk.
public typealias SourceLoader = @Sendable (_ path: String, _ includingFile: String) -> Result<SourceFile, HostError>

/// What an editor needs to know of a script, found in one pass of the language's own
/// parser: its diagnostics (and those of the scripts it sources), which SDK is active on
/// each line, the variables bound and used, the users added, the blocks and sourced files.
/// Hover, completion, navigation and symbols read it; none of them parses the file again
/// (they lex or parse one line). Bound: everything kept is linear in the file's size, and
/// diagnostics are the reader's: the first `Diagnostic.keptPerFile` of each stage per file.
public struct DocumentAnalysis: Sendable {
    public let text: DocumentText
    /// The name diagnostics and sourced paths are resolved against (a path).
    public let name: String
    public let initialSDK: SDKID
    public private(set) var diagnostics: [EditorDiagnostic] = []
    /// Diagnostics of the scripts this one sources (and they source), by their names.
    public private(set) var sourcedDiagnostics: [(name: String, diagnostics: [EditorDiagnostic])] = []

    /// A `let`: its name, the line, and the value when it is written out.
    struct Binding {
        let name: String
        let line: Int
        let letOffset: Int
        let value: String?
        let copiedFrom: String?
    }

    /// A `$NAME` in the file, by byte range.
    struct Use {
        let name: String
        let range: Range<Int>
    }

    /// A `source FILE` line: the path as written, its byte range, and the file it names
    /// when the loader found one.
    struct SourceLink {
        let line: Int
        let path: String
        let range: Range<Int>
        var resolved: String?
    }

    /// 0-based lines from which an `sdk NAME` line makes NAME active, in order.
    private(set) var sdkChanges: [(line: Int, sdk: SDKID)] = []
    /// The top-level `sdk NAME` lines (0-based) and the SDK each makes active: the sections.
    private(set) var sections: [(line: Int, sdk: SDKID)] = []
    private(set) var bindings: [Binding] = []
    private(set) var uses: [Use] = []
    private(set) var sourceLinks: [SourceLink] = []
    private(set) var users: [(line: Int, name: String)] = []
    /// The 0-based lines of `repeat`, `for` and `proc` statements.
    private(set) var blockLines: [Int] = []
    /// Where this file calls a procedure: its name and the bytes of the name.
    private(set) var procedureCalls: [(name: String, range: Range<Int>)] = []
    /// The procedures this file defines, in order.
    public private(set) var procedureDefinitions: [Procedure] = []
    /// Every procedure a call may name at the end of the file: its own and those of the
    /// files it sources.
    public private(set) var procedures: [String: Procedure] = [:]
    /// The file's secrets as a run reads them before it starts (SecretReading, into the one
    /// account of them, SecretLedger): which names hold one, and which literal values are
    /// ones (by their place, their name, or their shape in a line that does not parse).
    private var secrets = SecretLedger()
    /// Every variable this file and the files it sources bind: a use of another is
    /// warned about (UnboundVariables), as `credsh check` reports it.
    private(set) var boundNames: Set<String> = []

    /// Files sourced at most this deep, as a run does (Limits.standard.sourceDepth).
    static let maximumSourceDepth = Limits.standard.sourceDepth

    public init(_ source: SourceFile, sdk: SDKID = .first, loader: SourceLoader? = nil) {
        var seen: Set<String> = [source.name]
        self.init(source, sdk: sdk, loader: loader, depth: 0, seen: &seen)
    }

    private init(_ source: SourceFile, sdk: SDKID, loader: SourceLoader?, depth: Int, seen: inout Set<String>) {
        text = DocumentText(bytes: source.bytes)
        name = source.name
        initialSDK = sdk
        var parser = ScriptReader(source, sdk: sdk)
        if let loader { parser.sourceLoader = { path, including in try? loader(path, including).get() } }
        var active = sdk
        var variables = UnboundVariables()
        var reading = SecretReading.Stream()
        while let statement = parser.nextStatement() {
            variables.add(statement, in: source)
            collect(statement, source: source)
            reading.add(statement, in: source)
            let line = statement.position.line - 1
            if case .command(let call) = statement, call.spec.name == "sdk", !call.arguments.all.isEmpty {
                sections.append((line, parser.sdk))
            }
            // The SDK a statement switched to is active from the next line (a block's
            // `sdk` line counts from the line after the block's first: rare, and close).
            if parser.sdk != active {
                active = parser.sdk
                sdkChanges.append((line + 1, active))
            }
        }
        secrets.learn(reading.facts(diagnostics: parser.diagnostics.filter { $0.file == source.name }, source: source))
        diagnostics = parser.diagnostics.map { editorDiagnostic($0) }
        procedures = parser.procedures
        boundNames = variables.bound
        if let loader { checkSourced(loader: loader, depth: depth, seen: &seen) }
        // A warning, not an error: the editor cannot know the --var options a run will give.
        if diagnostics.isEmpty {
            diagnostics += variables.problems(given: boundNames).map { editorDiagnostic($0.0, severity: .warning) }
        }
    }

    // MARK: Reading the statements

    private mutating func collect(_ statement: Statement, source: SourceFile) {
        switch statement {
        case let .binding(name, value, position, _, _):
            var written: String? = nil, copied: String? = nil
            switch value.kind {
            case .variable(let from):
                copied = from
                uses.append(Use(name: from, range: value.sourceRange))
            case .integer, .duration, .word:
                written = value.writtenText(in: source)
            default:
                written = value.literalValue?.text
            }
            bindings.append(Binding(name: name, line: position.line - 1, letOffset: position.offset, value: written, copiedFrom: copied))
        case let .repetition(count, body, position):
            blockLines.append(position.line - 1)
            note(count)
            for inner in body { collect(inner, source: source) }
        case .capture(let capture):
            bindings.append(Binding(name: capture.name, line: capture.position.line - 1, letOffset: capture.position.offset,
                                    value: nil, copiedFrom: nil))
        case .comparison(let comparison):
            note(comparison.left)
            note(comparison.right)
        case .loop(let loop):
            blockLines.append(loop.position.line - 1)
            loop.values.forEach { note($0) }
            for name in loop.names {
                bindings.append(Binding(name: name, line: loop.position.line - 1, letOffset: loop.position.offset, value: nil, copiedFrom: nil))
            }
            for inner in loop.body { collect(inner, source: source) }
        case .procedure(let procedure):
            blockLines.append(procedure.position.line - 1)
            if procedure.source.name == name { procedureDefinitions.append(procedure) }
            for inner in procedure.body { collect(inner, source: source) }
        case .test(let test):
            blockLines.append(test.position.line - 1)
            for inner in test.body { collect(inner, source: source) }
        case .call(let call):
            call.arguments.forEach { note($0) }
            procedureCalls.append((call.procedure.name, call.position.offset..<(call.position.offset + call.procedure.name.utf8.count)))
        case .command(let call):
            for parameter in call.spec.parameters {
                switch call.arguments[parameter] {
                case .single(let expression)?:
                    note(expression)
                    if call.spec.name == "source", let path = expression.literalValue?.text {
                        sourceLinks.append(SourceLink(line: call.position.line - 1, path: path, range: expression.sourceRange))
                    }
                    if parameter.kind == .newUser, let user = expression.literalValue?.text {
                        users.append((call.position.line - 1, user))
                    }
                case .list(let expressions)?:
                    expressions.forEach { note($0) }
                case .pairs(let pairs)?:
                    pairs.forEach { note($0.value) }
                case nil:
                    break
                }
            }
        }
    }

    private mutating func note(_ expression: Expression) {
        if case .variable(let name) = expression.kind { uses.append(Use(name: name, range: expression.sourceRange)) }
    }

    // MARK: Diagnostics

    /// The span of what a diagnostic points at: the token there, else the word.
    private func editorDiagnostic(_ diagnostic: Diagnostic, severity: EditorDiagnostic.Severity = .error) -> EditorDiagnostic {
        // Masked as `credsh check` masks it (the file's secrets), and, since the file is being
        // written and a run may be given more (--var, --secret), any part shaped like a password.
        EditorDiagnostic(span: tokenSpan(at: diagnostic.position.offset), message: redactor.textAndShapes(diagnostic.message),
                         severity: severity, code: diagnostic.code)
    }

    func tokenSpan(at offset: Int) -> TextSpan {
        let start = max(0, min(offset, text.bytes.count))
        let line = text.line(containing: start)
        let lineRange = text.lineRange(line)
        let tokens = LineTokens(text.lineBytes(line))
        let local = start - lineRange.lowerBound
        var end: Int
        if let token = tokens.tokens.first(where: { $0.position.offset == local }), token.length > 0 {
            end = start + token.length
        } else {
            end = start
            while end < lineRange.upperBound, !Lexer.endsWord(text.bytes[end]) { end += 1 }
            if end == start, end < lineRange.upperBound { end += 1 }
        }
        return text.span(start..<min(max(end, start), max(lineRange.upperBound, start)))
    }

    // MARK: Sourced files

    /// Checks each file a `source` line names, with the SDK active on that line, as far
    /// down as a run would go; a file already on the way is not read again (a run would
    /// stop at the depth bound). Its problems are reported in it and on the sourcing line.
    private mutating func checkSourced(loader: @escaping SourceLoader, depth: Int, seen: inout Set<String>) {
        for index in sourceLinks.indices {
            let link = sourceLinks[index]
            let span = text.span(link.range)
            switch loader(link.path, name) {
            case .failure(let error):
                diagnostics.append(EditorDiagnostic(span: span, message: error.message, severity: .error, code: .cannotRead))
            case .success(let file):
                sourceLinks[index].resolved = file.name
                guard depth + 1 < DocumentAnalysis.maximumSourceDepth, !seen.contains(file.name) else { continue }
                seen.insert(file.name)
                let inner = DocumentAnalysis(file, sdk: sdk(at: link.line), loader: loader, depth: depth + 1, seen: &seen)
                boundNames.formUnion(inner.boundNames)
                sourcedDiagnostics.append((file.name, inner.diagnostics))
                sourcedDiagnostics += inner.sourcedDiagnostics
                if let first = inner.diagnostics.first {
                    let count = inner.diagnostics.count
                    let place = "\(file.name):\(first.span.start.line + 1):\(first.span.start.character + 1)"
                    let more = count > 1 ? " (and \(count - 1) more there)" : ""
                    diagnostics.append(EditorDiagnostic(span: span, message: "in the sourced file: \(place): \(first.message)\(more)", severity: .error,
                                                        code: first.code))
                }
            }
        }
    }

    // MARK: Questions about a line

    /// The SDK active on `line` (0-based).
    public func sdk(at line: Int) -> SDKID {
        var active = initialSDK
        for change in sdkChanges {
            guard change.line <= line else { break }
            active = change.sdk
        }
        return active
    }

    func catalog(at line: Int) -> SDKCatalog { sdk(at: line).catalog }

    /// Users a `user add` above `line` created.
    func users(before line: Int) -> [String] {
        users.filter { $0.line < line }.map(\.name)
    }

    /// Whether the variable's value is a secret anywhere in the file (grammar.md, "Secrets").
    func holdsSecret(_ variable: String) -> Bool {
        secrets.holdsSecret(variable) || SecretMasker.looksSecret(variable)
    }

    /// Whether `text` is, or holds, a value the file gives as a secret.
    func holdsSecretValue(_ text: String) -> Bool {
        secrets.values.holdsSecret(text)
    }

    /// What every text the editor shows passes (a hover's value, a message, an outline's
    /// line): the file's secrets, and, since the file is being written and a run may be
    /// given more (--var, --secret), each part shaped like a password where it asks so.
    private var redactor: Redactor { Redactor(known: secrets.values) }

    /// A variable's value as a hover shows it: a query's secret parameters masked by place,
    /// the file's secrets by value (Redactor.value). The editor's one edge, with `shownWord`.
    func shownValue(_ value: String, querySecretNames: [String]) -> String {
        redactor.value(value, querySecretNames: querySecretNames)
    }

    /// A word of an outline's line as shown: the file's secrets and password shapes masked.
    func shownWord(_ text: String) -> String { redactor.textAndShapes(text) }
}
