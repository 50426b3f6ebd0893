#if canImport(Glibc)
import Glibc
#endif
import CredLanguage
import CredScript
import CredSimulator
import NIOCore

/// The served SDK's server (`HTTPServedSDK`) of a live simulation, over HTTP: `credsh serve`, or
/// `serve start` at the prompt. The network side runs on a thread of its own; everything
/// that touches the evaluator runs on the thread that created the session, which calls
/// `answerWaiting` (the prompt, between keystrokes) or `serve(until:)` (`credsh serve`).
/// So one request at a time reaches the simulation, in the order requests arrived, and
/// commands typed at the prompt take effect on the next request: every request takes the
/// one way there, the inbox (ServeInbox), whoever owns the simulation.
public final class ServeSession {
    public struct Options: Sendable {
        /// Print each request's events as the prompt prints a command's.
        public var showEvents = false
        /// Answer `/__credsh/run` and `/__credsh/state` (`--control`).
        public var control = false
        public var limits = ServeLimits()
        /// The control API's token (ControlAccess); a random one when nil.
        public var controlToken: String?
        /// Count what the apps meet (`--coverage`; `--control` counts too, for
        /// `GET /__credsh/coverage`).
        public var coverage = false

        public init(showEvents: Bool = false, control: Bool = false, limits: ServeLimits = ServeLimits(), controlToken: String? = nil,
                    coverage: Bool = false) {
            self.showEvents = showEvents
            self.control = control
            self.limits = limits
            self.controlToken = controlToken
            self.coverage = coverage
        }
    }

    public let evaluator: Evaluator
    public let options: Options
    /// Called once per request, whatever became of it.
    private let log: (ServeLogEntry) -> Void
    private let inbox = ServeInbox()
    private var frontEnd: HTTPFrontEnd?
    private var controlAPI: ControlAPI?
    /// Where each request goes (ServeRoutes) and who may go there: set when serving starts.
    private var routing = RequestRouting(router: ServeRoutes.router(control: false, served: Simulation.servedType), middleware: AccessMiddleware(nil))
    /// The control API's token while serving with `control`: printed at start.
    public private(set) var controlToken: String?
    /// The streams of `GET /sdk/NAME/events` while serving with `control` (SDKWire).
    private(set) var eventStreams: EventStreams?
    /// What the apps met over the wire (AppCoverage), with `--control` or `--coverage`:
    /// the server's run's, kept when the simulation is rebuilt.
    private(set) var appCoverage: AppCoverage?
    /// The coverage of what the apps met, as `--coverage FILE` writes it; nil when not counted.
    public var coverageText: String? { appCoverage.map { CoverageDocument.text($0.run) } }
    /// The one edge every answer and log line passes (ServeEdge), with the run's secrets
    /// as they stand now: the control token among them, a value never shown.
    var edge: ServeEdge { ServeEdge(ledger: evaluator.events.secrets) }

    /// The simulation as the scenario left it (`fixScenario`): what `POST /__credsh/reset`
    /// puts back (ServeSession+Scenario.swift).
    var scenario: Simulation?

    public private(set) var answered = 0
    public private(set) var dropped = 0
    public private(set) var refused = 0

    public init(evaluator: Evaluator, options: Options, log: @escaping (ServeLogEntry) -> Void) {
        self.evaluator = evaluator
        self.options = options
        self.log = log
    }

    public var isServing: Bool { frontEnd != nil }

    /// `http://127.0.0.1:8080` while serving.
    public var url: String? { frontEnd.map { "http://" + $0.boundAddress } }

