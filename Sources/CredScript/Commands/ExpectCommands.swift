import CredLanguage
import CredSimulator

/// The expectations that make a script check itself. They look at the last command's
/// outcomes and at the active SDK's users; event, field and state names come from the
/// active SDK's catalog.
///
/// One rule compares text everywhere (fields, errors, output): a value must be the whole
/// text; `~"regex"` is searched in it instead. Numbers compare as numbers, lists as the
/// text output writes them (`[Password]`), objects as JSON.
enum ExpectCommands {
    static let group = "Expectations (self-checking scripts)"

    static let position = Parameter("N", "which event: 1 for the first", .integer, optional: true)
    static let event = Parameter("EVENT", "an event name", .event)
    static let events = Parameter("EVENT", "event names", .event, optional: true, variadic: true)
    static let fields = Parameter("FIELD=VALUE", "fields to match", .fieldMatch, optional: true, variadic: true)
    static let message = Parameter("MESSAGE", "the whole error message, its code, or ~\"regex\"", .expectedText)
    static let line = Parameter("TEXT", "a whole line of output, or ~\"regex\"", .expectedText)
    static let noteFields = Parameter("FIELD=VALUE", "rule=KEY and/or message=TEXT", .fieldMatch, variadic: true)
    static let user = Parameter("USER", "a user name", .user)
    static let state = Parameter("STATE", "a state", .userState)
    static let not = Parameter.flag("not", "the user is in any state but STATE")

    static let all: [Command] = [
        Command("expect event", [position, event, fields], group: group, role: .expectation,
                    summary: "Some event of the last command (or the N-th, counting from 1) has this name and these fields",
                    example: "expect event getPassword challengeMode=4 statusCode=118") { c throws(CommandFailure) in
            let which = try c.optionalInteger(position)
            try matchEvent(c, wanted: true, pick: which.map { .number($0) } ?? .any)
            return []
        },
        Command("expect last event", [event, fields], group: group, role: .expectation,
                    summary: "The last event of the last command has this name and these fields",
                    example: "expect last event getPassword statusCode=102") { c throws(CommandFailure) in
            try matchEvent(c, wanted: true, pick: .last)
            return []
        },
        Command("expect events", [events], group: group, role: .expectation,
                    summary: "The last command's events are exactly these, in this order",
                    example: "expect events getPassword onUserLoggedIn") { c throws(CommandFailure) in
            let result = try c.lastResult()
            let wanted = try c.texts(events)
            let actual = result.events.map(\.name)
            if wanted != actual {
                let said = wanted.isEmpty ? "no events" : wanted.joined(separator: " ")
                throw c.expectationFailure(
                    "expected the events \(said), in this order; got \(actual.isEmpty ? "none" : actual.joined(separator: " "))", showLast: true)
            }
            return []
        },
        Command("expect no event", [event, fields], group: group, role: .expectation,
                    summary: "No event of the last command has this name (and these fields)",
                    example: "expect no event onUserLoggedOff") { c throws(CommandFailure) in
            try matchEvent(c, wanted: false, pick: .any)
            return []
        },
        Command("expect error", [message], group: group, role: .acknowledgement,
                    summary: "The last command failed with this whole message, this error code, or a message ~\"regex\" finds",
                    example: "expect error \"New password and confirm password do not match\"") { c throws(CommandFailure) in
            let result = try c.lastResult()
            let wanted = try c.value(message)
            guard let error = result.failure else {
                throw c.expectationFailure("expected the last command to fail with \(describe(wanted)), but it succeeded", showLast: true)
            }
            let codeMatches = Int(wanted.text).map { $0 == error.code } ?? false
            c.chargeBytes(error.message.utf8.count)  // compared or searched once
            if !codeMatches, !TextMatch.matches(error.message, wanted) {
                let code = error.code.map { " (code \($0))" } ?? ""
                throw c.expectationFailure("expected the error \(describe(wanted)), but the error was \"\(error.message)\"\(code)",
                                                     showLast: true)
            }
            return []
        },
        Command("expect output", [line], group: group, role: .expectation,
                    summary: "A line the last command printed (app: lines, notes, policy show, user show) is this text, or ~\"regex\" finds one",
                    example: "expect output \"app: policy: Must be between 8 and 16 characters long\"") { c throws(CommandFailure) in
            let result = try c.lastResult()
            let wanted = try c.value(line)
            let lines = result.printed.map { $0.trimmedSpacesAndTabs }
            // Each line is compared or searched once: work in proportion to what was printed.
            c.chargeBytes(lines.reduce(0) { $0 + $1.utf8.count })
            let match = TextMatch(wanted)
            if !lines.contains(where: { match.matches($0) }) {
                throw c.expectationFailure("expected a line of output \(describe(wanted))", showLast: true)
            }
            return []
        },
        Command("expect no output", [line], group: group, role: .expectation,
                    summary: "No line the last command printed is this text, or is found by ~\"regex\"",
                    example: "expect no output ~\"hint\"") { c throws(CommandFailure) in
            let result = try c.lastResult()
            let wanted = try c.value(line)
            let lines = result.printed.map { $0.trimmedSpacesAndTabs }
            c.chargeBytes(lines.reduce(0) { $0 + $1.utf8.count })
            let match = TextMatch(wanted)
            if let shown = lines.first(where: { match.matches($0) }) {
                throw c.expectationFailure("expected no line of output \(describe(wanted)), but the last command printed \"\(shown)\"")
            }
            return []
        },
        Command("expect note", [noteFields], group: group, role: .expectation,
                    summary: "The last command was refused by this policy rule (rule=KEY, message=TEXT: the simulator's note)",
                    example: "expect note rule=minSc", check: noteCheck) { c throws(CommandFailure) in
            let result = try c.lastResult()
            let pairs = try c.pairs(noteFields)
            let refusals = result.outcomes.compactMap { outcome -> [(String, JSONValue)]? in
                guard case let .policyRefusal(rule, text) = outcome else { return nil }
                return [("rule", .string(rule)), ("message", .string(text))]
            }
            let matched = refusals.contains { note in
                pairs.allSatisfy { pair in FieldMatch.matches(note.first { $0.0 == pair.key }?.1, pair.value, field: pair.key, sdk: result.sdk) }
            }
            if !matched {
                let said = pairs.map { "\($0.key)=\($0.value.text)" }.joined(separator: " ")
                throw c.expectationFailure(
                    refusals.isEmpty ? "expected a policy refusal \(said), but no policy rule refused anything" : "expected a policy refusal \(said)",
                    showLast: true)
            }
            return []
        },
        Command("expect state", [user, not, state], group: group, role: .expectation,
                    summary: "The user is in this state, or with 'not' is not (the active SDK's states: logged-in, logged-out, …)",
                    example: "expect state alice logged-in") { c throws(CommandFailure) in
            let id = try c.text(user), wanted = try c.text(state)
            let sim = c.simulation
            guard sim.activeCatalog.userStateNames.contains(wanted) else {
                // Only a variable gets here (the resolver checks literals): a runtime error, like other bad values.
                let known = sim.activeCatalog.userStateNames
                var message = "STATE must be one of \(known.joined(separator: ", ")), not '\(wanted)'"
                if let guess = Spelling.closest(to: wanted, among: known) { message += " — did you mean '\(guess)'?" }
                throw .cannotRun(message)
            }
            guard let states = sim.active.states(of: id, world: sim.world) else {
                throw .cannotRun("no user '\(id)' in \(sim.activeSDK.name)")
            }
            if c.has(not), states.contains(wanted) {
                throw c.expectationFailure("expected \(id) not to be \(wanted), but \(id) is \(states.joined(separator: ", "))")
            }
            if !c.has(not), !states.contains(wanted) {
                throw c.expectationFailure("expected \(id) to be \(wanted), but \(id) is \(states.joined(separator: ", "))")
            }
            return []
        },
    ]

