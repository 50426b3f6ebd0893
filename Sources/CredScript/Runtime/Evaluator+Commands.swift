import CredSimulator

extension Evaluator {
    /// Runs one command, shows what it produced, and remembers it for `expect`.
    func run(_ call: CommandCall, in source: SourceFile) {
        let arguments = Arguments(call: call, evaluator: self, source: source)
        if call.spec.id.isExpectation {
            do {
                try checkExpectation(call, arguments)
                expectationsPassed += 1
            } catch let diagnostic as Diagnostic {
                fail(diagnostic, source)
            } catch let error as SimulationError {
                fail(Diagnostic(.runtime, error.message, file: source.name, at: call.position), source)
            } catch {
                fail(Diagnostic(.runtime, "\(error)", file: source.name, at: call.position), source)
            }
            if call.spec.id == .expectError { pendingFailure = nil }
            return
        }
        var outcomes: [Outcome] = []
        var failure: CommandResult.Failure?
        do {
            outcomes = try perform(call, arguments, source: source)
            for outcome in outcomes { host.emit(.outcome(outcome)) }
            failure = Evaluator.failure(in: outcomes)
        } catch let error as SimulationError {
            host.emit(.commandError(error.message))
            failure = CommandResult.Failure(message: error.message, code: nil, isRuntime: true)
        } catch let diagnostic as Diagnostic {
            // A bad value (an undefined variable, a file that cannot be read): not something `expect error` covers.
            fail(diagnostic, source)
            return
        } catch {
            fail(Diagnostic(.runtime, "\(error)", file: source.name, at: call.position), source)
            return
        }
        last = CommandResult(name: call.spec.name, position: call.position, outcomes: outcomes, failure: failure)
        if let failure, !options.interactive {
            let message = "\(call.spec.name) failed: \(failure.message) (write 'expect error' after it if that is what should happen)"
            pendingFailure = (Diagnostic(failure.isRuntime ? .runtime : .expectation, message, file: source.name, at: call.position), source)
        }
    }

    /// A sync error or a refused form check is the command failing.
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

    func say(_ lines: String...) { for line in lines { host.emit(.text(line)) } }
    func say(_ lines: [String]) { for line in lines { host.emit(.text(line)) } }

    /// Carries out a command; returns the SDK outcomes to show (text is emitted directly).
    func perform(_ call: CommandCall, _ args: Arguments, source: SourceFile) throws -> [Outcome] {
        switch call.spec.id {
        case .help:
            say(HelpText.render(table, topic: try args.texts("COMMAND")))
        case .echo:
            say(try args.texts("TEXT").joined(separator: " "))
        case .source:
            try runSourced(try args.text("FILE"), from: call, in: source)
        case .exit:
            exitRequested = true
        case .recordStart:
            guard let journal else { throw SimulationError("record works at the prompt; a script is already a recording") }
            let path = try args.text("FILE")
            do { try host.beginRecording(path, text: journal.startRecording()) } catch {
                journal.stopRecording()
                throw Diagnostic(.io, error.message, file: source.name, at: call.position)
            }
            say("recording to \(path) (mode 0600: it holds the passwords the replay needs); replay it with: credsh test \(path)",
                "the \(journal.statementCount) statement\(journal.statementCount == 1 ? "" : "s") run so far come first, so the replay starts from the same state")
        case .recordStop:
            guard let journal, journal.isRecording else { throw SimulationError("not recording") }
            journal.stopRecording()
            host.endRecording()
            say("recording stopped")
        case .letBinding, .repeatBlock:
            break  // statements, handled by the parser and execute(_:in:)
        case .userAdd:
            let user = try args.text("USER")
            let password = try args.optionalText("PASSWORD")
            try simulation.server.addUser(user, password: password, now: simulation.now)
            say(password == nil ? "added \(user) (not activated: the first login sets a password, mode 1)" : "added \(user) (activated)")
        case .userShow:
            say(AccountReport.lines(for: try existingUser(args), in: simulation))
        case .users:
            let ids = simulation.server.userIDs
            say(ids.isEmpty ? ["no users (add one with: user add NAME password PASSWORD)"] : ids.map { id in
                "\(id)  \(simulation.states(of: id).map(\.rawValue).joined(separator: ", "))"
            })
        case .block:
            let user = try existingUser(args)
            simulation.server.setBlocked(user, true)
            say("\(user) is blocked")
        case .unblock:
            let user = try existingUser(args)
            simulation.server.setBlocked(user, false)
            say("\(user) is unblocked, with \(simulation.server.policy.attempts) attempts")
        case .expire:
            let user = try existingUser(args)
            guard simulation.server.account(user)?.isActivated == true else { throw SimulationError("\(user) has no password to expire yet") }
            simulation.server.markExpired(user)
            say("\(user)'s password is expired")
        case .policyPassword:
            try setPolicy(args)
            say(AccountReport.policyLines(simulation.server.policy))
        case .policyShow:
            say(AccountReport.policyLines(simulation.server.policy) + ["kdf: \(simulation.server.hasher.description)"])
        case .kdf:
            if let rounds = try args.optionalInteger("ROUNDS") {
                guard (1...10_000_000).contains(rounds) else { throw SimulationError("ROUNDS must be between 1 and 10000000") }
                simulation.server.hasher.rounds = rounds
            }
            say("kdf: \(simulation.server.hasher.description) (passwords keep the rounds they were stored with)")
        case .clock:
            say(UTCTimestamp.format(simulation.now))
        case .clockAdvance:
            let seconds = try args.duration("DURATION")
            guard simulation.clock.advance(by: seconds) else {
                throw SimulationError("the clock cannot go past 9999-12-31T23:59:59Z")
            }
            say("\(UTCTimestamp.format(simulation.now)) (+\(SimDuration(seconds: seconds).description))")
        case .clockSet:
            let text = try args.text("TIME")
            guard let instant = UTCTimestamp.parse(text) else { throw SimulationError("'\(text)' is not a time such as 2026-03-01") }
            simulation.clock.set(to: instant)
            say(UTCTimestamp.format(simulation.now))
        case .login:
            return try simulation.login(try existingUser(args), password: try args.optionalText("PASSWORD"))
        case .password:
            return try simulation.submitPassword(try args.text("PASSWORD"), confirm: try args.optionalText("CONFIRM"))
        case .update:
            return simulation.updatePassword(current: try args.text("CURRENT"), new: try args.text("NEW"),
                                             confirm: try args.optionalText("CONFIRM"))
        case .challenges:
            return simulation.getAllChallenges()
        case .initiate:
            return simulation.initiateUpdate(credential: try args.text("CREDENTIAL"))
        case .logout:
            return simulation.logout()
        case .cancel:
            return try simulation.cancel()
        case .state:
            say(AccountReport.stateLines(simulation))
        case .explain:
            say(try ExplainText.render(try args.text("CODE")))
        case .expectEvent, .expectEvents, .expectNoEvent, .expectError, .expectState, .expectAttemptsLeft:
            break  // handled by checkExpectation
        }
        return []
    }

