import CredSimulator
import Foundation
import Testing
import Expectations

/// Issue 48 over real HTTP: a secret that equals a word of the protocol rewrites none of
/// it on the wire, and a secret sent where no name says so (a field's name, a path, a
/// device, another parameter) is masked in the log and the answers all the same.
@Suite struct SecretAtTheEdgeWireTests {
    static func call(_ served: ServedCredsh, _ sdk: String, _ method: String, _ params: String, id: Int,
                     device: String? = nil) throws -> String {
        let answer = try SDKWireTests.rpc(served, sdk, #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#, device: device)
        expectEqual(answer.status, 200, "\(answer.text)")
        return answer.text
    }

    @Test func aPasswordThatIsAProtocolWordRewritesNoEventOptionOrCredentialType() throws {
        let served = try ServedCredsh(["--control", "--format", "json"])
        try expectEqual(served.control("sdk relid\nuser add weak password \"Password\"\nuser add alice password \"Passw0rd!\"\n").status, 200)
        let user = try Self.call(served, "relid", "setUser", #"{"userID":"alice"}"#, id: 1)
        #expect(user.contains(#""event":"getPassword""#), "\(user)")
        let login = try Self.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, id: 2)
        #expect(login.contains(#""event":"onUserLoggedIn""#) && login.contains(#""statusMessage":"Success""#), "\(login)")
        let offered = try Self.call(served, "relid", "getAllChallenges", #"{"userID":"alice"}"#, id: 3)
        #expect(offered.contains(#""options":["Password"]"#), "\(offered)")
        let started = try Self.call(served, "relid", "initiateUpdateFlowForCredential", #"{"credentialType":"Password"}"#, id: 4)
        #expect(started.contains(#""event":"getPassword""#), "\(started)")
        let updated = try Self.call(served, "relid", "updatePassword",
                                    #"{"currentPassword":"Passw0rd!","newPassword":"N3w-Passw0rd!","challengeMode":2}"#, id: 5)
        #expect(updated.contains(#""credType":"Password""#) && !updated.contains("Passw0rd!"), "\(updated)")
        for text in [user, login, offered, started, updated] { #expect(!text.contains("***"), "\(text)") }
        let journal = try served.curl("GET", "/__credsh/journal?device=default", extra: served.authorization)
        #expect(journal.text.contains("options=[Password]") && journal.text.contains("credentialType=Password"), "\(journal.text)")
        let (_, log) = try served.stop()
        #expect(log.contains(#""credentialType":"Password""#) && !log.contains("get***") && log.contains(#""password":"***""#) && !log.contains("Passw0rd!"), "\(log)")
    }

    @Test func aPasscodeThatIsAProtocolWordRewritesNoEventOrController() throws {
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control("sdk fiori\nuser add bob passcode \"Passcode\"\n").status, 200)
        let shown = try Self.call(served, "fiori", "present", #"{"controller":"FUIPasscodeInputController","userIdentifier":"bob"}"#, id: 1)
        #expect(shown.contains(#""controller":"FUIPasscodeInputController""#) && !shown.contains("***"), "\(shown)")
        let tried = try Self.call(served, "fiori", "enterPasscode", #"{"passcode":"Passcode"}"#, id: 2)
        #expect(tried.contains(#""event":"shouldTryPasscode""#), "\(tried)")
        _ = try served.stop()
    }

    /// The serve log writes each text a client chose through the run's secrets: a field
    /// named with a password, a path naming one, a stream's device, the journal's picture.
    @Test func aSecretSentUnderNoSecretNameIsMaskedInTheLogAndTheAnswers() throws {
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control("sdk relid\nuser add alice password \"Zq9LeakPw1\"\n").status, 200)
        let named = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":1,"method":"setUser","params":{"userID":"alice","Zq9LeakPw1":"x"}}"#)
        #expect(!named.text.contains("Zq9LeakPw1"), "\(named.text)")
        // A number past 64 bits under that name: the answer says which field, masked.
        let big = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":9,"method":"setUser","params":{"Zq9LeakPw1":999999999999999999999999999}}"#)
        #expect(big.text.contains("invalid params: '***' holds an integer past 64 bits") && !big.text.contains("Zq9LeakPw1"), "\(big.text)")
        let path = try SDKWireTests.rpc(served, "Zq9LeakPw1", #"{"jsonrpc":"2.0","id":2,"method":"setUser","params":{}}"#)
        expectEqual(path.status, 404)
        #expect(!path.text.contains("Zq9LeakPw1"), "\(path.text)")
        _ = try Self.call(served, "relid", "setUser", #"{"userID":"alice"}"#, id: 3, device: "Zq9LeakPw1")
        let stream = try served.curl("GET", "/sdk/relid/events?device=Zq9LeakPw1&seconds=1", extra: served.authorization + ["-m", "3"])
        #expect(!stream.text.contains("Zq9LeakPw1"))
        let svg = try served.curl("GET", "/__credsh/journal?device=Zq9LeakPw1&format=svg", extra: served.authorization)
        expectEqual(svg.status, 200)
        #expect(!svg.text.contains("Zq9LeakPw1"), "\(svg.text)")
        let (_, log) = try served.stop()
        #expect(!log.contains("Zq9LeakPw1"), "\(log)")
        #expect(log.contains("events of device ***"), "\(log)")
    }

    /// A 405 quotes the path the client sent (`GET /sdk/<secret>`): it was answered with
    /// the secret in it, where the log masked it; the answer quotes the client, and the
    /// server's edge masks it there too.
    @Test func aWrongMethodQuotesThePathWithoutTheRunsSecrets() throws {
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control("sdk relid\nuser add alice password \"Zq9LeakPw1!\"\n").status, 200)
        let answer = try served.curl("GET", "/sdk/Zq9LeakPw1!", extra: served.authorization)
        expectEqual(answer.status, 405)
        expectEqual(answer.text, "/sdk/*** answers POST only\n")
        let (_, log) = try served.stop()
        #expect(log.contains("GET /sdk/*** 405") && !log.contains("Zq9LeakPw1"), "\(log)")
    }

    /// Review: a control run that named the control token as a user (`user add <token> …`)
    /// had the device's event stream send it plainly, where the run's answer, the state
    /// and the journal mask it: the token is a secret of the run's ledger, and the run's
    /// edge masks each callback before the stream takes it.
    @Test func theDoublesEventStreamNeverSendsTheControlToken() throws {
        let served = try ServedCredsh(["--control"])
        let token = try #require(served.token)
        let stream = try served.openStream("/sdk/relid/events?device=d9&seconds=2")
        let run = try served.control("sdk relid\nuser add \(token) password \"Qw3-Erty99\"\ndevice d9\nlogin \(token) Qw3-Erty99\n")
        expectEqual(run.status, 200, "\(run.text)")
        #expect(!run.text.contains(token), "\(run.text)")
        stream.process.waitUntilExit()
        let sent = String(decoding: (try? Data(contentsOf: stream.output)) ?? Data(), as: UTF8.self)
        #expect(sent.contains("event: callback\ndata: {\"event\":\"getPassword\""), "\(sent)")
        #expect(sent.contains(#""userID":"***""#), "\(sent)")
        #expect(!sent.contains(token), "\(sent)")
        _ = try served.stop()
    }

    /// SUSI: a password sent again under a name of the client's choosing is masked there
    /// as under `password=`.
    @Test func aSusiPasswordSentAgainUnderAnotherNameIsMaskedInTheLog() throws {
        let served = try ServedCredsh()
        let answer = try served.curl("POST", "/aaa/login.json", form: "x=Qq7Unlisted!&login=alice@example.com&password=Qq7Unlisted!")
        #expect(!answer.text.contains("Qq7Unlisted!"))
        let (_, log) = try served.stop()
        #expect(!log.contains("Qq7Unlisted"), "\(log)")
        #expect(log.contains("x=***"), "\(log)")
    }
}
