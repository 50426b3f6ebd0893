import CredLanguage
import CredSimulator

/// Runs statements against a simulation: it only interprets. It owns the variables and
/// the step and KDF budgets, and remembers the result of the last command, which is what
/// `expect` checks. What happens it publishes as run events (RunEvent) through `events`:
/// the host's renderer, coverage and the failure policy (RunVerdict, which decides whether
/// a failure stops the run, caps what is shown and gives the exit code) subscribe there.
/// What is secret is the business of the run's ledger (`events.secrets`, SecretLedger):
/// the interpreter tells it what a reading found and what a secret name was bound to.
///
/// A script is parsed twice: once whole, to report every syntax error before anything
/// runs, then statement by statement as it executes, so memory stays flat however long
/// the script is.
public final class Evaluator {
    /// Statements one run may execute (loops and sourced files included) before it stops:
    /// a bound on the time any script can take. `--max-steps` changes it.
    public static let defaultStepBudget = 10_000_000
    /// KDF rounds that cost one step of the budget: about 10 µs of hashing, so that the
    /// default budget bounds a run's hashing to a couple of minutes as it bounds its
    /// statements (docs/scripts.md, "Bounds").
    public static let kdfRoundsPerStep = 100
    /// Bytes of text that cost one step when a statement handles them (a value read, a
    /// line printed, a text matched or compared): work that grows with its size is
    /// charged by it, so a loop over a 1 MB value cannot take days within the budget
    /// (docs/scripts.md, "Bounds"). A value shorter than this costs nothing beyond its statement.
    public static let bytesPerStep = 64
    /// Failures reported in full; later ones (under `--keep-going`) are only counted.
    public static let reportedFailures = RunVerdict.reportedFailures

    public struct Options: Sendable {
        /// Print each command (masked) before its results.
        public var echo = false
        /// Go on after a failure, reporting and counting each one.
        public var keepGoing = false
        /// At the prompt: no pending-failure rule, and a journal for `record`.
        public var interactive = false
        /// Statements one run may execute (at the prompt: one line).
        public var stepBudget = Evaluator.defaultStepBudget
        /// A failed expectation is reported and the run goes on, as in a test framework:
        /// `credsh test` reports every expectation of a script that fails. A failed
        /// command still stops the run unless `keepGoing`.
        public var continueAfterFailedExpectations = false
        /// With `echo`: the comment lines above each command are shown before it (Narration).
        public var narrates = false
        /// In a file with named tests: run only this one, after the setup (`credsh test`
        /// runs each test in an evaluator of its own); nil runs them all in turn.
        public var selectedTest: String?
        /// The device a run starts on and is back on when it ends, so its `device ID` lines
        /// act for it alone: a control run of `credsh serve` starts on `default` whatever
        /// the run before it did (docs/double.md, "Devices"). Nil: the simulation's own.
        public var device: DeviceID?

        public init(echo: Bool = false, keepGoing: Bool = false, interactive: Bool = false,
                    stepBudget: Int = Evaluator.defaultStepBudget, continueAfterFailedExpectations: Bool = false) {
            self.echo = echo
            self.keepGoing = keepGoing
            self.interactive = interactive
            self.stepBudget = stepBudget
            self.continueAfterFailedExpectations = continueAfterFailedExpectations
        }
    }

    public var simulation: Simulation
    /// The commands this run reads and runs.
    public let commands: CommandSet
    /// The table its scripts are read with (the commands').
    public var table: CommandTable { commands.table }
    public var options: Options {
        get { settings }
        set {
            settings = newValue
            verdict.keepGoing = newValue.keepGoing
            verdict.continueAfterFailedExpectations = newValue.continueAfterFailedExpectations
        }
    }
    /// `options`, read where each statement runs: a stored property no other module sees,
    /// whose every access is a load or a store, so the optimizer proves that no access
    /// overlaps another and checks none at run time (a public stored `var` is checked at
    /// each access).
    private(set) var settings: Options
    /// Checked between statements: Ctrl-C at the prompt stops a long `repeat`.
    public var interruptRequested: () -> Bool {
        get { interruption.requested }
        set { interruption.requested = newValue }
    }
    /// What the run says when `interruptRequested` stopped it (a control run: its time limit).
    public var interruptReason: String {
        get { interruption.reason }
        set { interruption.reason = newValue }
    }
    private var interruption = Interruption()
    /// Where the run's events go: masked once, judged by `verdict`, then to subscribers.
    public let events: RunEvents
    /// What the run's failures mean: whether it stops, what is shown, its exit code.
    public var verdict: RunVerdict { events.verdict }

