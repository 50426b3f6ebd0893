import CredLanguage
import CredScript
import CredSimulator

/// What an editor shows over a word: `help` for a command's name, `explain` for a code,
/// an event or an API call, and a variable's value when the file writes it out and it is
/// no secret. The texts are the ones the prompt prints, so the two never disagree. A
/// secret's place is never explained, and a secret variable's value never shown.
public enum EditorHover {
    public static func hover(in analysis: DocumentAnalysis, at point: TextPoint,
                             table: CommandTable = .standard) -> (span: TextSpan, text: String)? {
        guard let found = LineStatement(analysis, at: point, table: table), let token = found.token else { return nil }
        let span = found.span(of: token)
        if case .variable(let name) = token.kind {
            return (span, variable(name, at: found.line, in: analysis, table: table))
        }
        guard let (statement, role) = found.role(of: token) else { return fallback(token, found, span) }
        switch role {
        case .commandName(let spec):
            return (span, block(HelpText.detail(spec, active: analysis.sdk(at: found.line))))
        case .bindingName(let name):
            return (span, variable(name, at: found.line + 1, in: analysis, table: table))
        case .argument(let parameter, let key):
            _ = statement
            if parameter.kind == .secret { return nil }
            let query = found.tokens.text(of: token)
            let explains: Bool
            switch token.kind {
            case .integer:
                explains = parameter.kind == .code || key.map(isCodeField) == true
            case .word:
                explains = parameter.kind == .code || parameter.kind == .event || key != nil
            default:
                explains = false
            }
            guard explains, let lines = try? ExplainText.render(query, active: found.catalog) else { return nil }
            return (span, block(lines))
        case .fieldName(let key, let event):
            return Self.field(key, of: event, catalog: found.catalog).map { (span, block($0)) }
        case .procedureName(let procedure):
            return (span, block(["usage: \(procedure.usage)", "a procedure defined at \(procedure.file):\(procedure.position.line) (proc \(([procedure.name] + procedure.parameters).joined(separator: " ")) { … })"]))
        }
    }

    /// A word on a line that does not parse: explained when it is an event or API name
    /// of the active SDK (numbers are not guessed at).
    private static func fallback(_ token: Token, _ found: LineStatement, _ span: TextSpan) -> (TextSpan, String)? {
        guard case .word(let word) = token.kind, !ExplainText.entries(word, in: found.catalog).isEmpty,
              let lines = try? ExplainText.render(word, active: found.catalog) else { return nil }
        return (span, block(lines))
    }

    /// What the catalog says of a field: its kind, whether every such event has it, the
    /// names of its values, whether it is a secret, and the events that carry it. Nil when
    /// no event of the SDK has the field (the diagnostic says so).
    static func field(_ name: String, of event: String?, catalog: SDKCatalog) -> [String]? {
        let carriers = catalog.events.filter { $0.field(name) != nil }
        let chosen = event.flatMap { catalog.event($0) }.flatMap { $0.field(name) != nil ? $0 : nil } ?? carriers.first
        guard let holder = chosen, let spec = holder.field(name) else { return nil }
        var lines = ["field \(name) of \(holder.name) (\(catalog.name))",
                     "  kind:        \(spec.kind.rawValue)" + (spec.unboundedWord.map { ", or the word \($0) when there is no bound" } ?? ""),
                     "  present:     " + (spec.optional ? "when it applies, not in every \(holder.name)" : "in every \(holder.name)")]
        if let named = CommandTable.standard.vocabulary(named: catalog.name)?.valueNames[name], !named.isEmpty {
            lines.append("  values:      " + named.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", "))
        }
        if isCodeField(name) { lines.append("  codes:       hover a value, or 'explain N', for what a code means") }
        if spec.secret { lines.append("  secret:      its value is a secret: captured, it is masked wherever shown") }
        lines.append("  in events:   " + carriers.map(\.name).joined(separator: ", "))
        lines.append("  summary:     \(holder.summary)")
        return lines
    }

    /// A field that holds a status or error code, whose number `explain` knows.
    private static func isCodeField(_ key: String) -> Bool {
        let lower = key.lowercased()
        return lower.contains("code") || lower.contains("status")
    }

    static func variable(_ name: String, at line: Int, in analysis: DocumentAnalysis, table: CommandTable = .standard) -> String {
        guard let binding = analysis.binding(of: name, before: line) else {
            return "`$\(name)`: not bound by a `let` above this line (the run stops with *undefined variable*)"
        }
        let place = "let on line \(binding.line + 1)"
        if analysis.holdsSecret(name) { return "`$\(name)` holds a secret: its value is not shown (\(place))" }
        if let from = binding.copiedFrom { return "`$\(name)` = `$\(from)` (\(place))" }
        guard let value = binding.value else { return "`$\(name)` (\(place))" }
        // A query's secret parameters are secrets wherever the text stands (grammar.md, "Secrets").
        // A value the file gives as a secret elsewhere is masked, as a run's echo masks it.
        return "`$\(name)` = `\(analysis.shownValue(value, querySecretNames: table.querySecretNames))` (\(place))"
    }

    private static func block(_ lines: [String]) -> String {
        "```text\n" + lines.joined(separator: "\n") + "\n```"
    }
}