    /// Starts listening on `host:port` (port 0: any free port); returns the URL.
    @discardableResult
    public func start(host: String, port: Int) throws(HostError) -> String {
        guard frontEnd == nil else { throw HostError("already serving at \(url ?? "?"); serve stop first") }
        let router = ServeRoutes.router(control: options.control, served: Simulation.servedType, limits: options.limits)
        routing = RequestRouting(router: router, middleware: AccessMiddleware(nil))
        var limits = options.limits
        if !options.control { limits.networkThreads = 1 }
        do {
            let inbox = self.inbox
            let service = HTTPFrontEnd.Service(
                answer: { request, _, promise, departure in inbox.post(.request(request, promise, departure)) },
                log: { inbox.post(.refused($0)) },
                bodyLimit: ServeRoutes.bodyLimit(router, options.limits))
            frontEnd = try HTTPFrontEnd(host: host, port: port, limits: limits, service: service)
        } catch {
            throw HostError("cannot serve on \(host):\(port): \(Self.describe(error))")
        }
        answered = 0
        dropped = 0
        refused = 0
        if options.control || options.coverage, appCoverage == nil { appCoverage = AppCoverage() }
        if options.control, let frontEnd {
            let token = options.controlToken ?? ControlAccess.randomToken()
            controlToken = token
            // A secret of the run from here on, never shown: the log, every answer, the
            // records (the live page, the event streams) mask it wherever a client sends
            // it, percent-encoded too (`/%33%34…`: a server decodes a URL before it reads
            // it), as docs/serving.md promises. The banner prints it, past the records.
            evaluator.events.secrets.withhold(token)
            let api = ControlAPI(session: self, access: ControlAccess(token: token, boundHost: frontEnd.boundHost, boundPort: frontEnd.boundPort))
            controlAPI = api
            routing = RequestRouting(router: router, middleware: api.middleware)
            eventStreams = EventStreams()
            // What a reset puts back, until `credsh serve` fixes it again after its setup.
            fixScenario()
        }
        inbox.route(with: routing)
        return url ?? "?"
    }

    /// Stops listening and closes every connection; requests not yet answered get none,
    /// and each is logged and counted as dropped.
    public func stop() {
        guard let frontEnd else { return }
        frontEnd.stop()
        self.frontEnd = nil
        eventStreams = nil
        for event in inbox.takeAll() {
            switch event {
            case .request(let wire, let promise, _):
                promise.succeed(nil)
                record(ServeLogEntry(client: wire.client, method: wire.method, path: wire.path, status: nil,
                                     note: "the server stopped before answering it"))
            case .refused(let entry):
                record(entry)
            }
        }
    }

    /// Logs one request's entry and counts it by its fate (ServeLogEntry.Fate): the log's
    /// lines and the counts said at the end are the same entries, counted once.
    private func record(_ entry: ServeLogEntry) {
        // Every text a client chose passes the edge, however it was sent (docs/serving.md):
        // `POST /sdk/<secret>`, a field named with a password, a stream's device.
        let entry = edge.entry(entry)
        switch entry.fate {
        case .answered: answered += 1
        case .dropped: dropped += 1
        case .refused: refused += 1
        }
        log(entry)
    }

    /// Bytes of answers written but not yet taken by their clients (ServeLimits.answerBytesInFlight).
    var answerBytesInFlight: Int { frontEnd?.unread.bytes ?? 0 }

    /// Whether requests are waiting to be answered.
    public var hasWaiting: Bool { inbox.hasWaiting }

    /// Answers every request waiting now, in arrival order; returns how many events there were.
    @discardableResult
    public func answerWaiting() -> Int {
        let events = inbox.takeAll()
        for event in events { handle(event) }
        return events.count
    }

    /// Answers requests as they come until `shouldStop` says so (checked at least every
    /// `pollSeconds`), calling `afterBatch` after each batch (to flush the log): the
    /// prompt's way (`answerWaiting`), on a thread that has nothing else to do.
    public func serve(until shouldStop: () -> Bool, pollSeconds: Double = 0.05, afterBatch: () -> Void = {}) {
        while !shouldStop() {
            guard inbox.wait(upTo: pollSeconds) else { continue }
            answerWaiting()
            afterBatch()
        }
    }


    public var statusLines: [String] {
        guard let frontEnd, let url else { return [Self.notServing] }
        let connections = frontEnd.openConnections
        return [
            "serving \(Self.server) at " + Self.paths.map { url + $0 }.joined(separator: " and "),
            "\(answered) answered, \(dropped) dropped (no answer sent: network or server down, client gone), \(refused) refused by the HTTP layer; "
                + "\(connections) connection\(connections == 1 ? "" : "s") open",
        ]
    }

    // MARK: One request

    private func handle(_ event: ServeEvent) {
        switch event {
        case .refused(let entry):
            record(entry)
        case .request(let wire, let promise, let departure):
            promise.succeed(answer(wire, departure: departure))
        }
    }