    let host: ScriptHost
    /// The run's variables: values, secret names, names given from outside.
    var environment = Environment()
    /// What the last command did: what `expect` checks.
    var last: CommandResult?
    /// Where the run is now: each bound of docs/scripts.md, "Bounds", checked as it goes, the
    /// statement running and the calls around it, and whether it is journaled.
    var place = RunPlace()
    /// Procedures defined so far: each parser of this run starts with them (at the
    /// prompt, those of earlier lines; in a sourced file, those of the file sourcing it).
    public internal(set) var procedures: [String: Procedure] = [:]
    /// The statements, KDF rounds and bytes of text this run has spent of its step budget.
    var budget = StepBudget()
    /// Steps spent so far in this run: statements executed, and KDF work (kdfRoundsPerStep).
    public var steps: Int { budget.steps }
    /// The lines the running command printed itself, for `expect output`.
    var printed = SaidLines.none
    /// Names bound with `--var`, `--var-file` or `--secret` (Evaluator+Outside).
    public var givenFromOutside: Set<String> { environment.givenFromOutside }

    public init(simulation: Simulation = Simulation(), commands: CommandSet = .standard,
                options: Options = Options(), host: ScriptHost) {
        self.simulation = simulation
        self.commands = commands
        self.settings = options
        self.host = host
        events = RunEvents(verdict: RunVerdict(keepGoing: options.keepGoing,
                                               continueAfterFailedExpectations: options.continueAfterFailedExpectations))
        events.subscribe(HostRenderer(host))
        if options.interactive { startJournal() }
    }

    /// `credsh -i SCRIPT…`: the scripts ran as a batch; the prompt goes on in the same
    /// simulation, with its variables, as if it had been open from the start.
    public func continueAtThePrompt() {
        options.interactive = true
        options.echo = true
        if !place.journals { startJournal() }
        clearFailures()
    }

    /// At the prompt, what runs is written down for `record` by a journal that follows the
    /// run (one: a new one replaces the last).
    func startJournal(maximumBytes: Int = SessionJournal.maximumBytes) {
        if let earlier = sessionJournal { events.unsubscribe(earlier) }
        events.subscribe(SessionJournal(host: host, table: table, maximumBytes: maximumBytes))
        place.journals = true
    }

    /// The prompt's journal, for `record`; nil in a script.
    var sessionJournal: SessionJournal? { events.subscriber(SessionJournal.self) }

    /// Publishes what ran, as a replay must write it, while a journal follows the run.
    /// The result is taken only then: every command of a script passes here.
    func journal(_ statement: Statement, result: @autoclosure () -> CommandResult? = nil) {
        if place.journals { events.publish(.ran(statement, result: result())) }
    }

    /// At the prompt each line starts afresh: earlier failures do not stop later lines.
    public func clearFailures() {
        verdict.clear()
        budget.steps = 0
    }

    /// Counts a failure that happened outside the language (a script file that cannot be read).
    public func recordFailure(_ diagnostic: Diagnostic) { verdict.count(diagnostic) }

    // What the verdict says, as the evaluator has always said it.
    public var failures: [Diagnostic] { verdict.failures }
    public var expectationsPassed: Int { verdict.expectationsPassed }
    public var expectationsFailed: Int { verdict.expectationsFailed }
    public var droppedFailures: Int { verdict.droppedFailures }
    public var exitRequested: Bool { verdict.exitRequested }
    public var skipReason: String? { verdict.skipReason }
    /// The exit code for the run so far: 0, or the most severe failure's (`ExitCode`).
    public var exitCode: Int32 { verdict.exitCode }

    enum Flow { case proceed, stop }

    var shouldStop: Bool { verdict.shouldStop }

    // MARK: Running sources

    /// Checks, then runs, a whole source, read once. Returns false when it stopped on a failure.
    @discardableResult
    public func run(_ source: SourceFile) -> Bool { run(parse(source)) }

    /// Runs a script another evaluator read with `parse`, taking over what that reading
    /// learnt of its secrets: `credsh test` reads a file once for all its tests, each run
    /// in an evaluator of its own.
    @discardableResult
    public func run(_ script: ParsedScript, readBy reader: Evaluator) -> Bool {
        events.secrets.adopt(reader.events.secrets)
        if !givenFromOutside.isEmpty { learnOutsideSecrets() }
        return run(script)
    }

