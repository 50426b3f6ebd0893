import CredLanguage
import CredSimulator

extension Evaluator {
    /// What running the context's command does. Every entry of the run's table has an
    /// implementation (CommandSet builds the table from its commands); a line read with
    /// another table is refused as an unknown command.
    private func implementation(of context: CommandContext) throws(CommandFailure) -> Command.Perform {
        guard let perform = commands.implementation(of: context.call.spec) else {
            throw .cannotRun("'\(context.call.spec.name)' is not a command of this run", code: .unknownCommand)
        }
        return perform
    }

    /// Runs one command, shows what it produced, and remembers it for `expect` (`last`).
    /// Returns whether it produced a result that failed (not an expectation, nor a command
    /// that could not start, which are failures of the run). The command is the context's,
    /// read where it lies there: it was handed over into the context, not copied
    /// (Evaluator.performCommand).
    @discardableResult
    func run(_ context: CommandContext) -> Bool {
        if let owner = context.call.spec.sdk, owner != simulation.activeSDK {
            refuseOtherSDK(context.call, owner: owner, source: context.source)
            return false
        }
        if context.call.spec.isExpectation {
            do {
                _ = try implementation(of: context)(context)
                events.publish(.expectationHeld)
            } catch {
                switch error {
                case .diagnostic(let diagnostic):
                    // An expectation that did not hold; a runtime error in one (a bad value) is a failure.
                    let chained = withCallChain(diagnostic)  // inside a procedure or a sourced file
                    events.publish(chained.kind == .expectation ? .expectationFailed(chained, source: context.source) : .failure(chained, source: context.source))
                case .cannotRun(let message, let code):
                    fail(Diagnostic(code, message, file: context.source.name, at: context.call.position), context.source)
                }
            }
            if context.call.spec.role == .acknowledgement { verdict.pendingFailure = nil }
            return false
        }
        let sdk = simulation.activeSDK
        // Emptied, not cleared in place: the last result shares the lines it said, and a
        // buffer kept for its capacity would be copied, not reused.
        printed = .none
        var outcomes: [Outcome] = []
        var failure: CommandResult.Failure?
        do {
            outcomes = try implementation(of: context)(context)
            for outcome in outcomes { emit(.outcome(outcome, sdk: sdk)) }
            failure = Evaluator.failure(in: outcomes)
        } catch {
            switch error {
            case .cannotRun(let message, let code):
                emit(.commandError(message, code: code))
                failure = CommandResult.Failure(message: message, code: nil, isRuntime: true, refusal: code)
            case .diagnostic(let diagnostic):
                // A bad value (an undefined variable, a file that cannot be read): not something `expect error` covers.
                fail(diagnostic, context.source)
                return false
            }
        }
        // The lines moved into the result, not shared with `printed` until the next command
        // empties it: a copy and a destroy fewer.
        let said = printed
        printed = .none
        last = CommandResult(name: context.call.spec.name, position: context.call.position, sdk: sdk, outcomes: outcomes, failure: failure, said: said)
        events.keepCarriedForLast()
        if let failure {
            for hint in FailureHint.hints(for: context, failure: failure) { emit(.text("  hint: " + hint)) }
        }
        if let failure, let rule = failureRule {
            let message = "\(context.call.spec.name) failed: \(failure.message) (\(rule))"
            verdict.pendingFailure = (Diagnostic(failure.isRuntime ? failure.refusal : .failureNotExpected, message, file: context.source.name, at: context.call.position), context.source)
        }
        return failure != nil
    }

    /// Whether a failed command not followed by `expect error` is a failure that stops the
    /// run, and the words that say so; nil when it is not. In a script it always is. At the
    /// prompt a line goes on after a failed command, except inside a block (`repeat`,
    /// `for`), which stops at its first failure as in a script: a million iterations of the
    /// same failure are not what anyone typed the block for.
    var failureRule: String? {
        guard options.interactive else { return "write 'expect error' after it if that is what should happen" }
        guard place.blocks > 0 else { return nil }
        return "a block stops at its first failure, as in a script; write 'expect error' after the command to go on"
    }

    /// A command of another SDK than the active one: a runtime error naming the SDKs that have it.
    private func refuseOtherSDK(_ call: CommandCall, owner: SDKID, source: SourceFile) {
        let owners = table.sdks(having: call.spec.name)
        let active = simulation.activeSDK
        // The active SDK has a form of its own: the line was read for another (a
        // procedure's body, read where it is defined; a switch by `sdk $VARIABLE`).
        let message = owners.contains(active)
            ? "'\(call.spec.name)' here was read for \(owner.name), the SDK active where it is written, but \(active.name) is active when it runs (switch with: sdk \(owner.name))"
            : "'\(call.spec.name)' is a command of \(owners.map(\.name).joined(separator: ", ")); the active SDK is \(active.name) (switch with: sdk \(owner.name))"
        if call.spec.isExpectation {
            fail(Diagnostic(.otherSDKCommand, message, file: source.name, at: call.position), source)
            return
        }
        emit(.commandError(message, code: .otherSDKCommand))
        let failure = CommandResult.Failure(message: message, code: nil, isRuntime: true)
        last = CommandResult(name: call.spec.name, position: call.position, sdk: simulation.activeSDK, outcomes: [],
                             failure: failure, said: .none)
        events.keepCarriedForLast()
        if let rule = failureRule {
            // In a script, the message itself says to switch SDKs; at the prompt, the block stops too.
            let why = options.interactive ? " (\(rule))" : ""
            verdict.pendingFailure = (Diagnostic(.otherSDKCommand, "\(call.spec.name) failed: \(message)\(why)", file: source.name, at: call.position), source)
        }
    }

