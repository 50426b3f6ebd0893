import CredLanguage
import CredSimulator

/// What reading a script found out about its secrets, before any of it runs (grammar.md,
/// "Secrets"): which names hold one (SecretFlow, the flow read so far with this script's
/// statements added) and which literal values are ones. The run's ledger (SecretLedger)
/// learns them before the script's first line is shown.
public struct SecretFacts: Sendable {
    /// Which names hold secrets, this script included.
    var flow: SecretFlow
    /// Values that are secrets: by their place, by their name, or by their shape where a
    /// secret may have been typed in the wrong place (KnownSecrets).
    var values: [String] = []
}

/// Reads a script and the secrets it gives: the one reading of the interpreter, the
/// prompt and `credsh test` (docs/development.md, "Layout"). Each statement goes to the flow, which
/// names hold secrets, and to a scan of its literals; at the end the scan decides which
/// literals are secrets (SecretScan).
package enum SecretReading {
    /// Reads `reader`'s whole source. `flow`: the names known to hold secrets before it (at
    /// the prompt, those of earlier lines). `challengePending`: the SDK waits for a secret
    /// (PromptState), so a line that does not parse is one typed alone. `users`: the user
    /// names that exist and the pending challenge's user, which such a line still names
    /// (`lgoin alice Passw0rd!`) and which are no secret.
    static func read(_ reader: inout ScriptReader, flow: SecretFlow, table: CommandTable,
                     challengePending: Bool, users: Set<String> = []) -> (script: ParsedScript, secrets: SecretFacts) {
        var scan = SecretScan(flow: flow, table: table)
        let source = reader.source
        let script = reader.readScript { statement in
            scan.flow.add(statement)
            scan.learn(statement, in: source)
        }
        return (script, scan.facts(of: script, challengePending: challengePending, users: users))
    }

    /// The same reading for a caller that reads the statements itself and holds none of them
    /// (the editor's DocumentAnalysis, which answers `credsh lsp`): each statement goes to
    /// `add` as it is read, and `facts` decides at the end, from the reader's diagnostics.
    package struct Stream {
        private var scan: SecretScan

        package init(table: CommandTable = .standard) { scan = SecretScan(flow: SecretFlow(), table: table) }

        package mutating func add(_ statement: Statement, in source: SourceFile) {
            scan.flow.add(statement)
            scan.learn(statement, in: source)
        }

        /// What the whole reading gave; no challenge waits in an editor.
        package func facts(diagnostics: [Diagnostic], source: SourceFile) -> SecretFacts {
            scan.facts(diagnostics: diagnostics, source: source, challengePending: false)
        }
    }
}

/// What a reading gathers of a file's literals before deciding which are secrets.
struct SecretScan {
    var flow: SecretFlow
    let table: CommandTable
    /// Values known to be secrets as soon as they are read.
    private var found: [String] = []
    /// `let NAME = LITERAL`, for names found to hold secrets by the end of the file.
    private var boundLiterals: [(String, String)] = []
    /// Literals given where a secret goes.
    private var placed: Set<String> = []
    /// `expect $NAME = LITERAL` (or `!=`, either side), the literal shaped like a secret:
    /// a guess at the secret when the name holds one by the end of the file, placed as one.
    private var comparedLiterals: [(String, String)] = []
    /// Literals given where nothing is secret: asked only of the literals `placed` holds,
    /// at the end, so they are gathered as read and hashed into a set only then, and only
    /// when something was placed (most scripts place nothing: `echo`, `clock advance`).
    /// Past `openKeptUnhashed` (the list as large as the largest source a run holds,
    /// ParsedScript) they are hashed as they come, so that in a longer source memory grows
    /// with the different literals, not with the lines.
    private var openUnhashed: [String] = []
    private var open: Set<String> = []
    private static let openKeptUnhashed = ParsedScript.maximumHeldBytes / MemoryLayout<String>.stride

    init(flow: SecretFlow, table: CommandTable) {
        self.flow = flow
        self.table = table
    }

