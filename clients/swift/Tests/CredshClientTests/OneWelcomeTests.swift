import CredshDouble
import Foundation
import OneginiSDKiOS
import Testing

/// An app around the OneWelcome double: its login and change-PIN delegates answer each
/// challenge from what the user types (a queue; nothing typed: the PIN pad waits), and
/// write every delegate call down as a line.
final class OneWelcomeTestApp: AuthenticationDelegate, ChangePinDelegate, @unchecked Sendable {
    let client = UserClient()
    private let lock = NSLock()
    private var lines: [String] = []
    var pins: [String] = []
    var newPins: [String] = []
    var cancelCreate = false
    /// The last PIN challenge, for answering it from outside the delegate (a later tap).
    private(set) var lastPinChallenge: PinChallenge?
    /// The errors the PIN challenges and the change's failure carried, in order.
    private var failures: [NSError] = []
    var errors: [NSError] {
        client.waitForCallbacks()
        lock.lock(); defer { lock.unlock() }
        return failures
    }

    init(_ server: CredshServer, device: String) {
        client.configuration = server.configuration(device: device)
    }

    var log: [String] {
        client.waitForCallbacks()
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    func write(_ line: String) {
        lock.lock(); lines.append(line); lock.unlock()
    }

    static func code(_ error: Error?) -> String {
        guard let error = error as NSError? else { return "" }
        return " \(error.code)"
    }

    // AuthenticationDelegate
    func userClient(_ userClient: UserClient, didStartAuthenticationForUser userProfile: UserProfile, authenticator: Authenticator) {
        write("didStartAuthentication \(userProfile.profileId)")
    }
    func userClient(_ userClient: UserClient, didAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, info customAuthInfo: Any?) {
        write("didAuthenticateUser \(userProfile.profileId)")
    }
    func userClient(_ userClient: UserClient, didFailToAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, error: Error) {
        write("didFailToAuthenticateUser \(userProfile.profileId)\(Self.code(error))")
    }

    // Both flows
    func userClient(_ userClient: UserClient, didReceivePinChallenge challenge: PinChallenge) {
        write("didReceivePinChallenge \(challenge.userProfile.profileId) previous=\(challenge.previousFailureCount) remaining=\(challenge.remainingFailureCount) max=\(challenge.maxFailureCount)\(Self.code(challenge.error))")
        lock.lock(); lastPinChallenge = challenge; if let error = challenge.error as NSError? { failures.append(error) }; lock.unlock()
        if !pins.isEmpty { challenge.sender.respond(with: pins.removeFirst(), to: challenge) }
    }

    // ChangePinDelegate
    func userClient(_ userClient: UserClient, didStartPinChangeForUser userProfile: UserProfile) {
        write("didStartPinChange \(userProfile.profileId)")
    }
    func userClient(_ userClient: UserClient, didReceiveCreatePinChallenge challenge: CreatePinChallenge) {
        write("didReceiveCreatePinChallenge \(challenge.userProfile.profileId) length=\(challenge.pinLength)\(Self.code(challenge.error))")
        if cancelCreate {
            challenge.sender.cancel(challenge)
        } else if !newPins.isEmpty {
            challenge.sender.respond(with: newPins.removeFirst(), to: challenge)
        }
    }
    func userClient(_ userClient: UserClient, didChangePinForUser userProfile: UserProfile) {
        write("didChangePin \(userProfile.profileId)")
    }
    func userClient(_ userClient: UserClient, didFailToChangePinForUser userProfile: UserProfile, error: Error) {
        write("didFailToChangePin \(userProfile.profileId)\(Self.code(error))")
        lock.lock(); failures.append(error as NSError); lock.unlock()
    }

    func logIn(_ profile: String) {
        client.authenticateUser(UserProfile(profileId: profile), delegate: self)
        _ = log
    }
}

@Suite("OneWelcome double: docs/onewelcome.md's flows through ChangePinDelegate")
struct OneWelcomeTests {
    static let bob = "sdk onewelcome\nuser add bob pin 52817"

    @Test func logInThenChangeThePinPastAPolicyRefusal() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-pin")
        app.pins = ["52817"]
        app.logIn("bob")
        #expect(app.log == ["didStartAuthentication bob", "didReceivePinChallenge bob previous=0 remaining=3 max=3", "didAuthenticateUser bob"])
        #expect(app.client.authenticatedUserProfile?.profileId == "bob")

