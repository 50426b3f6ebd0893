import CredSimulator

/// Requests from real HTTP clients (`credsh serve`, `serve start`), answered by the served
/// SDK's server in the live simulation (`HTTPServedSDK`): the same code, checks and bodies
/// as the simulated app's requests. The language knows nothing of sockets, nor which SDK
/// serves: the executable hands the request over, as sent, one at a time, in arrival order.
extension Evaluator {
    /// Answers one request from a real client at `client` (`127.0.0.1:50312`); nil when no
    /// SDK serves HTTP. At the prompt (`show`) its events are printed like a command's;
    /// either way they become what the next `expect` checks, and a recording gets the
    /// lines that replay them.
    public func serve(_ request: HTTPRequest, from client: String, show: Bool) -> ServedExchange? {
        guard let served = Simulation.servedType else { return nil }
        let sdk = served.catalog.name
        guard let exchange = simulation.serve(request) else { return nil }
        // A token the server issues is a secret the run knows from now on: the serve log
        // and the prompt mask it wherever a client sends it back (`?x=TOKEN`), not only
        // under its own name.
        for secret in exchange.issuedSecrets { knownSecrets.add(secret) }
        if show {
            // Published like every record, so masked by the known secrets: a client may
            // send a password or a token under any name (`?q=…` shows in `parameters`).
            events.publishOutput(.text("served \(client): \(request.method.escapingControls) \(request.path.escapingControls)"), origin: nil)
            for outcome in exchange.outcomes { events.publishOutput(.outcome(outcome, sdk: sdk), origin: nil) }
        }
        let result = CommandResult(name: "request", position: .start, sdk: sdk, outcomes: exchange.outcomes,
                                   failure: Evaluator.failure(in: exchange.outcomes), said: [])
        last = result
        if let journal {
            let comment = "served \(client): \(request.method) \(request.path)"
            let flow = SDKFlows.flow(named: sdk)
            if let parameters = exchange.replayParameters,
               let line = flow?.replayLine(method: request.method, path: request.path, parameters: parameters) {
                let active = simulation.activeSDK
                let lines = active.name == sdk ? [line] : ["sdk \(sdk)", line, "sdk \(active.name)"]
                journal.addServed(lines, comment: comment, result: result, table: table, active: active, host: host)
            } else {
                // Decoded pairs cannot say a malformed escape or a GET name read as sent.
                journal.addComment("\(comment) (not replayable with request: its query is read as sent)".escapingControls.shorteningWords(),
                                   host: host)
            }
        }
        return exchange
    }
}

extension SessionJournal {
    /// Journals the lines that replay a served request, the expectations of its result
    /// after the request's line; when they do not read back as the same request (a method
    /// or a path the request command does not take, a name that is no word), a comment instead.
    func addServed(_ lines: [String], comment: String, result: CommandResult, table: CommandTable, active: SDKID, host: ScriptHost) {
        let text = lines.joined(separator: "\n") + "\n"
        var parser = ScriptReader(SourceFile(name: "<served>", text: text), table: table, sdk: active)
        let statements = parser.parseAll()
        let readsBack = parser.diagnostics.isEmpty && statements.count == lines.count
            && zip(statements, lines).allSatisfy { ScriptWriter.render($0, masked: false) == $1 }
        guard readsBack else {
            addComment("\(comment) (not replayable with request)".escapingControls.shorteningWords(), host: host)
            return
        }
        for statement in statements {
            let isSDKCommand = if case .command(let call) = statement { call.spec.sdk != nil } else { false }
            add(statement, result: isSDKCommand ? result : nil, host: host)
        }
    }
}
