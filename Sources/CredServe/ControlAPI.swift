import CredLanguage
import CredScript
import CredSimulator
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `--control`: how a test harness in any language sets up and checks the world around
/// the app it drives. `POST /__credsh/run` runs the script in its body against the live
/// simulation and answers with its JSON Lines, the records `--format json` prints;
/// `GET /__credsh/state` answers the clock, the network and every SDK's accounts.
/// A class: every request of the wire asks the session's one for its checks, and a
/// struct of these strings was copied (each retained and released) at every ask.
final class ControlAPI {
    static let prefix = "/__credsh/"
    static let runPath = "/__credsh/run"
    static let statePath = "/__credsh/state"
    static let resetPath = "/__credsh/reset"
    /// The most bytes of JSON Lines one run answers with; the rest is left out and said so.
    static let outputLimit = 1024 * 1024

    unowned let session: ServeSession
    let access: ControlAccess
    /// The access rules in front of every route behind the token.
    let middleware: AccessMiddleware

    init(session: ServeSession, access: ControlAccess) {
        self.session = session
        self.access = access
        middleware = AccessMiddleware(access)
    }

    /// The access middleware's refusal of a request behind the token (RequestRouting), and
    /// its log entry.
    func refused(_ refusal: WireResponse, _ request: WireRequest) -> (WireResponse, ServeLogEntry) {
        (refusal, ServeLogEntry(client: request.client, method: request.method, path: request.path,
                                status: refusal.status, note: Self.accessNote(refusal.status)))
    }

    /// What the log says of an access refusal, by its status (ControlAccess).
    static func accessNote(_ status: Int) -> String {
        switch status {
        case 401: return "no valid token"
        case 400: return "refused: the token given twice"
        default: return "refused: Host or Origin"
        }
    }