    /// A sync error, a refused form check or a request with no answer is the command failing.
    static func failure(in outcomes: [Outcome]) -> CommandResult.Failure? {
        for outcome in outcomes {
            switch outcome {
            case .call(_, _, let error?): return .init(message: error.message, code: error.code, isRuntime: false)
            case .appCheck(let message), .networkError(let message): return .init(message: message, code: nil, isRuntime: false)
            default: continue
            }
        }
        return nil
    }

    // MARK: Expectations

    /// The last command's result, or an expectation failure when nothing has run.
    func lastResult(_ c: CommandContext) throws(Diagnostic) -> CommandResult {
        guard let last else { throw expectationFailure("no command has run yet, so there is nothing to check", c, code: .nothingToCheck) }
        // What it printed is quoted with the flags its command's records carried.
        events.carryLastResult()
        return last
    }

    /// A failed expectation at the `expect` line, showing what the last command produced.
    func expectationFailure(_ message: String, _ c: CommandContext, showLast: Bool = false, at position: SourcePosition? = nil,
                            code: DiagnosticCode = .expectationFailed) -> Diagnostic {
        var notes: [String] = []
        if showLast, let result = last {
            events.carryLastResult()  // its lines are quoted with their command's flags
            notes.append("the last command (\(result.name), line \(result.position.line)) produced:")
            // Every line it showed (`echo`, `policy show`), not only its SDK outcomes: what `expect output` reads.
            // Bound: the first `shownLines` of a long one (a big `journal`), then how many more.
            let printed = result.printed, shownLines = 40
            notes += printed.isEmpty ? ["  nothing: no line, no SDK call or callback"] : printed.prefix(shownLines).map { "  " + $0 }
            if printed.count > shownLines { notes.append("  … \(printed.count - shownLines) more lines") }
            if let failure = result.failure, !failure.isRuntime, result.outcomes.isEmpty { notes.append("  ✗ error: \(failure.message)") }
        }
        return Diagnostic(code, message, file: c.source.name, at: position ?? c.call.position, notes: notes)
    }

    // MARK: Session commands

    /// `record [--force] FILE`: the session so far, then each statement as it runs. When the
    /// file cannot be written (or exists, without `--force`), nothing changes: a recording
    /// that was running goes on into its own file.
    func startRecording(_ path: String, overwrite: Bool, call: CommandCall, source: SourceFile) throws(CommandFailure) {
        guard let journal = sessionJournal else { throw .cannotRun("record works at the prompt; a script is already a recording") }
        guard !journal.overflowed else {
            if let reason = journal.notKeptBecause { throw .cannotRun("\(reason), which a recording cannot replay; record in a new session") }
            let size = journal.maximumBytes >= 1 << 20 ? "\(journal.maximumBytes >> 20) MB" : "\(journal.maximumBytes) bytes"
            throw .cannotRun("this session has run more than \(size) of script, more than is kept to replay it "
                             + "from the start; record in a new session")
        }
        let running = journal.recordingPath
        do { try host.beginRecording(path, text: journal.recordingText, overwrite: overwrite) } catch {
            let still = running.map { "; still recording to \($0)" } ?? "; not recording"
            throw .diagnostic(Diagnostic(.cannotWrite, error.message + still, file: source.name, at: call.position))
        }
        journal.startRecording(to: path)
        if let running, running != path { emit(.text("the recording to \(running) ends here")) }
        emit(.text("recording to \(path) (mode 0600: it holds the secrets the replay needs); replay it with: credsh test \(path)"))
        emit(.text("the \(journal.statementCount) statement\(journal.statementCount == 1 ? "" : "s") run so far come first, so the replay starts from the same state"))
    }

    /// The file being recorded into, for the prompt to show.
    public var recordingPath: String? { sessionJournal?.recordingPath }

    func stopRecording() throws(CommandFailure) {
        guard let journal = sessionJournal, journal.isRecording else { throw .cannotRun("not recording") }
        journal.stopRecording()
        host.endRecording()
        emit(.text("recording stopped"))
    }

    func runSourced(_ path: String, from call: CommandCall, in source: SourceFile) throws(CommandFailure) {
        guard place.sources < Limits.standard.sourceDepth else {
            verdict.halted = true
            throw .diagnostic(Diagnostic(.runNestedTooDeep, "source is nested more than \(Limits.standard.sourceDepth) deep (does a file source itself?): the run stops here",
                                         file: source.name, at: call.position))
        }
        let included: SourceFile
        do { included = try host.loadScript(path, includingFile: source.name) } catch {
            throw .diagnostic(Diagnostic(.cannotRead, error.message, file: source.name, at: call.position))
        }
        if let problem = ScriptText.problem(in: included.bytes) {
            throw .diagnostic(Diagnostic(.notUTF8Script, "cannot source \(included.name): not a UTF-8 text script (\(problem))", file: source.name, at: call.position))
        }
        place.sources += 1
        defer { place.sources -= 1 }
        let journals = self.place.journals
        self.place.journals = false  // the journal keeps the `source` line itself
        defer { self.place.journals = journals }
        guard enterNesting(at: call.position, in: source) else { return }
        defer { leaveNesting() }
        enterCall(at: (source.name, call.position))
        defer { leaveCall() }
        // Its commands carry their own flags (RunEvents.carry); `source`'s come back after.
        let carried = events.suspendCommand()
        defer { events.resumeCommand(carrying: carried) }
        let script = parse(included)
        guard report(script) else { return }
        forEachStatement(of: script) { execute($0, in: included) }
        flushPendingFailure()
    }
}
