import CredLanguage
import CredSimulator

/// What a command's implementation gets, and all it gets: its arguments, read through its
/// own parameter constants and evaluated on demand, the simulation, somewhere to print, the
/// last command's result (for `expect`), and a narrow set of the host's services. The
/// interpreter behind it stays out of reach: a command cannot stop the run, reach its
/// variables or its failures except through what is here. Implementations throw
/// `CommandFailure` only.
public struct CommandContext {
    let call: CommandCall
    private let evaluator: Evaluator
    let source: SourceFile

    init(call: CommandCall, evaluator: Evaluator, source: SourceFile) {
        self.call = call
        self.evaluator = evaluator
        self.source = source
    }

    /// The evaluator's simulation, to read.
    var simulation: Simulation { evaluator.simulation }

    /// Runs `body` on the evaluator's simulation, changed in place: a changed copy set back
    /// would share the SDKs' storage first, so its first change would copy every account.
    func withSimulation<R, E: Error>(_ body: (inout Simulation) throws(E) -> R) throws(E) -> R {
        try body(&evaluator.simulation)
    }

    /// Runs `body` on the active SDK, changed in place (Simulation.withActive).
    func withActive<R, E: Error>(_ body: (inout any SimulatedSDK, World) throws(E) -> R) throws(E) -> R {
        try withSimulation { (simulation: inout Simulation) throws(E) -> R in try simulation.withActive(body) }
    }

    /// Runs `body` on the SDK of type `T`, changed in place (Simulation.modify).
    func modify<T: SimulatedSDK, R, E: Error>(_ type: T.Type, _ body: (inout T, World) throws(E) -> R) throws(E) -> R {
        try withSimulation { (simulation: inout Simulation) throws(E) -> R in try simulation.modify(type, body) }
    }

    /// Prints lines of command output (not SDK outcomes).
    func say(_ lines: String...) { say(lines) }
    func say(_ lines: [String]) { evaluator.say(lines) }
    /// One line, without an array around it: chosen over the variadic form for a single
    /// text (`c.say("…")`), whose array is an allocation and a free a command.
    func say(_ line: String) { evaluator.say(line: line) }
    /// Lines that mask their own secrets by field (JournalScript), shown as they are: masked
    /// again by value, a number with a secret's digits would be written `***`.
    func sayMaskedByField(_ lines: [String]) { evaluator.say(lines, maskedByField: true) }

    /// `exit` and `skip`: the run stops here, successfully (or skipped, saying why).
    func endRun(skipped reason: String? = nil) {
        evaluator.verdict.skipReason = reason
        evaluator.verdict.exitRequested = true
    }

    /// The secret values the run knows (SecretLedger): what a script credsh writes for
    /// replay turns into variables (JournalScript).
    var knownSecrets: KnownSecrets { evaluator.events.secrets.values }
    /// At the prompt (not a script run).
    var isInteractive: Bool { evaluator.options.interactive }
    /// The command table the run was parsed with (`help`).
    var table: CommandTable { evaluator.table }
    /// The script's own commands defined so far (`proc`), for `help`.
    var procedures: [Procedure] { Array(evaluator.procedures.values) }
    /// Charges work over `count` bytes of text to the step budget.
    func chargeBytes(_ count: Int) { evaluator.chargeBytes(count) }

    // MARK: Expectations

    /// The last command's result, or an expectation failure when nothing has run.
    func lastResult() throws(CommandFailure) -> CommandResult {
        do { return try evaluator.lastResult(self) } catch { throw .diagnostic(error) }
    }

    /// A failed expectation at the `expect` line, showing what the last command produced
    /// (`code`: an `expect` command that did not hold, unless another code says more).
    func expectationFailure(_ message: String, showLast: Bool = false, at position: SourcePosition? = nil,
                            code: DiagnosticCode = .expectationFailed) -> CommandFailure {
        .diagnostic(evaluator.expectationFailure(message, self, showLast: showLast, at: position, code: code))
    }