    /// Runs a source read with `parse` (at the prompt, the reading that masked its history
    /// entry): reports its syntax errors, and runs it only when there are none.
    @discardableResult
    public func run(_ script: ParsedScript) -> Bool {
        guard report(script) else { return false }
        if let device = options.device {
            // Entering a device that exists (`default` always does) cannot be refused.
            try? simulation.enter(device: device)
        }
        defer { if let device = options.device { try? simulation.enter(device: device) } }
        return KDFMeter.$current.withValue(budget.kdfMeter) { script.tests.isEmpty ? runChecked(script) : runTests(script.tests, of: script) }
    }

    private func runChecked(_ script: ParsedScript) -> Bool {
        forEachStatement(of: script) { execute($0, in: script.source) }
        flushPendingFailure()
        return !verdict.failureStopsTheRun || options.keepGoing
    }

    /// Runs `body` on each top-level statement of `script` until it says stop: the held
    /// statements, or, for a source too large to hold, each read again in turn.
    /// Each statement is handed over (`consuming`): a held one is copied out of the script
    /// once (what a call might change cannot be lent, so the compiler copies it whatever the
    /// loop), and `execute` hands a command's call on into its context as it is.
    func forEachStatement(of script: ParsedScript, _ body: (consuming Statement) -> Flow) {
        if let statements = script.statements {
            for index in statements.indices where body(statements[index]) == .stop { return }
            return
        }
        var parser = makeReader(script.source)
        while let statement = parser.nextStatement() {
            if body(statement) == .stop { return }
        }
    }

    /// Parses without running; reports every syntax error. True when there were none.
    /// `sdk`: the SDK active where the file is read (a sourced file, checked statically).
    public func check(_ source: SourceFile, sdk: SDKID? = nil) -> Bool {
        report(parse(source, sdk: sdk))
    }

    /// Reads `source` once (ParsedScript), and the run's ledger learns which of its values
    /// are secrets (SecretReading) before anything of it runs or is shown; reports nothing.
    /// `sdk`: the SDK active where it is read (a sourced file, checked statically).
    public func parse(_ source: SourceFile, sdk: SDKID? = nil) -> ParsedScript {
        var reader = makeReader(source, sdk: sdk)
        // While a challenge waits, a line that does not parse may be its password typed
        // alone; the users it may name are no secret (SecretScan). Under --show-secrets the
        // class sees what is typed, so such a line is read as any other (a word shaped like a
        // password is still one) and a typo names what was typed (docs/teaching.md).
        let pending = simulation.active.promptState.pending
        let users: Set<String> = pending.map { Set(HistoryVocabulary.users(of: simulation) + [$0.user]) } ?? []
        let (script, secrets) = SecretReading.read(&reader, flow: events.secrets.flow, table: table,
                                                   challengePending: pending != nil && !events.secrets.shown, users: users)
        events.secrets.learn(secrets)
        if !givenFromOutside.isEmpty { learnOutsideSecrets() }
        return script
    }

    /// Publishes the syntax errors of a script read with `parse`; true when there were none.
    func report(_ script: ParsedScript) -> Bool {
        // Already bounded per file (the first `Diagnostic.keptPerFile` of each phase, then a
        // line counting the rest), so all are shown, the closing count included.
        for diagnostic in script.diagnostics {
            // A sourced file is checked each time it runs (`repeat 100000 { source bad.credscript }`):
            // past the run's cap its errors are counted like any other failure, not shown.
            if place.sources > 0, !verdict.showsMoreFailures {
                fail(diagnostic, script.source)
                continue
            }
            events.publish(.syntaxError(diagnostic, source: script.source))
        }
        return script.diagnostics.isEmpty
    }

    /// A failure of the script: what it means (stop or go on, shown or counted) is the
    /// verdict's to decide. Inside a procedure or a sourced file it says where it was called from.
    func fail(_ diagnostic: Diagnostic, _ source: SourceFile?) {
        events.publish(.failure(withCallChain(diagnostic), source: source))
    }

    // MARK: Statements

    /// Runs a statement handed over: a command's call goes into its context as it is, not
    /// copied out of the statement a second time.
    func execute(_ statement: consuming Statement, in source: SourceFile) -> Flow {
        // Any other statement is lent on as it is.
        guard case .command = statement else { return perform(statement, in: source).flow }
        guard case .command(let call) = consume statement else { preconditionFailure("a command statement") }
        return performCommand(call, in: source).flow
    }

