import CredSimulator

/// The first stage of reading a script (grammar.md, "Syntax"): builds statements from
/// tokens, as words and structure (ReadStatement); what a command means is the resolver's
/// to say (ScriptReader runs both). It hands out one top-level statement at a time, so a
/// long script is never held whole, and after an error it skips to the next line so one
/// run reports them all. It knows the command table's words, and no SDK.
public struct Parser {
    public static let maximumNesting = 64

    var lexer: Lexer
    let table: CommandTable
    /// The token being read.
    var current: Token
    var parserDiagnostics: [Diagnostic] = []
    /// The named tests read so far, in order (Parser+Tests).
    var tests: [DeclaredTest] = []
    /// More tests than `maximumTestsPerFile` were named (reported once).
    var testsOverLimit = false
    /// True when the input ended inside an unclosed block: at the prompt, ask for more.
    var endedInsideBlock = false
    /// Blocks being read around the current token: a `}` that closes one ends the skip
    /// after an error, so the block still closes where it is written.
    var openBlocks = 0

    init(_ source: SourceFile, table: CommandTable) {
        lexer = Lexer(source)
        self.table = table
        current = lexer.next()
    }

    var source: SourceFile { lexer.source }

    /// The current word's text, or nil when the current token is no word.
    var currentWord: String? { current.word }

    /// Lexer and parser errors kept (the first `Diagnostic.keptPerFile` of each), and
    /// how many more there were.
    var keptDiagnostics: [Diagnostic] { lexer.diagnostics + parserDiagnostics }
    var droppedDiagnostics: Int { lexer.droppedDiagnostics + droppedParserDiagnostics }

    /// The next top-level statement as read, or nil at the end. Lines with errors are
    /// skipped (and reported).
    mutating func nextStatement() -> ReadStatement? {
        while true {
            skipNewlines()
            switch current.kind {
            case .end:
                return nil
            case .rightBrace:
                error(.unbalancedBraces, "unexpected '}': no block is open", at: current.position)
                advance()
                skipToLineEnd()
            default:
                if let statement = parseStatement(depth: 0) { return statement }
            }
        }
    }

    // MARK: Tokens

    mutating func advance() { current = lexer.next() }

    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    /// After an error: the rest of the line, up to a `}` that closes a block open around
    /// it (`repeat 1 { let 5x = 1 }`: the repeat's `}` is not passed over).
    mutating func skipToLineEnd() {
        var nested = 0
        while current.kind != .newline, current.kind != .end {
            if current.kind == .leftBrace {
                nested += 1
            } else if current.kind == .rightBrace {
                if nested == 0, openBlocks > 0 { return }
                nested = max(0, nested - 1)
            }
            advance()
        }
    }

    mutating func error(_ code: DiagnosticCode, _ message: String, at position: SourcePosition) {
        guard parserDiagnostics.count < Diagnostic.keptPerFile else {
            droppedParserDiagnostics += 1
            return
        }
        parserDiagnostics.append(Diagnostic(code, message, file: lexer.source.name, at: position))
    }

    var droppedParserDiagnostics = 0

    var atStatementEnd: Bool {
        switch current.kind {
        case .newline, .end, .rightBrace: return true
        default: return false
        }
    }

    // MARK: Statements

