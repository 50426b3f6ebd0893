import Testing
import Expectations
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
        try expectEqual(h.login("dave-at-example.com", ""), [.appCheck("Invalid Email Address")])
        try expectEqual(h.login(Self.dave, ""), [.appCheck("Password length too short")])
        try expectEqual(h.login(Self.dave, nil), [.appCheck("Password length too short")])
        expectEqual(h.states(), ["logged-out"])
    }

    @Test func aLoginPostsTheFormAndKeepsTheToken() throws {
        var h = try Harness()
        let out = try h.login("Dave@Example.com", "secret12")
        expectEqual(out.first, .event(SDKEvent("request", [
            ("method", .string("POST")), ("path", .string("/aaa/login.json")),
            ("login", .string(Self.dave)), ("password", .string("***")), ("type", .string("access-token")),
        ])))
        let response = try #require(Self.response(out))
        expectEqual(response.fields.map(\.0), ["status", "accepted", "valid_seconds", "access_token", "message", "session"])
        expectEqual(response["status"], .int(200))
        expectEqual(response["accepted"], .bool(true))
        expectEqual(response["access_token"], .string("***"))
        expectEqual(out.last, .appShows("You are logged in as dave@example.com"))
        expectEqual(Self.failure(out), nil)
        expectEqual(h.sdk.signedInUser, Self.dave)
        expectEqual(h.sdk.promptStatus, Self.dave)
        expectEqual(h.states(), ["logged-in"])
        expectEqual(h.states(Self.eve), ["logged-out"])
        #expect(throws: SimulationError.self) { try h.sdk.login(Self.eve, secret: "evepass1", world: h.world) }
    }

    @Test func aRefusedLoginIsAnAnswerNotAFailure() throws {
        var h = try Harness()
        let out = try h.login(Self.dave, "wrong123")
        expectEqual(Self.response(out)?["status"], .int(422))
        expectEqual(Self.response(out)?["reason"], .string("Invalid credentials"))
        expectEqual(Self.shown(out), ["Email ID / Password incorrect"])
        expectEqual(Self.failure(out), nil)
        expectEqual(h.sdk.signedInUser, nil)
        // An unknown account reaches the server too, which says so in a note.
        let unknown = try h.login("zed@example.com", "secret12")
        expectEqual(Self.response(unknown)?["status"], .int(422))
        #expect(unknown.contains(.note("server: no account 'zed@example.com'")))
    }

    @Test func tooManyInvalidLoginsBlockTheAccountOnTheVirtualClock() throws {
        var h = try Harness()
        for _ in 0..<11 { _ = try h.login(Self.dave, "wrong123") }
        let blocked = try h.login(Self.dave, "secret12")
        expectEqual(Self.response(blocked)?["status"], .int(403))
        expectEqual(Self.response(blocked)?["reason"], .string("Too many invalid login attempts. Try again in 120 seconds"))
        expectEqual(Self.shown(blocked), ["Email ID / Password incorrect"])
        expectEqual(h.states(), ["logged-out", "blocked"])
        h.advance(100)
        expectEqual(Self.response(try h.login(Self.dave, "secret12"))?["reason"],
                    .string("Too many invalid login attempts. Try again in 20 seconds"))
        h.advance(20)
        expectEqual(h.states(), ["logged-out"])
        expectEqual(Self.response(try h.login(Self.dave, "secret12"))?["status"], .int(200))
    }

    @Test func aLoginWithoutAnAnswerFailsWithTheAppsWrongPasswordMessage() throws {
        var h = try Harness()
        h.world.network.networkUp = false
        let out = try h.login()
        expectEqual(Self.events(out, "request").count, 1)
        expectEqual(Self.response(out), nil)
        expectEqual(out.last, .networkError("Email ID / Password incorrect"))
        expectEqual(h.sdk.signedInUser, nil)
    }

    // MARK: Reset Password, in the order of the app's and the server's checks

    @Test func theFormNeedsASignedInUser() throws {
        var h = try Harness()
        #expect(throws: SimulationError.self) { try h.sdk.update(current: "secret12", new: "newpass99", confirm: nil, world: h.world) }
    }

    @Test func theAppChecksLengthThenConfirmationAndSendsNothing() throws {
        var h = try Harness()
        _ = try h.login()
        try expectEqual(h.update("secret12", "12345"), [.appCheck("Allowed password length is 6 to 64 characters")])
        try expectEqual(h.update("secret12", "12345", "54321"), [.appCheck("Allowed password length is 6 to 64 characters")])
        try expectEqual(h.update("secret12", "123456", "1234567"), [.appCheck("Passwords do not match.")])
        // Characters, not bytes: six accented letters pass the app's check (and the shipped 2017 rule).
        let accented = try h.update("secret12", "éééééé")
        expectEqual(Self.events(accented, "request").count, 1)
        expectEqual(Self.response(accented)?["accepted"], .bool(true))
        // The app has no upper limit of its own; the server's rule refuses 65 characters.
        let long = try h.update("éééééé", String(repeating: "a1", count: 33))
        expectEqual(Self.response(long)?["status"], .int(400))
    }

    @Test func aChangeSendsTheSavedTokenAndEmailAndClearsTheForm() throws {
        var h = try Harness()
        _ = try h.login()
        let out = try h.update("secret12", "newpass99")
        expectEqual(out.first, .event(SDKEvent("request", [
            ("method", .string("GET")), ("path", .string("/aaa/changepassword.json")),
            ("access_token", .string("***")), ("changepassword", .string(Self.dave)),
            ("newpassword", .string("***")), ("password", .string("***")),
        ])))
        let response = try #require(Self.response(out))
        expectEqual(response.fields.map(\.0), ["status", "session", "accepted", "message"])
        expectEqual(response["accepted"], .bool(true))
        expectEqual(Self.shown(out), ["the current, new and confirm fields are cleared", "Your password has been changed!"])
        expectEqual(Self.failure(out), nil)
        _ = try h.sdk.logout(world: h.world)
        expectEqual(Self.response(try h.login(Self.dave, "secret12"))?["status"], .int(422))
        expectEqual(Self.response(try h.login(Self.dave, "newpass99"))?["status"], .int(200))
    }

    @Test func eachServerRefusalShowsAsTheAppShowsIt() throws {
        var h = try Harness()
        _ = try h.login()
        let wrongCurrent = try h.update("wrong123", "newpass99")
        expectEqual(Self.response(wrongCurrent)?["status"], .int(422))
        expectEqual(Self.shown(wrongCurrent), ["Problem connecting to server!"])
        let email = try h.update("secret12", Self.dave)
        expectEqual(Self.response(email)?["reason"], .string("invalid password"))
        expectEqual(Self.shown(email), ["Problem connecting to server!"])
        let lineBreak = try h.update("secret12", "abcd\nefgh")
        expectEqual(Self.response(lineBreak)?["status"], .int(400))
        #expect(lineBreak.contains { if case .policyRefusal("2017", let why) = $0 { return why.contains("line break") }; return false })
        #expect(email.contains(.policyRefusal(rule: "email", message: "the new password equals the e-mail")), "the same 400, told apart by the rule")
        let same = try h.update("secret12", "secret12")
        expectEqual(Self.response(same)?["status"], .int(200))
        expectEqual(Self.response(same)?["accepted"], .bool(false))
        expectEqual(Self.shown(same), ["Your current password matches new password."])
        for out in [wrongCurrent, email, lineBreak, same] { expectEqual(Self.failure(out), nil) }
    }

    @Test func the2019RuleIsSelectable() throws {
        var h = try Harness()
        h.sdk.policy = try SusiPolicy.parse([("rule", .int(2019))])
        expectEqual(h.sdk.rule, .rule2019)
        _ = try h.login()
        expectEqual(Self.response(try h.update("secret12", "newpass99"))?["status"], .int(400))
        expectEqual(Self.response(try h.update("secret12", "Newpass99!"))?["accepted"], .bool(true))
    }

    @Test func aTokenExpiredByTheClockIsRefusedWith401() throws {
        var h = try Harness()
        _ = try h.login()
        h.advance(8 * 86_400)
        expectEqual(h.states(), ["logged-in", "token-expired"])
        let out = try h.update("secret12", "newpass99")
        expectEqual(Self.response(out)?["status"], .int(401))
        expectEqual(Self.response(out)?["reason"], .string(
            "Base user role not sufficient. Your base user role is 'ANONYMOUS', your user role is 'anonymous'"))
        expectEqual(Self.shown(out), ["Problem connecting to server!"])
        expectEqual(h.sdk.describeState(world: h.world).first?.contains("expired"), true)
    }

    @Test func aTokenExpiredOnTheServerIsRefusedWith401() throws {
        var h = try Harness()
        #expect(throws: SimulationError.self) { try h.sdk.expireToken(world: h.world) }
        _ = try h.login()
        _ = try h.sdk.expireToken(world: h.world)
        expectEqual(h.states(), ["logged-in", "token-expired"])
        expectEqual(Self.response(try h.update("secret12", "newpass99"))?["status"], .int(401))
    }

    @Test func noAnswerFailsTheChangeWithTheAppsConnectionMessage() throws {
        for fault in [NetworkFault.networkDown, .serverDown] {
            var h = try Harness()
            _ = try h.login()
            if fault == .networkDown { h.world.network.networkUp = false } else { h.world.network.serverUp = false }
            let out = try h.update("secret12", "newpass99")
            expectEqual(Self.events(out, "request").count, 1)
            expectEqual(Self.response(out), nil)
            #expect(out.contains(.note("no answer (\(fault.rawValue))")))
            expectEqual(out.last, .networkError("Problem connecting to server!"))
            h.world.network = NetworkConditions()
            // Nothing reached the server: the old password still holds.
            expectEqual(Self.response(try h.update("secret12", "newpass99"))?["accepted"], .bool(true))
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
        expectEqual(h.states(), ["logged-out"])
        expectEqual(h.sdk.signedInUser, nil)
        expectEqual(h.sdk.server.tokenOwner(token, now: h.world.now), Self.dave)
    }

    @Test func aRawRequestWithTheAppsTokenChangesAnotherAccount() throws {
        var h = try Harness()
        _ = try h.login()
        let out = h.request("GET", "/aaa/changepassword.json",
                            [("changepassword", Self.eve), ("password", "evepass1"), ("newpassword", "stolen123")])
        let request = try #require(Self.events(out, "request").first)
        expectEqual(request.fields.map(\.0), ["method", "path", "changepassword", "password", "newpassword", "access_token"])
        expectEqual(request["access_token"], .string("***"))
        let response = try #require(Self.response(out))
        expectEqual(response["accepted"], .bool(true))
        expectEqual(response["session"]?["identity"]?["name"], .string(Self.dave))
        #expect(out.contains { if case .note(let n) = $0 { return n.contains("vendor quirk") }; return false })
        _ = try h.sdk.logout(world: h.world)
        expectEqual(Self.response(try h.login(Self.eve, "stolen123"))?["status"], .int(200))
    }

    @Test func aRawRequestTakesAQueryStringAndOtherParameters() throws {
        var h = try Harness()
        let out = h.request("GET", "/aaa/login.json?login=dave%40example.com&password=secret12", [("type", "access-token"), ("debug", "1")])
        let request = try #require(Self.events(out, "request").first)
        expectEqual(request["login"], .string(Self.dave))
        expectEqual(request["password"], .string("***"))
        expectEqual(request["parameters"], .object([("debug", .string("1"))]))
        expectEqual(Self.response(out)?["status"], .int(200))
        // A raw login does not sign the app in.
        expectEqual(h.sdk.signedInUser, nil)
        let missing = h.request("GET", "/aaa/nothing.json", [])
        expectEqual(Self.response(missing)?["status"], .int(404))
        h.world.network.serverUp = false
        expectEqual(h.request("GET", "/aaa/login.json", []).last, .networkError("no answer (server down)"))
    }

    // MARK: Users, policy, descriptions

    @Test func usersMustBeEmailsTheAppCanSend() throws {
        var sdk = SusiSimulator(seed: 1)
        #expect(throws: SimulationError.self) { try sdk.addUser("dave", password: "secret12") }
        #expect(throws: SimulationError.self) { try sdk.addUser("Dave@example.com", password: "secret12") }
        try sdk.addUser(Self.dave, password: "secret12")
        #expect(throws: SimulationError.self) { try sdk.addUser(Self.dave, password: "other123") }
        try sdk.addUser("nora@example.com", password: "norapass1", activated: false)
        expectEqual(sdk.userIDs, [Self.dave, "nora@example.com"])
        expectEqual(sdk.states(of: "nora@example.com", world: World()), ["logged-out", "not-activated"])
        expectEqual(sdk.states(of: "zed@example.com", world: World()), nil)
    }

    @Test func thePolicyIsSetWholeAndRefusesWhatItDoesNotKnow() throws {
        var policy = try SusiPolicy.parse(words: [("rule", "2019"), ("maxInvalidLogins", "3")])
        expectEqual(policy.rule, .rule2019)
        expectEqual(policy.maxInvalidLogins, 3)
        policy = try SusiPolicy.parse(words: [("rule", "2019")])
        expectEqual(policy.maxInvalidLogins, 10)
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
        expectEqual(h.sdk.describeUser("zed@example.com", world: h.world), nil)
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
        expectEqual(a, b)
        expectEqual(tokenA, tokenB)
    }
}
