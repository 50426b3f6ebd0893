import CredSimulator

/// What a command's implementation gets: its arguments, read through its own parameter
/// constants and evaluated on demand, the simulation, and somewhere to print.
public struct CommandContext {
    let call: CommandCall
    let evaluator: Evaluator
    let source: SourceFile

    /// The evaluator's simulation, changed in place: a `set` would copy it first, and a
    /// copy shares the SDKs' storage, so every change would copy a million accounts.
    var simulation: Simulation {
        get { evaluator.simulation }
        nonmutating _modify { yield &evaluator.simulation }
    }

    /// Prints lines of command output (not SDK outcomes).
    func say(_ lines: String...) { say(lines) }
    func say(_ lines: [String]) {
        for line in lines {
            evaluator.chargeBytes(line.utf8.count)
            evaluator.emit(.text(line))
            evaluator.printed.append(line)
        }
    }

    /// `exit` and `skip`: the run stops here, successfully (or skipped, saying why).
    func endRun(skipped reason: String? = nil) {
        evaluator.verdict.skipReason = reason
        evaluator.verdict.exitRequested = true
    }

    // MARK: Arguments

    func has(_ parameter: Parameter) -> Bool { call.argument(parameter.name) != nil }

    func text(_ parameter: Parameter) throws -> String {
        guard let value = try optionalText(parameter) else { throw SimulationError("\(call.spec.name) is missing \(parameter.name)") }
        return value
    }

    func optionalText(_ parameter: Parameter) throws -> String? {
        guard case .single(let expression)? = call.argument(parameter.name) else { return nil }
        noteSecret(expression, for: parameter)
        let text = try evaluator.text(of: expression, in: source)
        // A name is printed on lines of its own (`users`): a newline in it would split them.
        if parameter.kind == .newUser, text.unicodeScalars.contains(where: String.isControl) {
            throw SimulationError("\(parameter.label) cannot hold a control character such as a newline")
        }
        return text
    }

    /// A variable given where a secret goes holds a secret from then on: `echo` masks it.
    private func noteSecret(_ expression: Expression, for parameter: Parameter) {
        if parameter.kind == .secret, case .variable(let name) = expression.kind { evaluator.secretVariables.insert(name) }
    }

    func texts(_ parameter: Parameter) throws -> [String] {
        guard case .list(let items)? = call.argument(parameter.name) else { return [] }
        var out: [String] = []
        for item in items {
            noteSecret(item, for: parameter)
            if case .variable(let name) = item.kind, evaluator.secretVariables.contains(name), parameter.kind != .secret {
                out.append(ScriptWriter.mask)  // `echo $pw` shows *** once $pw held a secret
            } else {
                out.append(try evaluator.text(of: item, in: source))
            }
        }
        return out
    }

    func optionalInteger(_ parameter: Parameter) throws -> Int? {
        guard case .single(let expression)? = call.argument(parameter.name) else { return nil }
        return try evaluator.integer(expression, in: source)
    }

    func integer(_ parameter: Parameter) throws -> Int {
        guard let value = try optionalInteger(parameter) else { throw SimulationError("\(call.spec.name) is missing \(parameter.name)") }
        return value
    }

    func duration(_ parameter: Parameter) throws -> Int64 {
        guard case .single(let expression)? = call.argument(parameter.name) else {
            throw SimulationError("\(call.spec.name) is missing \(parameter.name)")
        }
        let value = try evaluator.evaluate(expression, in: source)
        if case .text(let spelled) = value, let seconds = Lexer.duration(in: spelled) { return seconds }
        guard case .duration(let seconds) = value else {
            throw Diagnostic(.runtime, "\(parameter.name) must be a duration such as 90d, but the value is \(value.text)",
                             file: source.name, at: expression.position)
        }
        return seconds
    }

    /// `KEY=VALUE` pairs, values evaluated, in the order written.
    func pairs(_ parameter: Parameter) throws -> [(key: String, value: Value)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter.name) else { return [] }
        var out: [(key: String, value: Value)] = []
        for pair in pairs { out.append((pair.key, try evaluator.evaluate(pair.value, in: source))) }
        return out
    }

    /// `KEY=VALUE` pairs evaluated, each with its spelling when it was a number or a
    /// duration written out (`charsNotAllowed=007` is 7, spelled `007`).
    func spelledPairs(_ parameter: Parameter) throws -> [(key: String, value: Value, spelling: String?)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter.name) else { return [] }
        var out: [(key: String, value: Value, spelling: String?)] = []
        for pair in pairs { out.append((pair.key, try evaluator.evaluate(pair.value, in: source), pair.value.spelling)) }
        return out
    }

    /// `KEY=VALUE` pairs with each value as written (`blocklist=00700` keeps its zeros).
    func textPairs(_ parameter: Parameter) throws -> [(key: String, value: String)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter.name) else { return [] }
        var out: [(key: String, value: String)] = []
        for pair in pairs { out.append((pair.key, try evaluator.text(of: pair.value, in: source))) }
        return out
    }

    /// Where each `KEY=VALUE` pair was written, in the order of `pairs`.
    func pairPositions(_ parameter: Parameter) -> [SourcePosition] {
        guard case .pairs(let pairs)? = call.argument(parameter.name) else { return [] }
        return pairs.map(\.position)
    }

    /// A single argument's value, evaluated (a `~"pattern"` stays a pattern).
    func value(_ parameter: Parameter) throws -> Value {
        guard case .single(let expression)? = call.argument(parameter.name) else {
            throw SimulationError("\(call.spec.name) is missing \(parameter.name)")
        }
        if case .pattern = expression.kind { return try evaluator.evaluate(expression, in: source) }
        return .text(try evaluator.text(of: expression, in: source))
    }

    /// A JSON object (or a variable) where only `KEY=VALUE` pairs are read: refused, not
    /// taken for "no pairs".
    private func refuseSingle(_ parameter: Parameter) throws {
        guard case .single? = call.argument(parameter.name) else { return }
        throw SimulationError("\(call.spec.name) takes \(parameter.label), not one JSON object or variable")
    }

    /// The single value given where pairs were expected (an inline JSON policy).
    func single(_ parameter: Parameter) throws -> Value? {
        guard case .single(let expression)? = call.argument(parameter.name) else { return nil }
        return try evaluator.evaluate(expression, in: source)
    }

    // MARK: Users

    /// A user of the active SDK, or a runtime error with a did-you-mean.
    func existingUser(_ parameter: Parameter) throws -> String {
        let user = try text(parameter)
        guard simulation.active.states(of: user, world: simulation.world) == nil else { return user }
        let known = simulation.active.userIDs
        do {
            var message = "no user '\(user)'"
            if let guess = Spelling.closest(to: user, among: known) { message += " — did you mean '\(guess)'?" }
            throw SimulationError(message)
        }
    }
}
