import CredSimulator

/// Masks the secrets of what was typed at the prompt before it goes into the history
/// file: `update Old1! New1!` becomes `update *** ***`. Text that does not parse is
/// masked conservatively: every line keeps its first word (and a `repeat` count and
/// braces); everything else becomes `***`, including text the lexer could not read.
///
/// The other way round, `removedSecrets` finds a `***` standing where a secret goes: a
/// line recalled from the history file, which must not be sent as it is.
public enum SecretMasker {
    public static func mask(_ text: String, table: CommandTable = .standard, sdk: String = Simulation.catalogs[0].name) -> String {
        var parser = Parser(SourceFile(name: "<history>", text: text), table: table, sdk: sdk)
        let statements = parser.parseAll()
        guard parser.diagnostics.isEmpty, !parser.endedInsideBlock else { return maskEverythingAfterFirstWord(text) }
        var ranges: [Replacement] = []
        for statement in statements { collectSecretRanges(statement, into: &ranges) }
        var bytes = Array(text.utf8)
        for replacement in ranges.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) where replacement.range.upperBound <= bytes.count {
            bytes.replaceSubrange(replacement.range, with: Array(replacement.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the history file keeps of an entry typed at the prompt. While the SDK waits for
    /// a secret (the prompt shows `[alice: mode 0 verify]`), an entry that does not parse is
    /// a password typed alone: nothing of it is kept but `***` (KnownSecrets masks it in
    /// the messages about it the same way).
    public static func maskTyped(_ entry: String, parses: Bool, challengePending: Bool, table: CommandTable = .standard,
                                 sdk: String = Simulation.catalogs[0].name) -> String {
        if challengePending, !parses { return ScriptWriter.mask }
        // A word shaped like a password is masked wherever it stands: swapped arguments
        // (`login Zq9… alice`) or a line that does not parse (KnownSecrets.looksLikePassword).
        let masked = mask(entry, table: table, sdk: sdk)
        return masked.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { word in
                let bare = word.hasPrefix("\"") && word.hasSuffix("\"") && word.count >= 2 ? word.dropFirst().dropLast() : word
                return KnownSecrets.looksLikePassword(String(bare)) ? ScriptWriter.mask : String(word)
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// A place where a secret goes that holds the bare word `***`, and what the secret is.
    public struct RemovedSecret: Sendable {
        public let position: SourcePosition
        /// `password`, `PIN`, `passcode`; `value` for a variable.
        public let noun: String
    }

    /// Every `***` given, unquoted, where a secret (or a variable's value) goes. Such text
    /// comes from the history file, which keeps `***` in place of each secret; sending it
    /// would spend an attempt on a password nobody typed. `"***"` in quotes is not found.
    public static func removedSecrets(in source: SourceFile, table: CommandTable = .standard,
                                      sdk: String = Simulation.catalogs[0].name) -> [RemovedSecret] {
        var parser = Parser(source, table: table, sdk: sdk)
        var found: [RemovedSecret] = []
        while let statement = parser.nextStatement() {
            let noun = Simulation.catalogs.first { $0.name == parser.sdk }?.secretNoun ?? "secret"
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
        case .binding(_, let value, _, _):
            if isMask(value) { found.append(RemovedSecret(position: value.position, noun: "value")) }
        case .repetition(_, let body, _):
            for inner in body { collectRemoved(inner, noun: noun, into: &found) }
        case .command(let call):
            for expression in secretExpressions(of: call) where isMask(expression) {
                found.append(RemovedSecret(position: expression.position, noun: noun))
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
            guard case .requestTarget(_, let secretNames) = parameter.kind, case .single(let e)? = call.argument(parameter.name) else { return nil }
            return (e, secretNames)
        }
    }

    /// The arguments of `call` that stand where a secret goes.
    static func secretExpressions(of call: CommandCall) -> [Expression] {
        var out: [Expression] = []
        for parameter in call.spec.parameters {
            if case .parameters(let secrets) = parameter.kind, case .pairs(let pairs)? = call.argument(parameter.name) {
                out += pairs.filter { secrets.contains($0.key) }.map(\.value)  // `password=…` in a raw request
                continue
            }
            guard parameter.kind == .secret else { continue }
            switch call.argument(parameter.name) {
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
        case .binding(_, let value, _, _):
            // The history is written before the value is used, and any variable may be
            // given as a secret later: no `let` value reaches the file (grammar.md, "Secrets").
            if !value.isVariable { ranges.append(Replacement(range: value.sourceRange)) }
        case .repetition(_, let body, _):
            for inner in body { collectSecretRanges(inner, into: &ranges) }
        case .command(let call):
            ranges += secretExpressions(of: call).map { Replacement(range: $0.sourceRange) }
            for parameter in call.spec.parameters {
                guard case .single(let e)? = call.argument(parameter.name),
                      let masked = ScriptWriter.maskingQuerySecrets(e, for: parameter) else { continue }
                ranges.append(Replacement(range: e.sourceRange, text: ScriptWriter.render(masked)))
            }
        }
    }

    /// `pw`, `password`, `newPin`, `passcode`, `token`, `secret`: names that say they hold
    /// secrets are masked from the start, in echo, history and transcripts alike.
    static func looksSecret(_ name: String) -> Bool {
        // Every `let` asks this, so an ASCII name (all of them, in practice) is searched
        // byte by byte; only another name pays for Unicode lowercasing.
        var lower: [UInt8] = []
        lower.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte < 0x80 else { return secretWords.contains { name.lowercased().contains($0) } }
            lower.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        }
        return secretWordBytes.contains { word in
            lower.count >= word.count && (0...(lower.count - word.count)).contains { start in
                lower[start..<(start + word.count)].elementsEqual(word)
            }
        }
    }

    private static let secretWords = ["pw", "pass", "pin", "secret", "token", "code", "key", "cred"]
    private static let secretWordBytes = secretWords.map { Array($0.utf8) }

    /// For text that does not parse: per line, the first word stays (so the line can be
    /// recognised and retyped), and so do `repeat`'s count and braces; every other token,
    /// and every stretch the lexer skipped as unreadable, becomes `***`.
    static func maskEverythingAfterFirstWord(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var lexer = Lexer(SourceFile(name: "<history>", text: text))
        var out: [UInt8] = []
        let mask = Array(ScriptWriter.mask.utf8)
        var cursor = 0
        var lineStart = true
        var afterRepeat = false
        func copyGap(upTo end: Int) {
            // Between tokens: blanks and newlines stay; anything else (a comment, bytes the
            // lexer reported and skipped) is masked, one *** per run.
            var inRun = false
            for byte in bytes[cursor..<end] {
                let blank = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n")
                if blank {
                    out.append(byte)
                    inRun = false
                } else if !inRun {
                    out += mask
                    inRun = true
                }
            }
        }
        while true {
            let token = lexer.next()
            let range = token.byteRange
            guard token.kind != .end, range.lowerBound >= cursor, range.upperBound <= bytes.count else { break }
            copyGap(upTo: range.lowerBound)
            var keep = false
            switch token.kind {
            case .newline:
                keep = true
                lineStart = true
                afterRepeat = false
            case .leftBrace, .rightBrace:
                keep = true
            case .word(let word) where lineStart:
                keep = true
                lineStart = false
                afterRepeat = word == "repeat"
            case .integer where afterRepeat:
                keep = true
                afterRepeat = false
            default:
                lineStart = false
                afterRepeat = false
            }
            out += keep ? Array(bytes[range]) : mask
            cursor = range.upperBound
        }
        copyGap(upTo: bytes.count)
        return String(decoding: out, as: UTF8.self)
    }
}