    // MARK: Host services

    /// Shows `lines` through a pager when a person at a terminal wants that; otherwise prints them.
    func page(_ lines: [String]) {
        if evaluator.host.page(evaluator.events.paged(lines)) { evaluator.keepPrinted(lines) } else { say(lines) }
    }

    /// `help`'s lines, through a pager or printed: those of the command table unmasked
    /// (our text, which no secret the user typed is part of), the others masked as any
    /// output is (HelpText.Line).
    func page(_ lines: [HelpText.Line]) {
        let shown = evaluator.events.paged(lines.map(\.text), ours: lines.map(\.fromTable))
        defer { evaluator.keepPrinted(lines.map(\.text)) }
        if evaluator.host.page(shown) { return }
        for line in lines {
            evaluator.chargeBytes(line.text.utf8.count)
            if line.fromTable { evaluator.emitOurs(.text(line.text)) } else { evaluator.emit(.text(line.text)) }
        }
    }

    /// The width of the terminal the output goes to; nil when it goes to none (a script's
    /// output, a transcript), where lines are not wrapped.
    var terminalColumns: Int? { evaluator.host.terminalColumns }

    /// `serve start|stop|status`: the host's server, at the prompt only.
    func serve(_ request: ServeRequest) throws(CommandFailure) -> [String] {
        do { return try evaluator.host.serve(request) } catch { throw .cannotRun(error.message) }
    }

    /// The session so far as a sequence diagram, where the host keeps one.
    /// `live start|stop`, `live`, `secrets shown|masked`: the host that runs the prompt answers.
    func classroom(_ request: ClassroomRequest) throws(CommandFailure) -> [String] {
        do throws(HostError) { return try evaluator.host.classroom(request) } catch { throw .cannotRun(error.message) }
    }

    func sessionDiagram(title: String) -> SequenceDiagram? { evaluator.host.sessionDiagram(title: title) }

    /// Writes a picture (`diagram FILE`), replacing the file.
    func writePicture(_ path: String, text: String) throws(HostError) { try evaluator.host.writePicture(path, text: text) }

    /// `compact on|off`; false when the host's output is not text for people.
    func setCompact(_ on: Bool) -> Bool { evaluator.host.setCompact(on) }

    /// `record [--force] FILE`.
    func startRecording(_ path: String, overwrite: Bool) throws(CommandFailure) {
        try evaluator.startRecording(path, overwrite: overwrite, call: call, source: source)
    }

    /// `record stop`.
    func stopRecording() throws(CommandFailure) { try evaluator.stopRecording() }

    /// `source FILE`: runs it here, in this simulation.
    func runSourced(_ path: String) throws(CommandFailure) { try evaluator.runSourced(path, from: call, in: source) }

    // MARK: Arguments

    func has(_ parameter: Parameter) -> Bool { call.argument(parameter) != nil }

    func text(_ parameter: Parameter) throws(CommandFailure) -> String {
        guard let value = try optionalText(parameter) else { throw .cannotRun("\(call.spec.name) is missing \(parameter.name)") }
        return value
    }

    func optionalText(_ parameter: Parameter) throws(CommandFailure) -> String? {
        guard let expression = call.arguments.single(parameter) else { return nil }
        let secret = noteSecret(expression, for: parameter)
        let text = try textOf(expression)
        if secret { evaluator.events.carry(text) } else { carryIfSecretVariable(expression) }
        // A name is printed on lines of its own (`users`): a newline in it would split them.
        if parameter.kind == .newUser, text.unicodeScalars.contains(where: String.isControl) {
            throw .cannotRun("\(parameter.label) cannot hold a control character such as a newline")
        }
        return text
    }

