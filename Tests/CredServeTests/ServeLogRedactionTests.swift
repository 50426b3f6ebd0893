import CredLanguage
import CredScript
import CredSimulator
import Testing
import Expectations
@testable import CredServe

/// The serve log's one edge (docs/development.md, "Secrets at the edge"): an entry passes
/// the server's edge (ServeEdge) with the secrets its request carries, and every text a
/// client chose is hidden there with them and the run's; what the server wrote (client,
/// method, status) is not touched.
@Suite struct ServeLogRedactionTests {
    @Test func everyTextAClientChoseIsRedactedAndNothingElse() {
        let token = "c0ntrolT0kenThatIsLong-0123456789abcdef"
        var ledger = SecretLedger()
        ledger.add("Zq9LeakPw1!")
        var carried = KnownSecrets()
        carried.add(token)
        func entry(carrying carried: KnownSecrets) -> ServeLogEntry {
            ServeLogEntry(client: "127.0.0.1", method: "POST", path: "/sdk/Zq9LeakPw1!/\(token)", status: 404,
                          parameters: [("Zq9LeakPw1!", "x\(token)"), ("call", "getPassword")],
                          note: "no SDK 'Zq9LeakPw1!'", catalogued: true, carrying: carried)
        }
        let shown = ServeEdge(ledger: ledger).entry(entry(carrying: carried))
        expectEqual(shown.path, "/sdk/***/***")
        expectEqual(shown.parameters.map(\.0), ["***", "call"])
        expectEqual(shown.parameters.map(\.1), ["x***", "getPassword"])
        expectEqual(shown.note, "no SDK '***'")
        expectEqual(shown.client, "127.0.0.1")
        expectEqual(shown.method, "POST")
        expectEqual(shown.status, 404)
        // Nothing known: the entry as it was.
        let plain = entry(carrying: KnownSecrets())
        expectEqual(ServeEdge(ledger: SecretLedger()).entry(plain), plain)
    }
}