    /// A control path asked with a method it does not answer.
    func wrongMethod(_ request: WireRequest, allowed: [String]) -> (WireResponse, ServeLogEntry) {
        // It quotes the path the client sent.
        let response = Refusals.wrongMethod("\(request.path) answers \(allowed.first ?? "nothing") only\n", allowed: allowed).quoting()
        return (response, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: response.status))
    }

    /// The answer to a routed request of the control API (past the access middleware) and
    /// its log entry; no answer (nil) for a run whose client closed its connection before
    /// the run ended (`departure`).
    func answer(_ endpoint: ServeEndpoint, _ request: WireRequest, parameters: [String: String] = [:],
                departure: ClientDeparture) -> (WireResponse?, ServeLogEntry) {
        var response: WireResponse
        var note: String?
        // The answers that grow with the simulation (a run's lines, a journal, the state)
        // are refused while unread answers hold too much, whatever wrote those: every
        // route's answers count (ConnectionHandler.send), the wire's small ones included.
        if [.run, .journal, .state, .coverage].contains(endpoint), session.answerBytesInFlight > session.options.limits.answerBytesInFlight {
            response = Refusals.busy("answers not yet read by their clients hold over \(session.options.limits.answerBytesInFlight >> 20) MiB; try again\n")
            return (response, ServeLogEntry(client: request.client, method: request.method, path: request.path,
                                            status: response.status, note: "busy: answers unread"))
        }
        switch endpoint {
        case .sdkCall:
            return SDKWire(session: session).call(request, sdkName: parameters["name"] ?? "")
        case .sdkEvents:
            return SDKWire(session: session).events(request, sdkName: parameters["name"] ?? "")
        case .journal:
            return SDKWire(session: session).journal(request)
        case .coverage:
            response = AppCoverage.answer(session.appCoverage)
        case .run where departure.hasLeft:
            // Nobody waits for it: it does not run, and holds no one up (issue 31, item 6).
            return (nil, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: nil,
                                       note: "abandoned: the client closed the connection before the run started; it did not run"))
        case .run:
            let (text, exitCode) = run(request.body, departure: departure)
            if departure.hasLeft {
                return (nil, ServeLogEntry(client: request.client, method: request.method, path: request.path, status: nil,
                                           note: "abandoned: the client closed the connection while the run ran; it stopped at its next statement (exit \(exitCode))"))
            }
            response = WireResponse(status: exitCode == 0 ? 200 : exitCode == 2 ? 400 : 422,
                                    reason: exitCode == 0 ? "OK" : exitCode == 2 ? "Bad Request" : "Unprocessable Entity",
                                    contentType: "application/x-ndjson;charset=utf-8", body: Array(text.utf8),
                                    headers: [("Credsh-Exit-Code", String(exitCode))])
            note = "exit \(exitCode)"
        case .state:
            response = stateAnswer
        case .reset where !request.body.isEmpty:
            // docs/double.md: the reset takes no body; one sent is a client that means something else.
            response = Refusals.plain(400, "Bad Request", "\(Self.resetPath) takes no body, and this request has \(request.body.count) byte\(request.body.count == 1 ? "" : "s"): send it empty to put back the scenario; nothing was reset\n")
            note = "refused: a body"
        case .reset:
            session.resetToScenario()
            response = stateAnswer
            note = "reset to the scenario"
        case .controlOther, .served:
            response = Refusals.plain(404, "Not Found", "the control API has \(Self.runPath), \(Self.statePath), \(Self.resetPath), \(SDKWire.journalPath) and \(AppCoverage.path)\n")
        }
        let entry = ServeLogEntry(client: request.client, method: request.method, path: request.path,
                                  status: response.status, note: note)
        return (response, entry)
    }

    /// Runs a script against the live simulation, as a batch run would (a failed command
    /// fails the script unless `expect error` follows), and returns its JSON Lines and
    /// exit code. The simulation it leaves is the live one from then on.
    private func run(_ script: [UInt8], departure: ClientDeparture) -> (String, Int32) {
        let live = session.evaluator
        let host = CaptureHost(limit: Self.outputLimit)
        let limits = session.options.limits
        // `device ID` acts for the lines after it in its run only: each run starts on
        // `default`, and leaves it so for the app's calls without Credsh-Device (docs/double.md).
        var options = Evaluator.Options(stepBudget: limits.controlStepBudget)
        options.device = .standard
        let runner = Evaluator(simulation: live.simulation, commands: live.commands, options: options, host: host)
        let activeAtStart = live.simulation.activeSDK
        // Every other client waits while a run runs: its time is bounded, as Ctrl-C bounds
        // a command at the prompt (the run stops between statements, "interrupted").
        let deadline = Self.monotonicSeconds() + limits.controlRunSeconds
        // A client that closed its connection stops its run the same way, at the next
        // statement: the event loop marks the departure when the connection closes.
        let seconds = limits.controlRunSeconds.rounded() == limits.controlRunSeconds ? String(Int(limits.controlRunSeconds)) : String(limits.controlRunSeconds)
        let timeLimit = "stopped after \(seconds) s, a control run's time limit (every other client waits while one runs)"
        runner.interruptReason = timeLimit
        runner.interruptRequested = { [unowned runner] in
            guard departure.hasLeft else { return Self.monotonicSeconds() > deadline }
            runner.interruptReason = "stopped: the client closed the connection"
            return true
        }
        // The secrets earlier runs gave stay secrets in this one's messages, and this one's
        // in the log of every request after it.
        runner.events.secrets.adopt(live.events.secrets)
        // Callbacks that reach a device without a call of its own go to its event streams.
        let streams = session.eventStreams
        let delivery = CallbackDelivery(before: live.simulation) { streams?.isFollowed($0) ?? false }
        host.observe = { [unowned runner] record, origin in delivery.see(record, origin: origin, simulation: runner.simulation) }
        runner.run(SourceFile(name: "<control>", bytes: script))
        if let streams {
            for key in Set(delivery.pending.keys).union(delivery.overflowed) {
                let records = delivery.pending[key] ?? []
                // What a stream delivered, the app met (AppCoverage); the run's own answer, it did not.
                if streams.publish(key, records: records, overflowed: delivery.overflowed.contains(key)),
                   let sdk = SDKID(named: key.sdk) {
                    session.appCoverage?.count(delivery.pendingOutcomes[key] ?? [], sdk: sdk, device: key.device)
                }
            }
        }
        live.simulation = runner.simulation
        live.events.secrets.adopt(runner.events.secrets)
        Self.keepSteering(script, sdk: activeAtStart, exitCode: runner.exitCode, in: &live.simulation)
        return (host.text, runner.exitCode)
    }

    /// `GET /__credsh/state`'s answer (and a reset's): `state`, which quotes the run (a user
    /// ID typed with a password's value), masked at the edge inside its strings, not as
    /// text: a PIN equal to a count (`"answered":1234`) would leave `"answered":***`, not JSON.
    private var stateAnswer: WireResponse {
        WireResponse(status: 200, reason: "OK", json: state, contentType: "application/json;charset=utf-8").quoting()
    }

    /// A run is written into every device's journal at its place, as steering, so a
    /// journal replays what the app met between its calls (docs/double.md, "Steered tests
    /// replay"). Here, apart from the run itself: the one place a run becomes steering.
    /// A run that only checks (journal checks, `device` lines, comments) steers nothing and is not kept.
    private static func keepSteering(_ script: [UInt8], sdk: SDKID, exitCode: Int32, in simulation: inout Simulation) {
        let text = String(decoding: script, as: UTF8.self)
        guard SteeringBlock.steers(text) else { return }
        simulation.recordSteering(SteeringRun(text: text, sdk: sdk, passed: exitCode == 0))
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The world as a harness checks it: the clock, the active SDK, the network, what was
    /// served; each account of the served SDK with its states (the `users` command's) and
    /// the `state` command's lines for it; then the same for every SDK, under `sdks`.
    var state: JSONValue {
        let simulation = session.evaluator.simulation
        let world = simulation.world
        func users(of sdk: any SimulatedSDK) -> JSONValue {
            .array(sdk.userIDs.map { id in
                .object([("user", .string(id)), ("states", .array((sdk.states(of: id, world: world) ?? []).map { .string($0) }))])
            })
        }
        func lines(of sdk: any SimulatedSDK) -> JSONValue { .array(sdk.describeState(world: world).map { .string($0) }) }
        let served = Simulation.servedType.flatMap { SDKID($0) }.map { simulation.sdk($0) }
        let sdks: [JSONValue] = SDKID.all.map { id in
            let sdk = simulation.sdk(id)
            return .object([("sdk", .string(id.name)), ("users", users(of: sdk)), ("state", lines(of: sdk))])
        }
        return .object([
            ("clock", .string(UTCTimestamp.format(world.now))),
            ("sdk", .string(simulation.activeSDK.name)),
            ("network", .string(world.network.networkUp ? "up" : "down")),
            ("server", .string(world.network.serverUp ? "up" : "down")),
            ("served", .object([("answered", .int(session.answered)), ("dropped", .int(session.dropped)),
                                ("refused", .int(session.refused))])),
            ("users", served.map(users(of:)) ?? .array([])),
            ("state", served.map(lines(of:)) ?? .array([])),
            ("sdks", .array(sdks)),
        ])
    }
}

