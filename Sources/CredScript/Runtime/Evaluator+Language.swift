import CredLanguage
import CredSimulator

/// Runs captures, comparisons, `for` loops and procedure calls (docs/suites.md, "Writing a suite").
/// Every statement of a loop or a procedure's body goes through `perform`, so the step
/// budget bounds them as it bounds `repeat`; calls nest at most `maximumCallDepth` deep.
extension Evaluator {
    /// A reader for `source` that knows the procedures defined so far and reads the files
    /// `source` lines name for theirs.
    func makeReader(_ source: SourceFile, sdk: SDKID? = nil) -> ScriptReader {
        let reader = ScriptReader(source, table: table, sdk: sdk ?? simulation.activeSDK)
        reader.procedures = procedures
        let host = self.host
        reader.sourceLoader = { path, including in try? host.loadScript(path, includingFile: including) }
        return reader
    }

    /// A diagnostic raised inside a procedure or a sourced file, with where each call was
    /// written, innermost first.
    func withCallChain(_ diagnostic: Diagnostic) -> Diagnostic {
        guard !place.callChain.isEmpty else { return diagnostic }
        var chained = diagnostic
        var lines: [String] = []
        for (file, position) in place.callChain.reversed() where !(file == diagnostic.file && position == diagnostic.position) {
            let line = "called from \(file):\(position.line):\(position.column)"
            if lines.last != line { lines.append(line) }  // a procedure calling itself: once
        }
        // At most a screenful: the innermost calls, then how many more.
        let shown = 10
        if lines.count > shown { lines = Array(lines.prefix(shown - 1)) + ["… and \(lines.count - shown + 1) calls further out"] }
        chained.notes += lines
        return chained
    }

    /// Enters a procedure call or a `source` line, which a failure inside names
    /// (`withCallChain`). The chain is taken out of `place` while it changes: an access to
    /// `place` around a call into the array would make every access to it, one a
    /// statement, a checked one (Evaluator.settings says why).
    func enterCall(at call: (file: String, position: SourcePosition)) {
        var chain = place.callChain
        place.callChain = []
        chain.append(call)
        place.callChain = chain
    }

    /// Leaves the call `enterCall` entered last.
    func leaveCall() {
        var chain = place.callChain
        place.callChain = []
        chain.removeLast()
        place.callChain = chain
    }

    /// Enters a block, a call or a sourced file; false (the run halted, reported) when
    /// that would nest deeper than `maximumRunNesting`. Each true is followed by `leaveNesting`.
    func enterNesting(at position: SourcePosition, in source: SourceFile) -> Bool {
        guard place.nesting < Limits.standard.runNesting else {
            events.publish(.halted(withCallChain(Diagnostic(.runNestedTooDeep, "blocks, procedure calls and sourced files are nested more than \(Limits.standard.runNesting) deep as the run goes: it stops here",
                                                            file: source.name, at: position)), source: source))
            return false
        }
        place.nesting += 1
        return true
    }

    func leaveNesting() { place.nesting -= 1 }

    // MARK: Captures