    static func describe(_ value: Value) -> String {
        if case .pattern(let p) = value { return "matching ~\"\(p)\"" }
        return "\"\(value.text)\""
    }

    enum Pick { case any, last, number(Int) }

    static func matchEvent(_ c: CommandContext, wanted: Bool, pick: Pick) throws(CommandFailure) {
        let result = try c.lastResult()
        let name = try c.text(event)
        let catalog = c.simulation.activeCatalog
        guard let spec = catalog.event(name) else {
            throw .cannotRun("unknown event '\(name)' for \(catalog.name); its events: \(catalog.eventNames.joined(separator: ", "))")
        }
        let pairs = try c.pairs(fields)
        let positions = c.pairPositions(fields)
        let ops = c.pairOperators(fields)
        // A field is judged by the catalog, not by this run's payload: `expect no event
        // validatePolicyCompliance errorCode=9011` holds when the PIN passed and no errorCode came.
        let known = SDKFlows.fieldNames(of: spec, sdk: catalog.name)
        if let unknown = pairs.firstIndex(where: { !known.contains($0.key) }) {
            throw c.expectationFailure("\(name) has no field '\(pairs[unknown].key)'" + FieldNames.note(known),
                                                 showLast: true, at: positions[unknown])
        }
        let said = ([name] + pairs.indices.map { "\(pairs[$0].key)\(ops[$0].rawValue)\(pairs[$0].value.text)" }).joined(separator: " ")
        let candidates: [SDKEvent]
        switch pick {
        case .any: candidates = result.events.filter { $0.name == name }
        case .last:
            guard let last = result.events.last else {
                throw c.expectationFailure("expected the last event to be \(said), but the last command delivered none", showLast: true)
            }
            candidates = [last]
        case .number(let n):
            guard n >= 1, n <= result.events.count else {
                throw c.expectationFailure("expected an event #\(n) \(said), but the last command delivered \(result.events.count)",
                                                     showLast: true)
            }
            candidates = [result.events[n - 1]]
        }
        // The positional forms name the event they expect there: another event in that place fails.
        if wanted, case let there? = candidates.first, there.name != name {
            let which: String
            if case .number(let n) = pick { which = "event #\(n)" } else { which = "the last event" }
            throw c.expectationFailure("expected \(which) to be \(said), but it was \(there.name)", showLast: true)
        }
        let readable = candidates.map { FieldMatch.fields(of: $0, sdk: result.sdk) }
        let matched = readable.contains { fieldsOfEvent in
            pairs.indices.allSatisfy { i in
                FieldMatch.matches(fieldsOfEvent.first { $0.0 == pairs[i].key }?.1, ops[i], pairs[i].value, field: pairs[i].key, sdk: result.sdk,
                                   unbounded: spec.field(pairs[i].key)?.unboundedWord)
            }
        }
        if wanted, !matched {
            let which: String
            switch pick {
            case .any: which = "an event"
            case .last: which = "the last event to be"
            case .number(let n): which = "event #\(n) to be"
            }
            // With one event of that name, point at the first field that differs.
            var at: SourcePosition?
            if readable.count == 1, candidates[0].name == name {
                at = pairs.indices.first { i in
                    !FieldMatch.matches(readable[0].first { $0.0 == pairs[i].key }?.1, ops[i], pairs[i].value, field: pairs[i].key, sdk: result.sdk,
                                        unbounded: spec.field(pairs[i].key)?.unboundedWord)
                }.map { positions[$0] }
            }
            throw c.expectationFailure("expected \(which) \(said)", showLast: true, at: at)
        }
        if !wanted, matched { throw c.expectationFailure("expected no event \(said), but there was one", showLast: true) }
    }
}

