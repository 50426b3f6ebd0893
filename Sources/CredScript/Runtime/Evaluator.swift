import CredSimulator

/// Runs statements against a simulation: it only interprets. It owns the variables and
/// the step and KDF budgets, and remembers the result of the last command, which is what
/// `expect` checks. What happens it publishes as run events (RunEvent) through `events`:
/// the host's renderer, coverage and the failure policy (RunVerdict, which decides whether
/// a failure stops the run, caps what is shown and gives the exit code) subscribe there.
///
/// A script is parsed twice: once whole, to report every syntax error before anything
/// runs, then statement by statement as it executes, so memory stays flat however long
/// the script is.
public final class Evaluator {
    public static let maximumRepeatCount = 1_000_000
    public static let maximumSourceDepth = 32
    /// How deep procedure calls nest (a procedure that calls itself stops there).
    public static let maximumCallDepth = 32
    /// How deep blocks, procedure calls and sourced files nest together as a run goes
    /// (each bound alone allows more: 32 calls each 64 blocks deep): past it the run stops
    /// with a runtime error rather than overflow the stack (docs/scripts.md, "Bounds").
    public static let maximumRunNesting = 256
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
    public let table: CommandTable
    public var options: Options {
        didSet {
            verdict.keepGoing = options.keepGoing
            verdict.continueAfterFailedExpectations = options.continueAfterFailedExpectations
        }
    }
    /// Checked between statements: Ctrl-C at the prompt stops a long `repeat`.
    public var interruptRequested: () -> Bool = { false }
    /// What the run says when `interruptRequested` stopped it (a control run: its time limit).
    public var interruptReason = "interrupted"
    /// Where the run's events go: masked once, judged by `verdict`, then to subscribers.
    public let events: RunEvents
    /// What the run's failures mean: whether it stops, what is shown, its exit code.
    public var verdict: RunVerdict { events.verdict }

    let host: ScriptHost
    /// The run's variables: values, secret names, names given from outside.
    var environment = Environment()
    var last: CommandResult?
    var pendingFailure: (Diagnostic, SourceFile)?
    /// While a plain run runs a file's setup again for its second test and on, the
    /// setup's output (and so its picture) is not shown again: it was shown once, and it
    /// is the same each time (Evaluator+Tests). Failures are still reported.
    var mutesOutput = false
    /// How deep the run is now: each bound of docs/scripts.md, "Bounds", checked as it goes.
    var depth = RunDepth()
    /// Procedures defined so far: each parser of this run starts with them (at the
    /// prompt, those of earlier lines; in a sourced file, those of the file sourcing it).
    public internal(set) var procedures: [String: Procedure] = [:]
    /// Where each running procedure call and `source` line was written, outermost first:
    /// a failure inside shows the chain (`called from suite.credscript:13:1`).
    var callChain: [(file: String, position: SourcePosition)] = []
    /// What runs is written down for a replay: a run event (`ran`, `served`) for the
    /// session journal that follows the prompt. Off inside a block, which is written down
    /// as one piece (Evaluator+Repeat), and inside a sourced file, whose `source` line is.
    var journals = false
    /// The statement running now: what its records say they came from.
    var origin: RecordOrigin?
    /// Inside a block whose run the journal needs statement by statement.
    var tracksReplay = false

    /// Steps spent so far in this run: statements executed, and KDF work (kdfRoundsPerStep).
    public internal(set) var steps = 0
    private let kdfMeter = KDFMeter()
    private var kdfRoundsUncharged = 0
    /// Names the sources checked so far give as secrets, so that their `let` is masked
    /// before the line that gives them (SecretFlow).
    var secretFlow = SecretFlow()
    /// Every secret value seen so far: each event passes through it (RunEvents).
    /// A control run of `credsh serve` starts from the live evaluator's and hands them back.
    public var knownSecrets: KnownSecrets {
        get { events.knownSecrets }
        _modify { yield &events.knownSecrets }
        set { events.knownSecrets = newValue }
    }
    /// `--show-secrets`, `secrets shown`: the records people read skip the known secrets
    /// and the echo is unmasked (ShownSecrets); nothing else changes.
    public var secretsShown: Bool {
        get { events.secretsShown }
        set { events.secretsShown = newValue }
    }
    /// The lines the running command printed itself, for `expect output`.
    var printed: [String] = []
    /// Names bound with `--var`, `--var-file` or `--secret` (Evaluator+Outside).
    public var givenFromOutside: Set<String> { environment.givenFromOutside }