        app.pins = ["52817"]
        app.newPins = ["90210", "52918"]
        app.client.changePin(delegate: app)
        #expect(Array(app.log.dropFirst(3)) == [
            "didStartPinChange bob",
            "didReceivePinChallenge bob previous=0 remaining=3 max=3",
            "didReceiveCreatePinChallenge bob length=5",
            "didReceiveCreatePinChallenge bob length=5 9011",
            "didChangePin bob",
        ])
        try expectJournal(server, device: "phone-pin", sdk: "onewelcome", """
            expect calls authenticateUser respond changePin respond respond respond
            expect called changePin
            expect no call cancel
            """)
    }

    @Test func wrongCurrentPinsDeregister() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-wrong")
        app.pins = ["52817"]
        app.logIn("bob")
        app.pins = ["11111", "22222", "33333"]
        app.client.changePin(delegate: app)
        #expect(Array(app.log.dropFirst(3)) == [
            "didStartPinChange bob",
            "didReceivePinChallenge bob previous=0 remaining=3 max=3",
            "didReceivePinChallenge bob previous=1 remaining=2 max=3 9009",
            "didReceivePinChallenge bob previous=2 remaining=1 max=3 9009",
            "didFailToChangePin bob 9003",
        ])
        #expect(app.client.authenticatedUserProfile == nil)
        try expectJournal(server, device: "phone-wrong", sdk: "onewelcome", "expect calls changePin respond respond respond")
    }

    @Test func cancelAtTheNewPinKeepsTheOldOne() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-cancel")
        app.pins = ["52817"]
        app.logIn("bob")
        app.pins = ["52817"]
        app.cancelCreate = true
        app.client.changePin(delegate: app)
        #expect(app.log.last == "didFailToChangePin bob 9006")
        try expectJournal(server, device: "phone-cancel", sdk: "onewelcome", "expect calls changePin respond cancel\nexpect called cancel")
    }

    @Test func changePinNeedsAnAuthenticatedUser() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-nobody")
        app.client.changePin(delegate: app)
        #expect(app.log == ["didFailToChangePin  9010"])
        try expectJournal(server, device: "phone-nobody", sdk: "onewelcome", "expect called changePin\nexpect no call respond")
    }

    @Test func aWrongLoginPinAndCancel() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-login")
        app.pins = ["00001"]
        app.logIn("bob")
        #expect(app.log.last == "didReceivePinChallenge bob previous=1 remaining=2 max=3 9009")
        // The PIN pad's cancel: the login ends with 9006.
        let challenge = try #require(app.lastPinChallenge)
        challenge.sender.cancel(challenge)
        #expect(app.log.last == "didFailToAuthenticateUser bob 9006")
        try expectJournal(server, device: "phone-login", sdk: "onewelcome", "expect calls authenticateUser respond cancel")
    }

    @Test func offlineAPinIsNotCounted() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-offline")
        try server.run("sdk onewelcome\ndevice phone-offline\nnetwork down\n")
        app.pins = ["52817"]
        app.logIn("bob")
        #expect(app.log.last == "didReceivePinChallenge bob previous=0 remaining=3 max=3 9000")
        try server.run("sdk onewelcome\ndevice phone-offline\nnetwork up\n")
        let challenge = try #require(app.lastPinChallenge)
        challenge.sender.respond(with: "52817", to: challenge)
        #expect(app.log.last == "didAuthenticateUser bob")
        try expectJournal(server, device: "phone-offline", sdk: "onewelcome", "expect calls authenticateUser respond respond")
    }

    @Test func validateAndLogOutAnswerTheirCompletions() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-misc")
        let results = Results()
        app.client.validatePolicyCompliance(for: "90210") { error in results.add("validate\(OneWelcomeTestApp.code(error))") }
        app.client.validatePolicyCompliance(for: "52918") { error in results.add("validate\(OneWelcomeTestApp.code(error))") }
        app.pins = ["52817"]
        app.logIn("bob")
        app.client.logoutUser { profile, error in results.add("logout \(profile.profileId)\(OneWelcomeTestApp.code(error))") }
        app.client.waitForCallbacks()
        #expect(results.all == ["validate 9011", "validate", "logout bob"])
        #expect(app.client.authenticatedUserProfile == nil)
        try expectJournal(server, device: "phone-misc", sdk: "onewelcome", "expect calls validatePolicyCompliance validatePolicyCompliance authenticateUser respond logoutUser")
    }

    /// The user client follows its device's event stream (CredshEventStreaming, shared
    /// with RDNA): a login the test steers reaches the client; once the stream is
    /// stopped, nothing more does.
    @Test func steeredCallbacksArriveOnTheStreamUntilItStops() throws {
        let server = try CredshServer(scenario: Self.bob)
        let app = OneWelcomeTestApp(server, device: "phone-stream")
        let seen = Results()
        app.client.eventObserver = { event in seen.add(event.name) }
        #expect(app.client.startEventStream())
        try server.run("sdk onewelcome\ndevice phone-stream\nlogin bob 52817\n")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !seen.all.contains("didAuthenticateUser") { usleep(20_000) }
        #expect(app.client.waitForCallbacks())
        #expect(seen.all.contains("didAuthenticateUser"), "\(seen.all)")
        let before = seen.all.count
        app.client.stopEventStream()
        try server.run("sdk onewelcome\ndevice phone-stream\nlogout\n")
        usleep(500_000)
        #expect(app.client.waitForCallbacks())
        #expect(seen.all.count == before, "\(seen.all)")
    }

    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func add(_ item: String) { lock.lock(); items.append(item); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
    }
}

