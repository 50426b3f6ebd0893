import CredSimulator

/// Captures (`let tok = event response.access_token`) and comparisons (`attemptsLeft<3`,
/// `expect $left < 3`): docs/suites.md, "Writing a suite".
extension Parser {
    // MARK: Captures

    /// After `let NAME =`: `event X` or `last event X` on the same line starts a capture;
    /// `let x = event` alone still binds the word.
    /// (Mutating only so that a debug build does not copy the parser to ask.)
    mutating func captureAhead() -> Bool {
        guard current.word == "event" || current.word == "last" else { return false }
        var peek = lexer
        if current.word == "last", peek.next().word != "event" { return false }
        return peek.next().word != nil
    }

    mutating func parseCapture(name: String, secret: Bool, at start: SourcePosition) -> ReadStatement? {
        let isLast = current.word == "last"
        if isLast { advance() }
        advance()  // event
        guard let target = currentWord else { return nil }
        let targetPosition = current.position
        advance()
        guard atStatementEnd else {
            error(.malformedCapture, "unexpected \(describe(current)) after '\(target)' (a capture takes one EVENT.FIELD)", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard let dot = target.firstIndex(of: "."), dot != target.startIndex, target.index(after: dot) != target.endIndex else {
            error(.malformedCapture, "a capture names EVENT.FIELD (as event response.access_token), not '\(target)'", at: targetPosition)
            return nil
        }
        let eventPart = String(target[..<dot]), field = String(target[target.index(after: dot)...])
        var fieldPosition = targetPosition
        fieldPosition.column += eventPart.unicodeScalars.count + 1
        fieldPosition.offset += eventPart.utf8.count + 1
        return .capture(ReadCapture(name: name, secret: secret, isLast: isLast, event: eventPart, field: field, position: start,
                                    target: targetPosition, fieldPosition: fieldPosition))
    }

    // MARK: Comparisons

    /// After `expect` (the current token follows it), something other than the name of an
    /// `expect …` command: the general comparison `expect LEFT OP RIGHT`.
    mutating func comparisonAhead() -> Bool {
        var peek = lexer
        switch current.kind {
        case .word:
            // A word compared (`expect 2026-03-01 < $when`); else an `expect …` command,
            // misspelt ones included (`expect evnt`: a did-you-mean).
            switch peek.next().kind {
            case .equals, .pattern: return true
            case .word(let op): return ["!", "<", ">", "~"].contains(op)
            default: return false
            }
        case .variable, .integer, .string, .duration: return true
        default: return false
        }
    }

    mutating func parseComparison(at start: SourcePosition) -> ReadStatement? {
        guard let left = expression(from: current) else { return nil }
        advance()
        guard let (op, opPosition) = comparisonOperator() else {
            error(.malformedComparison, "expected a comparison after \(describe(left)): = != < <= > >= or ~ (as expect $left < 3)", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard var right = expression(from: current) else {
            error(.malformedComparison, "expected a value after '\(op.rawValue)', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        guard atStatementEnd else {
            error(.unexpectedToken, "unexpected \(describe(current)) after the comparison (quote text that has spaces)", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard checkOperands(op, right: &right, at: opPosition) else { return nil }
        return .ready(.comparison(Comparison(left: left, op: op, right: right, position: start)))
    }

    /// `=`, `!=`, `<`, `<=`, `>`, `>=` or `~` as the lexer gives them (`=` ends a word, so
    /// `!=` is the word `!` and `=`); a `~"regex"` is itself the operator and its value.
    mutating func comparisonOperator() -> (ComparisonOperator, SourcePosition)? {
        let at = current.position
        switch current.kind {
        case .equals:
            advance()
            return (.equal, at)
        case .pattern:
            return (.matches, at)
        case .word(let word):
            let followedByEquals: Bool = {
                var peek = lexer
                let next = peek.next()
                return next.kind == .equals && next.position.offset == current.position.offset + current.length
            }()
            let op: ComparisonOperator?
            switch (word, followedByEquals) {
            case ("!", true): op = .notEqual
            case ("<", true): op = .lessOrEqual
            case (">", true): op = .greaterOrEqual
            case ("<", false): op = .less
            case (">", false): op = .greater
            case ("~", false): op = .matches
            default: op = nil
            }
            guard let op else { return nil }
            advance()
            if followedByEquals { advance() }
            return (op, at)
        default:
            return nil
        }
    }

    /// `~` takes a pattern (a string is read as one) or a JSON object; a pattern must compile.
    mutating func checkOperands(_ op: ComparisonOperator, right: inout Expression, at position: SourcePosition) -> Bool {
        switch (op, right.kind) {
        case (.matches, .string(let text)):
            right = Expression(kind: .pattern(text), position: right.position, length: right.length)
            return checkPattern(text, at: right.position)
        case (.matches, .pattern(let text)):
            return checkPattern(text, at: right.position)
        case (.matches, .json), (.matches, .variable):
            return true
        case (.matches, _):
            error(.malformedComparison, "~ takes a \"pattern\" or a JSON object such as {\"minL\":8}, not \(describe(right))", at: right.position)
            return false
        case (_, .pattern) where op != .equal && op != .notEqual:
            error(.malformedComparison, "\(op.rawValue) compares numbers, durations and times, not a ~\"pattern\"", at: right.position)
            return false
        default:
            return true
        }
    }

    // MARK: Field comparisons

    /// A comparison written after a field name, from the word `key` (the current token
    /// follows it): `statusCode!=100`, `attemptsLeft<3`, `attemptsLeft<=3`,
    /// `policy~{"minL":8}`, `statusMessage~"expired"`. nil: not one (a plain `FIELD=VALUE`
    /// or a value); `.some(nil)`: one with an error, reported.
    mutating func fieldComparison(_ key: String, at keyPosition: SourcePosition, length keyLength: Int) -> KeyValue?? {
        let bytes = Array(key.utf8)
        guard let opIndex = bytes.firstIndex(where: { [UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "~")].contains($0) }),
              opIndex > 0, bytes[..<opIndex].allSatisfy(Lexer.isNameByte) else { return nil }
        let field = String(decoding: bytes[..<opIndex], as: UTF8.self)
        let rest = Array(bytes[(opIndex + 1)...])
        let adjacentEquals = current.kind == .equals && current.position.offset == keyPosition.offset + keyLength
        var opPosition = keyPosition
        opPosition.column += opIndex
        opPosition.offset += opIndex
        let op: ComparisonOperator
        switch (bytes[opIndex], rest.isEmpty && adjacentEquals) {
        case (UInt8(ascii: "!"), true): op = .notEqual
        case (UInt8(ascii: "<"), true): op = .lessOrEqual
        case (UInt8(ascii: ">"), true): op = .greaterOrEqual
        case (UInt8(ascii: "<"), false): op = .less
        case (UInt8(ascii: ">"), false): op = .greater
        case (UInt8(ascii: "~"), false) where rest.isEmpty: op = .matches
        default:
            return nil  // `Wrong1!` as a value, or `x!y`: not a comparison
        }
        var value: Expression
        if op == .notEqual || op == .lessOrEqual || op == .greaterOrEqual {
            advance()  // =
            guard let next = expression(from: current) else {
                error(.malformedComparison, "expected a value after '\(field)\(op.rawValue)'", at: current.position)
                return .some(nil)
            }
            value = next
            advance()
        } else if !rest.isEmpty {
            // `attemptsLeft<3`: the value is the rest of the word, read as the lexer would.
            var inner = Lexer(SourceFile(name: "", bytes: rest))
            let token = inner.next()
            var position = opPosition
            position.column += 1
            position.offset += 1
            let kind: Expression.Kind
            switch token.kind {
            case .integer(let i): kind = .integer(i)
            case .duration(let d): kind = .duration(d)
            case .word(let w): kind = .word(w)
            default: kind = .word(String(decoding: rest, as: UTF8.self))
            }
            var spelling: String? = nil
            if case .duration = kind { spelling = String(decoding: rest, as: UTF8.self) }
            value = Expression(kind: kind, position: position, length: rest.count, spelling: spelling)
        } else {
            guard let next = expression(from: current) else {
                error(.malformedComparison, "expected a value after '\(field)\(op.rawValue)'", at: current.position)
                return .some(nil)
            }
            value = next
            advance()
        }
        guard checkOperands(op, right: &value, at: opPosition) else { return .some(nil) }
        var pair = KeyValue(key: field, value: value, position: keyPosition)
        pair.op = op
        return .some(pair)
    }
}
