import CredSimulator

/// Builds statements from tokens, checking each command against the command table.
/// It hands out one top-level statement at a time, so a long script is never held
/// whole, and after an error it skips to the next line so one run reports them all.
public struct Parser {
    public static let maximumNesting = 64

    var lexer: Lexer
    let table: CommandTable
    var current: Token
    var parserDiagnostics: [Diagnostic] = []
    /// The named tests read so far, in order (Parser+Tests).
    public internal(set) var tests: [DeclaredTest] = []
    /// True when the input ended inside an unclosed block: at the prompt, ask for more.
    public internal(set) var endedInsideBlock = false
    /// The SDK active at this point of the script: it decides which command a shared name
    /// means (`user add`) and which events and states are known. `sdk NAME` changes it.
    public internal(set) var sdk: SDKID
    /// What this parser knows of procedures (Parser+Blocks). One reference: the parser is
    /// copied as it reads (a debug build copies it on many calls), and one field costs less
    /// to copy than the five it holds.
    let scope = ProcedureScope()
    /// The table's `source`, compared by identity with each command read.
    let sourceCommand: CommandSpec?
    /// Procedures callable here: those given (defined earlier at the prompt, or by the
    /// file that sources this one) and those this source defines as it is read. A call
    /// parses only after its definition.
    public var procedures: [String: Procedure] {
        get { scope.procedures }
        nonmutating set { scope.procedures = newValue }
    }
    /// Reads a file a `source` line names, so that the procedures it defines are known to
    /// the lines after it; nil: they are not (a call of one is an unknown command).
    public var sourceLoader: SourcedFileReader? {
        get { scope.sourceLoader }
        nonmutating set { scope.sourceLoader = newValue }
    }

    public init(_ source: SourceFile, table: CommandTable = .standard, sdk: SDKID = .first) {
        lexer = Lexer(source)
        self.table = table
        self.sdk = sdk
        sourceCommand = table.sourceCommand
        current = lexer.next()
    }

    var catalog: SDKCatalog { sdk.catalog }

    public var source: SourceFile { lexer.source }

    /// Lexer and parser errors, in the order of their positions: the first
    /// `Diagnostic.keptPerFile` of each, then one that counts the rest.
    public var diagnostics: [Diagnostic] {
        let kept = (lexer.diagnostics + parserDiagnostics).sorted { $0.position.offset < $1.position.offset }
        let dropped = lexer.droppedDiagnostics + droppedParserDiagnostics
        guard dropped > 0, let lastKept = kept.last else { return kept }
        return kept + [Diagnostic(.syntax, "… and \(dropped.grouped) more error\(dropped == 1 ? "" : "s") not shown (credsh reports the first \(Diagnostic.keptPerFile) of each kind per file)",
                                  file: lexer.source.name, at: lastKept.position)]
    }

    /// The next top-level statement, or nil at the end. Lines with errors are skipped
    /// (and reported), so what this returns always ran the table's checks.
    public mutating func nextStatement() -> Statement? {
        while true {
            skipNewlines()
            switch current.kind {
            case .end:
                return nil
            case .rightBrace:
                error("unexpected '}': no block is open", at: current.position)
                advance()
                skipToLineEnd()
            default:
                if let statement = parseStatement(depth: 0) { return statement }
            }
        }
    }

    /// Parses everything, for checking only.
    public mutating func parseAll() -> [Statement] {
        var statements: [Statement] = []
        while let statement = nextStatement() { statements.append(statement) }
        return statements
    }

    // MARK: Tokens

    mutating func advance() { current = lexer.next() }

    mutating func skipNewlines() {
        while current.kind == .newline { advance() }
    }

    mutating func skipToLineEnd() {
        while current.kind != .newline, current.kind != .end { advance() }
    }

    mutating func error(_ message: String, at position: SourcePosition) {
        guard parserDiagnostics.count < Diagnostic.keptPerFile else {
            droppedParserDiagnostics += 1
            return
        }
        parserDiagnostics.append(Diagnostic(.syntax, message, file: lexer.source.name, at: position))
    }

    var droppedParserDiagnostics = 0

    var atStatementEnd: Bool {
        switch current.kind {
        case .newline, .end, .rightBrace: return true
        default: return false
        }
    }

