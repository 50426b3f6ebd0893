#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredScript
import CredSimulator
import NIOCore

/// The served SDK's server (`HTTPServedSDK`) of a live simulation, over HTTP: `credsh serve`, or
/// `serve start` at the prompt. The network side runs on a thread of its own; everything
/// that touches the evaluator runs on the thread that created the session, which calls
/// `answerWaiting` (the prompt, between keystrokes) or `serve(until:)` (`credsh serve`).
/// So one request at a time reaches the simulation, in the order requests arrived, and
/// commands typed at the prompt take effect on the next request. While `serve(until:)`
/// serves, the event loop answers a request itself when nothing waits before it and no
/// other thread holds the simulation (`AtOnce`): the same order, without handing every
/// request to another thread and back.
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
    /// Where each request goes (ServeRoutes): set when serving starts.
    private var router = ServeRoutes.router(control: false, served: Simulation.servedType)
    /// The control API's token while serving with `control`: printed at start.
    public private(set) var controlToken: String?
    /// The streams of `GET /sdk/NAME/events` while serving with `control` (SDKWire).
    private(set) var eventStreams: EventStreams?
    /// What the apps met over the wire (AppCoverage), with `--control` or `--coverage`:
    /// the server's run's, kept when the simulation is rebuilt.
    private(set) var appCoverage: AppCoverage?
    /// The coverage of what the apps met, as `--coverage FILE` writes it; nil when not counted.
    public var coverageText: String? { appCoverage.map { CoverageDocument.text($0.run) } }
    /// The control token as a secret: the log masks it wherever a client sends it
    /// (`/favicon.ico?token=…`, a path), as docs/serving.md promises ("The log never shows it").
    private var tokenMask = KnownSecrets()

    /// Whoever holds it alone touches the evaluator and the log while `serve(until:)`
    /// serves: the serving thread for a batch of the inbox, an event loop for a request
    /// it answers at once.
    private let owner = TryLock()
    /// Taken by an event loop before it tries `owner`: with more than one event loop
    /// (ServeLimits.networkThreads), a loop that finds another answering waits the moment
    /// that takes, instead of handing its request to the serving thread. It waits giving
    /// its core away (`yielding`) before it sleeps: a hold is one request's turn (tens of
    /// microseconds for a call of the wire), and waking a sleeper cost more than the wait
    /// (about a sixth of the wire's throughput, measured: docs/double.md, "Speed"). Only
    /// event loops take it, and only around an answer at once, which never runs a control
    /// run; so a loop never waits on the serving thread, which may hold `owner` for a whole
    /// control run (and a loop must stay free to see that run's client leave).
    private let loopTurn = TryLock()
    /// Guarded by `owner`: requests may be answered on the event loop (inside
    /// `serve(until:)`), and a call of its `afterBatch` is scheduled there.
    private var answeringAtOnce = false
    private var flushPending = false

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
        router = ServeRoutes.router(control: options.control, served: Simulation.servedType, limits: options.limits)
        var limits = options.limits
        if !options.control { limits.networkThreads = 1 }
        do {
            frontEnd = try HTTPFrontEnd(host: host, port: port, limits: limits, inbox: inbox,
                                        bodyLimit: ServeRoutes.bodyLimit(router, options.limits))
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
            tokenMask = KnownSecrets()
            tokenMask.add(token)
            controlAPI = ControlAPI(session: self, access: ControlAccess(token: token, boundHost: frontEnd.boundHost, boundPort: frontEnd.boundPort))
            eventStreams = EventStreams()
            // What a reset puts back, until `credsh serve` fixes it again after its setup.
            fixScenario()
        }
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
        // The log's one edge: every text a client chose (the path, each parameter's name
        // and value, the note) passes the run's secrets and the control token, which is
        // this server's alone, however it was sent (docs/serving.md): `POST /sdk/<secret>`,
        // a field named with a password, a stream's device.
        let entry = entry.redacted(by: Redactor(known: evaluator.events.secrets.values).carrying(tokenMask))
        switch entry.fate {
        case .answered: answered += 1
        case .dropped: dropped += 1
        case .refused: refused += 1
        }
        log(entry)
    }

    /// Bytes of answers written but not yet taken by their clients (ServeLimits.answerBytesInFlight).
    var answerBytesInFlight: Int { frontEnd?.answerBytesInFlight ?? 0 }

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
    /// `pollSeconds`), calling `afterBatch` after each batch (to flush the log). Meanwhile
    /// the event loop answers a request itself when it can (`AtOnce`), and calls
    /// `afterBatch` once it has read what it was given; every call of `afterBatch` and of
    /// the log holds `owner`, so they never run on two threads at once.
    public func serve(until shouldStop: () -> Bool, pollSeconds: Double = 0.05, afterBatch: @escaping () -> Void = {}) {
        let atOnce = AtOnce(session: self, afterBatch: afterBatch)
        owner.locked { answeringAtOnce = true }
        inbox.answerAtOnce(atOnce)
        while !shouldStop() {
            guard inbox.wait(upTo: pollSeconds) else { continue }
            owner.locked {
                // Taken under `owner`: the event loop answers nothing at once while an
                // earlier request is still on its way to the simulation.
                for event in inbox.takeAll() { handle(event) }
                afterBatch()
                flushPending = false
            }
        }
        inbox.answerAtOnce(nil)
        // A request the event loop is answering now finishes first; a flush it scheduled finds nothing to do.
        owner.locked { answeringAtOnce = false }
    }

    /// What the event loop calls for each request while `serve(until:)` serves. It holds
    /// the session unowned, as the inbox holds it only while serving.
    private final class AtOnce: AnswerAtOnce, @unchecked Sendable {
        unowned let session: ServeSession
        let afterBatch: () -> Void

        init(session: ServeSession, afterBatch: @escaping () -> Void) {
            self.session = session
            self.afterBatch = afterBatch
        }

        /// Answers a request now, on the event loop, when no earlier request waits in the
        /// inbox and the serving thread holds nothing; false leaves it to the inbox. A
        /// control run is always left there: it may last, and the event loop must stay
        /// free to see its client leave (ClientDeparture).
        func answer(_ event: ServeEvent) -> Bool {
            guard case .request(var wire, let promise, let departure) = event else { return false }
            let route = session.router.match(method: wire.method, path: wire.path)
            if case .found(let found, _) = route, found.handler == .run { return false }
            // What needs no simulation is done before the turn, so the turn is shorter: the
            // control API's access check, and a call's body read as JSON-RPC.
            var access = AccessCheck.notYet
            var short = false
            if case .found(let found, _) = route, found.handler != .served, let api = session.controlAPI {
                short = true
                access = api.refusal(wire, found.access).map { .refused($0.0, $0.1) } ?? .passed
                if found.handler == .sdkCall, case .passed = access { wire.rpc = JSONRPC.read(wire.body) }
            }
            // Waiting on requests like this one: the served SDK's (a SUSI login runs its
            // PBKDF2, most of a millisecond) are worth sleeping through; the wire's and the
            // control API's others (`short`: tens of microseconds) are not.
            let answered = session.loopTurn.yielding(upTo: short ? 64 : 0) { () -> WireResponse?? in
                guard session.owner.tryLock() else { return .none }
                defer { session.owner.unlock() }
                guard session.answeringAtOnce, !session.inbox.hasWaiting else { return .none }
                let response = session.answer(wire, departure: departure, route: route, access: access)
                if !session.flushPending {
                    // After the event loop has read every request it was woken for: one flush for them all.
                    session.flushPending = true
                    promise.futureResult.eventLoop.execute { self.flush() }
                }
                return .some(response)
            }
            // Written with the simulation let go: another loop's request goes in meanwhile.
            guard case .some(let response) = answered else { return false }
            promise.succeed(response)
            return true
        }

        private func flush() {
            // Sleeps at once when the other loop is answering: a flush is no request, and
            // yielding through a long turn cost more than it saved.
            session.loopTurn.locked {
                // Busy elsewhere: the serving thread calls `afterBatch` after its own batch.
                guard session.owner.tryLock() else { return }
                defer { session.owner.unlock() }
                guard session.answeringAtOnce, session.flushPending else { return }
                afterBatch()
                session.flushPending = false
            }
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

    /// The control API's access check of a request (ControlAPI.refusal), when a network
    /// thread made it before the request's turn.
    private enum AccessCheck {
        case notYet, passed
        case refused(WireResponse, ServeLogEntry)
    }

    /// `route`: where the request goes, when the caller has matched it already.
    private func handle(_ event: ServeEvent, route: RouteMatch<ServeEndpoint>? = nil) {
        switch event {
        case .refused(let entry):
            record(entry)
        case .request(let wire, let promise, let departure):
            promise.succeed(answer(wire, departure: departure, route: route))
        }
    }

    /// A request's answer (nil: none, the connection closes), after logging it; the caller
    /// hands it to the request's promise, which writes it (an event loop answering at once
    /// does that once it has let the simulation go).
    private func answer(_ wire: WireRequest, departure: ClientDeparture, route: RouteMatch<ServeEndpoint>?,
                        access: AccessCheck = .notYet) -> WireResponse? {
        var control: (WireResponse?, ServeLogEntry)?
        switch route ?? router.match(method: wire.method, path: wire.path) {
        case .found(let route, let parameters) where route.handler != .served:
            control = controlAPI.map { api in
                let refusal: (WireResponse, ServeLogEntry)?
                switch access {
                case .notYet: refusal = api.refusal(wire, route.access)
                case .passed: refusal = nil
                case .refused(let response, let entry): refusal = (response, entry)
                }
                return refusal ?? api.answer(route.handler, wire, parameters: parameters, departure: departure)
            }
        case .wrongMethod(let allowed, let access, _):
            control = controlAPI.map { $0.refusal(wire, access) ?? $0.wrongMethod(wire, allowed: allowed) }
        case .found, .notFound:
            break
        }
        if let (response, entry) = control {
            record(entry)
            // A client may have sent the token inside what an answer quotes (a method's
            // name in an error, a control run's output): it does not get it back.
            return response?.masking(controlToken, known: tokenMask)
        }
        let exchange = evaluator.serve(wire.http, from: wire.client, show: options.showEvents)
        var note: String?
        var response: WireResponse?
        // The served SDK's HTTP API is the app's own too.
        if let exchange, let appCoverage, let served = Simulation.servedType.flatMap({ SDKID($0) }) {
            appCoverage.count(exchange.outcomes, sdk: served, device: "")
        }
        if let answer = exchange?.answer {
            // The control token is this server's: a client that sent it (in a header
            // TRACE echoes, in a path an error page quotes) does not get it back.
            response = WireResponse(answer).masking(controlToken)
        } else {
            note = exchange?.outcomes.lazy.compactMap { outcome -> String? in
                if case .networkError(let message) = outcome { return message }
                return nil
            }.first
        }
        // Secrets by name (`password`) are masked by the entry; a secret the run knows,
        // sent under another name (`login=` with a password), by the known secrets.
        // The control token, known to the session alone, before a long value is shortened
        // (`record` masks it again in what the entry keeps: the path, too).
        // A secret parameter's value is one for the request's other values too: a password
        // sent again under another name (`x=…&password=…`) is masked there as well; the
        // request carries it to the redactor with the token.
        let parameters = exchange?.parameters ?? []
        var sent = tokenMask
        for (name, value) in parameters where ServeLogEntry.namesSecret(name) { sent.add(value) }
        let redactor = Redactor(known: evaluator.events.secrets.values).carrying(sent)
        record(ServeLogEntry(client: wire.client, method: wire.method, path: wire.path,
                             status: exchange?.answer?.status,
                             parameters: parameters.map { ($0.0, redactor.text($0.1)) }, note: note))
        return response
    }

    // MARK: What is served, said the same way everywhere

    /// What the banners call the served SDK's server: `SUSI`.
    public static var server: String { Simulation.servedType?.serverName ?? "no server" }
    public static var paths: [String] { Simulation.servedType?.servedPaths ?? [] }
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

    static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return io.description }
        return "\(error)"
    }
}

/// A mutex that can also be tried (pthread's): the event loop never waits for the simulation.
final class TryLock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() { pthread_mutex_init(mutex, nil) }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func tryLock() -> Bool { pthread_mutex_trylock(mutex) == 0 }

    func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes it, giving the core away while another thread holds it rather than
    /// sleeping at once: for holds as short as one request's turn in the simulation. After
    /// `yields` tries (tens of microseconds when nothing else wants the core; 0: at once,
    /// as `locked`) it sleeps until the lock is free, so a long hold costs no busy core.
    func yielding<T>(upTo yields: Int, _ body: () throws -> T) rethrows -> T {
        var tries = 0
        while pthread_mutex_trylock(mutex) != 0 {
            tries += 1
            guard tries < yields else {
                pthread_mutex_lock(mutex)
                break
            }
            sched_yield()
        }
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