    /// Whether a statement at `position` may run: the run has not stopped, the step budget
    /// is not spent, no interruption came; a failed command before it that this statement
    /// does not acknowledge (`expect error` does) is a failure first.
    private func mayRun(at position: SourcePosition, acknowledges: Bool, in source: SourceFile) -> Bool {
        if shouldStop { return false }
        if budget.spendStatement() > settings.stepBudget {
            events.publish(.halted(Diagnostic(.stepBudget, "the run reached its step budget of \(settings.stepBudget) (a step is a statement, \(Evaluator.kdfRoundsPerStep) rounds of the KDF, or \(Evaluator.bytesPerStep) bytes of text handled) and stopped (--max-steps raises it)",
                                              file: source.name, at: position), source: source))
            return false
        }
        if interruption.requested() || StopSignal.isRaised {
            // A signal says "interrupted"; a control run's time limit says why it stopped.
            let reason = StopSignal.isRaised ? "interrupted" : interruption.reason
            fail(Diagnostic(.interrupted, reason, file: source.name, at: position), source)
            return false
        }
        if !acknowledges {
            flushPendingFailure()
            if shouldStop { return false }
        }
        return true
    }

    /// Runs a statement; says whether to go on, and what of it ran (for the journal).
    func perform(_ statement: Statement, in source: SourceFile) -> (flow: Flow, replay: Replay) {
        if case .command(let call) = statement { return performCommand(call, in: source) }
        guard mayRun(at: statement.position, acknowledges: false, in: source) else { return (.stop, .none) }
        events.startStatement()  // no command's flags reach another statement's records
        let outerOrigin = place.origin
        place.origin = RecordOrigin(file: source.name, line: statement.position.line)
        defer { place.origin = outerOrigin }
        switch statement {
        case let .binding(name, value, position, secret, ifUnbound):
            // The flow holds every name a checked source gives as a secret, names that say
            // so included (SecretFlow), and every statement that runs was checked first.
            let holdsSecret = secret || events.holdsSecret(name) || (ifUnbound && environment.holdsSecret(name))
            if settings.echo {
                let text = ScriptWriter.renderBinding(name: name, value: value, secret: secret, ifUnbound: ifUnbound, hidden: holdsSecret && !events.secrets.shown)
                emit(.echo(command: text, file: source.name, line: position.line))
            }
            // `let NAME ?= VALUE`: a default, kept out when the name is bound (`--var`).
            if ifUnbound, environment[name] != nil {
                journal(statement)
                break
            }
            environment.markSecret(name, holdsSecret)
            do {
                // A number or a duration keeps its spelling (`let pin = 00700`, `let pw = 24h`);
                // it still counts where a number or a duration is wanted.
                switch value.kind {
                case .integer, .duration:
                    environment.bind(name, to: .text(spelling(of: value, in: source)))
                default:
                    environment.bind(name, to: try evaluate(value, in: source))
                }
                if holdsSecret, let bound = environment[name] { events.secrets.add(bound.text) }
            } catch {
                fail(error, source)
            }
            journal(statement)
        case let .repetition(countExpression, body, position):
            let count: Int
            do { count = try integer(countExpression, in: source) } catch {
                fail(error, source)
                return (shouldStop ? .stop : .proceed, .none)
            }
            guard count >= 0, count <= Limits.standard.repeatCount else {
                // `repeat $pin` never prints it, bound by `let`, `for`, a procedure or --secret
                // (grammar.md, "Secrets"): a count read from 02000000 is 2000000, another spelling.
                let shown = holdsSecret(countExpression) ? ScriptWriter.mask : String(count)
                fail(Diagnostic(.badValue, "repeat count \(shown) is outside 0...\(Limits.standard.repeatCount)",
                                file: source.name, at: position), source)
                return (shouldStop ? .stop : .proceed, .none)
            }
            return repeatBlock(statement, count: count, body: body, in: source)
        case .capture(let capture):
            runCapture(capture, in: source)
            journal(statement)
        case .comparison(let comparison):
            runComparison(comparison, in: source)
        case .loop(let loop):
            return runLoop(statement, loop, in: source)
        case .procedure(let procedure):
            procedures[procedure.name] = procedure
            journal(statement)
        case .call(let call):
            return (runCall(call, in: source), .whole)
        case .test(let test):
            refuseTest(test, in: source)
        case .command:
            preconditionFailure("a command runs through performCommand")
        }
        return (shouldStop ? .stop : .proceed, .whole)
    }