    /// The secrets the whole reading gave.
    func facts(of script: ParsedScript, challengePending: Bool, users: Set<String> = []) -> SecretFacts {
        facts(diagnostics: script.diagnostics, source: script.source, challengePending: challengePending, users: users)
    }

    func facts(diagnostics: [Diagnostic], source: SourceFile, challengePending: Bool, users: Set<String> = []) -> SecretFacts {
        var values = found
        // A `let` of a literal is a secret when its name is given as one anywhere in the file.
        for (name, value) in boundLiterals where flow.holdsSecret(name) { values.append(value) }
        // A literal in a secret's place is one, unless the script also writes it where
        // nothing is secret (a password that is the user's e-mail, which SUSI refuses).
        // Only a value not shaped like a password (an e-mail; a PIN also written in a policy's
        // block list) can be un-masked so: a password stays a secret wherever else it is
        // written (`expect output "Zq9…"`).
        var placed = placed
        for (name, literal) in comparedLiterals where flow.holdsSecret(name) { placed.insert(literal) }
        if !placed.isEmpty {
            var open = open
            Self.hash(openUnhashed, into: &open)
            for value in placed where !open.contains(value) || KnownSecrets.looksLikePassword(value) { values.append(value) }
        }
        // The SDK waits for a secret: a line that does not parse and starts with no
        // command is one typed alone, all its words secrets but the user names it may
        // hold (`lgoin alice Passw0rd!`: alice must not be masked for the rest of the
        // session, in `state` and `users` too). Otherwise (`call setuser …`:
        // a command, mistyped) a line that does not parse (`lgoin alice Zq9…`)
        // gave no word a place: those shaped like a password may be one, and so is the
        // value of a pair named for a secret, or nearly (`pasword="Secr3t!"`).
        for diagnostic in diagnostics {
            let line = lineOf(diagnostic.position, in: source)
            values += wordsOfLine(line, all: challengePending && SecretMasker.mayBeTypedAlone(line, table: table), users: users)
            values += secretPairValues(inLine: line)
            values += placedSecrets(inLine: line)
        }
        return SecretFacts(flow: flow, values: values)
    }

    /// A literal given where nothing is secret, and each item of it when it is a list
    /// (`blocklist=123456,654321` writes the PIN 654321 where nothing is secret).
    private mutating func insertOpen(_ literal: String) {
        if openUnhashed.count == Self.openKeptUnhashed {
            Self.hash(openUnhashed, into: &open)
            openUnhashed.removeAll(keepingCapacity: true)
        }
        openUnhashed.append(literal)
    }

    private static func hash(_ literals: [String], into open: inout Set<String>) {
        for literal in literals {
            open.insert(literal)
            guard literal.containsByte(UInt8(ascii: ",")) else { continue }
            for item in literal.split(separator: ",") { open.insert(String(item)) }
        }
    }