    /// A request's answer (nil: none, the connection closes), after logging it; the caller
    /// hands it to the request's promise, which writes it on the request's event loop.
    private func answer(_ wire: WireRequest, departure: ClientDeparture) -> WireResponse? {
        var wire = wire
        if wire.routed == nil { routing.route(&wire) }  // posted before serving started
        guard let routed = wire.routed else { return nil }
        var control: (WireResponse?, ServeLogEntry)?
        switch routed {
        case .refused(let refusal):
            control = controlAPI?.refused(refusal, wire) ?? (refusal, ServeLogEntry(client: wire.client, method: wire.method, path: wire.path,
                                                                                   status: refusal.status))
        case .passed(.found(let route, let parameters)) where route.handler != .served:
            control = controlAPI.map { $0.answer(route.handler, wire, parameters: parameters, departure: departure) }
        case .passed(.wrongMethod(let allowed, _, _)):
            control = controlAPI.map { $0.wrongMethod(wire, allowed: allowed) }
        case .passed:
            break
        }
        if let (response, entry) = control {
            record(entry)
            return response.map(edge.answer)
        }
        let exchange = evaluator.serve(wire.http, from: wire.client, show: options.showEvents)
        var note: String?
        var response: WireResponse?
        // The served SDK's HTTP API is the app's own too; a probe of another path (`/`, a
        // favicon, a mistyped control path) met none of it.
        if let exchange, let appCoverage, let served = Simulation.servedType.flatMap({ SDKID($0) }), Self.isServedSDKs(wire.path) {
            appCoverage.count(exchange.outcomes, sdk: served, device: "")
        }
        if let answer = exchange?.answer {
            // The server's own answer, as it was made but for the control token, which is
            // this server's: a client that sent it (in a header TRACE echoes, in a path an
            // error page quotes) does not get it back.
            response = edge.answer(WireResponse(answer))
        } else {
            note = exchange?.outcomes.lazy.compactMap { outcome -> String? in
                if case .networkError(let message) = outcome { return message }
                return nil
            }.first
        }
        // Secrets by name (`password`) are masked by the entry; a secret the run knows,
        // sent under another name (`login=` with a password), at the edge.
        // A secret parameter's value is one for the request's other values and names too:
        // a password sent again under another name (`x=…&password=…`, `…=1`) is masked
        // there as well, percent-encoded too: the request carries it to the edge.
        let parameters = exchange?.parameters ?? []
        var sent = KnownSecrets()
        sent.percentEncodedToo = true
        for (name, value) in parameters where ServeLogEntry.namesSecret(name) { sent.add(value) }
        record(ServeLogEntry(client: wire.client, method: wire.method, path: wire.path,
                             status: exchange?.answer?.status, parameters: parameters, note: note, carrying: sent))
        return response
    }

    // MARK: What is served, said the same way everywhere

    /// What the banners call the served SDK's server: `SUSI`.
    public static var server: String { Simulation.servedType?.serverName ?? "no server" }
    public static var paths: [String] { Simulation.servedType?.servedPaths ?? [] }
    /// Whether a path is in the served SDK's own folder (`/aaa/…`, a mistyped endpoint
    /// included): what an app of it asks, not a probe of `/` or a browser's favicon.
    static func isServedSDKs(_ path: String) -> Bool {
        paths.contains { served in path.hasPrefix(served[...(served.lastIndex(of: "/") ?? served.startIndex)]) }
    }
    /// The SDK double's paths (`/sdk/relid`, …), answered with `--control` (docs/double.md).
    public static let doublePaths: [String] = SDKWire.sdks.map { "/sdk/" + $0.name }

    /// `serving SUSI at URL (POST or GET /aaa/login.json and /aaa/changepassword.json`: the
    /// first line of `credsh serve` and of `serve start`, each closing it with its own words.
    public static func announcement(url: String) -> String {
        "serving \(server) at \(url) (POST or GET \(paths.joined(separator: " and "))"
    }

    public static var notServing: String {
        "not serving; serve start [PORT] serves \(server) over HTTP on \(ServingDefaults.host)"
    }

    /// Why a port could not be had, in the system's words, not NIO's function names.
    static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
        if let unknown = error as? SocketAddressError.UnknownHost {
            return "'\(TerminalSafe.text(unknown.host))' is no address and no name this machine resolves (\(unknown.errorDescription.lowercased()))"
        }
        if let address = error as? SocketAddressError {
            switch address {
            case .unknown(let host, _): return "'\(TerminalSafe.text(host))' is no address and no name this machine resolves"
            case .failedToParseIPString(let text): return "'\(TerminalSafe.text(text))' is no IP address"
            default: return "no address to serve on"
            }
        }
        return "\(error)"
    }
}
