import CredshDouble
import Foundation
import RELID
import Testing

/// An app around the REL-ID double, as the codelabs' RDNADelegateManager and screens
/// behave: each password challenge is answered from the screen's queue of what the user
/// types (nothing typed: the screen waits), `getAllChallenges` follows every login, and
/// every callback is written down as a line the test compares.
final class RelIDTestApp: RDNACallbacks, @unchecked Sendable {
    let rdna = RDNA()
    private let lock = NSLock()
    private var lines: [String] = []
    /// What the user types on each screen, in order: a password (modes 0 and 1), or the
    /// current and new password (modes 2 and 4).
    var verify: [String] = []
    var set: [String] = []
    var update: [(String, String)] = []
    /// Start the mode 2 update as soon as the side menu offers Password.
    var initiateUpdateWhenOffered = false

    init(_ server: CredshServer, device: String) {
        rdna.initialize(callbacks: self, configuration: server.configuration(device: device))
    }

    var log: [String] {
        rdna.waitForCallbacks()
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    func write(_ line: String) {
        lock.lock(); lines.append(line); lock.unlock()
    }

    /// Calls the API and writes down a synchronous error, as the screens show it.
    @discardableResult
    func sdk(_ name: String, _ call: (RDNA) -> RDNAError) -> RDNAError {
        let error = call(rdna)
        if error.longErrorCode != 0 { write("sync \(name) \(error.longErrorCode) \(error.errorString)") }
        return error
    }

    func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {
        write("getUser recent=\(recentlyLoggedInUser) status=\(response.status.statusCode)")
    }

    func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32,
                     response: RDNAChallengeResponse, error: RDNAError) {
        let policy = response.info.first { $0.infoKey == "RELID_PASSWORD_POLICY" } != nil ? " policy" : ""
        write("getPassword \(userID) mode=\(mode.rawValue) attempts=\(attemptsLeft) status=\(response.status.statusCode)\(policy)")
        switch mode {
        case .CHALLENGE_OP_VERIFY where !verify.isEmpty:
            sdk("setPassword") { $0.setPassword(verify.removeFirst(), challenge: mode) }
        case .CHALLENGE_OP_SET where !set.isEmpty:
            sdk("setPassword") { $0.setPassword(set.removeFirst(), challenge: mode) }
        case .OP_UPDATE_CREDENTIALS, .OP_UPDATE_ON_EXPIRY:
            guard !update.isEmpty else { return }
            let (current, new) = update.removeFirst()
            sdk("updatePassword") { $0.updatePassword(current, withNewPassword: new, challenge: mode) }
        default:
            break
        }
    }

    func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError) {
        write("onUserLoggedIn \(userID) status=\(response.status.statusCode)")
        sdk("getAllChallenges") { $0.getAllChallenges(userID) }
    }

    func onUserLoggedOff(_ userID: String, error: RDNAError) {
        write("onUserLoggedOff \(userID)")
    }

    func onCredentialsAvailable(forUpdate userID: String, options: [String]) {
        write("onCredentialsAvailableForUpdate \(userID) \(options)")
        if initiateUpdateWhenOffered, options.contains("Password") {
            initiateUpdateWhenOffered = false
            sdk("initiateUpdateFlowForCredential") { $0.initiateUpdateFlowForCredential("Password") }
        }
    }

    func onUpdateCredentialResponse(for userID: String, credType: String, status: RDNARequestStatus, error: RDNAError) {
        write("onUpdateCredentialResponse \(userID) \(credType) status=\(status.statusCode)")
    }
}

/// Ends a test as a UI test ends: one control-API run of `device X` and `expect called …`
/// lines; it must pass.
func expectJournal(_ server: CredshServer, device: String, sdk: String, _ lines: String,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    let run = try server.run("sdk \(sdk)\ndevice \(device)\n\(lines)\n")
    #expect(run.passed, "journal of \(device): \(run.failures) \(run.text)", sourceLocation: sourceLocation)
}

@Suite("REL-ID double: every flow of docs/relid.md through RDNACallbacks")
struct RelIDTests {
    /// `credsh serve` activates its served SDK (SUSI) first: a scenario names its own.
    static let alice = "sdk relid\n" + #"user add alice password "Passw0rd!""#