    /// Learns the secrets a statement gives by their place, or that may be secrets given
    /// in the wrong place of a command that takes one (KnownSecrets).
    mutating func learn(_ statement: Statement, in source: SourceFile) {
        switch statement {
        case let .binding(name, value, _, secret, _):
            guard let literal = Self.secretLiteral(value, in: source) else { return }
            learnQuerySecrets(in: literal)
            if secret { found.append(literal) } else { boundLiterals.append((name, literal)) }
        case .loop(let loop):
            // Each value is bound to its name as a `let` binds: a secret when the name holds one.
            for (index, value) in loop.values.enumerated() {
                guard let literal = Self.secretLiteral(value, in: source) else { continue }
                learnQuerySecrets(in: literal)
                boundLiterals.append((loop.names[index % loop.names.count], literal))
            }
            for inner in loop.body { learn(inner, in: source) }
        case .repetition, .procedure, .test:
            for inner in statement.body { learn(inner, in: source) }
        case .capture:
            break
        case .comparison(let comparison):
            // A value shaped like a secret compared with one is a guess at it (`expect $np =
            // "Kx7secondX"`): its failure must not print the near miss. A word (`nothing`), a
            // pattern or an order is no guess.
            guard comparison.op == .equal || comparison.op == .notEqual else { return }
            for (side, other) in [(comparison.left, comparison.right), (comparison.right, comparison.left)] {
                guard case .variable(let name) = side.kind, let literal = Self.secretLiteral(other, in: source),
                      KnownSecrets.mayBeSecret(literal) else { continue }
                comparedLiterals.append((name, literal))
            }
        case .call(let call):
            // A literal given for a parameter the body uses as a secret is one (SecretFlow).
            for (parameter, argument) in zip(call.procedure.parameters, call.arguments) where flow.holdsSecret(parameter) {
                if let literal = Self.secretLiteral(argument, in: source) { placed.insert(literal) }
            }
        case .command(let call):
            guard call.spec.placesSecrets else { return learnOpenArguments(of: call, in: source) }
            let secrets = SecretMasker.secretExpressions(of: call)
            let takesSecret = !secrets.isEmpty || call.spec.hasSecrets
            let secretRanges = secrets.isEmpty ? [] : Set(secrets.map(\.sourceRange.lowerBound))
            for expression in secrets { if let literal = Self.secretLiteral(expression, in: source) { placed.insert(literal) } }
            // Every argument, each looked up once: its query secrets, then its literals.
            for parameter in call.spec.parameters {
                guard let argument = call.argument(parameter) else { continue }
                learnQuerySecrets(in: argument, source: source)
                // A request's target and parameters mask their secrets by name, exactly
                // (RequestTarget): a path or an e-mail there is not a password typed astray.
                if case .requestTarget = parameter.kind { continue }
                if case .parameters = parameter.kind { continue }
                // Each expression taken where it lies: no array is built for a single one.
                func consider(_ expression: Expression) {
                    guard !secretRanges.contains(expression.sourceRange.lowerBound),
                          let literal = takesSecret ? Self.secretLiteral(expression, in: source) : Self.literal(expression, in: source) else { return }
                    if takesSecret, KnownSecrets.mayBeSecret(literal) { found.append(literal) } else { insertOpen(literal) }
                }
                switch argument {
                case .single(let e): consider(e)
                case .list(let items): for item in items { consider(item) }
                case .pairs(let pairs): for pair in pairs { consider(pair.value) }
                }
            }
        }
    }

    /// A command none of whose arguments stands where a secret goes or masks one by its
    /// name (most: `echo`, `clock advance`; CommandSpec.placesSecrets): each literal is
    /// looked at once, for the secrets of a query it may hold, then kept as open text. The
    /// same as the walk by parameter below gives such a command, without looking up each
    /// parameter's argument.
    private mutating func learnOpenArguments(of call: CommandCall, in source: SourceFile) {
        func learnOpen(_ expression: Expression) {
            guard let literal = Self.literal(expression, in: source) else { return }
            learnQuerySecrets(in: literal)
            insertOpen(literal)
        }
        call.arguments.forEachValue(learnOpen) { pairs in
            learnQuerySecrets(in: .pairs(pairs), source: source)
            for pair in pairs { if let literal = Self.literal(pair.value, in: source) { insertOpen(literal) } }
        }
    }

    /// A query's secret parameters are secrets wherever its text stands, not only in a
    /// request's target: `let url = "/aaa/login.json?…&password=Zq9…"` is echoed, written
    /// by `test --update` and quoted under errors with the value masked (RequestTarget).
    private mutating func learnQuerySecrets(in literal: String) {
        let values = RequestTarget.secretValues(in: literal, secretNames: table.querySecretNames)
        if !values.isEmpty { found += values }  // nearly always empty: no append, no uniqueness check
    }

