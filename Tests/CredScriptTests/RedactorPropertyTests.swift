import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Issue 48: the one redactor at the output edge (docs/development.md, "Secrets at the
/// edge"). A value flagged secret, whether the run's ledger holds it or the data carries
/// it (a call's secret field, a request's secret parameter, the control token), never
/// leaves a writer unmasked, in text, lines or JSON; and a protocol word is never touched.
@Suite struct RedactorPropertyTests {
    /// A password-shaped secret: no protocol word, long enough to be masked anywhere.
    static func secret(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
        return "Zq" + String((0..<Int.random(in: 6...12, using: &random)).map { _ in letters.randomElement(using: &random)! }) + "9!"
    }

    /// Free text around `secret`: words of a protocol, punctuation, the secret glued or apart.
    static func text(around secret: String, _ random: inout SeededGenerator) -> String {
        let words = ["getPassword", "Password", "setUser", "credType", "=", ":", " ", "\"", "device", "pin", "\u{1}"]
        var parts = (0..<Int.random(in: 0...6, using: &random)).map { _ in words.randomElement(using: &random)! }
        parts.insert(secret, at: Int.random(in: 0...parts.count, using: &random))
        return parts.joined(separator: Bool.random(using: &random) ? " " : "")
    }

    static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(strings)
        case .object(let members): return members.flatMap { strings(in: $0.1) }
        default: return []
        }
    }

    @Test func aValueFlaggedSecretNeverReachesAWriterUnmasked() {
        var random = SeededGenerator(seed: 48)
        for round in 0..<300 {
            let inLedger = Self.secret(&random), carried = Self.secret(&random)
            var ledger = SecretLedger()
            ledger.add(inLedger)
            var carriedValues = KnownSecrets()
            carriedValues.add(carried)
            let redactor = Redactor(ledger).carrying(carriedValues)
            for secret in [inLedger, carried] {
                let text = Self.text(around: secret, &random)
                let shown = redactor.text(text)
                expectEqual(shown.contains(secret), false, "round \(round): \(text) → \(shown)")
                expectEqual(redactor.lines([text, "plain"]).joined().contains(secret), false, "round \(round): lines")
                let json = JSONValue.object([("event", .string("getPassword")),
                                             ("fields", .array([.string(text), .int(7), .object([("userID", .string(text))])]))])
                let written = redactor.json(json)
                expectEqual(Self.strings(in: written).contains { $0.contains(secret) }, false, "round \(round): \(written.serialized)")
                // The protocol's own words stand as they were sent.
                guard case .object(let members) = written else { Issue.record("not an object"); continue }
                expectEqual(members.first?.1, .string("getPassword"))
            }
            // A diagnostic and the line it quotes, holding both: each set masks the line in
            // turn (the carried values', then the ledger's on that copy), the caret kept on it.
            let line = "login alice \"\(carried)\" \(Self.text(around: inLedger, &random)) \(Self.text(around: carried, &random))\n"
            let at = SourcePosition(line: 2, column: 7, offset: 16, lineStart: 10)
            let failure = Diagnostic(.commandCannotRun, "no user \(inLedger) \(carried)", file: "t.credscript", at: at, notes: [line])
            let (shown, quoted) = redactor.diagnostic(failure, source: SourceFile(name: "t.credscript", text: "sdk relid\n" + line))
            let formatted = DiagnosticFormatter().format(shown, source: quoted)
            for secret in [inLedger, carried] { expectEqual(formatted.contains(secret), false, "round \(round): \(formatted)") }
            expectEqual(formatted.contains("| login alice \"***\""), true, "round \(round): \(formatted)")
            expectEqual(formatted.contains("|       ^"), true, "round \(round): \(formatted)")
        }
    }

    @Test func aSecretThatIsAProtocolWordIsNeverRewritten() {
        var ledger = SecretLedger()
        ledger.add("Password")
        var carried = KnownSecrets()
        carried.add("Passcode")
        let redactor = Redactor(ledger).carrying(carried)
        expectEqual(redactor.text("getPassword shouldTryPasscode FUIPasscodeInputController"),
                    "getPassword shouldTryPasscode FUIPasscodeInputController")
        expectEqual(redactor.json(.object([("event", .string("getPassword")), ("options", .array([.string("Password")]))])).serialized,
                    #"{"event":"getPassword","options":["Password"]}"#)
    }

    @Test func shownSecretsPassThroughAndNothingKnownChangesNothing() {
        var ledger = SecretLedger()
        ledger.add("Zq9SecretPw1")
        ledger.shown = true
        expectEqual(Redactor(ledger).text("login alice Zq9SecretPw1"), "login alice Zq9SecretPw1")
        expectEqual(Redactor(SecretLedger()).passesAll, true)
        ledger.shown = false
        expectEqual(Redactor(ledger).text("login alice Zq9SecretPw1"), "login alice ***")
    }
}