    mutating func parseStatement(depth: Int) -> ReadStatement? {
        guard let word = current.word else {
            error(.unexpectedToken, "expected a command, found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        switch word {
        case "let": return parseLet()
        case "repeat": return parseRepeat(depth: depth)
        default: return parseCommand(depth: depth)
        }
    }

    mutating func parseLet() -> ReadStatement? {
        let start = current.position
        advance()
        var secret = false
        if current.word == "secret" {
            var peek = lexer
            if peek.next().word != nil {  // `let secret pw = …`, not `let secret = …`
                secret = true
                advance()
            }
        }
        guard var name = currentWord else {
            error(.malformedLet, "let expects a variable name (letters, digits and _), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        // `let NAME ?= VALUE` (a default), also written `let NAME?= VALUE`.
        var ifUnbound = false
        if name.utf8.count > 1, name.hasSuffix("?") {
            var peek = lexer
            if peek.next().kind == .equals {
                name = String(name.dropLast())
                ifUnbound = true
            }
        }
        guard Lexer.isName(name) else {
            error(.malformedLet, "let expects a variable name (letters, digits and _), found '\(name)'", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        if !ifUnbound, current.word == "?" {
            var peek = lexer
            if peek.next().kind == .equals {
                ifUnbound = true
                advance()
            }
        }
        guard current.kind == .equals else {
            error(.malformedLet, "expected '=' or '?=' after 'let \(name)'", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        if captureAhead() {
            guard !ifUnbound else {
                error(.malformedLet, "?= gives a default value; a capture binds with =: let \(name) = event EVENT.FIELD", at: current.position)
                skipToLineEnd()
                return nil
            }
            return parseCapture(name: name, secret: secret, at: start)
        }
        guard let value = expression(from: current) else {
            error(.malformedLet, "let expects a value after '\(ifUnbound ? "?=" : "=")', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        guard atStatementEnd else {
            error(.unexpectedToken, "unexpected \(describe(current)) after the value of \(name) (quote text that has spaces)", at: current.position)
            skipToLineEnd()
            return nil
        }
        return .ready(.binding(name: name, value: value, position: start, secret: secret, ifUnbound: ifUnbound))
    }

    mutating func parseRepeat(depth: Int) -> ReadStatement? {
        let start = current.position
        advance()
        guard let count = expression(from: current), isCountLike(count) else {
            error(.malformedRepeat, "repeat expects a count (a whole number or a variable), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        if case .integer(let n) = count.kind, n > Limits.standard.repeatCount {
            error(.malformedRepeat, "repeat count \(n) is over the limit of \(Limits.standard.repeatCount)", at: count.position)
        }
        advance()
        guard current.kind == .leftBrace else {
            error(.unbalancedBraces, "expected '{' after 'repeat \(describeCount(count))'", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard let body = parseBlock(depth: depth) else { return nil }
        return .repetition(count: count, body: body, position: start)
    }

    /// `{ statement… }` from its `{` (the current token): its statements, or nil after an
    /// error (reported).
    mutating func parseBlock(depth: Int) -> [ReadStatement]? {
        let brace = current.position
        advance()
        if depth + 1 > Parser.maximumNesting {
            error(.nestedTooDeep, "blocks are nested too deeply (the limit is \(Parser.maximumNesting))", at: brace)
            skipBlock()
            return nil
        }
        var body: [ReadStatement] = []
        openBlocks += 1
        while true {
            skipNewlines()
            switch current.kind {
            case .rightBrace:
                advance()
                openBlocks -= 1
                guard atStatementEnd else {
                    error(.unexpectedToken, "unexpected \(describe(current)) after '}'", at: current.position)
                    skipToLineEnd()
                    return nil
                }
                return body
            case .end:
                openBlocks -= 1
                endedInsideBlock = true
                error(.unbalancedBraces, "'}' expected (to close '{' at line \(brace.line))", at: current.position)
                return nil
            default:
                if let statement = parseStatement(depth: depth + 1) { body.append(statement) }
            }
        }
    }

    func isCountLike(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .integer, .variable: return true
        default: return false
        }
    }

    func describeCount(_ count: Expression) -> String {
        switch count.kind {
        case .integer(let n): return String(n)
        case .variable(let name): return "$" + name
        default: return "..."
        }
    }

    /// Skips a block too deep to parse, counting braces without recursion.
    mutating func skipBlock() {
        var depth = 1
        while depth > 0 {
            switch current.kind {
            case .leftBrace: depth += 1
            case .rightBrace: depth -= 1
            case .end:
                endedInsideBlock = true
                return
            default: break
            }
            advance()
        }
        skipToLineEnd()
    }

    // MARK: Commands

    mutating func parseCommand(depth: Int) -> ReadStatement? {
        guard let first = current.word else { return nil }
        let start = current.position
        // A procedure is no command of the table (it may not take a command's name): the
        // resolver knows which procedures there are where the line stands.
        guard var node = child(in: table.root.children) else { return parseCall(named: first) }
        // How many words follow the first in the name: counted, not kept, since only an
        // error says them (an array of them was an allocation for each `clock advance`).
        var more = 0
        advance()
        // Take more words while they name a longer command (`user add`, `expect no event`).
        while current.word != nil, let deeper = child(in: node.children) {
            node = deeper
            more += 1
            advance()
        }
        // A statement with syntax of its own, named in the table for help and completion
        // (`for`, `proc`, `expect VALUE OP VALUE`): read by its own rules (Parser+Blocks,
        // Parser+Captures), from the word after its name.
        if node.hasOwnSyntax, more == 0 {
            switch first {
            case "for": return parseFor(at: start, depth: depth)
            case "proc": return parseProcedure(at: start, depth: depth)
            case "test": return parseTest(at: start, depth: depth)
            case "expect" where comparisonAhead(): return parseComparison(at: start)
            default: break
            }
        }
        // Which entry the name means depends on the active SDK: the resolver's to say. Whether
        // it is a command at all, and whether its pairs may compare, does not.
        guard !node.specs.isEmpty, !node.hasOwnSyntax else {
            let words = Self.nameWords(first, more, to: node, in: table)
            let options = node.children.keys.sorted()
            var message = "'\(words.joined(separator: " "))' expects one of: \(options.joined(separator: ", "))"
            if let next = currentWord, let guess = Spelling.closest(to: next, among: options) {
                message = "unknown command '\(words.joined(separator: " ")) \(next)' — did you mean '\(words.joined(separator: " ")) \(guess)'?"
            }
            error(.unknownCommand, message, at: current.kind == .newline || current.kind == .end ? start : current.position)
            skipToLineEnd()
            return nil
        }
        var raw = RawArguments(takesPairs: node.takesPairs)
        // Room for the usual few arguments at once, not grown one at a time.
        if node.takesPairs, !atStatementEnd { raw.reserveCapacity(4) }
        let fieldsCompare = node.comparesFields
        while !atStatementEnd {
            if current.kind == .leftBrace {
                error(.unexpectedToken, "unexpected '{' (blocks belong to repeat, for and proc)", at: current.position)
                skipToLineEnd()
                return nil
            }
            if let key = currentWord {
                let keyPosition = current.position, keyLength = current.length
                advance()
                if fieldsCompare, let pair = fieldComparison(key, at: keyPosition, length: keyLength) {
                    guard let pair = pair else {
                        skipToLineEnd()
                        return nil
                    }
                    raw.append(pair)
                } else if current.kind == .equals {
                    advance()
                    guard let value = expression(from: current) else {
                        error(.wrongArguments, "expected a value after '\(key)='", at: current.position)
                        skipToLineEnd()
                        return nil
                    }
                    raw.append(KeyValue(key: key, value: value, position: keyPosition))
                    advance()
                } else {
                    raw.append(Expression(kind: .word(key), position: keyPosition, length: keyLength), last: atStatementEnd)
                }
                continue
            }
            guard let value = expression(from: current) else {
                error(.unexpectedToken, "unexpected \(describe(current))", at: current.position)
                skipToLineEnd()
                return nil
            }
            advance()
            raw.append(value, last: atStatementEnd)
        }
        return .command(ReadCommand(node: node, arguments: raw, position: start))
    }

    /// A command name's words: `first`, then the `more` words of the table that led from it
    /// to `node`. Found in the table, not read back from the line: the lexer may have passed
    /// over text between two of the words (`expect $5ecret no evnt`: no variable, reported and
    /// skipped; a string with a bad escape) or ended a word at `"`, `=`, `{` or `}`
    /// (`expect no"text"`), and that text, perhaps a password, is no word of the name. An
    /// error's path only: a search of the words under `first`, as deep as `more`.
    static func nameWords(_ first: String, _ more: Int, to node: CommandTable.NameNode, in table: CommandTable) -> [String] {
        guard let top = table.root.children[first] else { return [first] }
        var words = [first]
        func search(_ from: CommandTable.NameNode, _ left: Int) -> Bool {
            if left == 0 { return from === node }
            for (key, child) in zip(from.children.keys, from.children.values) {
                words.append(key)
                if search(child, left - 1) { return true }
                words.removeLast()
            }
            return false
        }
        return search(top, more) ? words : [first]
    }

    /// The value `token` writes; nil for a token that is no value.
    func expression(from token: Token) -> Expression? {
        let kind: Expression.Kind
        switch token.kind {
        case .word(let text): kind = .word(text)
        case .string(let text): kind = .string(text)
        case .pattern(let text): kind = .pattern(text)
        case .integer(let value):
            kind = .integer(value)
            // A number written as its value would print (`7`, not `007`) needs no spelling kept.
            if token.length > 1, source.bytes[token.position.offset] == UInt8(ascii: "0") { return spelled(kind, token) }
        case .duration(let seconds): return spelled(.duration(seconds), token)
        case .json(let text): kind = .json(text)
        case .variable(let name): kind = .variable(name)
        default: return nil
        }
        return Expression(kind: kind, position: token.position, length: token.length)
    }

    /// A number or a duration with its spelling, as `token` writes it (`007`, `24h`).
    func spelled(_ kind: Expression.Kind, _ token: Token) -> Expression {
        Expression(kind: kind, position: token.position, length: token.length, spelling: lexer.text(of: token))
    }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .word(let w): return "'\(w)'"
        case .string: return "a string"
        case .pattern: return "a ~\"pattern\""
        case .integer(let i): return "the number \(i)"
        case .duration: return "a duration"
        case .json: return "a JSON object"
        case .variable(let v): return "$\(v)"
        case .equals: return "'='"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .newline: return "the end of the line"
        case .end: return "the end of the input"
        }
    }

    func describe(_ expression: Expression) -> String { expression.described }

    /// The node of the current word among `words`.
    func child(in words: CommandTable.Words) -> CommandTable.NameNode? {
        current.word.flatMap { words[$0] }
    }

    /// A regular expression must compile where it is written, not fail when it runs.
    mutating func checkPattern(_ text: String, at position: SourcePosition) -> Bool {
        guard let problem = Resolver.patternProblem(text) else { return true }
        error(.badPattern, problem, at: position)
        return false
    }
}
