import CredSimulator

extension Evaluator {
    /// Checks one `expect`; throws a diagnostic that says what was expected and shows
    /// what the last command actually produced.
    func checkExpectation(_ call: CommandCall, _ args: Arguments) throws {
        let source = args.source
        func failure(_ message: String, showing result: CommandResult? = nil) -> Diagnostic {
            var notes: [String] = []
            if let result {
                notes.append("the last command (\(result.name), line \(result.position.line)) produced:")
                let renderer = TextRenderer()
                notes += result.outcomes.isEmpty ? ["  no SDK calls or callbacks"] : result.outcomes.map { "  " + renderer.render($0) }
                if let failure = result.failure, result.outcomes.isEmpty { notes.append("  ✗ error: \(failure.message)") }
            }
            return Diagnostic(.expectation, message, file: source.name, at: call.position, notes: notes)
        }
        func lastCommand() throws -> CommandResult {
            guard let last else { throw failure("no command has run yet, so there is nothing to check") }
            return last
        }

        switch call.spec.id {
        case .expectEvent, .expectNoEvent:
            let result = try lastCommand()
            let name = try args.text("EVENT")
            let fields = try matchFields(call, args)
            let wanted = ([name] + fields.map { "\($0.key)=\($0.value.text)" }).joined(separator: " ")
            let candidates = result.events.filter { $0.name == name }
            if let unknown = fields.first(where: { field in !candidates.isEmpty && candidates.allSatisfy { $0[field.key] == nil } }) {
                let known = candidates[0].fields.map(\.0).joined(separator: ", ")
                throw failure("\(name) has no field '\(unknown.key)' (its fields: \(known))", showing: result)
            }
            let matched = candidates.contains { event in fields.allSatisfy { Evaluator.matches(event[$0.key], $0.value) } }
            if call.spec.id == .expectEvent, !matched {
                throw failure("expected an event \(wanted)", showing: result)
            }
            if call.spec.id == .expectNoEvent, matched {
                throw failure("expected no event \(wanted), but there was one", showing: result)
            }
        case .expectEvents:
            let result = try lastCommand()
            let wanted = try args.texts("EVENT")
            let actual = result.events.map(\.name)
            if wanted != actual {
                let said = wanted.isEmpty ? "no events" : wanted.joined(separator: " ")
                throw failure("expected the events \(said), in this order; got \(actual.isEmpty ? "none" : actual.joined(separator: " "))",
                              showing: result)
            }
        case .expectError:
            let result = try lastCommand()
            let wanted = try args.text("MESSAGE")
            guard let error = result.failure else {
                throw failure("expected the last command to fail with \"\(wanted)\", but it succeeded", showing: result)
            }
            let codeMatches = Int(wanted).map { $0 == error.code } ?? false
            if !codeMatches, !error.message.contains(wanted) {
                let code = error.code.map { " (code \($0))" } ?? ""
                throw failure("expected the error \"\(wanted)\", but the error was \"\(error.message)\"\(code)", showing: result)
            }
        case .expectState:
            let user = try args.text("USER")
            let stateName = try args.text("STATE")
            guard let state = Simulation.UserState(rawValue: stateName) else {
                throw failure("STATE must be one of \(Vocabulary.userStates.joined(separator: ", ")), not '\(stateName)'")
            }
            if try !simulation.holds(state, for: user) {
                let actual = simulation.states(of: user).map(\.rawValue).joined(separator: ", ")
                throw failure("expected \(user) to be \(stateName), but \(user) is \(actual)")
            }
        case .expectAttemptsLeft:
            let wanted = try args.integer("COUNT")
            guard let pending = simulation.relid.pendingChallenge else {
                throw failure("expected \(wanted) attempts left, but no password challenge is pending", showing: last)
            }
            if pending.attemptsLeft != wanted {
                throw failure("expected \(wanted) attempts left, but the pending challenge (mode \(pending.mode.rawValue)) has \(pending.attemptsLeft)",
                              showing: last)
            }
        default:
            break
        }
    }

    private func matchFields(_ call: CommandCall, _ args: Arguments) throws -> [(key: String, value: Value)] {
        guard case .pairs(let pairs)? = call.argument("FIELD=VALUE") else { return [] }
        var out: [(key: String, value: Value)] = []
        for pair in pairs { out.append((pair.key, try evaluate(pair.value, in: args.source))) }
        return out
    }

    /// Whether a payload field holds the value a script wrote: numbers as numbers, text
    /// as text, lists comma-separated, and a challenge mode by its number or SDK name.
    static func matches(_ field: JSONValue?, _ value: Value) -> Bool {
        guard let field else { return false }
        switch field {
        case .int(let i):
            if case .integer(let wanted) = value { return i == wanted }
            if Int(value.text) == i { return true }
            return ChallengeMode(rawValue: i)?.sdkName == value.text
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
