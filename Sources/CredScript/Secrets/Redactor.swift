import CredLanguage
import CredSimulator

/// The one redactor at the output edge (docs/development.md, "Secrets at the edge"): what
/// a writer shows of a text, a JSON value, a record or a diagnostic. It hides the values
/// the run's ledger holds and those a piece of data carries as secret with it (a call's
/// own secret fields: `carrying`), and never rewrites a protocol word (ProtocolWords).
/// Writers that know no run's values (the editor, a report's quoted line) ask it for the
/// masks by place and by shape, which live here too, beside the values.
public struct Redactor: Sendable {
    /// The values the run (or the file, for the editor) decided are secret.
    public let known: KnownSecrets
    /// The values that came with the data being written, flagged secret where it was
    /// decided (a call's secret fields), and secret for this writing only.
    public private(set) var carried = KnownSecrets()
    /// `--show-secrets`, `secrets shown`: the records people read are written as they are,
    /// but for the values never shown.
    let shown: Bool
    /// The values never shown (SecretLedger.withheld: the control token), masked where
    /// `shown` skips `known`, which holds them too.
    let withheld: KnownSecrets

    public init(_ ledger: SecretLedger) {
        self.init(ledger, shown: ledger.shown)
    }

    /// The ledger's redactor as what is not read by the person who typed the secrets
    /// passes it (a server's answers and log: docs/serving.md): `shown` or not.
    public init(_ ledger: SecretLedger, shown: Bool) {
        known = ledger.values
        withheld = ledger.withheld
        self.shown = shown
    }

    public init(known: KnownSecrets, shown: Bool = false) {
        self.known = known
        self.shown = shown
        withheld = KnownSecrets()
    }

    /// What is masked after the values carried: the known secrets, or only the values
    /// never shown when secrets are shown.
    private var net: KnownSecrets { shown ? withheld : known }

    /// This redactor, also hiding `values`: the secrets a piece of data carries with it.
    public func carrying(_ values: KnownSecrets) -> Redactor {
        var redactor = self
        redactor.carried = values
        return redactor
    }

    /// Whether writing through it changes nothing: no secret known, or secrets shown and
    /// none of them withheld.
    public var passesAll: Bool { shown ? withheld.isEmpty : known.isEmpty && carried.isEmpty }

    /// `text` as written: each secret as `***`.
    public func text(_ text: String) -> String {
        guard !passesAll else { return text }
        let inner = shown || carried.isEmpty ? text : carried.redact(text)
        return net.isEmpty ? inner : net.redact(inner)
    }

    /// Each line, as `text` writes it.
    public func lines(_ lines: [String]) -> [String] {
        passesAll ? lines : lines.map(text)
    }

    /// A JSON value with the secrets hidden inside each string, where they stand: never a
    /// key or a number, so it stays JSON (docs/double.md, "Secrets").
    public func json(_ value: JSONValue) -> JSONValue {
        guard !passesAll else { return value }
        let inner = shown || carried.isEmpty ? value : carried.redact(value)
        return net.isEmpty ? inner : net.redact(inner)
    }

    /// A record as the run's formats write it: an outcome as `outcome` writes it, any
    /// other record's texts through the net.
    public func record(_ record: OutputRecord) -> OutputRecord {
        if case .outcome(let outcome, let sdk) = record { return .outcome(self.outcome(outcome), sdk: sdk) }
        guard !passesAll else { return record }
        let inner = shown || carried.isEmpty ? record : carried.redact(record)
        return net.isEmpty ? inner : net.redact(inner)
    }

    /// An outcome as every writer shows it (records, pictures, the double's answers). A
    /// field its event flags secret (`SDKEvent.secretValues`: the catalog's `FieldSpec.secret`,
    /// decided where the event was made) is written `***` by that flag, whatever the ledger
    /// holds and whether secrets are shown, and its value is carried to the event's other
    /// texts; the flag ends here, so no writer past the edge holds the value. Then the net.
    public func outcome(_ outcome: Outcome) -> Outcome {
        if let (written, carries) = outcome.flaggedSecrets {
            var flagged = carried
            for value in carries { flagged.add(value) }
            // A flag holds when secrets are shown too: `shown` is for what was typed.
            let inner = flagged.redact(written)
            return net.isEmpty ? inner : net.redact(inner)
        }
        guard !passesAll else { return outcome }
        let inner = shown || carried.isEmpty ? outcome : carried.redact(outcome)
        return net.isEmpty ? inner : net.redact(inner)
    }