/// Where a control run's output goes: the JSON Lines `--format json` prints, in memory.
/// A failed expectation is the record that run prints too; the failures it sends to
/// standard error instead (syntax, runtime, I/O) come as records of the same error shape,
/// `{"error":{"message":…,"source":"credsh"},"failure":KIND,"file":…,"line":…,"column":…}`,
/// since an HTTP answer has one stream. Scripts run this way read no files and record nothing.
final class CaptureHost: ScriptHost {
    private let renderer = JSONLinesRenderer()
    private let limit: Int
    private(set) var text = ""
    private var bytes = 0
    private var full = false

    init(limit: Int) { self.limit = limit }

    /// `failure`: a diagnostic's record, kept past the limit (the evaluator reports at most
    /// 100), so the answer always says why the run failed.
    private func append(_ line: String, failure: Bool = false) {
        if failure, full {
            text += line
            return
        }
        guard !full else { return }
        guard bytes + line.utf8.count <= limit else {
            full = true
            text += JSONValue.object([("error", .object([("message", .string("output over \(limit) bytes; the rest was left out")),
                                                         ("source", .string("credsh"))]))]).serialized + "\n"
            return
        }
        text += line
        bytes += line.utf8.count
    }

    /// Told of every record as it is emitted (ControlAPI's callback delivery).
    var observe: ((OutputRecord, RecordOrigin?) -> Void)?

    func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        observe?(record, origin)
        append(renderer.render(record, from: origin))
    }

    func report(_ diagnostic: Diagnostic, source: SourceFile?) {
        if diagnostic.kind == .expectation {
            append(renderer.expectationFailed(diagnostic), failure: true)
            return
        }
        append(JSONValue.object([
            ("error", .object([("message", .string(diagnostic.message)), ("source", .string("credsh"))])),
            // The diagnostic's code beside its kind, not in `error`, whose `code` is an SDK's number.
            ("failure", .string(String(describing: diagnostic.kind))), ("code", .string(diagnostic.code.id)), ("file", .string(diagnostic.file)),
            ("line", .int(diagnostic.position.line)), ("column", .int(diagnostic.position.column)),
        ]).serialized + "\n", failure: true)
    }

    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        throw HostError("source reads no files in a script sent to \(ControlAPI.runPath)")
    }

    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        throw HostError("record writes no files in a script sent to \(ControlAPI.runPath)")
    }

    func appendRecording(_ text: String) {}
    func endRecording() {}
}