    private mutating func learnQuerySecrets(in argument: BoundArgument, source: SourceFile) {
        switch argument {
        case .single(let expression): if let literal = Self.literal(expression, in: source) { learnQuerySecrets(in: literal) }
        case .list(let items): for item in items { if let literal = Self.literal(item, in: source) { learnQuerySecrets(in: literal) } }
        case .pairs(let pairs):
            // `request GET /aaa/login.json password=…`: a secret by its key, wherever else it is written.
            for pair in pairs where SecretMasker.namesSecret(pair.key, table.querySecretNames) {
                if let literal = Self.secretLiteral(pair.value, in: source) { found.append(literal) }
            }
        }
    }

    /// A literal's text: a word's, a string's, or a number's as written (`52817`, `00700`:
    /// a PIN is a number to the lexer). Nil for one that would mask nothing once known
    /// (`KnownSecrets.masksAnything`: shorter than `KnownSecrets.shortest` bytes, and
    /// spelt no longer by output): every literal the scan gathers ends up a secret to mask
    /// or an open text that un-masks an equal one, so such a literal (`let x = 5`, `clock
    /// advance 1s`) is not spelt out at all.
    private static func literal(_ expression: Expression, in source: SourceFile) -> String? {
        switch expression.kind {
        case .word(let text), .string(let text): return KnownSecrets.masksAnything(text) ? text : nil
        case .integer: return writtenText(expression, in: source)
        default: return nil
        }
    }

    /// A number's or a duration's text as written, when it is long enough to be masked:
    /// without a spelling of its own it is its source bytes, `length` of them. Digits and
    /// units, which output spells as they are, so their length alone says whether they
    /// mask anything (`KnownSecrets.masksAnything`).
    private static func writtenText(_ expression: Expression, in source: SourceFile) -> String? {
        if let spelling = expression.spelling { return spelling.utf8.count < KnownSecrets.shortest ? nil : spelling }
        return expression.length < KnownSecrets.shortest ? nil : expression.writtenText(in: source)
    }

    /// A literal that may be a secret: as `literal`, and a duration as written too (`9999d`
    /// is a password to `user add`, a duration to the lexer). Not asked of the literals
    /// written where nothing is secret: a duration there (`clock advance 90d`) would only be
    /// spelt out to un-mask nothing.
    private static func secretLiteral(_ expression: Expression, in source: SourceFile) -> String? {
        if case .duration = expression.kind { return writtenText(expression, in: source) }
        return literal(expression, in: source)
    }

    /// The first 4,096 bytes of the line at `position`, without its newline.
    private func lineOf(_ position: SourcePosition, in source: SourceFile) -> ArraySlice<UInt8> {
        guard position.lineStart < source.bytes.count else { return [] }
        var end = position.lineStart
        while end < source.bytes.count, end - position.lineStart < 4096, source.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return source.bytes[position.lineStart..<end]
    }

