import CredLanguage
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
        guard let served = Simulation.servedType, let sdk = SDKID(served) else { return nil }
        guard let exchange = simulation.serve(request) else { return nil }
        events.startStatement()  // no command's: the last one's flags are not its records'
        // A token the server issues, or a password it accepted, is a secret the run knows
        // from now on: the serve log and the prompt mask it wherever a client sends it back
        // (`?x=TOKEN`), not only under its own name.
        for secret in exchange.issuedSecrets { events.secrets.add(secret) }
        if show {
            // Published like every record, so masked by the known secrets: a client may
            // send a password or a token under any name (`?q=…` shows in `parameters`).
            events.publishOutput(.text("served \(client): \(request.method.escapingControls) \(request.path.escapingControls)"), origin: nil)
            for outcome in exchange.outcomes { events.publishOutput(.outcome(outcome, sdk: sdk), origin: nil) }
        }
        let result = CommandResult(name: "request", position: .start, sdk: sdk, outcomes: exchange.outcomes,
                                   failure: Evaluator.failure(in: exchange.outcomes), said: .none)
        last = result
        events.keepCarriedForLast()
        if place.journals {
            events.publish(.served(ServedRequest(client: client, method: request.method, path: request.path, sdk: sdk,
                                                 active: simulation.activeSDK, replayParameters: exchange.replayParameters, result: result)))
        }
        return exchange
    }
}

extension SessionJournal {
    /// Journals the lines that replay a served request, the expectations of its result
    /// after the request's line; when they do not read back as the same request (a method
    /// or a path the request command does not take, a name that is no word), a comment instead.
    func add(_ served: ServedRequest) {
        let comment = "served \(served.client): \(served.method) \(served.path)"
        guard let parameters = served.replayParameters,
              let line = SDKFlows.flow(for: served.sdk)?.replayLine(method: served.method, path: served.path, parameters: parameters) else {
            // Decoded pairs cannot say a malformed escape or a GET name read as sent.
            return addComment("\(comment) (not replayable with request: its query is read as sent)".escapingControls.shorteningWords())
        }
        let lines = served.active == served.sdk ? [line] : ["sdk \(served.sdk.name)", line, "sdk \(served.active.name)"]
        let text = lines.joined(separator: "\n") + "\n"
        var reader = ScriptReader(SourceFile(name: "<served>", text: text), table: table, sdk: served.active)
        let statements = reader.parseAll()
        let readsBack = reader.diagnostics.isEmpty && statements.count == lines.count
            && zip(statements, lines).allSatisfy { ScriptWriter.render($0, masked: false) == $1 }
        guard readsBack else {
            return addComment("\(comment) (not replayable with request)".escapingControls.shorteningWords())
        }
        for statement in statements {
            let isSDKCommand = if case .command(let call) = statement { call.spec.sdk != nil } else { false }
            add(statement, result: isSDKCommand ? served.result : nil)
        }
    }
}