    /// Runs a command statement; says whether to go on, and what of it ran (for the
    /// journal). `call` goes into the command's context as it is, and is read there
    /// (`context.call`): built from a lent call, the context was a second copy of it, its
    /// references counted and released again.
    func performCommand(_ call: consuming CommandCall, in source: SourceFile) -> (flow: Flow, replay: Replay) {
        let context = CommandContext(call: call, evaluator: self, source: source)
        let spec = context.call.spec
        guard mayRun(at: context.call.position, acknowledges: spec.role == .acknowledgement, in: source) else { return (.stop, .none) }
        // The last command's flags stop here: its pending failure was shown (mayRun).
        events.startStatement()
        let outerOrigin = place.origin
        place.origin = RecordOrigin(file: source.name, line: context.call.position.line)
        defer { place.origin = outerOrigin }
        if settings.echo {
            if settings.narrates, let story = Narration.above(context.call.position, in: source) { emit(.narration(story)) }
            emit(.echo(command: ScriptWriter.render(context.call, masked: !events.secrets.shown), file: source.name, line: context.call.position.line))
        }
        // Counted for an expectation only: reading the verdict's failures is a run-time
        // exclusivity check and a retain, on every command.
        let isExpectation = spec.isExpectation
        let before = isExpectation ? failures.count : 0
        let failed = run(context)
        let rounds = budget.kdfMeter.take()
        if rounds > 0 { budget.charge(kdfRounds: rounds) }
        guard spec.role != .session, !isExpectation || failures.count == before else { return (shouldStop ? .stop : .proceed, .none) }
        // The statement made again only for a journal: the call is the context's now.
        if place.journals { journal(.command(context.call), result: isExpectation ? nil : last) }
        // In a block, a command that failed is written with its `expect error`.
        if failed, let last { return (shouldStop ? .stop : .proceed, .failed(last)) }
        return (shouldStop ? .stop : .proceed, .whole)
    }

    /// Shows a record as coming from the statement that is running.
    func emit(_ record: OutputRecord) {
        events.publishOutput(record, origin: place.origin)
    }

    /// A command's own lines (CommandContext.say): each charged to the step budget by its
    /// size, shown, and kept for `expect output`. The evaluator's and the publisher's state
    /// is reached once for all the lines, not once a line: each access to a stored `var` of
    /// a class is a run-time exclusivity check.
    /// `maskedByField`: the lines mask their own secrets (CommandContext.sayMaskedByField).
    func say(_ lines: [String], maskedByField: Bool = false) {
        var steps = 0
        for line in lines { steps += line.utf8.count / Evaluator.bytesPerStep }  // as chargeBytes, line by line
        if steps > 0 { budget.steps += steps }  // nearly every line is shorter than a step: no access
        events.publishText(lines, origin: place.origin, maskedByField: maskedByField)
        // A command's only `say`, the usual case, keeps its lines as they are: no copy.
        if case .none = printed { printed = .many(lines) } else { keepPrinted(lines) }
    }

    /// `say([line])` without the array (`echo`, any `c.say("…")` of one text): one line is
    /// kept as it is (SaidLines).
    func say(line: String) {
        chargeBytes(line.utf8.count)
        events.publishText(line, origin: place.origin)
        if case .none = printed { printed = .one(line) } else { keepPrinted([line]) }
    }

    /// Adds to `printed` (SaidLines) with no access to it around a call: it is copied out,
    /// changed and stored back, so that every access to it is a load or a store and none is
    /// checked at run time (`settings` says why). Emptied while out, so the copy is its
    /// only reference and is changed in place.
    func keepPrinted(_ lines: [String]) {
        var kept = printed
        printed = .none
        kept.append(contentsOf: lines)
        printed = kept
    }

    /// Shows a record of our own text (`help`'s, from the command table), which no
    /// secret the user typed is part of: it is not masked (HelpText.Line).
    func emitOurs(_ record: OutputRecord) {
        events.publishOutput(record, origin: place.origin, ours: true)
    }

    /// A command failed and the next statement was not `expect error`: that is a failure
    /// of the script (exit 1, or 3 when the command could not run at all).
    func flushPendingFailure() {
        // Asked before nearly every statement: while nothing waits, nothing is copied out.
        guard verdict.hasPendingFailure, let (diagnostic, source) = verdict.pendingFailure else { return }
        verdict.pendingFailure = nil
        fail(diagnostic, source)
    }

    // MARK: Values

