import CredshDouble
import Foundation
import RELID
import Testing

/// A world per test (docs/double.md, "A world per test"): a UI test's `setUp` calls
/// `CredshControl.reset()`, and the flow that changed alice's password passes again.
@Suite struct ResetTests {
    @Test func theFlowThatChangesThePasswordPassesTwiceWithAResetBetween() throws {
        let server = try CredshServer(scenario: "sdk relid\nuser add alice password \"Passw0rd!\"\nexpire alice\n")
        defer { server.stop() }
        for round in 1...2 {
            // The UI test's setUp.
            try server.control.reset().get()
            let app = RelIDTestApp(server, device: "swift-reset")
            app.verify = ["Passw0rd!"]
            app.update = [("Passw0rd!", "N3w-Passw0rd!")]
            app.sdk("setUser") { $0.setUser("alice") }
            #expect(app.log.contains("getPassword alice mode=4 attempts=3 status=118 policy"), "round \(round): \(app.log)")
            #expect(app.log.contains("onUserLoggedIn alice status=100"), "round \(round): \(app.log)")
            try expectJournal(server, device: "swift-reset", sdk: "relid", "expect calls setUser setPassword updatePassword getAllChallenges")
        }
        let refused = CredshControl(configuration: CredshConfiguration(baseURL: server.baseURL, token: "not-the-token")).reset()
        guard case .failure(.http(status: 401, _)) = refused else { Issue.record("reset without the token: \(refused)"); return }
    }
}
