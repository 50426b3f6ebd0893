import CredSimulator

/// `for NAME… in VALUE… { … }` and `proc NAME PARAM… { … }` with its calls (README,
/// "Writing a suite"). Both are bounded as `repeat` is: blocks nest at most
/// `maximumNesting` deep; a run, by its step budget and `Evaluator.maximumCallDepth`.
extension Parser {
    /// Whether `name` may name a variable or a parameter: letters, digits and `_`, not first a digit.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")) else { return false }
        return name.utf8.allSatisfy(Lexer.isNameByte)
    }

    // MARK: for

    mutating func parseFor(at start: SourcePosition, depth: Int) -> Statement? {
        var names: [String] = []
        while case .word(let word) = current.kind, word != "in" {
            guard Self.isName(word) else {
                error("for expects variable names (letters, digits and _) before 'in', found '\(word)'", at: current.position)
                skipToLineEnd()
                return nil
            }
            guard !names.contains(word) else {
                error("'\(word)' is named twice in this for", at: current.position)
                skipToLineEnd()
                return nil
            }
            names.append(word)
            advance()
        }
        guard !names.isEmpty else {
            error("for expects a variable name, found \(describe(current)) (as: for pw in Wrong1! Wrong2! { … })", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard current.kind == .word("in") else {
            error("expected 'in' after 'for \(names.joined(separator: " "))', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        let inPosition = current.position
        advance()
        var values: [Expression] = []
        while current.kind != .leftBrace {
            guard let value = expression(from: current) else {
                error("expected a value or '{' in this for, found \(describe(current))", at: current.position)
                skipToLineEnd()
                return nil
            }
            if case .pattern = value.kind {
                error("for takes values, not a ~\"pattern\"", at: value.position)
                skipToLineEnd()
                return nil
            }
            values.append(value)
            advance()
        }
        guard !values.isEmpty else {
            error("for expects values after 'in'", at: inPosition)
            skipToLineEnd()
            return nil
        }
        let leftOver = values.count % names.count
        if leftOver != 0 {
            let firstOfRow = values[values.count - leftOver]
            error("for takes its values \(names.count) at a time (\(names.joined(separator: " "))), but \(values.count) value\(values.count == 1 ? "" : "s") leave \(leftOver) over", at: firstOfRow.position)
            skipBlock(after: current)
            return nil
        }
        guard let body = parseBlock(depth: depth) else { return nil }
        return .loop(Loop(names: names, values: values, body: body, position: start))
    }

    /// Skips a block whose header had an error, from its `{`.
    mutating func skipBlock(after brace: Token) {
        guard brace.kind == .leftBrace else { return skipToLineEnd() }
        advance()
        skipBlock()
    }

    // MARK: proc

    mutating func parseProcedure(at start: SourcePosition, depth: Int) -> Statement? {
        guard case .word(let name) = current.kind, Self.isName(name) else {
            error("proc expects a name (letters, digits and _), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        let namePosition = current.position
        if table.root.children[name] != nil {
            error("proc '\(name)' would hide the command '\(name)': a procedure takes a name no command has", at: namePosition)
            skipHeaderAndBlock()
            return nil
        }
        if scope.definedHere.contains(name), let earlier = procedures[name] {
            error("procedure '\(name)' is already defined (line \(earlier.position.line))", at: namePosition)
            skipHeaderAndBlock()
            return nil
        }
        if depth > 0 {
            error("proc defines a procedure at the top level of a file, not inside a block", at: start)
            skipHeaderAndBlock()
            return nil
        }
        advance()
        var parameters: [String] = []
        while case .word(let word) = current.kind {
            guard Self.isName(word), !parameters.contains(word) else {
                error(parameters.contains(word) ? "parameter '\(word)' is named twice" : "a parameter is a name (letters, digits and _), not '\(word)'",
                      at: current.position)
                skipHeaderAndBlock()
                return nil
            }
            parameters.append(word)
            advance()
        }
        guard current.kind == .leftBrace else {
            error("expected '{' after 'proc \(([name] + parameters).joined(separator: " "))', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        let procedure = Procedure(name: name, parameters: parameters, position: start, namePosition: namePosition, source: source)
        // Known before its body is read, so the body may call it (bounded when it runs).
        let previous = procedures[name]
        procedures[name] = procedure
        scope.definedHere.insert(name)
        // The body is read with the SDK active here; the lines after the definition go on
        // with it too, since the body runs only when called.
        let sdkHere = sdk
        let body = parseBlock(depth: depth)
        sdk = sdkHere
        guard let body else {
            procedures[name] = previous
            scope.definedHere.remove(name)
            return nil
        }
        procedure.finish(body: body)
        return .procedure(procedure)
    }

    /// After an error in a `proc` line: the rest of the line and the block it opens.
    mutating func skipHeaderAndBlock() {
        while current.kind != .newline, current.kind != .end, current.kind != .leftBrace { advance() }
        if current.kind == .leftBrace { skipBlock(after: current) }
    }

    mutating func parseCall(of procedure: Procedure) -> Statement? {
        let start = current.position
        advance()
        var arguments: [Expression] = []
        while !atStatementEnd {
            guard let value = expression(from: current) else {
                error("unexpected \(describe(current)) (\(procedure.name) takes values: \(procedure.usage))", at: current.position)
                skipToLineEnd()
                return nil
            }
            if case .json = value.kind {
                // A `{` that reads as JSON is a value like any other.
            } else if case .pattern = value.kind {
                error("\(procedure.name) takes values, not a ~\"pattern\"", at: value.position)
                skipToLineEnd()
                return nil
            }
            advance()
            if current.kind == .equals {
                error("\(procedure.name) takes values, not NAME=VALUE (quote text that holds '=')", at: current.position)
                skipToLineEnd()
                return nil
            }
            arguments.append(value)
        }
        guard arguments.count == procedure.parameters.count else {
            let wanted = procedure.parameters.count
            let message = "\(procedure.name) takes \(wanted) argument\(wanted == 1 ? "" : "s") (usage: \(procedure.usage)), not \(arguments.count)"
            error(message, at: arguments.count > wanted ? arguments[wanted].position : start)
            return nil
        }
        return .call(ProcedureCall(procedure: procedure, arguments: arguments, position: start))
    }

    // MARK: Procedures of sourced files

    /// After `source FILE` with FILE written out: reads that file (and those it sources,
    /// at most `Evaluator.maximumSourceDepth` deep, each once) for the procedures it
    /// defines, so the lines after may call them. Its errors are not reported here: it is
    /// checked when it runs, and by `credsh check` (Evaluator+SourceCheck).
    mutating func learnProcedures(sourcedBy call: CommandCall) {
        guard let loader = sourceLoader, scope.sourcesOpen.count < Evaluator.maximumSourceDepth,
              case .single(let pathExpression)? = call.arguments.all.first,
              case .text(let path)? = pathExpression.literalValue,
              let included = loader(path, source.name), !scope.sourcesOpen.contains(included.name), included.name != source.name
        else { return }
        let inner = Parser(included, table: table, sdk: sdk)
        inner.procedures = procedures
        inner.sourceLoader = loader
        inner.scope.sourcesOpen = scope.sourcesOpen + [source.name]
        var reading = inner
        while reading.nextStatement() != nil {}
        for (name, procedure) in reading.procedures where procedures[name] == nil { procedures[name] = procedure }
    }
}

/// A parser's procedures and how it learns those of sourced files.
final class ProcedureScope {
    var procedures: [String: Procedure] = [:]
    /// Names defined by this source itself: defining one twice is an error.
    var definedHere: Set<String> = []
    var sourceLoader: SourcedFileReader?
    /// The files being read for their procedures, outermost first: a bound (Evaluator.
    /// maximumSourceDepth) and a guard against a file that sources itself.
    var sourcesOpen: [String] = []
}

/// Reads a sourced file for the parser: the path as written and the file that names it;
/// nil when it cannot be read.
public typealias SourcedFileReader = (_ path: String, _ includingFile: String) -> SourceFile?