    func evaluate(_ expression: Expression, in source: SourceFile) throws(Diagnostic) -> Value {
        guard case .variable(let name) = expression.kind else {
            let value = expression.literalValue ?? .text("")
            charge(value)
            return value
        }
        guard let value = environment[name] else {
            var message = "undefined variable $\(name)"
            if let guess = Spelling.closest(to: name, among: environment.names) { message += " — did you mean $\(guess)?" }
            throw Diagnostic(.undefinedVariable, message, file: source.name, at: expression.position)
        }
        charge(value)
        return value
    }

    /// Charges a value handled by the bytes of its text. A number or a duration is never
    /// `bytesPerStep` bytes long (a number 20 bytes at most, a duration 26:
    /// `-106751991167300d15h30m7s`), so it costs nothing, and its text, which would be
    /// built only to be counted, is not built.
    private func charge(_ value: Value) {
        switch value {
        case .text(let text), .json(let text), .pattern(let text): chargeBytes(text.utf8.count)
        case .integer, .duration: break
        }
    }

    /// Charges work over `count` bytes of text to the step budget (`bytesPerStep`); the
    /// next statement finds the budget spent if it was.
    func chargeBytes(_ count: Int) {
        // Text shorter than a step, nearly every value, changes nothing: the budget, a
        // stored `var` of this class, is not accessed (a run-time exclusivity check).
        if count >= Evaluator.bytesPerStep { budget.chargeBytes(count) }
    }

    /// The text an argument stands for, exactly as written: `007` stays `007` and `24h`
    /// stays `24h` where a secret or a name is expected; strings and variables give their value.
    func text(of expression: Expression, in source: SourceFile) throws(Diagnostic) -> String {
        switch expression.kind {
        case .word(let text) where expression.spelling == nil && expression.length == text.utf8.count:
            // A word read from the source is its bytes as written, already decoded (Lexer).
            chargeBytes(text.utf8.count)
            return text
        case .integer, .duration, .word: return spelling(of: expression, in: source)
        default: return try evaluate(expression, in: source).text
        }
    }

    /// Whether `expression` is a variable that holds a secret: what prints its value in a
    /// spelling of its own (a count, a duration) prints `***`, whatever the mask of known
    /// values holds (it masks no value under four bytes; grammar.md, "Secrets").
    func holdsSecret(_ expression: Expression) -> Bool {
        guard case .variable(let name) = expression.kind else { return false }
        return environment.holdsSecret(name)
    }

    func spelling(of expression: Expression, in source: SourceFile) -> String {
        let text = expression.writtenText(in: source)
        chargeBytes(text.utf8.count)
        return text
    }

    func integer(_ expression: Expression, in source: SourceFile) throws(Diagnostic) -> Int {
        let value = try evaluate(expression, in: source)
        switch value {
        case .integer(let i): return i
        case .text(let t): if let i = Int(t) { return i }
        default: break
        }
        throw Diagnostic(.badValue, "expected a whole number, but the value is \(value.text)", file: source.name, at: expression.position)
    }
}

/// What the last command did: the outcomes it produced and whether it failed.
public struct CommandResult: Sendable {
    /// An immutable class, made only when a command fails: the result every command
    /// stores stays small enough to be moved without a call to `memcpy`, and a command
    /// that did not fail has one nil reference to destroy, not a string and its flags.
    final class Failure: Sendable {
        let message: String
        let code: Int?
        /// The command could not run at all (exit 3), rather than the SDK or app refusing (exit 1).
        let isRuntime: Bool
        /// A command that could not run: which kind of refusal (its diagnostic code).
        let refusal: DiagnosticCode

        init(message: String, code: Int?, isRuntime: Bool, refusal: DiagnosticCode = .commandCannotRun) {
            self.message = message
            self.code = code
            self.isRuntime = isRuntime
            self.refusal = refusal
        }
    }

    let name: String
    let position: SourcePosition
    /// The SDK that was active: the one whose outcomes these are.
    let sdk: SDKID
    let outcomes: [Outcome]
    let failure: Failure?
    /// The lines the command printed itself (`policy show`, `user show`).
    let said: SaidLines

    /// Every line the command showed: its own, its outcomes as text, its error. Rendered
    /// only when `expect output` asks, so plain runs pay nothing for it.
    var printed: [String] {
        let renderer = TextRenderer()
        var lines = said.lines + outcomes.map { renderer.render($0, sdk: sdk) }
        if let failure, failure.isRuntime { lines.append("✗ error: \(failure.message)") }
        return lines
    }

    var events: [SDKEvent] { outcomes.compactMap(\.event) }
}