    func runCapture(_ capture: Capture, in source: SourceFile) {
        let holdsSecret = capture.holdsSecret || events.secrets.holdsSecret(capture.name)
        if options.echo {
            emit(.echo(command: "let \(capture.secret ? "secret " : "")\(capture.name) = \(capture.written)", file: source.name, line: capture.position.line))
        }
        func refuse(_ message: String) {
            fail(Diagnostic(.nothingToCapture, message, file: source.name, at: capture.target), source)
        }
        guard let result = last else { return refuse("no command has run yet, so there is no event to capture") }
        let events = result.events
        let produced = events.isEmpty ? "no events" : "the events " + events.map(\.name).joined(separator: " ")
        let lastSaid = "the last command (\(result.name), line \(result.position.line)) delivered \(produced)"
        let event: SDKEvent
        switch capture.pick {
        case .first(let name):
            guard let found = events.first(where: { $0.name == name }) else {
                var message = "no event '\(name)' to capture: \(lastSaid)"
                if let guess = Spelling.closest(to: name, among: events.map(\.name)) { message += " — did you mean '\(guess)'?" }
                return refuse(message)
            }
            event = found
        case .last(let name):
            guard let found = events.last, found.name == name else { return refuse("the last event is not '\(name)': \(lastSaid)") }
            event = found
        case .number(let n):
            guard n <= events.count else { return refuse("no event #\(n) to capture: \(lastSaid)") }
            event = events[n - 1]
        }
        let fields = FieldMatch.fields(of: event, sdk: result.sdk)
        guard let field = fields.first(where: { $0.0 == capture.field })?.1 else {
            var message = "this \(event.name) has no field '\(capture.field)'"
            if let guess = Spelling.closest(to: capture.field, among: fields.map(\.0)) { message += " — did you mean '\(guess)'?" }
            message += " (it has: \(fields.map(\.0).joined(separator: ", ")))"
            return fail(Diagnostic(.nothingToCapture, message, file: source.name, at: capture.fieldPosition), source)
        }
        let value: Value
        if let secret = event.secretValue(capture.field) {
            value = .text(secret)
        } else {
            switch field {
            case .object, .array: value = .json(field.serialized)
            case .int(let i): value = .integer(i)
            default: value = .text(FieldMatch.shown(field))
            }
        }
        chargeBytes(value.text.utf8.count)
        // A field the SDK's catalog calls a secret stays one in the variable (KnownSecrets).
        environment.bind(capture.name, to: value, secret: holdsSecret)
        if holdsSecret { self.events.secrets.add(value.text) }
    }

    // MARK: Comparisons

    func runComparison(_ comparison: Comparison, in source: SourceFile) {
        if options.echo {
            emit(.echo(command: ScriptWriter.render(.comparison(comparison), masked: true), file: source.name, line: comparison.position.line))
        }
        let left: String, right: Value
        do {
            left = try text(of: comparison.left, in: source)
            switch comparison.right.kind {
            case .pattern, .json: right = try evaluate(comparison.right, in: source)
            default: right = .text(try text(of: comparison.right, in: source))
            }
        } catch {
            return fail(error, source)
        }
        switch ValueComparison.holds(left, comparison.op, right) {
        case .failure(let problem):
            fail(Diagnostic(.badValue, problem.message, file: source.name, at: comparison.position), source)
        case .success(true):
            events.publish(.expectationHeld)
        case .success(false):
            let said = ScriptWriter.render(comparison)
            var sides: [String] = []
            for (expression, value) in [(comparison.left, left), (comparison.right, right.text)] {
                guard case .variable(let name) = expression.kind else { continue }
                let shown = ValueComparison.ordered(value) != nil ? value : ScriptWriter.literal(.text(value))  // 5, 24h, "a b"
                sides.append("$\(name) is \(environment.holdsSecret(name) ? ScriptWriter.mask : shown)")
            }
            let shown = sides.isEmpty ? "it does not hold" : sides.joined(separator: " and ")
            let diagnostic = Diagnostic(.comparisonFailed, "expected \(said), but \(shown)", file: source.name, at: comparison.position)
            events.publish(.expectationFailed(withCallChain(diagnostic), source: source))
        }
    }

    // MARK: Loops