    func existingUser(_ args: Arguments) throws -> String {
        let user = try args.text("USER")
        guard simulation.server.account(user) != nil else {
            var message = "no user '\(user)'"
            if let guess = Spelling.closest(to: user, among: simulation.server.userIDs) { message += " — did you mean '\(guess)'?" }
            throw SimulationError(message)
        }
        return user
    }

    func setPolicy(_ args: Arguments) throws {
        var policy = simulation.server.policy
        switch args.call.argument("RULES") {
        case .single(let expression)?:
            try policy.replaceRules(withJSON: try evaluate(expression, in: args.source).text)
        case .pairs(let pairs)?:
            for pair in pairs {
                let value = try evaluate(pair.value, in: args.source)
                let json: JSONValue
                switch value {
                case .integer(let i): json = .int(i)
                case .duration(let d): json = .int(Int(d))
                case .text("true"): json = .bool(true)
                case .text("false"): json = .bool(false)
                case .text(let t), .json(let t): json = .string(t)
                }
                if pair.key == "maxAge", case .integer(let i) = value, i != 0 {
                    throw SimulationError("maxAge takes a duration such as 90d, not the number \(i)")
                }
                try policy.set(pair.key, to: json)
            }
        default:
            throw SimulationError("policy password expects a JSON object or KEY=VALUE pairs")
        }
        simulation.server.policy = policy
    }

    func runSourced(_ path: String, from call: CommandCall, in source: SourceFile) throws {
        guard sourceDepth < Evaluator.maximumSourceDepth else {
            throw Diagnostic(.runtime, "source is nested more than \(Evaluator.maximumSourceDepth) deep (does a file source itself?)",
                             file: source.name, at: call.position)
        }
        let included: SourceFile
        do { included = try host.loadScript(path, includingFile: source.name) } catch {
            throw Diagnostic(.io, error.message, file: source.name, at: call.position)
        }
        sourceDepth += 1
        defer { sourceDepth -= 1 }
        let savedJournal = journal
        journal = nil  // the journal keeps the `source` line itself
        defer { journal = savedJournal }
        guard check(included) else { return }
        var parser = Parser(included, table: table)
        while let statement = parser.nextStatement() {
            if execute(statement, in: included) == .stop { break }
        }
        flushPendingFailure()
    }
}

/// A command's arguments, evaluated on demand.
struct Arguments {
    let call: CommandCall
    let evaluator: Evaluator
    let source: SourceFile

    func text(_ name: String) throws -> String {
        guard let value = try optionalText(name) else { throw SimulationError("\(call.spec.name) is missing \(name)") }
        return value
    }

    func optionalText(_ name: String) throws -> String? {
        guard case .single(let expression)? = call.argument(name) else { return nil }
        return try evaluator.evaluate(expression, in: source).text
    }

    func texts(_ name: String) throws -> [String] {
        guard case .list(let items)? = call.argument(name) else { return [] }
        var out: [String] = []
        for item in items { out.append(try evaluator.evaluate(item, in: source).text) }
        return out
    }

    func optionalInteger(_ name: String) throws -> Int? {
        guard case .single(let expression)? = call.argument(name) else { return nil }
        return try evaluator.integer(expression, in: source)
    }

    func integer(_ name: String) throws -> Int {
        guard let value = try optionalInteger(name) else { throw SimulationError("\(call.spec.name) is missing \(name)") }
        return value
    }

    func duration(_ name: String) throws -> Int64 {
        guard case .single(let expression)? = call.argument(name) else { throw SimulationError("\(call.spec.name) is missing \(name)") }
        let value = try evaluator.evaluate(expression, in: source)
        guard case .duration(let seconds) = value else {
            throw Diagnostic(.runtime, "\(name) must be a duration such as 90d, but the value is \(value.text)",
                             file: source.name, at: expression.position)
        }
        return seconds
    }
}