    public init(simulation: Simulation = Simulation(), table: CommandTable = .standard,
                options: Options = Options(), host: ScriptHost) {
        self.simulation = simulation
        self.table = table
        self.options = options
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
        if !journals { startJournal() }
        clearFailures()
    }

    /// At the prompt, what runs is written down for `record` by a journal that follows the
    /// run (one: a new one replaces the last).
    func startJournal(maximumBytes: Int = SessionJournal.maximumBytes) {
        if let earlier = sessionJournal { events.unsubscribe(earlier) }
        events.subscribe(SessionJournal(host: host, table: table, maximumBytes: maximumBytes))
        journals = true
    }

    /// The prompt's journal, for `record`; nil in a script.
    var sessionJournal: SessionJournal? { events.subscriber(SessionJournal.self) }

    /// Publishes what ran, as a replay must write it, while a journal follows the run.
    /// The result is taken only then: every command of a script passes here.
    func journal(_ statement: Statement, result: @autoclosure () -> CommandResult? = nil) {
        if journals { events.publish(.ran(statement, result: result())) }
    }

    /// At the prompt each line starts afresh: earlier failures do not stop later lines.
    public func clearFailures() {
        verdict.clear()
        steps = 0
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
        knownSecrets = reader.knownSecrets
        secretFlow = reader.secretFlow
        if !givenFromOutside.isEmpty { learnOutsideSecrets() }
        return run(script)
    }

    /// Runs a source read with `parse` (at the prompt, the reading that masked its history
    /// entry): reports its syntax errors, and runs it only when there are none.
    @discardableResult
    public func run(_ script: ParsedScript) -> Bool {
        guard report(script) else { return false }
        return KDFMeter.$current.withValue(kdfMeter) { script.tests.isEmpty ? runChecked(script) : runTests(script.tests, of: script) }
    }

    private func runChecked(_ script: ParsedScript) -> Bool {
        forEachStatement(of: script) { execute($0, in: script.source) }
        flushPendingFailure()
        return !verdict.failureStopsTheRun || options.keepGoing
    }

