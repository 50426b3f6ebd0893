import CredSimulator

/// Requests from real HTTP clients (`credsh serve`, `serve start`), answered by the SUSI
/// server of the live simulation: the same code, checks and bodies as the simulated app's
/// requests. The language knows nothing of sockets; the executable hands the request over,
/// already taken apart, one at a time, in arrival order.
extension Evaluator {
    /// Answers one request from a real client at `client` (`127.0.0.1:50312`). At the prompt
    /// (`show`) its events are printed like a command's; either way they become what the
    /// next `expect` checks, and a recording gets the `request` line that replays them.
    public func serveSusi(_ request: SusiRequest, from client: String, show: Bool) -> SusiSimulator.ServedExchange {
        let appHoldsToken = simulation.sdk(SusiSimulator.self).appHoldsToken
        let exchange = simulation.modify(SusiSimulator.self) { sdk, world in sdk.serve(request, world: world) }
        let sdk = SusiFlow.catalog.name
        // A token the server issues is a secret the run knows from now on: the serve log
        // and the prompt mask it wherever a client sends it back (`?x=TOKEN`), not only
        // under its own name.
        if case .string(let token)? = exchange.answer?.json?["access_token"] { knownSecrets.add(token) }
        if show {
            // Through the known secrets, as every record is (Evaluator.emit): a client may
            // send a password or a token under any name (`?q=…` shows in `parameters`).
            host.emit(knownSecrets.redact(.text("served \(client): \(request.method.escapingControls) \(request.path.escapingControls)")), from: nil)
            for outcome in exchange.outcomes { host.emit(knownSecrets.redact(.outcome(outcome, sdk: sdk)), from: nil) }
        }
        let result = CommandResult(name: "request", position: .start, sdk: sdk, outcomes: exchange.outcomes,
                                   failure: Evaluator.failure(in: exchange.outcomes), said: [])
        last = result
        if let journal {
            let comment = "served \(client): \(request.method) \(request.path)"
            // Decoded pairs cannot say a malformed escape or a GET name read as sent.
            if request.malformed != nil || request.getReaderPairs != nil {
                journal.addComment("\(comment) (not replayable with request: its query is read as sent)".escapingControls.shorteningWords(),
                                   host: host)
            } else {
                let lines = SusiServing.replayLines(request, appHoldsToken: appHoldsToken, active: simulation.activeCatalog.name)
                journal.addServed(lines, comment: comment, result: result, table: table, active: simulation.activeCatalog.name, host: host)
            }
        }
        return exchange
    }
}

enum SusiServing {
    /// The script that sends the same request from the device: `request METHOD PATH
    /// NAME=VALUE…`, inside `sdk susi` … `sdk ACTIVE` when another SDK is active. A request
    /// without a token gets an empty one when the app holds a token, which `request` would
    /// otherwise add. The identity of an anonymous caller is the device's in the replay,
    /// not the client's (docs/susi.md, "Serving over HTTP").
    static func replayLines(_ request: SusiRequest, appHoldsToken: Bool, active: String) -> [String] {
        var words = ["request", request.method, request.path]
        var pairs = request.parameters
        if appHoldsToken, !pairs.contains(where: { $0.0 == "access_token" }) { pairs.append(("access_token", "")) }
        for (name, value) in pairs { words.append(name + "=" + ScriptWriter.literal(.text(value))) }
        let line = words.joined(separator: " ")
        let susi = SusiFlow.catalog.name
        return active == susi ? [line] : ["sdk \(susi)", line, "sdk \(active)"]
    }
}

extension SessionJournal {
    /// Journals the lines that replay a served request, the expectations of its result
    /// after the `request` line; when they do not read back as the same request (a method
    /// or a path `request` does not take, a name that is no word), a comment instead.
    func addServed(_ lines: [String], comment: String, result: CommandResult, table: CommandTable, active: String, host: ScriptHost) {
        let text = lines.joined(separator: "\n") + "\n"
        var parser = Parser(SourceFile(name: "<served>", text: text), table: table, sdk: active)
        let statements = parser.parseAll()
        let readsBack = parser.diagnostics.isEmpty && statements.count == lines.count
            && zip(statements, lines).allSatisfy { ScriptWriter.render($0, masked: false) == $1 }
        guard readsBack else {
            addComment("\(comment) (not replayable with request)".escapingControls.shorteningWords(), host: host)
            return
        }
        for statement in statements {
            let isRequest = if case .command(let call) = statement { call.spec.name == "request" } else { false }
            add(statement, result: isRequest ? result : nil, host: host)
        }
    }
}