    func runLoop(_ statement: Statement, _ loop: Loop, in source: SourceFile) -> (flow: Flow, replay: Replay) {
        var values: [Value] = []
        values.reserveCapacity(loop.values.count)
        do {
            for expression in loop.values {
                switch expression.kind {
                case .json: values.append(try evaluate(expression, in: source))
                default: values.append(.text(try text(of: expression, in: source)))
                }
            }
        } catch {
            fail(error, source)
            return (shouldStop ? .stop : .proceed, .none)
        }
        guard enterNesting(at: loop.position, in: source) else { return (.stop, .none) }
        place.blocks += 1
        defer {
            place.blocks -= 1
            leaveNesting()
        }
        let journals = self.place.journals
        self.place.journals = false  // journaled as one piece, as `repeat` is (Evaluator+Repeat)
        // What ran is tracked only for a journal (at the prompt), so scripts pay nothing.
        let tracking = journals || place.tracksReplay
        let outerTracking = place.tracksReplay
        place.tracksReplay = tracking
        var ran = BlockReplay()
        defer {
            place.tracksReplay = outerTracking
            self.place.journals = journals
        }
        let width = loop.names.count
        /// The loop did not run whole (cut short, or a command of it failed): written down as
        /// the rows that finished clean, then each statement that ran after (BlockReplay).
        func partly(_ flow: Flow) -> (flow: Flow, replay: Replay) {
            guard tracking else { return (flow, .whole) }
            let replay = ran.pieces { rows in
                .loop(Loop(names: loop.names, values: Array(loop.values.prefix(rows * width)), body: loop.body, position: loop.position))
            }
            self.place.journals = journals
            if journals { journal(replay, of: ran, iterations: loop.rows) }
            return (flow, ran.overflowed ? .notReplayable : .partial(replay))
        }
        let saved = environment.saving(loop.names)
        defer { environment.restore(saved) }
        let secretNames = loop.names.map { events.secrets.holdsSecret($0) }
        for row in 0..<loop.rows {
            for (column, name) in loop.names.enumerated() {
                let value = values[row * width + column]
                let argument = loop.values[row * width + column]
                var secret = secretNames[column]
                if case .variable(let from) = argument.kind, environment.holdsSecret(from) { secret = true }
                environment.bind(name, to: value, secret: secret)
                if secret { events.secrets.add(value.text) }
            }
            if tracking {
                ran.startIteration(bindings: loop.names.enumerated().map { column, name in
                    .binding(name: name, value: loop.values[row * width + column], position: loop.position, secret: false, ifUnbound: false)
                })
            }
            for inner in loop.body {
                let (flow, replay) = perform(inner, in: source)
                if tracking { ran.add(inner, replay) }
                if flow == .stop { return partly(.stop) }
            }
            if tracking { ran.endIteration() }
            flushPendingFailure()
            if shouldStop { return ran.finishedIterations == loop.rows && !ran.failed ? wholeLoop() : partly(.stop) }
        }
        return ran.isWhole(of: loop.rows) || !tracking ? wholeLoop() : partly(shouldStop ? .stop : .proceed)

        func wholeLoop() -> (flow: Flow, replay: Replay) {
            self.place.journals = journals
            journal(statement)
            return (shouldStop ? .stop : .proceed, .whole)
        }
    }

    // MARK: Procedures

    func runCall(_ call: ProcedureCall, in source: SourceFile) -> Flow {
        let procedure = call.procedure
        if options.echo {
            emit(.echo(command: ScriptWriter.render(.call(call), masked: true), file: source.name, line: call.position.line))
        }
        guard place.calls < Limits.standard.callDepth else {
            // Halted: going on would call again, as deep.
            events.publish(.halted(withCallChain(Diagnostic(.runNestedTooDeep, "procedure calls are nested more than \(Limits.standard.callDepth) deep (does \(procedure.name) call itself?): the run stops here",
                                                            file: source.name, at: call.position)), source: source))
            return .stop
        }
        guard enterNesting(at: call.position, in: source) else { return .stop }
        defer { leaveNesting() }
        var values: [String] = []
        do {
            for argument in call.arguments { values.append(try text(of: argument, in: source)) }
        } catch {
            fail(error, source)
            return shouldStop ? .stop : .proceed
        }
        let journals = self.place.journals
        self.place.journals = false  // the call is journaled, not the statements of its body
        defer {
            self.place.journals = journals
            journal(.call(call))
        }
        // Parameters are bound for the call only: what they named before comes back after.
        let saved = environment.saving(procedure.parameters)
        let secretParameters = procedure.secretParameters
        for (index, name) in procedure.parameters.enumerated() {
            var secret = secretParameters.contains(name) || events.secrets.holdsSecret(name)
            if case .variable(let from) = call.arguments[index].kind, environment.holdsSecret(from) { secret = true }
            environment.bind(name, to: .text(values[index]), secret: secret)
            if secret { events.secrets.add(values[index]) }
        }
        enterCall(at: (source.name, call.position))
        place.calls += 1
        defer {
            place.calls -= 1
            leaveCall()
            environment.restore(saved)
        }
        // A failure of the body's last command is left pending: `expect error` after the
        // call acknowledges it, as it would after the command itself.
        for inner in procedure.body where perform(inner, in: procedure.source).flow == .stop { return .stop }
        return shouldStop ? .stop : .proceed
    }
}