    @Test func loginWithAWrongThenTheRightPassword() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-login")
        app.verify = ["Wr0ng-Passw0rd", "Passw0rd!"]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log == [
            "getPassword alice mode=0 attempts=3 status=100",
            "getPassword alice mode=0 attempts=2 status=102",
            "onUserLoggedIn alice status=100",
            "onCredentialsAvailableForUpdate alice [\"Password\"]",
        ])
        try expectJournal(server, device: "phone-login", sdk: "relid", """
            expect calls setUser setPassword setPassword getAllChallenges
            expect called setPassword challengeMode=0
            expect no call updatePassword
            """)
    }

    @Test func theLastWrongPasswordBlocks() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-block")
        app.verify = ["Wr0ng-1!", "Wr0ng-2!", "Wr0ng-3!"]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "getUser recent= status=153")
        #expect(app.log.filter { $0.hasPrefix("getPassword") }.count == 3)
        try expectJournal(server, device: "phone-block", sdk: "relid", "expect calls setUser setPassword setPassword setPassword\nexpect no call getAllChallenges")
    }

    @Test func activationSetsTheFirstPasswordAfterAPolicyRefusal() throws {
        let server = try CredshServer(scenario: "sdk relid\nuser add bob")
        let app = RelIDTestApp(server, device: "phone-activate")
        app.set = ["short", "Passw0rd!"]
        app.sdk("setUser") { $0.setUser("bob") }
        #expect(app.log == [
            "getPassword bob mode=1 attempts=3 status=100 policy",
            "getPassword bob mode=1 attempts=3 status=190 policy",
            "onUserLoggedIn bob status=100",
            "onCredentialsAvailableForUpdate bob [\"Password\"]",
        ])
        try expectJournal(server, device: "phone-activate", sdk: "relid", "expect called setPassword challengeMode=1\nexpect calls setUser setPassword setPassword getAllChallenges")
    }

    @Test func anExpiredPasswordIsReplacedInMode4() throws {
        let server = try CredshServer(scenario: Self.alice + "\nexpire alice")
        let app = RelIDTestApp(server, device: "phone-expiry")
        app.verify = ["Passw0rd!"]
        app.update = [("Wr0ng-Passw0rd", "N3w-Passw0rd!"), ("Passw0rd!", "short"), ("Passw0rd!", "N3w-Passw0rd!")]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log == [
            "getPassword alice mode=0 attempts=3 status=100",
            "getPassword alice mode=4 attempts=3 status=118 policy",
            "getPassword alice mode=4 attempts=2 status=102 policy",
            "getPassword alice mode=4 attempts=2 status=190 policy",
            "onUserLoggedIn alice status=100",
            "onCredentialsAvailableForUpdate alice [\"Password\"]",
        ])
        // After 118 the app answered with updatePassword in mode 4, never setPassword.
        try expectJournal(server, device: "phone-expiry", sdk: "relid", """
            expect called updatePassword challengeMode=4
            expect no call setPassword challengeMode=4
            expect calls setUser setPassword updatePassword updatePassword updatePassword getAllChallenges
            """)
    }

    @Test func aReusedPasswordIsRefusedInMode4() throws {
        // alice changes her password (mode 2), it expires, and she tries the old one again.
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-reuse")
        app.verify = ["Passw0rd!"]
        app.initiateUpdateWhenOffered = true
        app.update = [("Passw0rd!", "N3w-Passw0rd!")]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.suffix(3) == ["onUpdateCredentialResponse alice Password status=100", "onUserLoggedOff alice", "getUser recent=alice status=0"])
        try server.run("expire alice\n")
        app.verify = ["N3w-Passw0rd!"]
        app.update = [("N3w-Passw0rd!", "Passw0rd!")]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "getPassword alice mode=4 attempts=3 status=164 policy")
        try expectJournal(server, device: "phone-reuse", sdk: "relid", "expect called updatePassword challengeMode=4\nexpect called updatePassword challengeMode=2")
    }

    @Test func theDashboardUpdateInMode2LogsOff() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-update")
        app.verify = ["Passw0rd!"]
        app.initiateUpdateWhenOffered = true
        app.update = [("Passw0rd!", "weak"), ("Passw0rd!", "N3w-Passw0rd!")]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log == [
            "getPassword alice mode=0 attempts=3 status=100",
            "onUserLoggedIn alice status=100",
            "onCredentialsAvailableForUpdate alice [\"Password\"]",
            "getPassword alice mode=2 attempts=3 status=100 policy",
            "onUpdateCredentialResponse alice Password status=190",
            "getPassword alice mode=2 attempts=2 status=190 policy",
            "onUpdateCredentialResponse alice Password status=100",
            "onUserLoggedOff alice",
            "getUser recent=alice status=0",
        ])
        try expectJournal(server, device: "phone-update", sdk: "relid", """
            expect calls getAllChallenges initiateUpdateFlowForCredential updatePassword updatePassword
            expect called initiateUpdateFlowForCredential credentialType=Password
            expect called updatePassword challengeMode=2
            """)
    }

    @Test func aPasswordThatExpiresDuringTheUpdateAnswers110() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-110")
        app.verify = ["Passw0rd!"]
        app.initiateUpdateWhenOffered = true
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "getPassword alice mode=2 attempts=3 status=100 policy")
        // The test steers between the app's steps: the password expires on the server.
        try server.run("expire alice\n")
        app.sdk("updatePassword") { $0.updatePassword("Passw0rd!", withNewPassword: "N3w-Passw0rd!", challenge: .OP_UPDATE_CREDENTIALS) }
        #expect(app.log.suffix(3) == ["onUpdateCredentialResponse alice Password status=110", "onUserLoggedOff alice", "getUser recent=alice status=0"])
        try expectJournal(server, device: "phone-110", sdk: "relid", "expect called updatePassword challengeMode=2")
    }

    @Test func logOffAndResetAuthState() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-logoff")
        app.verify = ["Passw0rd!"]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "onCredentialsAvailableForUpdate alice [\"Password\"]")
        app.sdk("logOff") { $0.logOff("alice") }
        #expect(app.log.suffix(2) == ["onUserLoggedOff alice", "getUser recent=alice status=0"])
        // A login challenge cancelled with the close button: the SDK asks for a user again.
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "getPassword alice mode=0 attempts=3 status=100")
        app.sdk("resetAuthState") { $0.resetAuthState() }
        #expect(app.log.last == "getUser recent=alice status=0")
        try expectJournal(server, device: "phone-logoff", sdk: "relid", "expect calls logOff setUser resetAuthState\nexpect called logOff userID=alice")
    }

    @Test func synchronousErrorsComeBackAtOnce() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-sync")
        #expect(app.rdna.updatePassword("a", withNewPassword: "b", challenge: .OP_UPDATE_ON_EXPIRY).longErrorCode == 118)
        #expect(app.rdna.getAllChallenges("alice").longErrorCode == 152)
        #expect(app.rdna.logOff("alice").longErrorCode == 166)
        app.verify = ["Passw0rd!"]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.contains("onUserLoggedIn alice status=100"))
        let wrongCase = app.rdna.initiateUpdateFlowForCredential("password")
        #expect(wrongCase.longErrorCode == 123)
        #expect(!wrongCase.errorString.isEmpty)
        // The network goes down for this device only: a server call answers 12.
        try server.run("device phone-sync\nnetwork down\n")
        let offline = app.rdna.logOff("alice")
        #expect(offline.longErrorCode == 12)
        #expect(offline.errorString == "Network not available. Please check your connection.")
        try expectJournal(server, device: "phone-sync", sdk: "relid", "expect called logOff userID=alice\nexpect called initiateUpdateFlowForCredential credentialType=password")
    }

    @Test func devicesKeepTheirOwnSDKState() throws {
        let server = try CredshServer(scenario: Self.alice)
        let phone = RelIDTestApp(server, device: "phone-a")
        let tablet = RelIDTestApp(server, device: "tablet-b")
        phone.verify = ["Passw0rd!"]
        phone.sdk("setUser") { $0.setUser("alice") }
        #expect(phone.log.contains("onUserLoggedIn alice status=100"))
        // alice is logged in on the phone, not on the tablet.
        #expect(tablet.rdna.logOff("alice").longErrorCode == 166)
        try expectJournal(server, device: "tablet-b", sdk: "relid", "expect no call setPassword\nexpect called logOff")
        try expectJournal(server, device: "phone-a", sdk: "relid", "expect called setPassword\nexpect no call logOff")
        let failing = try server.run("sdk relid\ndevice tablet-b\nexpect called setPassword\n")
        #expect(!failing.passed, "a journal check that must fail: \(failing.text)")
    }

    @Test func callbacksWithoutACallArriveOnTheEventStream() throws {
        let server = try CredshServer(scenario: Self.alice)
        let app = RelIDTestApp(server, device: "phone-stream")
        #expect(app.rdna.startEventStream())
        app.verify = ["Passw0rd!"]
        app.sdk("setUser") { $0.setUser("alice") }
        #expect(app.log.last == "onCredentialsAvailableForUpdate alice [\"Password\"]")
        // The test ends alice's session from outside the app: a steering line for this device.
        try server.run("sdk relid\ndevice phone-stream\nlogout\n")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, app.log.last != "getUser recent=alice status=0" { usleep(20_000) }
        #expect(Array(app.log.suffix(2)) == ["onUserLoggedOff alice", "getUser recent=alice status=0"])
        app.rdna.stopEventStream()
    }

    @Test func wireRefusalsAndNoSecretInAnswers() throws {
        let server = try CredshServer(scenario: Self.alice)
        let wire = CredshWire(configuration: server.configuration(device: "phone-wire"), sdk: "relid")
        guard case .failure(.rpc(let code, let message, _)) = wire.call("setuser", ["userID": "alice"]) else {
            Issue.record("an unknown method was answered"); return
        }
        #expect(code == -32601)
        #expect(message.contains("setUser"))
        guard case .failure(.rpc(let missing, _, let field)) = wire.call("setUser", [:]) else {
            Issue.record("a missing field was answered"); return
        }
        #expect(missing == -32602)
        #expect(field == "userID")
        _ = wire.call("setUser", ["userID": "alice"])
        guard case .success(let answer) = wire.call("setPassword", ["password": "Passw0rd!", "challengeMode": 0]) else {
            Issue.record("setPassword failed"); return
        }
        let text = answer.events.map { "\($0.name) \($0.fields)" }.joined(separator: "\n")
        #expect(answer.events.map(\.name) == ["onUserLoggedIn"])
        #expect(!text.contains("Passw0rd!"))
        #expect(!server.log.contains("Passw0rd!"))
        let wrongToken = CredshWire(configuration: CredshConfiguration(baseURL: server.baseURL, token: "not-the-token", device: "x"), sdk: "relid")
        guard case .failure(.http(let status, _)) = wrongToken.call("setUser", ["userID": "alice"]) else {
            Issue.record("a call without the token was answered"); return
        }
        #expect(status == 401)
    }
}
