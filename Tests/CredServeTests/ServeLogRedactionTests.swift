import CredLanguage
import CredScript
import CredSimulator
import Testing
import Expectations
@testable import CredServe

/// The serve log's one edge (docs/development.md, "Secrets at the edge"): an entry passes
/// the one redactor, which carries the control token with the run's secrets, and every
/// text a client chose is hidden there; what the server wrote (client, method, status)
/// is not touched.
@Suite struct ServeLogRedactionTests {
    @Test func everyTextAClientChoseIsRedactedAndNothingElse() {
        let token = "c0ntrolT0kenThatIsLong-0123456789abcdef"
        var ledger = SecretLedger()
        ledger.add("Zq9LeakPw1!")
        var carried = KnownSecrets()
        carried.add(token)
        let entry = ServeLogEntry(client: "127.0.0.1", method: "POST", path: "/sdk/Zq9LeakPw1!/\(token)", status: 404,
                                  parameters: [("Zq9LeakPw1!", "x\(token)"), ("call", "getPassword")],
                                  note: "no SDK 'Zq9LeakPw1!'", catalogued: true)
        let shown = entry.redacted(by: Redactor(ledger).carrying(carried))
        expectEqual(shown.path, "/sdk/***/***")
        expectEqual(shown.parameters.map(\.0), ["***", "call"])
        expectEqual(shown.parameters.map(\.1), ["x***", "getPassword"])
        expectEqual(shown.note, "no SDK '***'")
        expectEqual(shown.client, "127.0.0.1")
        expectEqual(shown.method, "POST")
        expectEqual(shown.status, 404)
        // Nothing known: the entry as it was.
        expectEqual(entry.redacted(by: Redactor(SecretLedger())), entry)
    }
}
