import Testing
@testable import CredSimulator

/// The SUSI.AI simulation as the language drives it: the iOS app's screens in front of
/// the server, over the shared clock and network (docs/susi.md).
@Suite struct SusiAppTests {
    static let dave = "dave@example.com", eve = "eve@example.com"

    /// A simulation with dave and eve; every outcome it produces is checked against the catalog.
    struct Harness {
        var sdk = SusiSimulator(seed: 7)
        var world = World()

        init() throws {
            try sdk.addUser(SusiAppTests.dave, password: "secret12")
            try sdk.addUser(SusiAppTests.eve, password: "evepass1")
        }

        mutating func login(_ email: String = SusiAppTests.dave, _ password: String? = "secret12") throws -> [Outcome] {
            checked(try sdk.login(email, secret: password, world: world))
        }

        mutating func update(_ current: String, _ new: String, _ confirm: String? = nil) throws -> [Outcome] {
            checked(try sdk.update(current: current, new: new, confirm: confirm, world: world))
        }

        mutating func request(_ method: String, _ path: String, _ parameters: [(String, String)]) -> [Outcome] {
            checked(sdk.rawRequest(method: method, path: path, parameters: parameters, world: world))
        }

        mutating func advance(_ seconds: Int64) {
            let moved = world.clock.advance(by: seconds)
            #expect(moved)
        }

        func states(_ email: String = SusiAppTests.dave) -> [String] { sdk.states(of: email, world: world) ?? [] }

        func checked(_ outcomes: [Outcome]) -> [Outcome] {
            SusiCatalogTests.expectInCatalog(outcomes)
            return outcomes
        }
    }

    static func events(_ outcomes: [Outcome], _ name: String) -> [SDKEvent] { outcomes.compactMap(\.event).filter { $0.name == name } }
    static func response(_ outcomes: [Outcome]) -> SDKEvent? { events(outcomes, "response").first }
    static func shown(_ outcomes: [Outcome]) -> [String] {
        outcomes.compactMap { if case .appShows(let text) = $0 { return text }; return nil }
    }
    static func failure(_ outcomes: [Outcome]) -> String? {
        for outcome in outcomes {
            if case .appCheck(let text) = outcome { return text }
            if case .networkError(let text) = outcome { return text }
        }
        return nil
    }

    // MARK: Login

    @Test func theLoginFormChecksTheEmailThenThePassword() throws {
        var h = try Harness()
        #expect(try h.login("dave-at-example.com", "") == [.appCheck("Invalid Email Address")])
        #expect(try h.login(Self.dave, "") == [.appCheck("Password length too short")])
        #expect(try h.login(Self.dave, nil) == [.appCheck("Password length too short")])
        #expect(h.states() == ["logged-out"])
    }

