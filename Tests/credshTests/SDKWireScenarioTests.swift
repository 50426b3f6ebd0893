import CredSimulator
import Foundation
import Testing
import Expectations

/// Issue 50 over real HTTP (docs/double.md, "A world per test" and "Steered tests
/// replay"): `POST /__credsh/reset` gives each test the scenario again, a device first
/// seen starts from the scenario whatever control runs did since, and a journal with a
/// control run between its calls replays with `credsh test`.
@Suite struct SDKWireScenarioTests {
    static let scenario = "sdk relid\nuser add alice password \"Passw0rd!\"\nexpire alice\n"

    /// An app's expiry flow on `device`: the password the scenario gave, 118, the update in mode 4.
    static func expiryFlow(_ served: ServedCredsh, device: String) throws -> [String] {
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: device)
        let login = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: device, id: 2)
        #expect(login.serialized.contains(#""challengeMode":4"#), "the scenario's expired password: \(login.serialized)")
        let update = try SDKWireTests.call(served, "relid", "updatePassword",
                                           #"{"currentPassword":"Passw0rd!","newPassword":"N3w-Passw0rd!","challengeMode":4}"#, device: device, id: 3)
        return SDKWireTests.events(update)
    }

    @Test func aFlowThatChangesThePasswordPassesTwiceWithAResetBetween() throws {
        let served = try ServedCredsh(["--control"], scripts: [Self.scenario])
        let check = "sdk relid\ndevice phone-1\nexpect calls setUser setPassword updatePassword\nexpect called updatePassword challengeMode=4\n"
        #expect(try Self.expiryFlow(served, device: "phone-1").contains("onUserLoggedIn"))
        try expectEqual(served.control(check).status, 200)
        try expectEqual(served.control("sdk relid\nuser add bob password \"B0b-Passw0rd!\"\nclock advance 3d\n").status, 200)
        // Without a reset, the second run meets the password the first one changed.
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: "phone-2")
        let stale = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: "phone-2", id: 2)
        #expect(!stale.serialized.contains(#""challengeMode":4"#), "\(stale.serialized)")

        let reset = try served.curl("POST", "/__credsh/reset", extra: served.authorization)
        expectEqual(reset.status, 200, "\(reset.text)")
        expectEqual(reset.header("Content-Type"), "application/json;charset=utf-8")
        let before = try served.curl("GET", "/__credsh/state", extra: served.authorization)
        expectEqual(reset.json?["clock"], before.json?["clock"])
        #expect(!reset.text.contains("Passw0rd!"))
        // The journals went with the devices: phone-2 is unknown again, default's journal is empty.
        try expectEqual(served.curl("GET", "/__credsh/journal?device=phone-2", extra: served.authorization).status, 404)
        #expect(try served.curl("GET", "/__credsh/journal", extra: served.authorization).text.contains("made no call"))

        // The same flow, the same check: it passes again; bob can be added again.
        #expect(try Self.expiryFlow(served, device: "phone-1").contains("onUserLoggedIn"))
        let again = try served.control(check)
        expectEqual(again.status, 200, "\(again.text)")
        try expectEqual(served.control("sdk relid\nuser add bob password \"B0b-Passw0rd!\"\n").status, 200)
        // Behind the token, POST only, as every control route.
        try expectEqual(served.curl("POST", "/__credsh/reset").status, 401)
        try expectEqual(served.curl("GET", "/__credsh/reset", extra: served.authorization).status, 405)
        // It takes no body (docs/double.md): one sent is refused, and nothing is reset (bob stays).
        let withBody = try served.curl("POST", "/__credsh/reset", extra: served.authorization + ["--data", "x=1"])
        expectEqual(withBody.status, 400)
        expectEqual(withBody.text, "/__credsh/reset takes no body, and this request has 3 bytes: send it empty to put back the scenario; nothing was reset\n")
        try expectEqual(served.control("sdk relid\nuser add bob password \"B0b-Passw0rd!\"\n").status, 422, "bob, added since the reset, is still there")
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        #expect(log.contains("POST /__credsh/reset 200"), "\(log)")
        #expect(log.contains("POST /__credsh/reset 400") && log.contains("refused: a body"), "\(log)")
        // What the server served is counted across resets: the summary counts every request.
        #expect(!log.contains("Passw0rd!"))
    }

    @Test func aDeviceFirstSeenStartsFromTheScenarioWhateverRanSince() throws {
        let served = try ServedCredsh(["--control"], scripts: ["sdk relid\nuser add alice password \"Passw0rd!\"\n"])
        // A control run logs alice in on default: before, a fresh device copied that and
        // refused setUser with sync error 4.
        try expectEqual(served.control("sdk relid\nlogin alice \"Passw0rd!\"\nexpect state alice logged-in\n").status, 200)
        let fresh = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: "fresh-1")
        #expect(fresh["result"]?["syncError"] == nil, "\(fresh.serialized)")
        expectEqual(SDKWireTests.events(fresh), ["getPassword"])
        let login = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: "fresh-1", id: 2)
        #expect(SDKWireTests.events(login).contains("onUserLoggedIn"), "\(login.serialized)")
        // The server side is shared all the same: a password changed is changed for every device.
        try expectEqual(served.stop().status, 0)
    }

    @Test func aJournalWithAControlRunBetweenTheCallsReplays() throws {
        let served = try ServedCredsh(["--control"], scripts: ["sdk relid\nuser add alice password \"Passw0rd!\"\n"])
        let device = "steered-1"
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: device)
        // The test steers between setUser and setPassword: the app meets 118 and updates in mode 4.
        try expectEqual(served.control("sdk relid\nexpire alice\ndevice \(device)\nexpect called setUser\n").status, 200)
        let login = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: device, id: 2)
        #expect(login.serialized.contains(#""challengeMode":4"#), "\(login.serialized)")
        _ = try SDKWireTests.call(served, "relid", "updatePassword",
                                  #"{"currentPassword":"Passw0rd!","newPassword":"N3w-Passw0rd!","challengeMode":4}"#, device: device, id: 3)
        // A run with a secret in it, after the calls: the secret is a variable, spelt with
        // escapes too (as the lexer reads it).
        try expectEqual(served.control(#"sdk relid\#nuser add carol password "Car0l-Secret!"\#nuser add dave password "\u{44}ave-Secret9\u{21}"\#n"#).status, 200)
        let journal = try served.curl("GET", "/__credsh/journal?device=\(device)", extra: served.authorization).text
        #expect(journal.contains("# steering: a control run between the calls"), "\(journal)")
        #expect(journal.contains("\nexpire alice\n"), "\(journal)")
        #expect(journal.contains("# expect called setUser"), "a journal check is not replayed: \(journal)")
        #expect(journal.contains("user add carol password $secret1"), "\(journal)")
        #expect(journal.contains("\nuser add dave password $secret2\n"), "\(journal)")
        for secret in ["Passw0rd!", "Car0l-Secret!", "ave-Secret9"] { #expect(!journal.contains(secret), "\(journal)") }
        // The steering block sits between setUser and setPassword.
        let user = try #require(journal.range(of: "call setUser"))
        let expire = try #require(journal.range(of: "\nexpire alice"))
        let password = try #require(journal.range(of: "call setPassword"))
        #expect(user.upperBound < expire.lowerBound && expire.upperBound < password.lowerBound, "\(journal)")
        try served.stop()

        // Replayed after the same scenario, as credsh test runs it: it passes.
        let directory = try Credsh.temporaryDirectory()
        let file = try Credsh.write("sdk relid\nuser add alice password \"Passw0rd!\"\n" + journal, "steered.credscript", in: directory)
        let secrets = ["password1": "Passw0rd!", "currentPassword1": "Passw0rd!", "newPassword1": "N3w-Passw0rd!", "secret1": "Car0l-Secret!",
                       "secret2": "Dave-Secret9!"]
        let bound = secrets.keys.sorted().flatMap { ["--secret", $0] }
        let checked = try Credsh.run(["check"] + bound + [file.path], environment: secrets)
        expectEqual(checked.status, 0, "\(checked.stdout)\(checked.stderr)")
        let replayed = try Credsh.run(["test"] + bound + [file.path], environment: secrets)
        expectEqual(replayed.status, 0, "\(replayed.stdout)\(replayed.stderr)\n\(journal)")
        #expect(!(replayed.stdout + replayed.stderr).contains("Passw0rd!"))
        // Without the steering block, the replay would meet a password that has not expired.
        let unsteered = journal.replacingOccurrences(of: "\nexpire alice\n", with: "\n")
        let plain = try Credsh.write("sdk relid\nuser add alice password \"Passw0rd!\"\n" + unsteered, "unsteered.credscript", in: directory)
        #expect(try Credsh.run(["test"] + bound + [plain.path], environment: secrets).status != 0)
    }
}
