import CredLanguage
import CredSimulator

/// Masks the secrets of what was typed at the prompt before it goes into the history
/// file: `update Old1! New1!` becomes `update *** ***`. Text that does not parse is
/// masked conservatively: every line keeps its first word (and a `repeat` count and
/// braces); everything else becomes `***`, including text the lexer could not read.
///
/// The other way round, `removedSecrets` finds a `***` standing where a secret goes: a
/// line recalled from the history file, which must not be sent as it is.
public enum SecretMasker {
    /// `users`: the user names that exist, which a line that does not parse keeps.
    public static func mask(_ text: String, table: CommandTable = .standard, sdk: SDKID = .first,
                            users: [String] = []) -> String {
        var parser = ScriptReader(SourceFile(name: "<history>", text: text), table: table, sdk: sdk)
        return mask(text, read: parser.readScript(), table: table, users: users)
    }

    /// `mask`, and `caret` (a byte offset into `text`) moved to the same place in what it
    /// returns: kept where the text before it is, at the start of a mask that covers it. What
    /// a report quotes of a failing line (Redactor.quotedLine), the caret under its token.
    /// A line that does not parse is masked where it is shaped like a password only: the
    /// run's reading made the secrets of such a line known (SecretReading), and they were
    /// masked as values before it came here; its other words (`expect state alice locked`)
    /// are the user's to see.
    public static func mask(_ text: String, sdk: SDKID, caret: inout Int) -> String {
        var parser = ScriptReader(SourceFile(name: "<history>", text: text), sdk: sdk)
        let script = parser.readScript()
        guard script.parses else { return KnownSecrets.maskingPasswordShapedWords(text, caret: &caret) }
        return mask(text, read: script, caret: &caret)
    }

    /// `mask`, from the reading the prompt made of `text` (ParsedScript): no second parse.
    public static func mask(_ text: String, read script: ParsedScript, table: CommandTable = .standard, users: [String] = []) -> String {
        var caret = 0
        return mask(text, read: script, table: table, users: users, caret: &caret)
    }

    static func mask(_ text: String, read script: ParsedScript, table: CommandTable = .standard, users: [String] = [],
                     caret: inout Int) -> String {
        guard script.parses, let statements = script.statements else {
            return maskUnparsed(text, keeping: HistoryVocabulary(table: table, users: users), caret: &caret)
        }
        var ranges: [Replacement] = []
        for statement in statements { collectSecretRanges(statement, into: &ranges) }
        var bytes = Array(text.utf8)
        for replacement in ranges.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) where replacement.range.upperBound <= bytes.count {
            let written = Array(replacement.text.utf8)
            if caret >= replacement.range.upperBound {
                caret += written.count - replacement.range.count
            } else if caret > replacement.range.lowerBound {
                caret = replacement.range.lowerBound
            }
            bytes.replaceSubrange(replacement.range, with: written)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the history file keeps of an entry typed at the prompt. While the SDK waits for
    /// a secret (the prompt shows `[alice: mode 0 verify]`), an entry that does not parse
    /// and has a line that starts with no command is a password typed alone: nothing of it
    /// is kept but `***` (SecretReading masks it in the messages about it the same way).
    /// A command mistyped (`call setuser userID=alice`) is masked as any line that does not parse.
    public static func maskTyped(_ entry: String, parses: Bool, challengePending: Bool, table: CommandTable = .standard,
                                 sdk: SDKID = .first, users: [String] = []) -> String {
        if challengePending, !parses, mayBeTypedAlone(entry, table: table) { return ScriptWriter.mask }
        return maskingPasswordShapes(mask(entry, table: table, sdk: sdk, users: users))
    }

    /// `maskTyped`, from the reading the prompt made of the entry: no second parse.
    public static func maskTyped(_ entry: String, read script: ParsedScript, challengePending: Bool, table: CommandTable = .standard,
                                 users: [String] = []) -> String {
        if challengePending, !script.diagnostics.isEmpty, mayBeTypedAlone(entry, table: table) { return ScriptWriter.mask }
        return maskingPasswordShapes(mask(entry, read: script, table: table, users: users), keeping: paths(in: script.statements ?? []))
    }

    /// The paths given where a command takes a file (`record /tmp/run2/x.credscript`): no
    /// secret's place, so not masked for their shape (the known values still are).
    static func paths(in statements: [Statement]) -> Set<String> {
        var found: Set<String> = []
        for statement in statements {
            switch statement {
            case .command(let call):
                for parameter in call.spec.parameters where parameter.kind == .path {
                    guard case .single(let path)? = call.argument(parameter) else { continue }
                    if case .word(let text) = path.kind { found.insert(text) }
                    if case .string(let text) = path.kind { found.insert(text) }
                }
            case .repetition, .loop, .procedure, .test:
                found.formUnion(paths(in: statement.body))
            default:
                break
            }
        }
        return found
    }

    /// Whether text typed while the SDK waits for a secret may be that secret typed alone:
    /// a line of it starts with a word that is no command (`Zq9…`, `lgoin alice`). A line
    /// that starts with a command (`call setuser userID=alice`) is a command mistyped: its
    /// method, its user, its words are no secret, and its messages say them. Bound: one
    /// pass over the text's bytes.
    static func mayBeTypedAlone(_ text: some StringProtocol, table: CommandTable) -> Bool {
        mayBeTypedAlone(Array(text.utf8)[...], table: table)
    }

    static func mayBeTypedAlone(_ bytes: ArraySlice<UInt8>, table: CommandTable) -> Bool {
        let firstWords = Set(table.firstWords)
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            let words = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") })
            guard let first = words.first else { continue }
            let word = String(decoding: first, as: UTF8.self)
            if !firstWords.contains(word), word != "}", !word.hasPrefix("#") { return true }
        }
        return false
    }