    /// Bytes that need not be text (a server's answer as it was made, a header's value),
    /// with each value carried for this writing written `***` where its bytes stand and
    /// nothing else touched: a server's own answer goes out as it was made but for what it
    /// must not give back (the control token: docs/serving.md, "The control API").
    /// A value carried `percentEncodedToo` is also found so spelled (`GET /%33%34…`, the
    /// path a 404 page quotes). Linear in the bytes for each value of fixed size (the
    /// token's 32 bytes).
    public func bytes(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        for value in carried.values { bytes = Self.replacing(Array(value.utf8), in: bytes) }
        return carried.maskingPercentEncoded(bytes)
    }

    private static func replacing(_ needle: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let first = needle.first, bytes.count >= needle.count else { return bytes }
        var out: [UInt8] = []
        var index = 0
        var found = false
        while index < bytes.count {
            if bytes[index] == first, index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                if !found {
                    out.reserveCapacity(bytes.count)
                    out += bytes[..<index]
                    found = true
                }
                out += FieldSpec.hiddenText.utf8
                index += needle.count
            } else {
                if found { out.append(bytes[index]) }
                index += 1
            }
        }
        return found ? out : bytes
    }

    /// A diagnostic and the line it quotes, the caret moved to match.
    public func diagnostic(_ diagnostic: Diagnostic, source: SourceFile?) -> (Diagnostic, SourceFile?) {
        guard !passesAll else { return (diagnostic, source) }
        let (inner, quoted) = shown || carried.isEmpty ? (diagnostic, source) : carried.redact(diagnostic, source: source)
        return net.isEmpty ? (inner, quoted) : net.redact(inner, source: quoted)
    }

    // MARK: For writers that know no run's values

    /// `text` with the known secrets hidden and every word shaped like a password too:
    /// what the editor shows of a file being typed (a diagnostic's message, an outline's line).
    public func textAndShapes(_ text: String) -> String {
        KnownSecrets.maskingPasswordShapedWords(known.redact(text))
    }

    /// A variable's value as the editor's hover shows it: a query's secret parameters
    /// (`secretNames`) are secrets wherever the text stands (grammar.md, "Secrets"), and
    /// the known secrets are hidden as a run's echo hides them.
    public func value(_ text: String, querySecretNames secretNames: [String]) -> String {
        var query = KnownSecrets()
        for value in RequestTarget.secretValues(in: text, secretNames: secretNames) { query.add(value) }
        return known.redact(query.redact(text))
    }

    /// Lines longer than this are not parsed again to mask them: a report shows the
    /// headline alone (the whole line is at its file:line:column).
    public static let quotedLineMaximumBytes = 64 * 1024

    /// A failure's source line as `credsh test` reports it (text, JSON, JUnit, HTML): its
    /// secrets masked by place, as a transcript masks them (`login alice ***`: a secret
    /// under 4 bytes is no value the net knows), the caret moved to match; nil for the line
    /// when it cannot be shown safely. A report is read by more people than the script;
    /// the plain run's stderr still shows the line as written, to the person who wrote it.
    public static func quotedLine(_ diagnostic: Diagnostic, in source: SourceFile?, sdk: SDKID) -> (Diagnostic, SourceFile?) {
        guard let source else { return (diagnostic, nil) }
        // The run's edge may already have handed a masked copy of the line, with the
        // caret's place in that copy; the headline's line and column stay the file's.
        let quoted = diagnostic.quotedPosition ?? diagnostic.position
        let bytes = source.bytes
        let start = quoted.lineStart
        guard start <= bytes.count else { return (diagnostic, nil) }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") {
            end += 1
            if end - start > quotedLineMaximumBytes { return (diagnostic, nil) }
        }
        let line = Array(bytes[start..<end])
        var caret = min(max(0, quoted.offset - start), line.count)
        let shown = Array(SecretMasker.mask(String(decoding: line, as: UTF8.self), sdk: sdk, caret: &caret).utf8)
        var moved = diagnostic
        moved.quotedPosition = SourcePosition(line: quoted.line, column: quoted.column, offset: caret, lineStart: 0)
        return (moved, SourceFile(name: source.name, bytes: shown))
    }
}