    /// The words of a line that did not parse, taken as secrets: `all` of them but command
    /// names and `users` (a password typed alone: each blank-separated word whole, quotes
    /// and all), or those shaped like a password (KnownSecrets.looksLikePassword).
    private func wordsOfLine(_ bytes: ArraySlice<UInt8>, all: Bool, users: Set<String>) -> [String] {
        guard all else { return passwordShapedLiterals(inLine: bytes) }
        let line = String(decoding: bytes, as: UTF8.self)
        var words: [String] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            var text = String(word)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            if !table.firstWords.contains(text) && !users.contains(text) { words.append(text) }
        }
        return words
    }

    /// The literals of a line shaped like a password, read by the language's lexer: each
    /// word and each string's value on its own, so what stands beside one is no part of it
    /// (`"Zq9Secret!";x` gives `Zq9Secret!`, and the quoted line keeps `"***";x`). The
    /// tokens of a blank-separated word with an `=` in it are a pair's, left to
    /// secretPairValues (a policy's or a field's `KEY=VALUE`). A word none of whose tokens
    /// is shaped like one, but whose text is, is taken whole (fail closed), and so is a
    /// stretch the lexer skipped without a token (`Zq9\u{1B}Secret!` raw: a control
    /// character). Bound: one pass over the line's tokens and the bytes between them.
    private func passwordShapedLiterals(inLine bytes: ArraySlice<UInt8>) -> [String] {
        let line = Array(bytes)
        var lexer = Lexer(SourceFile(name: "", bytes: line))
        var values: [String] = []
        // The current blank-separated word: its byte range, its literals, whether it has an `=`.
        var word: Range<Int>?
        var literals: [String] = []
        var pair = false
        func finish() {
            defer { word = nil; literals = []; pair = false }
            guard let range = word, !pair else { return }
            let shaped = literals.filter(KnownSecrets.looksLikePassword)
            if !shaped.isEmpty {
                values += shaped
                return
            }
            var text = String(decoding: line[range], as: UTF8.self)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            if KnownSecrets.looksLikePassword(text) { values.append(text) }
        }
        // Adds `range` to the current word when it follows it, else starts a word with it.
        func extend(_ range: Range<Int>) {
            if let current = word, current.upperBound == range.lowerBound {
                word = current.lowerBound..<range.upperBound
            } else {
                finish()
                word = range
            }
        }
        // What the lexer skipped between tokens without a token for it (a word with a control
        // character or a byte that is not UTF-8, reported and dropped) is text of the line
        // still: each blank-separated stretch of it is part of a word, taken whole.
        var cursor = 0
        func skipped(upTo end: Int) {
            var index = cursor
            while index < end {
                guard !Self.isBlank(line[index]) else { index += 1; continue }
                let start = index
                while index < end, !Self.isBlank(line[index]) { index += 1 }
                extend(start..<index)
            }
        }
        while true {
            let token = lexer.next()
            if token.kind == .end || token.kind == .newline { break }
            let range = token.byteRange.clamped(to: 0..<line.count)
            skipped(upTo: max(cursor, range.lowerBound))
            cursor = max(cursor, range.upperBound)
            extend(range)
            switch token.kind {
            case .word(let text), .string(let text): literals.append(text)
            case .equals: pair = true
            default: break
            }
        }
        skipped(upTo: line.count)
        finish()
        return values
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
    }

    /// The values of a line's `NAME=VALUE` pairs whose NAME is a secret's, or a likely
    /// misspelling of one (SecretMasker.namesSecret: `call setPassword pasword="Secr3t!"`
    /// is refused for its field, and the value typed is the password still, whatever its
    /// shape), or says it holds one (SecretName). The line is read by the language's lexer,
    /// so a quoted value is taken as it reads, and so is the name (pairName: `"password"=`,
    /// `pass\u{77}ord=`). Bound: one pass over the line's tokens, and one back over the
    /// bytes of each pair's name.
    private func secretPairValues(inLine bytes: ArraySlice<UInt8>) -> [String] {
        let line = Array(bytes)
        var lexer = Lexer(SourceFile(name: "", bytes: line))
        var values: [String] = []
        // The name of the pair whose `=` was the token before this one, and where that `=` ends.
        var name: String?
        var equalsEnd = 0
        while true {
            let token = lexer.next()
            let range = token.byteRange.clamped(to: 0..<line.count)
            if let key = name, SecretMasker.namesSecretOrSaysSo(key, table.querySecretNames) {
                // A value the lexer skipped without a token (a control character in it:
                // `password=Zq9<ESC>…`) is the text after the `=` up to a blank, as written.
                var end = equalsEnd
                let limit = token.kind == .end ? line.count : range.lowerBound
                while end < limit, !Self.isBlank(line[end]) { end += 1 }
                if end > equalsEnd {
                    values.append(String(decoding: line[equalsEnd..<end], as: UTF8.self))
                } else {
                    switch token.kind {
                    case .word(let text), .string(let text): values.append(text)
                    case .integer, .duration: values.append(String(decoding: line[range], as: UTF8.self))
                    default: break
                    }
                }
            }
            if case .end = token.kind { break }
            name = token.kind == .equals ? Self.pairName(before: token.position.offset, in: line) : nil
            equalsEnd = range.upperBound
        }
        return values
    }

    /// The name before the `=` at `offset`: the text back to the blank before it (blanks
    /// between them skipped: `password = …`), read as the lexer reads a string, so that a
    /// quoted name (`"password"`) and one spelled with escapes (`pass\u{77}ord`, which the
    /// lexer splits at its brace) read as they do to the eye. Nil when there is none.
    private static func pairName(before offset: Int, in line: [UInt8]) -> String? {
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") }
        var end = min(offset, line.count)
        while end > 0, isBlank(line[end - 1]) { end -= 1 }
        var start = end
        while start > 0, !isBlank(line[start - 1]) { start -= 1 }
        guard start < end else { return nil }
        let written = Array(line[start..<end])
        let quoted = written.count >= 2 && written.first == UInt8(ascii: "\"") && written.last == UInt8(ascii: "\"")
        guard quoted || written.contains(UInt8(ascii: "\\")) else { return String(decoding: written, as: UTF8.self) }
        var lexer = Lexer(SourceFile(name: "", bytes: quoted ? written : [UInt8(ascii: "\"")] + written + [UInt8(ascii: "\"")]))
        if case .string(let text) = lexer.next().kind { return text }
        return String(decoding: written, as: UTF8.self)
    }

    /// The literals of a line that did not parse standing where the command its first
    /// words name takes a secret: `login alice hunter2 extra` fails for its extra word, and
    /// `hunter2` is the password still, whatever its shape. The SDK the line was read for is
    /// not known here, so each entry of the name is tried (`user add` of every SDK): a
    /// literal is a secret when one of them puts a secret there (fail closed). A keyword
    /// argument is found by its keyword (`password P`), a flag is skipped, the others are
    /// taken in order; words past the last parameter are extra. Bound: one pass over the
    /// line's tokens, then one over them per entry of the name.
    private func placedSecrets(inLine bytes: ArraySlice<UInt8>) -> [String] {
        let line = Array(bytes)
        var lexer = Lexer(SourceFile(name: "", bytes: line))
        // Each token, with its text when it is a literal (a number as written).
        var tokens: [(kind: TokenKind, text: String?)] = []
        while true {
            let token = lexer.next()
            if token.kind == .end || token.kind == .newline { break }
            switch token.kind {
            case .word(let text), .string(let text): tokens.append((token.kind, text))
            case .integer, .duration:
                tokens.append((token.kind, String(decoding: line[token.byteRange.clamped(to: 0..<line.count)], as: UTF8.self)))
            default: tokens.append((token.kind, nil))
            }
        }
        // The longest command name the first words spell.
        var node = table.root, named: CommandTable.NameNode?, argumentsStart = 0
        for (index, token) in tokens.enumerated() {
            guard case .word(let word) = token.kind, let next = node.children[word] else { break }
            node = next
            if !node.specs.isEmpty { (named, argumentsStart) = (node, index + 1) }
        }
        guard let named else { return [] }
        var values: [String] = []
        for spec in named.specs where spec.hasSecrets {
            let positional = spec.parameters.filter { $0.keyword == nil }
            var nextPositional = 0
            var afterKeyword: Parameter?
            for token in tokens[argumentsStart...] {
                if let parameter = afterKeyword {
                    if parameter.kind == .secret, let text = token.text { values.append(text) }
                    afterKeyword = nil
                    continue
                }
                if case .word(let word) = token.kind, let parameter = spec.parameters.first(where: { $0.keyword == word }) {
                    if !parameter.isFlag { afterKeyword = parameter }
                    continue
                }
                guard nextPositional < positional.count else { continue }  // an extra word
                let parameter = positional[nextPositional]
                if !parameter.variadic { nextPositional += 1 }
                if parameter.kind == .secret, let text = token.text { values.append(text) }
            }
        }
        return values
    }
}
