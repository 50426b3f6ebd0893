import CredSimulator

/// The expectations that make a script check itself. They look at the last command's
/// outcomes and at the active SDK's users; event, field and state names come from the
/// active SDK's catalog.
enum ExpectCommands {
    static let group = "Expectations (self-checking scripts)"

    static let event = Parameter("EVENT", "an event name", .event)
    static let events = Parameter("EVENT", "event names", .event, optional: true, variadic: true)
    static let fields = Parameter("FIELD=VALUE", "fields to match", .fieldMatch, optional: true, variadic: true)
    static let message = Parameter("MESSAGE", "an error message or code", .text)
    static let user = Parameter("USER", "a user name", .user)
    static let state = Parameter("STATE", "a state", .userState)

    static let all: [CommandSpec] = [
        CommandSpec("expect event", [event, fields], group: group, role: .expectation,
                    summary: "Some event of the last command has this name and these fields",
                    example: "expect event getPassword challengeMode=4 statusCode=118") { c in
            try matchEvent(c, wanted: true)
            return []
        },
        CommandSpec("expect events", [events], group: group, role: .expectation,
                    summary: "The last command's events are exactly these, in this order",
                    example: "expect events getPassword onUserLoggedIn") { c in
            let result = try c.evaluator.lastResult(c)
            let wanted = try c.texts(events)
            let actual = result.events.map(\.name)
            if wanted != actual {
                let said = wanted.isEmpty ? "no events" : wanted.joined(separator: " ")
                throw c.evaluator.expectationFailure(
                    "expected the events \(said), in this order; got \(actual.isEmpty ? "none" : actual.joined(separator: " "))", c, showLast: true)
            }
            return []
        },
        CommandSpec("expect no event", [event, fields], group: group, role: .expectation,
                    summary: "No event of the last command has this name (and these fields)",
                    example: "expect no event onUserLoggedOff") { c in
            try matchEvent(c, wanted: false)
            return []
        },
        CommandSpec("expect error", [message], group: group, role: .acknowledgement,
                    summary: "The last command failed with this message (or text within it) or error code",
                    example: "expect error \"New password and confirm password do not match\"") { c in
            let result = try c.evaluator.lastResult(c)
            let wanted = try c.text(message)
            guard let error = result.failure else {
                throw c.evaluator.expectationFailure("expected the last command to fail with \"\(wanted)\", but it succeeded", c, showLast: true)
            }
            let codeMatches = Int(wanted).map { $0 == error.code } ?? false
            if !codeMatches, !error.message.contains(wanted) {
                let code = error.code.map { " (code \($0))" } ?? ""
                throw c.evaluator.expectationFailure("expected the error \"\(wanted)\", but the error was \"\(error.message)\"\(code)",
                                                     c, showLast: true)
            }
            return []
        },
        CommandSpec("expect state", [user, state], group: group, role: .expectation,
                    summary: "The user is in this state (the active SDK's states: logged-in, logged-out, …)",
                    example: "expect state alice logged-in") { c in
            let id = try c.text(user), wanted = try c.text(state)
            let sim = c.simulation
            guard sim.activeCatalog.userStateNames.contains(wanted) else {
                // Only a variable gets here (the parser checks literals): a runtime error, like other bad values.
                throw SimulationError("STATE must be one of \(sim.activeCatalog.userStateNames.joined(separator: ", ")), not '\(wanted)'")
            }
            guard let states = sim.active.states(of: id, world: sim.world) else {
                throw SimulationError("no user '\(id)' in \(sim.activeCatalog.name)")
            }
            if !states.contains(wanted) {
                throw c.evaluator.expectationFailure("expected \(id) to be \(wanted), but \(id) is \(states.joined(separator: ", "))", c)
            }
            return []
        },
    ]

    static func matchEvent(_ c: CommandContext, wanted: Bool) throws {
        let result = try c.evaluator.lastResult(c)
        let name = try c.text(event)
        let catalog = c.simulation.activeCatalog
        guard let spec = catalog.event(name) else {
            throw SimulationError("unknown event '\(name)' for \(catalog.name); its events: \(catalog.eventNames.joined(separator: ", "))")
        }
        let pairs = try c.pairs(fields)
        let said = ([name] + pairs.map { "\($0.key)=\($0.value.text)" }).joined(separator: " ")
        // A field is judged by the catalog, not by this run's payload: `expect no event
        // validatePolicyCompliance errorCode=9011` holds when the PIN passed and no errorCode came.
        if let unknown = pairs.first(where: { spec.field($0.key) == nil }) {
            let known = spec.fields.map(\.name).joined(separator: ", ")
            throw c.evaluator.expectationFailure("\(name) has no field '\(unknown.key)' (its fields: \(known))", c, showLast: true)
        }
        let candidates = result.events.filter { $0.name == name }
        let matched = candidates.contains { candidate in
            pairs.allSatisfy { FieldMatch.matches(candidate[$0.key], $0.value, field: $0.key, sdk: result.sdk) }
        }
        if wanted, !matched { throw c.evaluator.expectationFailure("expected an event \(said)", c, showLast: true) }
        if !wanted, matched { throw c.evaluator.expectationFailure("expected no event \(said), but there was one", c, showLast: true) }
    }
}

/// Whether a payload field holds the value a script wrote.
enum FieldMatch {
    /// Numbers as numbers (or, for a field with named values, by name), text as text,
    /// lists comma-separated.
    static func matches(_ field: JSONValue?, _ value: Value, field name: String, sdk: String) -> Bool {
        guard let field else { return false }
        switch field {
        case .int(let i):
            if case .integer(let wanted) = value { return i == wanted }
            if Int(value.text) == i { return true }
            return SDKFlows.flow(named: sdk)?.valueNames[name]?[i] == value.text
        case .string(let s):
            return s == value.text
        case .bool(let b):
            return value.text == (b ? "true" : "false")
        case .array(let items):
            return items.map { item -> String in
                if case .string(let s) = item { return s }
                return item.serialized
            }.joined(separator: ",") == value.text
        case .null:
            return value.text == "null"
        case .object:
            return field.serialized == value.text
        }
    }
}