    // MARK: Statements

    mutating func parseStatement(depth: Int) -> Statement? {
        guard case .word(let first) = current.kind else {
            error("expected a command, found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        switch first {
        case "let": return parseLet()
        case "repeat": return parseRepeat(depth: depth)
        default: return parseCommand(depth: depth)
        }
    }

    mutating func parseLet() -> Statement? {
        let start = current.position
        advance()
        var secret = false
        if case .word("secret") = current.kind {
            var peek = lexer
            if case .word = peek.next().kind {  // `let secret pw = …`, not `let secret = …`
                secret = true
                advance()
            }
        }
        // `let NAME ?= VALUE` (a default), also written `let NAME?= VALUE`.
        var ifUnbound = false
        if case .word(let word) = current.kind, word.count > 1, word.hasSuffix("?") {
            var peek = lexer
            if peek.next().kind == .equals {
                current = Token(kind: .word(String(word.dropLast())), position: current.position, length: current.length - 1)
                ifUnbound = true
            }
        }
        guard case .word(let name) = current.kind, Self.isName(name) else {
            error("let expects a variable name (letters, digits and _), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        if !ifUnbound, current.kind == .word("?") {
            var peek = lexer
            if peek.next().kind == .equals {
                ifUnbound = true
                advance()
            }
        }
        guard current.kind == .equals else {
            error("expected '=' or '?=' after 'let \(name)'", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        if captureAhead() {
            guard !ifUnbound else {
                error("?= gives a default value; a capture binds with =: let \(name) = event EVENT.FIELD", at: current.position)
                skipToLineEnd()
                return nil
            }
            return parseCapture(name: name, secret: secret, at: start)
        }
        guard let value = expression(from: current) else {
            error("let expects a value after '=', found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        advance()
        guard atStatementEnd else {
            error("unexpected \(describe(current)) after the value of \(name) (quote text that has spaces)", at: current.position)
            skipToLineEnd()
            return nil
        }
        return .binding(name: name, value: value, position: start, secret: secret, ifUnbound: ifUnbound)
    }

    mutating func parseRepeat(depth: Int) -> Statement? {
        let start = current.position
        advance()
        guard let count = expression(from: current), isCountLike(count) else {
            error("repeat expects a count (a whole number or a variable), found \(describe(current))", at: current.position)
            skipToLineEnd()
            return nil
        }
        if case .integer(let n) = count.kind, n > Evaluator.maximumRepeatCount {
            error("repeat count \(n) is over the limit of \(Evaluator.maximumRepeatCount)", at: count.position)
        }
        advance()
        guard current.kind == .leftBrace else {
            error("expected '{' after 'repeat \(describeCount(count))'", at: current.position)
            skipToLineEnd()
            return nil
        }
        guard let body = parseBlock(depth: depth) else { return nil }
        return .repetition(count: count, body: body, position: start)
    }

    /// `{ statement… }` from its `{` (the current token): its statements, or nil after an
    /// error (reported).
    mutating func parseBlock(depth: Int) -> [Statement]? {
        let brace = current.position
        advance()
        if depth + 1 >= Parser.maximumNesting {
            error("blocks are nested too deeply (the limit is \(Parser.maximumNesting))", at: brace)
            skipBlock()
            return nil
        }
        var body: [Statement] = []
        while true {
            skipNewlines()
            switch current.kind {
            case .rightBrace:
                advance()
                guard atStatementEnd else {
                    error("unexpected \(describe(current)) after '}'", at: current.position)
                    skipToLineEnd()
                    return nil
                }
                return body
            case .end:
                endedInsideBlock = true
                error("'}' expected (to close '{' at line \(brace.line))", at: current.position)
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

    enum RawArgument {
        case value(Expression)
        case pair(KeyValue)

        var position: SourcePosition {
            switch self {
            case .value(let e): return e.position
            case .pair(let p): return p.position
            }
        }
    }

    mutating func parseCommand(depth: Int) -> Statement? {
        guard case .word(let first) = current.kind else { return nil }
        let start = current.position
        guard var node = table.root.children[first] else {
            // A procedure is no command of the table (it may not take a command's name).
            if let procedure = procedures[first] { return parseCall(of: procedure) }
            var message = "unknown command '\(first)'"
            if let guess = Spelling.command(for: first, among: table.firstWords + procedures.keys.sorted()) { message += " — did you mean '\(guess)'?" }
            error(message, at: start)
            skipToLineEnd()
            return nil
        }
        var words = [first]
        advance()
        // Take more words while they name a longer command (`user add`, `expect no event`).
        while case .word(let next) = current.kind, let deeper = node.children[next] {
            node = deeper
            words.append(next)
            advance()
        }
        // A statement with syntax of its own, named in the table for help and completion
        // (`for`, `proc`, `expect VALUE OP VALUE`): read by its own rules (Parser+Blocks,
        // Parser+Captures), from the word after its name.
        if node.hasOwnSyntax, words.count == 1 {
            switch first {
            case "for": return parseFor(at: start, depth: depth)
            case "proc": return parseProcedure(at: start, depth: depth)
            case "test": return parseTest(at: start, depth: depth)
            case "expect" where comparisonAhead(): return parseComparison(at: start)
            default: break
            }
        }
        guard let spec = node.spec(for: sdk.name), spec.syntaxUsage == nil else {
            let options = node.children.keys.sorted()
            var message = "'\(words.joined(separator: " "))' expects one of: \(options.joined(separator: ", "))"
            if case .word(let next) = current.kind, let guess = Spelling.closest(to: next, among: options) {
                message = "unknown command '\(words.joined(separator: " ")) \(next)' — did you mean '\(words.joined(separator: " ")) \(guess)'?"
            }
            error(message, at: current.kind == .newline || current.kind == .end ? start : current.position)
            skipToLineEnd()
            return nil
        }
        var raw: [RawArgument] = []
        let fieldsCompare = spec.comparesFields
        while !atStatementEnd {
            if current.kind == .leftBrace {
                error("unexpected '{' (blocks belong to repeat, for and proc)", at: current.position)
                skipToLineEnd()
                return nil
            }
            if case .word(let key) = current.kind {
                let keyToken = current
                advance()
                if fieldsCompare, let pair = fieldComparison(key, at: keyToken) {
                    guard let pair = pair else {
                        skipToLineEnd()
                        return nil
                    }
                    raw.append(.pair(pair))
                } else if current.kind == .equals {
                    advance()
                    guard let value = expression(from: current) else {
                        error("expected a value after '\(key)='", at: current.position)
                        skipToLineEnd()
                        return nil
                    }
                    raw.append(.pair(KeyValue(key: key, value: value, position: keyToken.position)))
                    advance()
                } else {
                    raw.append(.value(Expression(kind: .word(key), position: keyToken.position, length: keyToken.length)))
                }
                continue
            }
            guard let value = expression(from: current) else {
                error("unexpected \(describe(current))", at: current.position)
                skipToLineEnd()
                return nil
            }
            raw.append(.value(value))
            advance()
        }
        guard let arguments = bind(raw, to: spec, at: start), checkFields(arguments, of: spec), runCheck(of: spec, arguments) else {
            skipToLineEnd()
            return nil
        }
        let call = CommandCall(spec: spec, position: start, arguments: arguments)
        if spec === sourceCommand, scope.sourceLoader != nil { learnProcedures(sourcedBy: call) }
        return .command(call)
    }

    /// Matches the arguments written to the parameters of the table entry.
    mutating func bind(_ raw: [RawArgument], to spec: CommandSpec, at start: SourcePosition) -> BoundArguments? {
        var bound = BoundArguments()
        var index = 0
        for parameter in spec.parameters {
            if parameter.kind.isKeyValue {
                var pairs: [KeyValue] = []
                while index < raw.count {
                    switch raw[index] {
                    case .pair(let pair):
                        pairs.append(pair)
                    case .value(let value) where parameter.kind == .fieldMatch && Self.isGloss(value) && pairs.last?.gloss == nil && !pairs.isEmpty:
                        pairs[pairs.count - 1].gloss = Gloss(value)
                    case .value(let value):
                        // A policy may also be one JSON object, written inline or held by a variable.
                        guard case .policyRules = parameter.kind, value.isJSONOrVariable, pairs.isEmpty, raw.count == 1 else {
                            error("\(spec.name) expects \(parameter.label) here, found \(describe(value))", at: value.position)
                            return nil
                        }
                        bound[parameter] = .single(value)
                    }
                    index += 1
                }
                if !pairs.isEmpty { bound[parameter] = .pairs(pairs) }
                if bound[parameter] == nil, !parameter.optional {
                    error("\(spec.name) expects \(parameter.label)", at: start)
                    return nil
                }
                continue
            }
            if parameter.variadic {
                var values: [Expression] = []
                while index < raw.count, case .value(let value) = raw[index] {
                    guard check(value, for: parameter, in: spec) else { return nil }
                    values.append(value)
                    index += 1
                }
                if values.isEmpty, !parameter.optional {
                    error("\(spec.name) expects \(parameter.label)", at: start)
                    return nil
                }
                bound[parameter] = .list(values)
                continue
            }
            if parameter.isFlag {
                if index < raw.count, case .value(let word) = raw[index], word.kind == .word(parameter.name) {
                    bound[parameter] = .single(word)
                    index += 1
                }
                continue
            }
            if let keyword = parameter.keyword {
                guard index < raw.count, case .value(let word) = raw[index], word.kind == .word(keyword) else {
                    if !parameter.optional {
                        error("\(spec.name) expects '\(keyword) \(parameter.name)'", at: start)
                        return nil
                    }
                    continue
                }
                index += 1
                guard index < raw.count, case .value(let value) = raw[index] else {
                    error("'\(keyword)' expects \(parameter.label)", at: word.position)
                    return nil
                }
                guard check(value, for: parameter, in: spec) else { return nil }
                bound[parameter] = .single(value)
                index += 1
                continue
            }
            // An optional number before other arguments (`expect event 2 getPassword`) is
            // there only when a number is written.
            if parameter.optional, parameter.kind == .integer, index < raw.count {
                guard case .value(let value) = raw[index], case .integer = value.kind else { continue }
            }
            guard index < raw.count else {
                if !parameter.optional {
                    error("\(spec.name) expects \(parameter.label) (usage: \(spec.usage))", at: start)
                    return nil
                }
                continue
            }
            guard case .value(let value) = raw[index] else {
                error("\(spec.name) expects \(parameter.label) here, not KEY=VALUE", at: raw[index].position)
                return nil
            }
            guard check(value, for: parameter, in: spec) else { return nil }
            bound[parameter] = .single(value)
            index += 1
        }
        if index < raw.count {
            error("too many arguments for \(spec.name) (usage: \(spec.usage))" + otherSDKsKeyword(raw[index], of: spec),
                  at: raw[index].position)
            return nil
        }
        return bound
    }

    /// ` — 'WORD' is NAME's: sdk NAME` when the word too many is a keyword of another
    /// SDK's form of the same command (a PIN keyword given to a password SDK's `user add`).
    func otherSDKsKeyword(_ argument: RawArgument, of spec: CommandSpec) -> String {
        guard case .value(let value) = argument, case .word(let word) = value.kind else { return "" }
        let owners = table.commands.filter { other in
            other.name == spec.name && other.sdk != nil && other.sdk != spec.sdk
                && other.parameters.contains { $0.keyword == word }
        }.compactMap(\.sdk)
        guard let first = owners.first else { return "" }
        return " — '\(word)' is \(owners.joined(separator: " and "))'s: sdk \(first)"
    }

    /// Checks a literal against what its parameter takes; variables are checked when they run.
    mutating func check(_ value: Expression, for parameter: Parameter, in spec: CommandSpec) -> Bool {
        if case .variable = value.kind { return true }
        if case .pattern(let text) = value.kind {
            guard parameter.kind == .expectedText else {
                error("\(spec.name) takes no ~\"pattern\" here (patterns are for expectations that compare text)", at: value.position)
                return false
            }
            return checkPattern(text, at: value.position)
        }
        if case .json = value.kind {
            error("\(spec.name) expects \(parameter.label), not a JSON object", at: value.position)
            return false
        }
        func refuse(_ message: String) -> Bool {
            error(message, at: value.position)
            return false
        }
        switch parameter.kind {
        case .integer:
            guard case .integer = value.kind else {
                return refuse("\(parameter.name) must be a whole number, not \(describe(value))")
            }
        case .duration:
            guard case .duration = value.kind else {
                return refuse("\(parameter.name) must be a duration such as 90d, 12h, 30m or 45s, not \(describe(value))")
            }
        case .event:
            guard case .word(let name) = value.kind else { return refuse("expected an event name, not \(describe(value))") }
            let known = catalog.eventNames ?? []
            if !known.contains(name) {
                var message = "unknown event '\(name)'"
                if let owner = Simulation.catalogs.first(where: { $0.eventNames.contains(name) }) {
                    message += " for \(sdk.name) (it is an event of \(owner.name): switch with sdk \(owner.name) first)"
                } else if let guess = Spelling.closest(to: name, among: known) {
                    message += " — did you mean '\(guess)'?"
                }
                return refuse(message)
            }
        case .userState:
            let known = catalog.userStateNames ?? []
            guard case .word(let name) = value.kind, known.contains(name) else {
                return refuse("STATE must be one of \(known.joined(separator: ", ")), not \(describe(value))")
            }
        case .sdk:
            let known = Simulation.catalogs.map(\.name)
            guard case .word(let name) = value.kind, known.contains(name) else {
                var message = "NAME must be one of \(known.joined(separator: ", ")), not \(describe(value))"
                if case .word(let name) = value.kind, let guess = Spelling.closest(to: name, among: known) {
                    message = "no SDK '\(name)' — did you mean '\(guess)'? (the SDKs: \(known.joined(separator: ", ")))"
                }
                return refuse(message)
            }
            if let id = SDKID(named: name) { sdk = id }
        case .timestamp:
            guard case .word(let text) = value.kind else { return refuse("expected a time such as 2026-03-01, not \(describe(value))") }
            if UTCTimestamp.parse(text) == nil {
                return refuse("'\(text)' is not a time such as 2026-03-01 or 2026-03-01T12:00:00Z")
            }
        case .user, .newUser, .path, .choice, .command, .requestTarget:
            switch value.kind {
            case .string(let text) where parameter.kind == .newUser && text.unicodeScalars.contains(where: String.isControl):
                return refuse("\(parameter.label) cannot hold a control character such as a newline")
            case .word, .string: break
            default: return refuse("expected \(parameter.label), not \(describe(value))")
            }
        case .secret, .text, .expectedText, .code, .fieldMatch, .policyRules, .parameters:
            break
        }
        return true
    }

    /// `FIELD=VALUE` pairs after a literal event name: each field must be one the active
    /// SDK's catalog gives that event, and a number field takes a number (or its name).
    mutating func checkFields(_ arguments: BoundArguments, of spec: CommandSpec) -> Bool {
        guard let eventParameter = spec.parameters.first(where: { $0.kind == .event && !$0.variadic }),
              let fieldParameter = spec.parameters.first(where: { $0.kind == .fieldMatch }),
              case .single(let eventExpression)? = arguments[eventParameter], case .word(let name) = eventExpression.kind,
              let event = catalog.event(name), case .pairs(let pairs)? = arguments[fieldParameter]
        else { return true }
        let known = SDKFlows.fieldNames(of: event, sdk: sdk.name)
        for pair in pairs {
            guard known.contains(pair.key) else {
                var message = "\(name) has no field '\(pair.key)'"
                if let guess = Spelling.closest(to: pair.key, among: known) { message += " — did you mean '\(guess)'?" }
                error(message + " (its fields: \(known.joined(separator: ", ")))", at: pair.position)
                return false
            }
            if event.field(pair.key)?.kind == .integer, case .word(let word) = pair.value.kind, Int(word) == nil,
               SDKFlows.flow(for: sdk)?.valueNames[pair.key]?.values.contains(word) != true {
                error("\(name).\(pair.key) is a number, not '\(word)'", at: pair.value.position)
                return false
            }
            if pair.op.isOrdered, let kind = event.field(pair.key)?.kind, kind != .integer, kind != .string {
                error("\(name).\(pair.key) is \(kind == .object ? "an" : "a") \(kind.rawValue): \(pair.op.rawValue) orders numbers, durations and times", at: pair.position)
                return false
            }
            if pair.op == .matches, case .json = pair.value.kind, let kind = event.field(pair.key)?.kind, kind != .object, kind != .string {
                error("\(name).\(pair.key) is \(kind == .integer ? "an" : "a") \(kind.rawValue), not a JSON object to match partly", at: pair.position)
                return false
            }
            if case .pattern(let text) = pair.value.kind, !checkPattern(text, at: pair.value.position) { return false }
            if let gloss = pair.gloss, !checkGloss(gloss.expression, of: pair, event: name) { return false }
        }
        return true
    }

    /// `(NAME)` in parentheses, as the text output writes a number's name after it.
    static func isGloss(_ value: Expression) -> Bool {
        guard case .word(let word) = value.kind else { return false }
        return word.count > 2 && word.hasPrefix("(") && word.hasSuffix(")")
    }

    /// A pasted gloss must name the number before it, or it would say something the
    /// expectation does not check.
    mutating func checkGloss(_ gloss: Expression, of pair: KeyValue, event: String) -> Bool {
        guard case .word(let word) = gloss.kind else { return false }
        let named = String(word.dropFirst().dropLast())
        let names = SDKFlows.flow(for: sdk)?.valueNames[pair.key] ?? [:]
        let number: Int? = switch pair.value.kind {
        case .integer(let i): i
        case .word(let w): names.first { $0.value == w }?.key
        default: nil
        }
        guard let number, let name = names[number] else {
            error("\(event).\(pair.key) has no name to write in parentheses after this value", at: gloss.position)
            return false
        }
        guard name == named else {
            error("(\(named)) is not the name of \(pair.key)=\(number), which is (\(name))", at: gloss.position)
            return false
        }
        return true
    }

    /// The command's own check of its literal values (StaticCheck). A command that is
    /// refused on purpose, followed by `expect error`, runs to show the refusal.
    mutating func runCheck(of spec: CommandSpec, _ arguments: BoundArguments) -> Bool {
        guard let check = spec.check,
              let problem = check.run(LiteralArguments(arguments: arguments, source: lexer.source, sdk: sdk.name)) else { return true }
        if spec.role == .action, nextIsExpectError() { return true }
        error(problem.message, at: problem.position)
        return false
    }

    /// Whether the statement after this line is `expect error` (what acknowledges a failed command).
    func nextIsExpectError() -> Bool {
        guard current.kind == .newline else { return false }
        var peek = lexer
        var token = peek.next()
        while token.kind == .newline { token = peek.next() }
        guard token.kind == .word("expect") else { return false }
        return peek.next().kind == .word("error")
    }

    /// A regular expression must compile where it is written, not fail when it runs.
    mutating func checkPattern(_ text: String, at position: SourcePosition) -> Bool {
        if case .failure(let error) = LinearPattern.compile(text) {
            self.error("~\"\(text)\" is not a regular expression: \(error)", at: position)
            return false
        }
        return true
    }

    func expression(from token: Token) -> Expression? {
        let kind: Expression.Kind
        switch token.kind {
        case .word(let w): kind = .word(w)
        case .string(let s): kind = .string(s)
        case .pattern(let p): kind = .pattern(p)
        case .integer(let i): kind = .integer(i)
        case .duration(let d): kind = .duration(d)
        case .json(let j): kind = .json(j)
        case .variable(let v): kind = .variable(v)
        default: return nil
        }
        var expression = Expression(kind: kind, position: token.position, length: token.length)
        // A number written as its value would print (`7`, not `007`) needs no spelling kept.
        let bytes = lexer.source.bytes, start = token.position.offset, end = start + token.length
        guard start >= 0, start < end, end <= bytes.count else { return expression }
        switch kind {
        case .integer where token.length > 1 && bytes[start] == UInt8(ascii: "0"), .duration:
            expression.spelling = String(decoding: bytes[start..<end], as: UTF8.self)
        default: break
        }
        return expression
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

    func describe(_ expression: Expression) -> String {
        switch expression.kind {
        case .word(let w): return "'\(w)'"
        case .string(let s): return "\"\(s)\""
        case .pattern(let p): return "~\"\(p)\""
        case .integer(let i): return "the number \(i)"
        case .duration: return "a duration"
        case .json: return "a JSON object"
        case .variable(let v): return "$\(v)"
        }
    }
}

private extension Expression {
    var isJSONOrVariable: Bool {
        switch kind {
        case .json, .variable: return true
        default: return false
        }
    }
}
