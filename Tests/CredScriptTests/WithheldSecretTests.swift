import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Issue 48: the control token is a secret of the run's ledger, never shown
/// (SecretLedger.withheld): masked by the ledger's redactor and by the run's edge under
/// `secrets shown` too, found percent-encoded, and kept when a ledger adopts another.
@Suite struct WithheldSecretTests {
    static let token = "0123456789abcdef0123456789abcdef"
    static let encoded = token.utf8.map { "%" + String($0, radix: 16) }.joined()

    @Test func aWithheldValueIsMaskedWhenSecretsAreShownAndPercentEncoded() {
        var ledger = SecretLedger()
        ledger.add("Zq9Practice1!")
        ledger.withhold(Self.token)
        let text = "pw Zq9Practice1! token \(Self.token) path /aaa/\(Self.encoded) half %30%31\(Self.token.dropFirst(2))"
        expectEqual(Redactor(ledger).text(text), "pw *** token *** path /aaa/*** half ***")
        ledger.shown = true
        // Shown: the practice secret as typed, the token still masked, in every spelling.
        expectEqual(Redactor(ledger).text(text), "pw Zq9Practice1! token *** path /aaa/*** half ***")
        expectEqual(Redactor(ledger).json(.string(text)), .string("pw Zq9Practice1! token *** path /aaa/*** half ***"))
        #expect(!Redactor(ledger).passesAll)
        // What a program or another person reads ignores `shown`.
        expectEqual(Redactor(ledger, shown: false).text(text), "pw *** token *** path /aaa/*** half ***")
        // Only the withheld value is searched percent-encoded, not every secret of the run.
        let practice = "Zq9Practice1!".utf8.map { "%" + String($0, radix: 16) }.joined()
        expectEqual(Redactor(ledger, shown: false).text(practice), practice)
    }

    @Test func adoptingAnotherLedgerKeepsTheWithheldValuesOfBoth() {
        var live = SecretLedger()
        live.withhold(Self.token)
        // A control run starts from the live ledger and hands it back.
        var run = SecretLedger()
        run.adopt(live)
        run.add("Zq9Later1!")
        live.adopt(run)
        expectEqual(Redactor(live).text("\(Self.token) Zq9Later1!"), "*** ***")
        // A ledger that never knew it does not make the live one forget it.
        live.adopt(SecretLedger())
        live.shown = true
        expectEqual(Redactor(live).text("/aaa/\(Self.encoded)"), "/aaa/***")
        #expect(live.values.knows(Self.token))
    }

    @Test func theRunsEdgeMasksTheTokenInRecordsWithSecretsShown() {
        let host = MemoryHost()
        let evaluator = Evaluator(host: host)
        evaluator.events.secrets.withhold(Self.token)
        evaluator.events.secrets.add("Zq9Practice1!")
        evaluator.events.secrets.shown = true
        evaluator.run(SourceFile(name: "t.credscript", text: """
            echo "Zq9Practice1!"
            echo "sent \(Self.token) and /aaa/\(Self.encoded)"

            """))
        expectEqual(host.output, "Zq9Practice1!\nsent *** and /aaa/***\n")
        #expect(!host.output.contains(Self.token) && !host.output.contains(Self.encoded), "\(host.output)")
    }
}