    /// The value of a variable that holds a secret, read where no secret goes: flagged for
    /// this command's records and diagnostics (RunEvents.carry), which may print it
    /// (`initiate $pw`, `expect state alice $pw`). A value read where a secret goes is
    /// flagged where it is read.
    private func carryIfSecretVariable(_ expression: Expression) {
        // Most runs bind no secret: then the name is not looked up.
        guard case .variable(let name) = expression.kind, !evaluator.environment.secretNames.isEmpty,
              evaluator.environment.holdsSecret(name), let value = evaluator.environment[name] else { return }
        evaluator.events.carry(value.text)
    }

    /// A variable given where a secret goes holds a secret from then on: `echo` masks it.
    /// Whether the parameter is a secret's place.
    private func noteSecret(_ expression: Expression, for parameter: Parameter) -> Bool {
        guard parameter.kind == .secret else { return false }
        if case .variable(let name) = expression.kind { evaluator.environment.markSecret(name) }
        return true
    }

    func texts(_ parameter: Parameter) throws(CommandFailure) -> [String] {
        guard let items = call.arguments.list(parameter) else { return [] }
        var out: [String] = []
        out.reserveCapacity(items.count)
        for item in items { out.append(try listedText(item, of: parameter)) }
        return out
    }

    /// `texts(parameter)` joined by single spaces (`echo`), without their array: one text
    /// is the line as it is.
    func joinedTexts(_ parameter: Parameter) throws(CommandFailure) -> String {
        guard let items = call.arguments.list(parameter) else { return "" }
        var joined = ""
        for index in items.indices {
            let text = try listedText(items[index], of: parameter)
            if index == items.startIndex { joined = text } else { joined += " " + text }
        }
        return joined
    }

    /// One text of a list argument, as `texts` gives it.
    private func listedText(_ item: Expression, of parameter: Parameter) throws(CommandFailure) -> String {
        let secret = noteSecret(item, for: parameter)
        if !secret, case .variable(let name) = item.kind, evaluator.environment.holdsSecret(name) {
            return ScriptWriter.mask  // `echo $pw` shows *** once $pw held a secret
        }
        let text = try textOf(item)
        if secret { evaluator.events.carry(text) }
        return text
    }

    func optionalInteger(_ parameter: Parameter) throws(CommandFailure) -> Int? {
        guard let expression = call.arguments.single(parameter) else { return nil }
        carryIfSecretVariable(expression)
        return try integerOf(expression)
    }

    func integer(_ parameter: Parameter) throws(CommandFailure) -> Int {
        guard let value = try optionalInteger(parameter) else { throw .cannotRun("\(call.spec.name) is missing \(parameter.name)") }
        return value
    }

    /// Whether `parameter`'s argument is a variable that holds a secret (Evaluator.holdsSecret):
    /// `clock advance $pin` with `$pin` 91d shows `+***`, not `+91d`.
    func holdsSecret(_ parameter: Parameter) -> Bool {
        // Most runs bind no secret: then the argument is not looked up again.
        guard !evaluator.environment.secretNames.isEmpty,
              let expression = call.arguments.single(parameter) else { return false }
        return evaluator.holdsSecret(expression)
    }

    func duration(_ parameter: Parameter) throws(CommandFailure) -> Int64 {
        guard let expression = call.arguments.single(parameter) else {
            throw .cannotRun("\(call.spec.name) is missing \(parameter.name)")
        }
        // A duration written out is its value, which costs no step: no value is made of it.
        if case .duration(let seconds) = expression.kind { return seconds }
        carryIfSecretVariable(expression)
        let value = try valueOf(expression)
        if case .text(let spelled) = value, let seconds = Lexer.duration(in: spelled) { return seconds }
        guard case .duration(let seconds) = value else {
            throw .diagnostic(Diagnostic(.badValue, "\(parameter.name) must be a duration such as 90d, but the value is \(value.text)",
                             file: source.name, at: expression.position))
        }
        return seconds
    }

