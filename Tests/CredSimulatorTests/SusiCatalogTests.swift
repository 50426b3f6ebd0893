import Testing
import Expectations
@testable import CredSimulator

/// The SUSI.AI catalog is complete: every event the simulation delivers is listed, with
/// only listed fields of the listed kinds, and `explain` knows every status it answers.
@Suite struct SusiCatalogTests {
    /// Checks one operation's outcomes against the catalog; every SUSI test's outcomes pass here.
    static func expectInCatalog(_ outcomes: [Outcome], sourceLocation: SourceLocation = #_sourceLocation) {
        let catalog = SusiSimulator.catalog
        for event in outcomes.compactMap(\.event) {
            guard let spec = catalog.event(event.name) else {
                Issue.record("event '\(event.name)' is not in the catalog", sourceLocation: sourceLocation)
                continue
            }
            for (name, value) in event.fields {
                guard let field = spec.field(name) else {
                    Issue.record("\(event.name).\(name) is not in the catalog", sourceLocation: sourceLocation)
                    continue
                }
                // valid_seconds is the string "forever" for a token that never expires.
                if name == "valid_seconds", value == .string("forever") { continue }
                #expect(FieldSpec.Kind(of: value) == field.kind, "\(event.name).\(name)", sourceLocation: sourceLocation)
            }
            for field in spec.fields where !field.optional {
                #expect(event[field.name] != nil, "\(event.name) lacks \(field.name)", sourceLocation: sourceLocation)
            }
            for secret in SusiEvents.secretParameters {
                if let value = event[secret] { #expect(value == .string("***"), sourceLocation: sourceLocation) }
            }
        }
    }

    @Test func theCatalogNamesTheSimulation() {
        let catalog = SusiSimulator.catalog
        expectEqual(catalog.name, "susi")
        expectEqual(catalog.title, "SUSI.AI-style change password")
        expectEqual(catalog.page, "docs/susi.md")
        expectEqual(catalog.secretNoun, "password")
        expectEqual(catalog.eventNames, ["request", "response"])
        expectEqual(catalog.userStateNames, ["logged-in", "logged-out", "token-expired", "blocked", "not-activated"])
    }

    @Test func everyAnswerTheServerCanGiveIsExplained() throws {
        let codes = SusiSimulator.catalog.codes
        for status in [200, 400, 401, 403, 404, 405, 422, 500] {
            let entries = codes.filter { $0.code == status }
            expectEqual(entries.count, 1, "status \(status)")
            expectEqual(entries.first?.kind, "HTTP status")
        }
        for name in ["RULE_2017", "RULE_2019", "TOKEN_OWNER_NOT_CHECKED", "LOGIN_THROTTLE"] {
            #expect(codes.contains { $0.name == name }, "\(name)")
        }
        for entry in codes {
            #expect(entry.origin.hasPrefix("vendor") || entry.origin.hasPrefix("simulator decision"), "\(entry.name)")
        }
        expectEqual(codes.first { $0.name == "TOKEN_OWNER_NOT_CHECKED" }?.isSimulatorDecision, false)
        expectEqual(codes.first { $0.name == "LOGIN_THROTTLE" }?.isSimulatorDecision, true)
        expectEqual(codes.first { $0.code == 401 }?.meaning.contains("your user role is 'anonymous'"), true)
    }

    /// Raw requests reach every answer the server has; each one's events are catalogued.
    @Test func everyAnswerIsACataloguedEvent() throws {
        var sdk = SusiSimulator(seed: 9)
        let world = World()
        try sdk.addUser("dave@example.com", password: "secret12")
        func send(_ method: String, _ path: String, _ parameters: [(String, String)]) -> Int? {
            let out = sdk.rawRequest(method: method, path: path, parameters: parameters, world: world)
            Self.expectInCatalog(out)
            return out.compactMap(\.event).first { $0.name == "response" }.flatMap {
                if case .int(let status)? = $0["status"] { return status }
                return nil
            }
        }
        let login: [(String, String)] = [("login", "dave@example.com"), ("password", "secret12")]
        var seen: Set<Int> = []
        for (method, path, parameters) in [
            ("GET", SusiServer.loginPath, login + [("type", "access-token"), ("valid_seconds", "-1"), ("extra", "1"), ("password", "secret12")]),
            ("POST", SusiServer.loginPath, login + [("type", "cookie")]),
            ("GET", SusiServer.loginPath, login + [("type", "nope")]),
            ("GET", SusiServer.loginPath, [("login", "dave@example.com"), ("password", "bad"), ("type", "session")]),
            ("GET", SusiServer.changePasswordPath, [("changepassword", "dave@example.com"), ("password", "secret12"), ("newpassword", "abc")]),
            ("DELETE", SusiServer.loginPath, []),
            ("GET", "/", []),
        ] as [(String, String, [(String, String)])] {
            if let status = send(method, path, parameters) { seen.insert(status) }
        }
        _ = try sdk.login("dave@example.com", secret: "secret12", world: world)
        for parameters in [[("changepassword", "zed@example.com")],
                           [("changepassword", "dave@example.com"), ("password", "secret12"), ("newpassword", "short")]] {
            if let status = send("GET", SusiServer.changePasswordPath, parameters) { seen.insert(status) }
        }
        for _ in 0..<11 { _ = send("GET", SusiServer.loginPath, [("login", "dave@example.com"), ("password", "bad"), ("type", "x")]) }
        if let status = send("GET", SusiServer.loginPath, login + [("type", "access-token")]) { seen.insert(status) }
        expectEqual(seen, [200, 400, 401, 403, 404, 405, 422, 500])
    }

    /// Every state the simulation reports is one the catalog lists.
    @Test func reportedStatesAreCatalogued() throws {
        var sdk = SusiSimulator(seed: 3)
        var world = World()
        try sdk.addUser("dave@example.com", password: "secret12")
        try sdk.addUser("nora@example.com", password: "norapass1", activated: false)
        _ = try sdk.login("dave@example.com", secret: "secret12", world: world)
        _ = world.clock.advance(by: 700_000)
        for _ in 0..<11 { _ = sdk.rawRequest(method: "GET", path: "/aaa/login.json",
                                             parameters: [("login", "nora@example.com"), ("password", "x"), ("type", "access-token")],
                                             world: world) }
        let names = Set(SusiSimulator.catalog.userStateNames)
        for user in sdk.userIDs {
            for state in sdk.states(of: user, world: world) ?? [] { #expect(names.contains(state)) }
        }
        expectEqual(sdk.states(of: "dave@example.com", world: world), ["logged-in", "token-expired"])
    }
}