    /// Runs `body` on each top-level statement of `script` until it says stop: the held
    /// statements, or, for a source too large to hold, each read again in turn.
    func forEachStatement(of script: ParsedScript, _ body: (Statement) -> Flow) {
        if let statements = script.statements {
            for statement in statements where body(statement) == .stop { return }
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

    /// Reads `source` once (ParsedScript) and learns from it which values are secrets,
    /// before anything of it runs or is shown; reports nothing.
    /// `sdk`: the SDK active where it is read (a sourced file, checked statically).
    public func parse(_ source: SourceFile, sdk: SDKID? = nil) -> ParsedScript {
        var parser = makeReader(source, sdk: sdk)
        var scan = SecretScan()
        let script = parser.readScript { statement in
            secretFlow.add(statement)
            learnSecrets(of: statement, into: &scan, in: source)
        }
        // A `let` of a literal is a secret when its name is given as one anywhere in the file.
        for (name, value) in scan.boundLiterals where secretFlow.holdsSecret(name) { knownSecrets.add(value) }
        // A literal in a secret's place is one, unless the script also writes it where
        // nothing is secret (a password that is the user's e-mail, which SUSI refuses).
        // Only a value not shaped like a password (an e-mail; a PIN also written in a policy's
        // block list) can be un-masked so: a password stays a secret wherever else it is
        // written (`expect output "Zq9…"`).
        for value in scan.placed where !scan.open.contains(value) || KnownSecrets.looksLikePassword(value) { knownSecrets.add(value) }
        if !givenFromOutside.isEmpty { learnOutsideSecrets() }
        if !script.diagnostics.isEmpty {
            // The SDK waits for a secret: a line that does not parse is one typed alone, all
            // its words secrets. Otherwise a line that does not parse (`lgoin alice Zq9…`)
            // gave no word a place: those shaped like a password may be one.
            let challengePending = simulation.active.promptStatus?.contains("[") == true
            for diagnostic in script.diagnostics { learnWordsOfLine(at: diagnostic.position, in: source, all: challengePending) }
        }
        return script
    }

    /// Publishes the syntax errors of a script read with `parse`; true when there were none.
    func report(_ script: ParsedScript) -> Bool {
        // Already bounded per file (the first `Diagnostic.keptPerFile` of each phase, then a
        // line counting the rest), so all are shown, the closing count included.
        for diagnostic in script.diagnostics {
            // A sourced file is checked each time it runs (`repeat 100000 { source bad.credscript }`):
            // past the run's cap its errors are counted like any other failure, not shown.
            if depth.sources > 0, !verdict.showsMoreFailures {
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

    func execute(_ statement: Statement, in source: SourceFile) -> Flow {
        perform(statement, in: source).flow
    }

    /// Runs a statement; says whether to go on, and what of it ran (for the journal).
    func perform(_ statement: Statement, in source: SourceFile) -> (flow: Flow, replay: Replay) {
        if shouldStop { return (.stop, .none) }
        steps += 1
        if steps > options.stepBudget {
            events.publish(.halted(Diagnostic(.stepBudget, "the run reached its step budget of \(options.stepBudget) (a step is a statement, \(Evaluator.kdfRoundsPerStep) rounds of the KDF, or \(Evaluator.bytesPerStep) bytes of text handled) and stopped (--max-steps raises it)",
                                              file: source.name, at: statement.position), source: source))
            return (.stop, .none)
        }
        if interruptRequested() || StopSignal.isRaised {
            // A signal says "interrupted"; a control run's time limit says why it stopped.
            let reason = StopSignal.isRaised ? "interrupted" : interruptReason
            fail(Diagnostic(.interrupted, reason, file: source.name, at: statement.position), source)
            return (.stop, .none)
        }
        if case .command(let call) = statement, call.spec.role == .acknowledgement {
            // `expect error` is what acknowledges a failed command.
        } else {
            flushPendingFailure()
            if shouldStop { return (.stop, .none) }
        }
        let outerOrigin = origin
        origin = RecordOrigin(file: source.name, line: statement.position.line)
        defer { origin = outerOrigin }
        var replay = Replay.whole
        switch statement {
        case let .binding(name, value, position, secret, ifUnbound):
            // The flow holds every name a checked source gives as a secret, names that say
            // so included (SecretFlow), and every statement that runs was checked first.
            let holdsSecret = secret || secretFlow.holdsSecret(name) || (ifUnbound && environment.holdsSecret(name))
            if options.echo {
                let text = ScriptWriter.renderBinding(name: name, value: value, secret: secret, ifUnbound: ifUnbound, hidden: holdsSecret && !secretsShown)
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
                if holdsSecret, let bound = environment[name] { knownSecrets.add(bound.text) }
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
            guard count >= 0, count <= Evaluator.maximumRepeatCount else {
                fail(Diagnostic(.badValue, "repeat count \(count) is outside 0...\(Evaluator.maximumRepeatCount)",
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
        case .command(let call):
            if options.echo {
                if options.narrates, let story = Narration.above(call.position, in: source) { emit(.narration(story)) }
                emit(.echo(command: ScriptWriter.render(call, masked: !secretsShown), file: source.name, line: call.position.line))
            }
            let before = failures.count
            let failed = run(call, in: source)
            chargeKDFWork()
            if call.spec.role != .session, !call.spec.isExpectation || failures.count == before {
                journal(statement, result: call.spec.isExpectation ? nil : last)
                // In a block, a command that failed is written with its `expect error`.
                if failed, let last { replay = .failed(last) }
            } else {
                replay = .none
            }
        }
        return (shouldStop ? .stop : .proceed, replay)
    }

    /// Charges the KDF rounds the command just run hashed to the step budget; the next
    /// statement finds the budget spent if they spent it.
    private func chargeKDFWork() {
        kdfRoundsUncharged += kdfMeter.take()
        steps += kdfRoundsUncharged / Evaluator.kdfRoundsPerStep
        kdfRoundsUncharged %= Evaluator.kdfRoundsPerStep
    }

    /// Shows a record as coming from the statement that is running.
    @inline(__always)
    func emit(_ record: OutputRecord) {
        if mutesOutput { return }
        events.publishOutput(record, origin: origin)
    }

    /// Shows a record of our own text (`help`'s, from the command table), which no
    /// secret the user typed is part of: it is not masked (HelpText.Line).
    func emitOurs(_ record: OutputRecord) {
        events.publishOutput(record, origin: origin, ours: true)
    }

    /// `text` as output shows it: each known secret as `***`, unless secrets are shown.
    func masked(_ text: String) -> String {
        secretsShown ? text : knownSecrets.redact(text)
    }

    /// Learns the secrets a statement gives by their place, or that may be secrets given
    /// in the wrong place of a command that takes one (KnownSecrets).
    private func learnSecrets(of statement: Statement, into scan: inout SecretScan, in source: SourceFile) {
        switch statement {
        case let .binding(name, value, _, secret, _):
            guard let literal = Self.literal(value, in: source) else { return }
            learnQuerySecrets(in: literal)
            if secret { knownSecrets.add(literal) } else { scan.boundLiterals.append((name, literal)) }
        case .loop(let loop):
            // Each value is bound to its name as a `let` binds: a secret when the name holds one.
            for (index, value) in loop.values.enumerated() {
                guard let literal = Self.literal(value, in: source) else { continue }
                learnQuerySecrets(in: literal)
                scan.boundLiterals.append((loop.names[index % loop.names.count], literal))
            }
            for inner in loop.body { learnSecrets(of: inner, into: &scan, in: source) }
        case .repetition, .procedure, .test:
            for inner in statement.body { learnSecrets(of: inner, into: &scan, in: source) }
        case .capture, .comparison:
            break
        case .call(let call):
            // A literal given for a parameter the body uses as a secret is one (SecretFlow).
            for (parameter, argument) in zip(call.procedure.parameters, call.arguments) where secretFlow.holdsSecret(parameter) {
                if let literal = Self.literal(argument, in: source) { scan.placed.insert(literal) }
            }
        case .command(let call):
            for argument in call.arguments.all { learnQuerySecrets(in: argument, source: source) }
            let secrets = SecretMasker.secretExpressions(of: call)
            let takesSecret = !secrets.isEmpty || call.spec.parameters.contains(where: { $0.kind == .secret })
            let secretRanges = Set(secrets.map(\.sourceRange.lowerBound))
            for expression in secrets { if let literal = Self.literal(expression, in: source) { scan.placed.insert(literal) } }
            for parameter in call.spec.parameters {
                // A request's target and parameters mask their secrets by name, exactly
                // (RequestTarget): a path or an e-mail there is not a password typed astray.
                if case .requestTarget = parameter.kind { continue }
                if case .parameters = parameter.kind { continue }
                guard let argument = call.argument(parameter) else { continue }
                let expressions: [Expression]
                switch argument {
                case .single(let e): expressions = [e]
                case .list(let items): expressions = items
                case .pairs(let pairs): expressions = pairs.map(\.value)
                }
                for expression in expressions where !secretRanges.contains(expression.sourceRange.lowerBound) {
                    guard let literal = Self.literal(expression, in: source) else { continue }
                    if takesSecret, KnownSecrets.mayBeSecret(literal) { knownSecrets.add(literal) } else { scan.insertOpen(literal) }
                }
            }
        }
    }

    /// A query's secret parameters are secrets wherever its text stands, not only in a
    /// request's target: `let url = "/aaa/login.json?…&password=Zq9…"` is echoed, written
    /// by `test --update` and quoted under errors with the value masked (RequestTarget).
    private func learnQuerySecrets(in literal: String) {
        for value in RequestTarget.secretValues(in: literal, secretNames: table.querySecretNames) { knownSecrets.add(value) }
    }

    private func learnQuerySecrets(in argument: BoundArgument, source: SourceFile) {
        switch argument {
        case .single(let expression): if let literal = Self.literal(expression, in: source) { learnQuerySecrets(in: literal) }
        case .list(let items): for item in items { if let literal = Self.literal(item, in: source) { learnQuerySecrets(in: literal) } }
        case .pairs(let pairs):
            // `request GET /aaa/login.json password=…`: a secret by its key, wherever else it is written.
            for pair in pairs where table.querySecretNames.contains(pair.key) {
                if let literal = Self.literal(pair.value, in: source) { knownSecrets.add(literal) }
            }
        }
    }

    /// What `check` gathers of a file's literals before deciding which are secrets.
    struct SecretScan {
        /// `let NAME = LITERAL`, for names found to hold secrets by the end of the file.
        var boundLiterals: [(String, String)] = []
        /// Literals given where a secret goes.
        var placed: Set<String> = []
        /// Literals given where nothing is secret.
        var open: Set<String> = []

        /// A literal given where nothing is secret, and each item of it when it is a list
        /// (`blocklist=123456,654321` writes the PIN 654321 where nothing is secret).
        mutating func insertOpen(_ literal: String) {
            open.insert(literal)
            guard literal.contains(",") else { return }
            for item in literal.split(separator: ",") { open.insert(String(item)) }
        }
    }

    /// A literal's text: a word's, a string's, or a number's as written (`52817`, `00700`:
    /// a PIN is a number to the lexer).
    private static func literal(_ expression: Expression, in source: SourceFile) -> String? {
        switch expression.kind {
        case .word(let text), .string(let text): return text
        case .integer: return expression.writtenText(in: source)
        default: return nil
        }
    }

    /// The words of a line that did not parse, learnt as secrets: `all` of them but command
    /// names, or those shaped like a password (KnownSecrets.looksLikePassword).
    private func learnWordsOfLine(at position: SourcePosition, in source: SourceFile, all: Bool) {
        guard position.lineStart < source.bytes.count else { return }
        var end = position.lineStart
        while end < source.bytes.count, end - position.lineStart < 4096, source.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = String(decoding: source.bytes[position.lineStart..<end], as: UTF8.self)
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }) {
            var text = String(word)
            if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
            if all ? !table.firstWords.contains(text) : KnownSecrets.looksLikePassword(text) { knownSecrets.add(text) }
        }
    }

    /// A command failed and the next statement was not `expect error`: that is a failure
    /// of the script (exit 1, or 3 when the command could not run at all).
    func flushPendingFailure() {
        guard let (diagnostic, source) = pendingFailure else { return }
        pendingFailure = nil
        fail(diagnostic, source)
    }

    // MARK: Values

    func evaluate(_ expression: Expression, in source: SourceFile) throws(Diagnostic) -> Value {
        guard case .variable(let name) = expression.kind else {
            let value = expression.literalValue ?? .text("")
            chargeBytes(value.text.utf8.count)
            return value
        }
        guard let value = environment[name] else {
            var message = "undefined variable $\(name)"
            if let guess = Spelling.closest(to: name, among: environment.names) { message += " — did you mean $\(guess)?" }
            throw Diagnostic(.undefinedVariable, message, file: source.name, at: expression.position)
        }
        chargeBytes(value.text.utf8.count)
        return value
    }

    /// Charges work over `count` bytes of text to the step budget (`bytesPerStep`); the
    /// next statement finds the budget spent if it was.
    func chargeBytes(_ count: Int) {
        steps += count / Evaluator.bytesPerStep
    }

    /// The text an argument stands for, exactly as written: `007` stays `007` and `24h`
    /// stays `24h` where a secret or a name is expected; strings and variables give their value.
    func text(of expression: Expression, in source: SourceFile) throws(Diagnostic) -> String {
        switch expression.kind {
        case .integer, .duration, .word: return spelling(of: expression, in: source)
        default: return try evaluate(expression, in: source).text
        }
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
    struct Failure: Sendable {
        let message: String
        let code: Int?
        /// The command could not run at all (exit 3), rather than the SDK or app refusing (exit 1).
        let isRuntime: Bool
    }

    let name: String
    let position: SourcePosition
    /// The SDK that was active: the one whose outcomes these are.
    let sdk: String
    let outcomes: [Outcome]
    let failure: Failure?
    /// The lines the command printed itself (`policy show`, `user show`).
    let said: [String]

    /// Every line the command showed: its own, its outcomes as text, its error. Rendered
    /// only when `expect output` asks, so plain runs pay nothing for it.
    var printed: [String] {
        let renderer = TextRenderer()
        var lines = said + outcomes.map { renderer.render($0, sdk: sdk) }
        if let failure, failure.isRuntime { lines.append("✗ error: \(failure.message)") }
        return lines
    }

    var events: [SDKEvent] { outcomes.compactMap(\.event) }
}