    /// `KEY=VALUE` pairs, values evaluated, in the order written.
    func pairs(_ parameter: Parameter) throws(CommandFailure) -> [(key: String, value: Value)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter) else { return [] }
        var out: [(key: String, value: Value)] = []
        for pair in pairs {
            carryIfSecretVariable(pair.value)
            out.append((pair.key, try valueOf(pair.value)))
        }
        return out
    }

    /// `KEY=VALUE` pairs evaluated, each with its spelling when it was a number or a
    /// duration written out (`charsNotAllowed=007` is 7, spelled `007`).
    func spelledPairs(_ parameter: Parameter) throws(CommandFailure) -> [(key: String, value: Value, spelling: String?)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter) else { return [] }
        var out: [(key: String, value: Value, spelling: String?)] = []
        for pair in pairs {
            carryIfSecretVariable(pair.value)
            out.append((pair.key, try valueOf(pair.value), pair.value.spelling))
        }
        return out
    }

    /// `KEY=VALUE` pairs with each value as written (`blocklist=00700` keeps its zeros).
    func textPairs(_ parameter: Parameter) throws(CommandFailure) -> [(key: String, value: String)] {
        try refuseSingle(parameter)
        guard case .pairs(let pairs)? = call.argument(parameter) else { return [] }
        var out: [(key: String, value: String)] = []
        for pair in pairs {
            carryIfSecretVariable(pair.value)
            out.append((pair.key, try textOf(pair.value)))
        }
        return out
    }

    /// Where each `KEY=VALUE` pair was written, in the order of `pairs`.
    func pairPositions(_ parameter: Parameter) -> [SourcePosition] {
        guard case .pairs(let pairs)? = call.argument(parameter) else { return [] }
        return pairs.map(\.position)
    }

    /// A single argument's value, evaluated (a `~"pattern"` stays a pattern).
    func value(_ parameter: Parameter) throws(CommandFailure) -> Value {
        guard let expression = call.arguments.single(parameter) else {
            throw .cannotRun("\(call.spec.name) is missing \(parameter.name)")
        }
        carryIfSecretVariable(expression)
        if case .pattern = expression.kind { return try valueOf(expression) }
        return .text(try textOf(expression))
    }

    /// A JSON object (or a variable) where only `KEY=VALUE` pairs are read: refused, not
    /// taken for "no pairs".
    private func refuseSingle(_ parameter: Parameter) throws(CommandFailure) {
        guard case .single? = call.argument(parameter) else { return }
        throw .cannotRun("\(call.spec.name) takes \(parameter.label), not one JSON object or variable")
    }

    /// The single value given where pairs were expected (an inline JSON policy).
    func single(_ parameter: Parameter) throws(CommandFailure) -> Value? {
        guard let expression = call.arguments.single(parameter) else { return nil }
        carryIfSecretVariable(expression)
        return try valueOf(expression)
    }

    // Values, their evaluation's errors the command's.
    private func valueOf(_ expression: Expression) throws(CommandFailure) -> Value {
        do { return try evaluator.evaluate(expression, in: source) } catch { throw .diagnostic(error) }
    }

    private func textOf(_ expression: Expression) throws(CommandFailure) -> String {
        do { return try evaluator.text(of: expression, in: source) } catch { throw .diagnostic(error) }
    }

    private func integerOf(_ expression: Expression) throws(CommandFailure) -> Int {
        do { return try evaluator.integer(expression, in: source) } catch { throw .diagnostic(error) }
    }

    // MARK: Users

    /// A user of the active SDK, or a runtime error with a did-you-mean.
    func existingUser(_ parameter: Parameter) throws(CommandFailure) -> String {
        let user = try text(parameter)
        guard simulation.active.states(of: user, world: simulation.world) == nil else { return user }
        let known = simulation.active.userIDs
        do {
            var message = "no user '\(user)'"
            if let guess = Spelling.closest(to: user, among: known) { message += " — did you mean '\(guess)'?" }
            throw .cannotRun(message)
        }
    }
}
