import Testing
@testable import CredSimulator

/// Shared set-up for the OneWelcome tests: bob has the PIN 52817, carol is stateless.
/// Every outcome list the helpers hand back has been checked against the catalog.
struct OneWelcomeFixture {
    var sdk: OneWelcomeSimulator
    var world = World()

    static let bobPIN = "52817"
    static let newPIN = "24193"

    init(seed: UInt64 = 7) {
        sdk = OneWelcomeSimulator(seed: seed)
        sdk.hasher = PasswordHasher(rounds: 1)  // a real KDF, kept cheap for the tests
        try! sdk.addProfile("bob", pin: Self.bobPIN)
        try! sdk.addStatelessUser("carol")
    }

    /// bob authenticated, nothing pending.
    static func signedIn() -> OneWelcomeFixture {
        var f = OneWelcomeFixture()
        _ = f.login("bob", Self.bobPIN)
        return f
    }

    /// bob authenticated, his current PIN asked for.
    static func changing() -> OneWelcomeFixture {
        var f = signedIn()
        _ = f.changePin()
        return f
    }

    /// bob authenticated, his new PIN asked for.
    static func creating() -> OneWelcomeFixture {
        var f = changing()
        _ = f.pin(Self.bobPIN)
        return f
    }

    mutating func login(_ user: String, _ pin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do { return checked(try sdk.login(user, secret: pin, world: world), sourceLocation) } catch {
            Issue.record("login threw: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    mutating func pin(_ pin: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do { return checked(try sdk.answerPin(pin, world: world), sourceLocation) } catch {
            Issue.record("answerPin threw: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    mutating func changePin(sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        checked(sdk.changePin(world: world), sourceLocation)
    }

    mutating func update(_ current: String, _ new: String, _ confirm: String? = nil,
                         sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do { return checked(try sdk.update(current: current, new: new, confirm: confirm, world: world), sourceLocation) } catch {
            Issue.record("update threw: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    mutating func cancel(sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do { return checked(try sdk.cancel(world: world), sourceLocation) } catch {
            Issue.record("cancel threw: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    mutating func logout(sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        do { return checked(try sdk.logout(world: world), sourceLocation) } catch {
            Issue.record("logout threw: \(error.message)", sourceLocation: sourceLocation)
            return []
        }
    }

    func validate(_ pin: String, sourceLocation: SourceLocation = #_sourceLocation) -> [Outcome] {
        checked(sdk.validatePolicyCompliance(pin), sourceLocation)
    }

    func states(_ user: String) -> [String] { sdk.states(of: user, world: world) ?? [] }

    mutating func network(up: Bool) { world.network.networkUp = up }
    mutating func server(up: Bool) { world.network.serverUp = up }

    // MARK: Reading outcomes

    static func names(_ outcomes: [Outcome]) -> [String] { outcomes.compactMap(\.event).map(\.name) }

    static func last(_ name: String, in outcomes: [Outcome]) -> SDKEvent? {
        outcomes.compactMap(\.event).last { $0.name == name }
    }

    static func calls(_ outcomes: [Outcome]) -> [String] {
        outcomes.compactMap { if case .call(let api, _, _) = $0 { return api } else { return nil } }
    }

    static func counters(_ event: SDKEvent?) -> [Int]? {
        guard let event else { return nil }
        return ["maxFailureCount", "previousFailureCount", "remainingFailureCount"].map { name in
            if case .int(let n)? = event[name] { return n }
            return -1
        }
    }

    // MARK: The catalog check every helper applies

    /// Every event is in the catalog with only catalog fields, in catalog order, every
    /// required field present with its kind; every error code is one `explain` knows;
    /// no PIN appears anywhere unmasked.
    func checked(_ outcomes: [Outcome], _ sourceLocation: SourceLocation) -> [Outcome] {
        Self.expectCataloged(outcomes, sourceLocation: sourceLocation)
        return outcomes
    }

    static func expectCataloged(_ outcomes: [Outcome], sourceLocation: SourceLocation = #_sourceLocation) {
        let catalog = OneWelcomeSimulator.catalog
        let knownCodes = Set(catalog.codes.compactMap(\.code))
        for outcome in outcomes {
            if case .call(_, let arguments, _) = outcome, let pin = arguments.first(where: { $0.0 == "pin" }) {
                #expect(pin.1 == .string("***"), "PIN argument not masked", sourceLocation: sourceLocation)
            }
            guard let event = outcome.event else { continue }
            guard let spec = catalog.event(event.name) else {
                Issue.record("event \(event.name) is not in the catalog", sourceLocation: sourceLocation)
                continue
            }
            let names = event.fields.map(\.0)
            var lastIndex = -1
            for (name, value) in event.fields {
                guard let index = spec.fields.firstIndex(where: { $0.name == name }) else {
                    Issue.record("\(event.name).\(name) is not in the catalog", sourceLocation: sourceLocation)
                    continue
                }
                #expect(index > lastIndex, "\(event.name).\(name) out of catalog order", sourceLocation: sourceLocation)
                lastIndex = index
                #expect(FieldSpec.Kind(of: value) == spec.fields[index].kind, "\(event.name).\(name) has the wrong kind",
                        sourceLocation: sourceLocation)
            }
            for field in spec.fields where !field.optional {
                #expect(names.contains(field.name), "\(event.name) lacks \(field.name)", sourceLocation: sourceLocation)
            }
            if case .int(let code)? = event["errorCode"] {
                #expect(knownCodes.contains(code), "error \(code) unknown to explain", sourceLocation: sourceLocation)
                #expect(event["errorDomain"] != nil && event["message"] != nil, sourceLocation: sourceLocation)
            }
            for (_, value) in event.fields {
                #expect(value != .string(bobPIN) && value != .string(newPIN), "a PIN leaked", sourceLocation: sourceLocation)
            }
        }
    }
}
