import CredSimulator

/// `for NAME… in VALUE… { … }` and `proc NAME PARAM… { … }` with its calls (docs/suites.md,
/// "Writing a suite"). Both are bounded as `repeat` is: blocks nest at most
/// `maximumNesting` deep; a run, by its step budget and `Limits.standard.callDepth`.
extension Parser {
    /// Whether `name` may name a variable or a parameter: letters, digits and `_`, not first a digit.
    public static func isName(_ name: String) -> Bool { Lexer.isName(name) }

    // MARK: for

    mutating func parseFor(at start: SourcePosition, depth: Int) -> ReadStatement? {
        var names: [String] = []
        while let word = currentWord, word != "in" {
            guard Self.isName(word) else {
                error(.malformedFor, "for expects variable names (letters, digits and _) before 'in', found '\(word)'", at: current.position)
                skipToLineEnd()
                return nil
            }
            guard !names.contains(word) else {
                error(.definedTwice, "'\(word)' is named twice in this for", at: current.position)
                skipToLineEnd()
                return nil
            }
            names.append(word)
            advance()
        }
        guard !names.isEmpty else {
            error(.malformedFor, "for expects a variable name, found \(describe(current)) (as: for pw in Wrong1! Wrong2! { … })", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard currentWord == "in" else {
            error(.malformedFor, "expected 'in' after 'for \(names.joined(separator: " "))', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        let inPosition = current.position
        advance()
        var values: [Expression] = []
        while current.kind != .leftBrace {
            guard let value = expression(from: current) else {
                error(.malformedFor, "expected a value or '{' in this for, found \(describe(current))", at: current.position)
                skipToLineEnd()
                return nil
            }
            if case .pattern = value.kind {
                error(.malformedFor, "for takes values, not a ~\"pattern\"", at: value.position)
                skipToLineEnd()
                return nil
            }
            values.append(value)
            advance()
        }
        guard !values.isEmpty else {
            error(.malformedFor, "for expects values after 'in'", at: inPosition)
            skipToLineEnd()
            return nil
        }
        let leftOver = values.count % names.count
        if leftOver != 0 {
            let firstOfRow = values[values.count - leftOver]
            error(.malformedFor, "for takes its values \(names.count) at a time (\(names.joined(separator: " "))), but \(values.count) value\(values.count == 1 ? "" : "s") leave \(leftOver) over", at: firstOfRow.position)
            skipBlock(after: current)
            return nil
        }
        guard let body = parseBlock(depth: depth) else { return nil }
        return .loop(names: names, values: values, body: body, position: start)
    }

    /// Skips a block whose header had an error, from its `{`.
    mutating func skipBlock(after brace: Token) {
        guard brace.kind == .leftBrace else { return skipToLineEnd() }
        advance()
        skipBlock()
    }

    // MARK: proc

    mutating func parseProcedure(at start: SourcePosition, depth: Int) -> ReadStatement? {
        guard let name = currentWord, Self.isName(name) else {
            error(.malformedProc, "proc expects a name (letters, digits and _), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        let namePosition = current.position
        if child(in: table.root.children) != nil {
            error(.malformedProc, "proc '\(name)' would hide the command '\(name)': a procedure takes a name no command has", at: namePosition)
            skipHeaderAndBlock()
            return nil
        }
        if depth > 0 {
            error(.malformedProc, "proc defines a procedure at the top level of a file, not inside a block", at: start)
            skipHeaderAndBlock()
            return nil
        }
        advance()
        var parameters: [String] = []
        while let word = currentWord {
            guard Self.isName(word), !parameters.contains(word) else {
                error(parameters.contains(word) ? .definedTwice : .malformedProc, parameters.contains(word) ? "parameter '\(word)' is named twice" : "a parameter is a name (letters, digits and _), not '\(word)'",
                      at: current.position)
                skipHeaderAndBlock()
                return nil
            }
            parameters.append(word)
            advance()
        }
        guard current.kind == .leftBrace else {
            error(.unbalancedBraces, "expected '{' after 'proc \(([name] + parameters).joined(separator: " "))', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard let body = parseBlock(depth: depth) else { return nil }
        return .procedure(ReadProcedure(name: name, parameters: parameters, position: start, namePosition: namePosition, body: body))
    }

    /// After an error in a `proc` line: the rest of the line and the block it opens.
    mutating func skipHeaderAndBlock() {
        while current.kind != .newline, current.kind != .end, current.kind != .leftBrace { advance() }
        if current.kind == .leftBrace { skipBlock(after: current) }
    }

    /// `NAME VALUE…` where NAME is no command: read as a call takes its values, up to the
    /// first thing a call cannot take (kept, for the resolver to say if NAME is a procedure).
    mutating func parseCall(named name: String) -> ReadStatement? {
        let start = current.position
        advance()
        var arguments: [Expression] = []
        func stop(_ problem: ReadCall.Problem, at position: SourcePosition) -> ReadStatement {
            skipToLineEnd()
            return .call(ReadCall(name: name, position: start, arguments: arguments, problem: (problem, position)))
        }
        while !atStatementEnd {
            guard let value = expression(from: current) else {
                return stop(.notAValue(describe(current)), at: current.position)
            }
            // A `{` that reads as JSON is a value like any other.
            if case .pattern = value.kind { return stop(.pattern, at: value.position) }
            advance()
            if current.kind == .equals {
                return stop(.pair, at: current.position)
            }
            arguments.append(value)
        }
        return .call(ReadCall(name: name, position: start, arguments: arguments, problem: nil))
    }
}
