import CredSimulator

/// Masks the secrets of a line typed at the prompt before it goes into the history
/// file: `update Old1! New1!` becomes `update *** ***`. A line that does not parse is
/// masked conservatively: every argument after the first word.
public enum SecretMasker {
    public static func mask(_ line: String, table: CommandTable = .standard, sdk: String = Simulation.catalogs[0].name) -> String {
        var parser = Parser(SourceFile(name: "<history>", text: line), table: table, sdk: sdk)
        let statements = parser.parseAll()
        guard parser.diagnostics.isEmpty else { return maskEverythingAfterFirstWord(line) }
        var ranges: [Range<Int>] = []
        for statement in statements { collectSecretRanges(statement, into: &ranges) }
        var bytes = Array(line.utf8)
        for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) where range.upperBound <= bytes.count {
            bytes.replaceSubrange(range, with: Array(ScriptWriter.mask.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func collectSecretRanges(_ statement: Statement, into ranges: inout [Range<Int>]) {
        switch statement {
        case .binding(let name, let value, _, let secret):
            // The history is written before the value is used, so a name that says
            // "secret" is taken at its word too (docs: grammar.md, "Secrets").
            if secret || looksSecret(name) { ranges.append(value.position.offset..<(value.position.offset + value.length)) }
        case .repetition(_, let body, _):
            for inner in body { collectSecretRanges(inner, into: &ranges) }
        case .command(let call):
            for parameter in call.spec.parameters where parameter.kind == .secret {
                switch call.argument(parameter.name) {
                case .single(let e)?: ranges.append(e.position.offset..<(e.position.offset + e.length))
                case .list(let items)?: ranges += items.map { $0.position.offset..<($0.position.offset + $0.length) }
                default: break
                }
            }
        }
    }

    /// `pw`, `password`, `newPin`, `passcode`, `token`, `secret`: names that say they hold
    /// secrets are masked from the start, in echo, history and transcripts alike.
    static func looksSecret(_ name: String) -> Bool {
        let lower = name.lowercased()
        return ["pw", "pass", "pin", "secret", "token", "code", "key", "cred"].contains { lower.contains($0) }
    }

    static func maskEverythingAfterFirstWord(_ line: String) -> String {
        var lexer = Lexer(SourceFile(name: "<history>", text: line))
        var bytes = Array(line.utf8)
        var ranges: [Range<Int>] = []
        var first = true
        while true {
            let token = lexer.next()
            if token.kind == .end { break }
            switch token.kind {
            case .word(let w):
                if first || w == "repeat" { first = false; continue }
                ranges.append(token.byteRange)
            case .string, .variable, .json:
                ranges.append(token.byteRange)
            case .newline:
                first = true
            default:
                continue
            }
        }
        for range in ranges.reversed() where range.upperBound <= bytes.count {
            bytes.replaceSubrange(range, with: Array(ScriptWriter.mask.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