extension DocumentAnalysis {
    /// The `let` of `name` in force on `line`: the last above it, else the first below.
    func binding(of name: String, before line: Int) -> Binding? {
        bindings.last { $0.name == name && $0.line < line } ?? bindings.first { $0.name == name }
    }
}

/// One line of a document, lexed and parsed on its own with the SDK active there, and
/// the token under a point.
struct LineStatement {
    enum Role {
        case commandName(CommandSpec)
        case bindingName(String)
        case argument(Parameter, key: String?)
        /// A FIELD of FIELD=VALUE, and the event the statement names, if it names one.
        case fieldName(String, event: String?)
        case procedureName(Procedure)
    }

    let line: Int
    let lineStart: Int
    let tokens: LineTokens
    let token: Token?
    let statements: [Statement]
    let catalog: SDKCatalog
    let analysis: DocumentAnalysis

    init?(_ analysis: DocumentAnalysis, at point: TextPoint, table: CommandTable) {
        let text = analysis.text
        guard point.line >= 0, point.line < text.lineCount else { return nil }
        line = point.line
        lineStart = text.lineRange(line).lowerBound
        let bytes = text.lineBytes(line)
        tokens = LineTokens(bytes)
        token = tokens.token(at: text.offset(of: point) - lineStart)
        catalog = analysis.catalog(at: line)
        var parser = ScriptReader(SourceFile(name: analysis.name, bytes: bytes), table: table, sdk: analysis.sdk(at: line))
        parser.procedures = analysis.procedures
        statements = parser.parseAll()
        self.analysis = analysis
    }

    /// The event a command's arguments name (`expect event NAME FIELD=VALUE`), if any.
    func eventName(of call: CommandCall) -> String? {
        for parameter in call.spec.parameters where parameter.kind == .event {
            if case .single(let expression)? = call.arguments[parameter], case .word(let name) = expression.kind { return name }
        }
        return nil
    }

    func span(of token: Token) -> TextSpan {
        analysis.text.span((lineStart + token.position.offset)..<(lineStart + token.position.offset + token.length))
    }

    /// What the token is in the statement that holds it.
    func role(of token: Token) -> (Statement, Role)? {
        var pending = statements
        while let statement = pending.popLast() {
            switch statement {
            case .repetition, .loop, .procedure, .test:
                if case .procedure(let procedure) = statement, token.position.offset == procedure.namePosition.offset {
                    return (statement, .procedureName(procedure))
                }
                pending += statement.body
            case .capture, .comparison:
                break
            case .call(let call):
                if token.position.offset == call.position.offset { return (statement, .procedureName(call.procedure)) }
            case let .binding(name, _, position, _, _):
                let names = tokens.tokens.drop { $0.position.offset < position.offset }.prefix(3)
                if names.contains(where: { $0.position.offset == token.position.offset && $0.kind == .word(name) }) {
                    return (statement, .bindingName(name))
                }
            case .command(let call):
                guard let first = tokens.tokens.firstIndex(where: { $0.position.offset == call.position.offset }) else { continue }
                let nameTokens = tokens.tokens[first...].prefix(call.spec.words.count)
                if nameTokens.contains(where: { $0.position.offset == token.position.offset }) {
                    return (statement, .commandName(call.spec))
                }
                for parameter in call.spec.parameters {
                    switch call.arguments[parameter] {
                    case .single(let expression)? where expression.position.offset == token.position.offset:
                        return (statement, .argument(parameter, key: nil))
                    case .list(let expressions)? where expressions.contains { $0.position.offset == token.position.offset }:
                        return (statement, .argument(parameter, key: nil))
                    case .pairs(let pairs)?:
                        for pair in pairs {
                            if pair.position.offset == token.position.offset { return (statement, .fieldName(pair.key, event: eventName(of: call))) }
                            if pair.value.position.offset == token.position.offset { return (statement, .argument(parameter, key: pair.key)) }
                        }
                    default:
                        break
                    }
                }
            }
        }
        return nil
    }
}
