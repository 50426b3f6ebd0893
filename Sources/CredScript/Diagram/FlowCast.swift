import CredLanguage
import CredSimulator

/// Who takes part in an SDK's flows and who sends each call and event to whom, as a
/// sequence diagram draws it; and where a flow ends, for `--compact` output. Each SDK
/// gives its own in `Flows/<SDK>/` (`SDKFlow.cast`); an SDK that gives none gets the
/// app, the SDK and the server, with calls going from the app to the SDK and every
/// event coming back.
public struct FlowCast: Sendable {
    /// One column of the diagram.
    public struct Lifeline: Equatable, Sendable {
        /// A short identifier (letters, digits, `_`): Mermaid names participants by it.
        public let id: String
        /// What the head of the column says: `user / app`, `REL-ID SDK`.
        public let name: String

        public init(_ id: String, _ name: String) {
            self.id = id
            self.name = name
        }
    }

    /// Who sends a message and who gets it (lifeline ids).
    public struct Route: Equatable, Sendable {
        public let from: String
        public let to: String

        public init(_ from: String, _ to: String) {
            self.from = from
            self.to = to
        }
    }

    /// A message's words in the picture: its heading and the fields after it.
    public typealias Heading = @Sendable (_ name: String, _ fields: [(String, JSONValue)]) -> (String, [(String, JSONValue)])

    /// Left to right; the first is the user and the app.
    public let lifelines: [Lifeline]
    /// Where the app's own checks and what it shows are noted.
    public let app: String
    /// Where calls go and events come from unless a route says otherwise.
    public let sdk: String
    /// Where the simulator's notes about the server go (`server: …`), when there is a server.
    public let server: String?
    public let callRoutes: [String: Route]
    public let eventRoutes: [String: Route]
    /// Calls and events after which a flow is over: compact output shows the next
    /// challenge's policy and payload in full again.
    public let flowEnds: Set<String>
    /// Events that are requests rather than answers (SUSI's HTTP `request`): drawn as calls.
    public let requests: Set<String>
    /// Where the note goes that names the policy rule that refused a secret: the party
    /// that checks the policy (the server, unless the cast says otherwise).
    public let policyLifeline: String
    /// How a message reads (SUSI's `POST /aaa/login.json`); nil for its name and fields.
    public let heading: Heading?
    /// The calls the SDK takes to its server, and the server's answers: drawn as arrows to
    /// and from the server's lifeline, so a picture shows where each check happens.
    public let serverTrip: ServerTrip?

    public init(lifelines: [Lifeline], app: String, sdk: String, server: String?, callRoutes: [String: Route] = [:],
                eventRoutes: [String: Route] = [:], flowEnds: Set<String> = [], requests: Set<String> = [], policyLifeline: String? = nil,
                heading: Heading? = nil, serverTrip: ServerTrip? = nil) {
        self.lifelines = lifelines
        self.app = app
        self.sdk = sdk
        self.server = server
        self.callRoutes = callRoutes
        self.eventRoutes = eventRoutes
        self.flowEnds = flowEnds
        self.requests = requests
        self.policyLifeline = policyLifeline ?? server ?? sdk
        self.heading = heading
        self.serverTrip = serverTrip
    }

    /// What the SDK asks its server for one call, and what the server answers, read from
    /// the same outcomes the text and JSON show: the call, and the first callback after it
    /// (the answer's words are the fields the server decided: a status, the attempts left).
    public struct ServerTrip: Sendable {
        public typealias Label = (name: String, fields: [(String, JSONValue)])
        /// What the SDK sends the server for a call (its arguments as the call shows
        /// them, secrets masked); nil when the call stays on the device.
        public let request: @Sendable (_ api: String, _ arguments: [(String, JSONValue)]) -> Label?
        /// The server's answer, from the first callback after the call; nil when the server
        /// was not reached (the SDK refused first, or the network is down).
        public let answer: @Sendable (_ api: String, _ arguments: [(String, JSONValue)], _ callback: SDKEvent) -> Label?

        public init(request: @escaping @Sendable (_ api: String, _ arguments: [(String, JSONValue)]) -> Label?,
                    answer: @escaping @Sendable (_ api: String, _ arguments: [(String, JSONValue)], _ callback: SDKEvent) -> Label?) {
            self.request = request
            self.answer = answer
        }

        /// The fields named, in the order given, those the event has.
        public static func pick(_ names: [String], from fields: [(String, JSONValue)]) -> [(String, JSONValue)] {
            names.compactMap { name in fields.first { $0.0 == name } }
        }
    }

    /// The cast of an SDK that gives none of its own.
    public static func standard(sdkName: String) -> FlowCast {
        FlowCast(lifelines: [Lifeline("app", "user / app"), Lifeline("sdk", sdkName), Lifeline("server", "server")],
                 app: "app", sdk: "sdk", server: "server")
    }

    func route(call api: String) -> Route { callRoutes[api] ?? Route(app, sdk) }
    func route(event name: String) -> Route { eventRoutes[name] ?? Route(sdk, app) }

    /// The lifeline a simulator note belongs on: the server's when it speaks of the server.
    func noteLifeline(_ text: String) -> String {
        if let server, text.hasPrefix("server") || text.hasPrefix("no answer") { return server }
        return sdk
    }

    /// The cast of an SDK, built once (SDKFlows).
    static func of(_ sdk: SDKID) -> FlowCast { SDKFlows.cast(of: sdk) }
}