    /// A word shaped like a password is masked wherever it stands: swapped arguments
    /// (`login Zq9… alice`) or a line that does not parse (KnownSecrets.looksLikePassword).
    private static func maskingPasswordShapes(_ masked: String, keeping paths: Set<String> = []) -> String {
        masked.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                if word.hasPrefix("\"") && word.hasSuffix("\"") && word.count >= 2 {
                    let bare = String(word.dropFirst().dropLast())
                    return KnownSecrets.looksLikePassword(bare) && !paths.contains(bare) ? ScriptWriter.mask : String(word)
                }
                if paths.contains(String(word)) { return String(word) }
                // A word at one end of a longer string keeps its quote, so the line recalled
                // still parses (`"*** is a word"`). The history file knows no run's values, so
                // a word of a protocol shaped like a password is masked too: it may be one.
                let opens = word.hasPrefix("\""), closes = word.hasSuffix("\"")
                let bare = String(word.dropFirst(opens ? 1 : 0).dropLast(closes ? 1 : 0))
                guard KnownSecrets.looksLikePassword(bare) else { return String(word) }
                return (opens ? "\"" : "") + ScriptWriter.mask + (closes ? "\"" : "")
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// A place where a secret goes that holds the bare word `***`, and what the secret is.
    public struct RemovedSecret: Sendable {
        public let position: SourcePosition
        /// `password`, `PIN`, `passcode`; `value` for a variable; `pathNoun` for a path.
        public let noun: String
        /// A path the history file masked for its shape: no secret, said apart (REPL.refusal).
        public static let pathNoun = "path"
    }

    /// Every `***` given, unquoted, where a secret (or a variable's value) goes. Such text
    /// comes from the history file, which keeps `***` in place of each secret; sending it
    /// would spend an attempt on a password nobody typed. `"***"` in quotes is not found.
    public static func removedSecrets(in source: SourceFile, table: CommandTable = .standard,
                                      sdk: SDKID = .first) -> [RemovedSecret] {
        var parser = ScriptReader(source, table: table, sdk: sdk)
        return removedSecrets(in: parser.readScript())
    }

    /// `removedSecrets`, from a reading of the source (ParsedScript): no second parse.
    public static func removedSecrets(in script: ParsedScript) -> [RemovedSecret] {
        var found: [RemovedSecret] = []
        for (index, statement) in (script.statements ?? []).enumerated() {
            let noun = script.sdkAfter[index].catalog.secretNoun
            collectRemoved(statement, noun: noun, into: &found)
        }
        return found
    }

    private static func isMask(_ expression: Expression) -> Bool {
        if case .word(ScriptWriter.mask) = expression.kind { return true }
        return false
    }

    private static func collectRemoved(_ statement: Statement, noun: String, into found: inout [RemovedSecret]) {
        switch statement {
        case .binding(_, let value, _, _, _):
            if isMask(value) { found.append(RemovedSecret(position: value.position, noun: "value")) }
        case .repetition, .loop, .procedure, .test:
            for inner in statement.body { collectRemoved(inner, noun: noun, into: &found) }
        case .capture, .comparison:
            break
        case .call(let call):
            let secrets = call.procedure.secretParameters
            for (parameter, argument) in zip(call.procedure.parameters, call.arguments) where secrets.contains(parameter) && isMask(argument) {
                found.append(RemovedSecret(position: argument.position, noun: noun))
            }
        case .command(let call):
            for expression in secretExpressions(of: call) where isMask(expression) {
                found.append(RemovedSecret(position: expression.position, noun: noun))
            }
            // The history file masks a word shaped like a password wherever it stands, and
            // a path with digits and a slash is one: `record ***` recalled would make a
            // file named `***` (`source`, `diagram` alike).
            for parameter in call.spec.parameters where parameter.kind == .path {
                if case .single(let path)? = call.argument(parameter), isMask(path) {
                    found.append(RemovedSecret(position: path.position, noun: RemovedSecret.pathNoun))
                }
            }
            for (expression, secretNames) in requestTargets(of: call) {
                let text: String
                switch expression.kind {
                case .word(let t), .string(let t): text = t
                default: continue
                }
                if RequestTarget.holdsRemovedSecret(text, secretNames: secretNames) {
                    found.append(RemovedSecret(position: expression.position, noun: noun))
                }
            }
        }
    }

    /// Literal request targets (`PATH?NAME=VALUE…`) of `call`, with the names their query's secrets go by.
    private static func requestTargets(of call: CommandCall) -> [(Expression, [String])] {
        call.spec.parameters.compactMap { parameter in
            guard case .requestTarget(_, let secretNames) = parameter.kind, case .single(let e)? = call.argument(parameter) else { return nil }
            return (e, secretNames)
        }
    }

    /// A `NAME=VALUE` pair holds a secret when its name is one of `secretNames`, or a
    /// likely misspelling of one (`pasword=`): the value typed is the secret still, and the
    /// error about the name must not show it (fail closed). The served log asks it too.
    package static func namesSecret(_ key: String, _ secretNames: [String]) -> Bool {
        secretNames.contains(key) || Spelling.closestByEdits(to: key, among: secretNames) != nil
    }

    /// `namesSecret`, or a name that says it holds a secret as a variable's does (`pwd`,
    /// `token`, `confirm_password`: SecretName): for text where anyone chose the names (a
    /// line that does not parse, a request a client sent to the served log), fail closed.
    package static func namesSecretOrSaysSo(_ key: String, _ secretNames: [String]) -> Bool {
        namesSecret(key, secretNames) || SecretName.looksSecret(key)
    }

    /// The arguments of `call` that stand where a secret goes.
    static func secretExpressions(of call: CommandCall) -> [Expression] {
        guard call.spec.placesSecrets else { return [] }
        var out: [Expression] = []
        for parameter in call.spec.parameters {
            if case .parameters(let secrets) = parameter.kind, case .pairs(let pairs)? = call.argument(parameter) {
                out += pairs.filter { namesSecret($0.key, secrets) }.map(\.value)  // `password=…` in a raw request
                continue
            }
            guard parameter.kind == .secret else { continue }
            switch call.argument(parameter) {
            case .single(let e)?: out.append(e)
            case .list(let items)?: out += items
            default: break
            }
        }
        return out
    }

    /// Source bytes to replace, and what to write instead.
    struct Replacement {
        let range: Range<Int>
        var text = ScriptWriter.mask
    }

    static func collectSecretRanges(_ statement: Statement, into ranges: inout [Replacement]) {
        switch statement {
        case .binding(_, let value, _, _, _):
            // The history is written before the value is used, and any variable may be
            // given as a secret later: no `let` value reaches the file (grammar.md, "Secrets").
            if !value.isVariable { ranges.append(Replacement(range: value.sourceRange)) }
        case .repetition, .procedure, .test:
            for inner in statement.body { collectSecretRanges(inner, into: &ranges) }
        case .loop(let loop):
            // A loop's values are bound as a `let` binds: none reaches the history file.
            ranges += loop.values.filter { !$0.isVariable }.map { Replacement(range: $0.sourceRange) }
            for inner in loop.body { collectSecretRanges(inner, into: &ranges) }
        case .capture, .comparison:
            break
        case .call(let call):
            let secrets = call.procedure.secretParameters
            for (parameter, argument) in zip(call.procedure.parameters, call.arguments) where secrets.contains(parameter) && !argument.isVariable {
                ranges.append(Replacement(range: argument.sourceRange))
            }
        case .command(let call):
            // A variable's name stays, as the echo shows it (`login alice $pw`, `password=$p`).
            ranges += secretExpressions(of: call).filter { !$0.isVariable }.map { Replacement(range: $0.sourceRange) }
            for parameter in call.spec.parameters {
                guard case .single(let e)? = call.argument(parameter),
                      let masked = ScriptWriter.maskingQuerySecrets(e, for: parameter) else { continue }
                ranges.append(Replacement(range: e.sourceRange, text: ScriptWriter.render(masked)))
            }
        }
    }

    /// `pw`, `password`, `newPin`, `new_pin`, `pinCode`, `token`, `secret`: names that say
    /// they hold secrets are masked from the start, in echo, history and transcripts alike.
    /// The name's parts are matched whole (SecretName), so `spinner` and `keyboard` are not.
    package static func looksSecret(_ name: String) -> Bool {
        SecretName.looksSecret(name)
    }

    /// For text that does not parse: per line, the first word stays (so the line can be
    /// recognised and retyped), and so does every word that cannot be a secret (a word of
    /// `vocabulary`, a `$variable`, `repeat`'s count, braces, `FIELD=` of a pair); every other
    /// token, and every stretch the lexer skipped as unreadable, becomes `***`; tokens masked
    /// side by side (`"Zq9…";`) are one `***`. `caret` moves with the text (mask(_:sdk:caret:)).
    static func maskUnparsed(_ text: String, keeping vocabulary: HistoryVocabulary) -> String {
        var caret = 0
        return maskUnparsed(text, keeping: vocabulary, caret: &caret)
    }

    static func maskUnparsed(_ text: String, keeping vocabulary: HistoryVocabulary, caret: inout Int) -> String {
        let bytes = Array(text.utf8)
        var lexer = Lexer(SourceFile(name: "<history>", text: text))
        var out: [UInt8] = []
        let mask = Array(ScriptWriter.mask.utf8)
        let caretIn = caret
        var caretOut: Int?
        // Where the last mask written ends in `text`: a masked token right after it adds none.
        var maskedUpTo = -1
        var cursor = 0
        var lineStart = true
        var afterRepeat = false
        // The word before an `=` token, and so the field the next word is the value of.
        var previousWord: String?
        var valueOf: String?
        func copyGap(upTo end: Int) {
            // Between tokens: blanks and newlines stay; anything else (a comment, bytes the
            // lexer reported and skipped) is masked, one *** per run.
            var inRun = false
            for index in cursor..<end {
                let byte = bytes[index]
                let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
                if blank {
                    if index == caretIn { caretOut = out.count }
                    out.append(byte)
                    inRun = false
                } else if !inRun {
                    if index == caretIn { caretOut = out.count }
                    if maskedUpTo != index { out += mask }
                    inRun = true
                } else if index == caretIn {
                    caretOut = out.count - mask.count
                }
                if !blank { maskedUpTo = index + 1 }
            }
        }
        // Bound: one pass over the lexer's tokens, each consumed once.
        while true {
            let token = lexer.next()
            let range = token.byteRange
            guard token.kind != .end, range.lowerBound >= cursor, range.upperBound <= bytes.count else { break }
            copyGap(upTo: range.lowerBound)
            var kept: [UInt8]?
            let wasLineStart = lineStart, wasAfterRepeat = afterRepeat
            let fieldBefore = valueOf
            lineStart = false
            afterRepeat = false
            valueOf = nil
            if case .equals = token.kind { valueOf = previousWord }
            previousWord = nil
            if case .word(let word) = token.kind { previousWord = word }
            switch token.kind {
            case .newline:
                kept = Array(bytes[range])
                lineStart = true
            case .leftBrace, .rightBrace, .equals, .variable:
                kept = Array(bytes[range])
            case .word(let word) where wasLineStart:
                kept = Array(bytes[range])
                afterRepeat = word == "repeat"
            case .word(let word) where fieldBefore != nil:
                // The value of `FIELD = VALUE` written apart: kept as a word of the language
                // unless the field is named for a secret.
                if vocabulary.contains(word), !SecretName.looksSecret(fieldBefore!) { kept = Array(bytes[range]) }
            case .word(let word):
                kept = keptWord(word, vocabulary: vocabulary).map { Array($0.utf8) }
            case .integer where wasAfterRepeat:
                kept = Array(bytes[range])
            default:
                break
            }
            if let kept {
                if range.contains(caretIn) { caretOut = out.count + min(caretIn - range.lowerBound, max(kept.count - 1, 0)) }
                out += kept
            } else {
                let adjacent = maskedUpTo == range.lowerBound
                if range.contains(caretIn) { caretOut = adjacent ? out.count - mask.count : out.count }
                if !adjacent { out += mask }
                maskedUpTo = range.upperBound
            }
            cursor = range.upperBound
        }
        copyGap(upTo: bytes.count)
        if caretIn >= bytes.count { caretOut = out.count }
        caret = caretOut ?? min(caretIn, out.count)
        return String(decoding: out, as: UTF8.self)
    }

    /// A word of an unparsed line as the history keeps it: whole when it is a word of the
    /// language or a known user; `FIELD=***` when only its name before `=` is; nil (all
    /// masked) otherwise.
    private static func keptWord(_ word: String, vocabulary: HistoryVocabulary) -> String? {
        if vocabulary.contains(word) { return word }
        guard let equals = word.firstIndex(of: "="), vocabulary.contains(String(word[..<equals])) else { return nil }
        let field = String(word[..<equals]), value = String(word[word.index(after: equals)...])
        // `password=login`: a field named for a secret never keeps its value, whatever it is.
        return vocabulary.contains(value) && !SecretName.looksSecret(field) ? word : field + "=" + ScriptWriter.mask
    }
}