/// The one rule for text: the whole text, or a `~"regex"` found in it (by RE2, in time
/// linear in the text: LinearPattern).
struct TextMatch {
    private let wanted: Value
    private let pattern: LinearPattern?

    /// Compiles a pattern once for all the texts it is tried on.
    init(_ wanted: Value) {
        self.wanted = wanted
        if case .pattern(let text) = wanted, case .success(let compiled) = LinearPattern.compile(text) {
            pattern = compiled
        } else {
            pattern = nil
        }
    }

    func matches(_ text: String) -> Bool {
        // A pattern that does not compile was refused where it was written (Parser); from a
        // variable, it matches nothing.
        if case .pattern = wanted { return pattern?.found(in: text) ?? false }
        return text == wanted.text
    }

    static func matches(_ text: String, _ wanted: Value) -> Bool { TextMatch(wanted).matches(text) }
}

/// Whether a payload field holds the value a script wrote.
enum FieldMatch {
    /// An event's fields as a script may name them: the payload's and the readable ones.
    static func fields(of event: SDKEvent, sdk: SDKID) -> [(String, JSONValue)] {
        guard let flow = SDKFlows.flow(for: sdk) else { return event.fields }
        return event.fields + flow.readableFields(event.fields).filter { key, _ in event[key] == nil }
    }

    /// Numbers as numbers (or, for a field with named values, by name), text by the one
    /// rule of `TextMatch`, lists and objects as the text output writes them.
    static func matches(_ field: JSONValue?, _ value: Value, field name: String, sdk: SDKID) -> Bool {
        guard let field else { return false }
        if case .pattern = value { return TextMatch.matches(shown(field), value) }
        switch field {
        case .int(let i):
            if case .integer(let wanted) = value { return i == wanted }
            if Int(value.text) == i { return true }
            return SDKFlows.flow(for: sdk)?.valueNames[name]?[i] == value.text
        case .string(let s):
            return s == value.text
        case .bool(let b):
            return value.text == (b ? "true" : "false")
        case .array(let items):
            let commaJoined = items.map { item -> String in
                if case .string(let s) = item { return s }
                return item.serialized
            }.joined(separator: ",")
            return value.text == FieldText.plain(field) || value.text == commaJoined
        case .null:
            return value.text == "null"
        case .object:
            guard let written = try? JSONValue.parse(value.text) else { return false }
            return written == field
        }
    }

    /// The text a regex is searched in: a string as it is, anything else as shown.
    static func shown(_ field: JSONValue) -> String {
        if case .string(let s) = field { return s }
        return FieldText.plain(field)
    }
}