    @Test func aLoginPostsTheFormAndKeepsTheToken() throws {
        var h = try Harness()
        let out = try h.login("Dave@Example.com", "secret12")
        #expect(out.first == .event(SDKEvent("request", [
            ("method", .string("POST")), ("path", .string("/aaa/login.json")),
            ("login", .string(Self.dave)), ("password", .string("***")), ("type", .string("access-token")),
        ])))
        let response = try #require(Self.response(out))
        #expect(response.fields.map(\.0) == ["status", "accepted", "valid_seconds", "access_token", "message", "session"])
        #expect(response["status"] == .int(200))
        #expect(response["accepted"] == .bool(true))
        #expect(response["access_token"] == .string("***"))
        #expect(out.last == .appShows("You are logged in as dave@example.com"))
        #expect(Self.failure(out) == nil)
        #expect(h.sdk.signedInUser == Self.dave)
        #expect(h.sdk.promptStatus == Self.dave)
        #expect(h.states() == ["logged-in"])
        #expect(h.states(Self.eve) == ["logged-out"])
        #expect(throws: SimulationError.self) { try h.sdk.login(Self.eve, secret: "evepass1", world: h.world) }
    }

    @Test func aRefusedLoginIsAnAnswerNotAFailure() throws {
        var h = try Harness()
        let out = try h.login(Self.dave, "wrong123")
        #expect(Self.response(out)?["status"] == .int(422))
        #expect(Self.response(out)?["reason"] == .string("Invalid credentials"))
        #expect(Self.shown(out) == ["Email ID / Password incorrect"])
        #expect(Self.failure(out) == nil)
        #expect(h.sdk.signedInUser == nil)
        // An unknown account reaches the server too, which says so in a note.
        let unknown = try h.login("zed@example.com", "secret12")
        #expect(Self.response(unknown)?["status"] == .int(422))
        #expect(unknown.contains(.note("server: no account 'zed@example.com'")))
    }

    @Test func tooManyInvalidLoginsBlockTheAccountOnTheVirtualClock() throws {
        var h = try Harness()
        for _ in 0..<11 { _ = try h.login(Self.dave, "wrong123") }
        let blocked = try h.login(Self.dave, "secret12")
        #expect(Self.response(blocked)?["status"] == .int(403))
        #expect(Self.response(blocked)?["reason"] == .string("Too many invalid login attempts. Try again in 120 seconds"))
        #expect(Self.shown(blocked) == ["Email ID / Password incorrect"])
        #expect(h.states() == ["logged-out", "blocked"])
        h.advance(100)
        #expect(Self.response(try h.login(Self.dave, "secret12"))?["reason"]
                == .string("Too many invalid login attempts. Try again in 20 seconds"))
        h.advance(20)
        #expect(h.states() == ["logged-out"])
        #expect(Self.response(try h.login(Self.dave, "secret12"))?["status"] == .int(200))
    }

    @Test func aLoginWithoutAnAnswerFailsWithTheAppsWrongPasswordMessage() throws {
        var h = try Harness()
        h.world.network.networkUp = false
        let out = try h.login()
        #expect(Self.events(out, "request").count == 1)
        #expect(Self.response(out) == nil)
        #expect(out.last == .networkError("Email ID / Password incorrect"))
        #expect(h.sdk.signedInUser == nil)
    }

    // MARK: Reset Password, in the order of the app's and the server's checks

    @Test func theFormNeedsASignedInUser() throws {
        var h = try Harness()
        #expect(throws: SimulationError.self) { try h.sdk.update(current: "secret12", new: "newpass99", confirm: nil, world: h.world) }
    }

    @Test func theAppChecksLengthThenConfirmationAndSendsNothing() throws {
        var h = try Harness()
        _ = try h.login()
        #expect(try h.update("secret12", "12345") == [.appCheck("Allowed password length is 6 to 64 characters")])
        #expect(try h.update("secret12", "12345", "54321") == [.appCheck("Allowed password length is 6 to 64 characters")])
        #expect(try h.update("secret12", "123456", "1234567") == [.appCheck("Passwords do not match.")])
        // Characters, not bytes: six accented letters pass the app's check (and the shipped 2017 rule).
        let accented = try h.update("secret12", "éééééé")
        #expect(Self.events(accented, "request").count == 1)
        #expect(Self.response(accented)?["accepted"] == .bool(true))
        // The app has no upper limit of its own; the server's rule refuses 65 characters.
        let long = try h.update("éééééé", String(repeating: "a1", count: 33))
        #expect(Self.response(long)?["status"] == .int(400))
    }

    @Test func aChangeSendsTheSavedTokenAndEmailAndClearsTheForm() throws {
        var h = try Harness()
        _ = try h.login()
        let out = try h.update("secret12", "newpass99")
        #expect(out.first == .event(SDKEvent("request", [
            ("method", .string("GET")), ("path", .string("/aaa/changepassword.json")),
            ("access_token", .string("***")), ("changepassword", .string(Self.dave)),
            ("newpassword", .string("***")), ("password", .string("***")),
        ])))
        let response = try #require(Self.response(out))
        #expect(response.fields.map(\.0) == ["status", "session", "accepted", "message"])
        #expect(response["accepted"] == .bool(true))
        #expect(Self.shown(out) == ["the current, new and confirm fields are cleared", "Your password has been changed!"])
        #expect(Self.failure(out) == nil)
        _ = try h.sdk.logout(world: h.world)
        #expect(Self.response(try h.login(Self.dave, "secret12"))?["status"] == .int(422))
        #expect(Self.response(try h.login(Self.dave, "newpass99"))?["status"] == .int(200))
    }

    @Test func eachServerRefusalShowsAsTheAppShowsIt() throws {
        var h = try Harness()
        _ = try h.login()
        let wrongCurrent = try h.update("wrong123", "newpass99")
        #expect(Self.response(wrongCurrent)?["status"] == .int(422))
        #expect(Self.shown(wrongCurrent) == ["Problem connecting to server!"])
        let email = try h.update("secret12", Self.dave)
        #expect(Self.response(email)?["reason"] == .string("invalid password"))
        #expect(Self.shown(email) == ["Problem connecting to server!"])
        let lineBreak = try h.update("secret12", "abcd\nefgh")
        #expect(Self.response(lineBreak)?["status"] == .int(400))
        #expect(lineBreak.contains { if case .policyRefusal("2017", let why) = $0 { return why.contains("line break") }; return false })
        #expect(email.contains(.policyRefusal(rule: "email", message: "the new password equals the e-mail")), "the same 400, told apart by the rule")
        let same = try h.update("secret12", "secret12")
        #expect(Self.response(same)?["status"] == .int(200))
        #expect(Self.response(same)?["accepted"] == .bool(false))
        #expect(Self.shown(same) == ["Your current password matches new password."])
        for out in [wrongCurrent, email, lineBreak, same] { #expect(Self.failure(out) == nil) }
    }

    @Test func the2019RuleIsSelectable() throws {
        var h = try Harness()
        h.sdk.policy = try SusiPolicy.parse([("rule", .int(2019))])
        #expect(h.sdk.rule == .rule2019)
        _ = try h.login()
        #expect(Self.response(try h.update("secret12", "newpass99"))?["status"] == .int(400))
        #expect(Self.response(try h.update("secret12", "Newpass99!"))?["accepted"] == .bool(true))
    }

    @Test func aTokenExpiredByTheClockIsRefusedWith401() throws {
        var h = try Harness()
        _ = try h.login()
        h.advance(8 * 86_400)
        #expect(h.states() == ["logged-in", "token-expired"])
        let out = try h.update("secret12", "newpass99")
        #expect(Self.response(out)?["status"] == .int(401))
        #expect(Self.response(out)?["reason"] == .string(
            "Base user role not sufficient. Your base user role is 'ANONYMOUS', your user role is 'anonymous'"))
        #expect(Self.shown(out) == ["Problem connecting to server!"])
        #expect(h.sdk.describeState(world: h.world).first?.contains("expired") == true)
    }

    @Test func aTokenExpiredOnTheServerIsRefusedWith401() throws {
        var h = try Harness()
        #expect(throws: SimulationError.self) { try h.sdk.expireToken(world: h.world) }
        _ = try h.login()
        _ = try h.sdk.expireToken(world: h.world)
        #expect(h.states() == ["logged-in", "token-expired"])
        #expect(Self.response(try h.update("secret12", "newpass99"))?["status"] == .int(401))
    }

    @Test func noAnswerFailsTheChangeWithTheAppsConnectionMessage() throws {
        for fault in [NetworkFault.networkDown, .serverDown] {
            var h = try Harness()
            _ = try h.login()
            if fault == .networkDown { h.world.network.networkUp = false } else { h.world.network.serverUp = false }
            let out = try h.update("secret12", "newpass99")
            #expect(Self.events(out, "request").count == 1)
            #expect(Self.response(out) == nil)
            #expect(out.contains(.note("no answer (\(fault.rawValue))")))
            #expect(out.last == .networkError("Problem connecting to server!"))
            h.world.network = NetworkConditions()
            // Nothing reached the server: the old password still holds.
            #expect(Self.response(try h.update("secret12", "newpass99"))?["accepted"] == .bool(true))
        }
    }

    // MARK: Logout and raw requests

    @Test func logoutSendsNothingAndTheServerKeepsTheToken() throws {
        var h = try Harness()
        #expect(throws: SimulationError.self) { try h.sdk.logout(world: h.world) }
        _ = try h.login()
        let token = try #require(h.sdk.app.user?.accessToken)
        let out = try h.sdk.logout(world: h.world)
        #expect(Self.events(out, "request").isEmpty)
        #expect(h.states() == ["logged-out"])
        #expect(h.sdk.signedInUser == nil)
        #expect(h.sdk.server.tokenOwner(token, now: h.world.now) == Self.dave)
    }

    @Test func aRawRequestWithTheAppsTokenChangesAnotherAccount() throws {
        var h = try Harness()
        _ = try h.login()
        let out = h.request("GET", "/aaa/changepassword.json",
                            [("changepassword", Self.eve), ("password", "evepass1"), ("newpassword", "stolen123")])
        let request = try #require(Self.events(out, "request").first)
        #expect(request.fields.map(\.0) == ["method", "path", "changepassword", "password", "newpassword", "access_token"])
        #expect(request["access_token"] == .string("***"))
        let response = try #require(Self.response(out))
        #expect(response["accepted"] == .bool(true))
        #expect(response["session"]?["identity"]?["name"] == .string(Self.dave))
        #expect(out.contains { if case .note(let n) = $0 { return n.contains("vendor quirk") }; return false })
        _ = try h.sdk.logout(world: h.world)
        #expect(Self.response(try h.login(Self.eve, "stolen123"))?["status"] == .int(200))
    }

    @Test func aRawRequestTakesAQueryStringAndOtherParameters() throws {
        var h = try Harness()
        let out = h.request("GET", "/aaa/login.json?login=dave%40example.com&password=secret12", [("type", "access-token"), ("debug", "1")])
        let request = try #require(Self.events(out, "request").first)
        #expect(request["login"] == .string(Self.dave))
        #expect(request["password"] == .string("***"))
        #expect(request["parameters"] == .object([("debug", .string("1"))]))
        #expect(Self.response(out)?["status"] == .int(200))
        // A raw login does not sign the app in.
        #expect(h.sdk.signedInUser == nil)
        let missing = h.request("GET", "/aaa/nothing.json", [])
        #expect(Self.response(missing)?["status"] == .int(404))
        h.world.network.serverUp = false
        #expect(h.request("GET", "/aaa/login.json", []).last == .networkError("no answer (server down)"))
    }

    // MARK: Users, policy, descriptions

    @Test func usersMustBeEmailsTheAppCanSend() throws {
        var sdk = SusiSimulator(seed: 1)
        #expect(throws: SimulationError.self) { try sdk.addUser("dave", password: "secret12") }
        #expect(throws: SimulationError.self) { try sdk.addUser("Dave@example.com", password: "secret12") }
        try sdk.addUser(Self.dave, password: "secret12")
        #expect(throws: SimulationError.self) { try sdk.addUser(Self.dave, password: "other123") }
        try sdk.addUser("nora@example.com", password: "norapass1", activated: false)
        #expect(sdk.userIDs == [Self.dave, "nora@example.com"])
        #expect(sdk.states(of: "nora@example.com", world: World()) == ["logged-out", "not-activated"])
        #expect(sdk.states(of: "zed@example.com", world: World()) == nil)
    }

    @Test func thePolicyIsSetWholeAndRefusesWhatItDoesNotKnow() throws {
        var policy = try SusiPolicy.parse(words: [("rule", "2019"), ("maxInvalidLogins", "3")])
        #expect(policy.rule == .rule2019)
        #expect(policy.maxInvalidLogins == 3)
        policy = try SusiPolicy.parse(words: [("rule", "2019")])
        #expect(policy.maxInvalidLogins == 10)
        #expect(throws: SimulationError.self) { try SusiPolicy.parse(words: [("rule", "2018")]) }
        #expect(throws: SimulationError.self) { try SusiPolicy.parse(words: [("minLength", "8")]) }
        #expect(throws: SimulationError.self) { try SusiPolicy.parse(words: [("periodSeconds", "0")]) }
        var sdk = SusiSimulator(seed: 1)
        sdk.policy = policy
        let lines = sdk.describePolicy()
        #expect(lines.contains { $0.hasPrefix("rule=2019 (active)") && $0.contains(SusiPasswordRule.rule2019.regex) })
        #expect(lines.contains { $0.hasPrefix("rule=2017:") && $0.contains(SusiPasswordRule.rule2017.regex) })
    }

    @Test func descriptionsNeverShowSecrets() throws {
        var h = try Harness()
        _ = try h.login()
        let token = try #require(h.sdk.app.user?.accessToken)
        let text = (h.sdk.describeState(world: h.world) + (h.sdk.describeUser(Self.dave, world: h.world) ?? [])).joined(separator: "\n")
        #expect(!text.contains("secret12"))
        #expect(!text.contains(token))
        #expect(text.contains("signed in"))
        #expect(h.sdk.describeUser("zed@example.com", world: h.world) == nil)
        #expect(throws: SimulationError.self) { try h.sdk.cancel(world: h.world) }
    }

    @Test func theSameSeedReplaysTheSameSession() throws {
        func run() throws -> ([Outcome], String?) {
            var h = try Harness()
            var out = try h.login()
            out += try h.update("secret12", "newpass99")
            return (out, h.sdk.app.user?.accessToken)
        }
        let (a, tokenA) = try run(), (b, tokenB) = try run()
        #expect(a == b)
        #expect(tokenA == tokenB)
    }
}
