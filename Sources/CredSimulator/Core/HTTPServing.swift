/// A request from a real HTTP client (`credsh serve`, `serve start`), framed by the
/// executable's HTTP layer and handed over as sent: nothing decoded, nothing added. The
/// served SDK reads it as its own server would (docs/serving.md).
public struct HTTPRequest: Sendable {
    /// As sent: `GET`, `POST`, `HEAD`, …
    public let method: String
    /// The path without the query string, as sent (no percent-decoding).
    public let path: String
    /// The query string without its `?`; empty when there was none.
    public let query: String
    public let headers: [(String, String)]
    public let body: [UInt8]
    /// The peer's address: `127.0.0.1` or `::1`.
    public let clientHost: String

    public init(method: String, path: String, query: String, headers: [(String, String)], body: [UInt8], clientHost: String) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.clientHost = clientHost
    }

    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.0.lowercased() == wanted }?.1
    }
}

/// An answer to send back, byte for byte: the status line's code and reason, the body
/// and its type, and any other headers.
public struct HTTPAnswer: Sendable {
    public let status: Int
    public let reason: String
    public let contentType: String
    public let body: [UInt8]
    public let headers: [(String, String)]

    public init(status: Int, reason: String, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.reason = reason
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }
}

/// What became of a request a real client sent.
public struct ServedExchange: Sendable {
    /// The events the request caused, as the SDK's own request command would show them;
    /// a network error instead of the answer when nothing answers.
    public let outcomes: [Outcome]
    /// Nil when the network or the server is down: the connection is dropped unanswered.
    public let answer: HTTPAnswer?
    /// The parameters the server read, in the order read, for the log (which masks the
    /// values of `HTTPServedSDK.secretParameters`).
    public let parameters: [(String, String)]
    /// The same request as the simulated device would send it with the SDK's request
    /// command: its parameters in order. Nil when what the server read cannot be written
    /// back that way (a malformed escape, a query read as sent).
    public let replayParameters: [(String, String)]?
    /// Secrets the answer hands out (an access token) or accepted (a password that logged
    /// in, a new one set): the run masks them from now on.
    public let issuedSecrets: [String]

    public init(outcomes: [Outcome], answer: HTTPAnswer?, parameters: [(String, String)],
                replayParameters: [(String, String)]?, issuedSecrets: [String] = []) {
        self.outcomes = outcomes
        self.answer = answer
        self.parameters = parameters
        self.replayParameters = replayParameters
        self.issuedSecrets = issuedSecrets
    }
}

/// A simulated SDK whose server real HTTP clients can reach. The executable serves the
/// first SDK of `Simulation.sdkTypes` that is one, knowing it only through this protocol:
/// a second served SDK would add only its own folder.
public protocol HTTPServedSDK: SimulatedSDK {
    /// What the banner calls its server: `SUSI`.
    static var serverName: String { get }
    /// The paths its server answers, as the banner and `serve` list them.
    static var servedPaths: [String] { get }
    /// Parameters whose values are secrets, masked in the serve log.
    static var secretParameters: Set<String> { get }
    /// What its server is (`The simulated SUSI.AI server of credsh serve (docs/susi.md)`).
    static var serverDescription: String { get }
    /// What each of its paths reads and answers (the served API's description is made
    /// from them by CredServe, beside its own routes and the HTTP layer's refusals).
    static var endpoints: [ServedEndpoint] { get }
    /// Answers a request from a real client, with the same code, checks and bodies as the
    /// simulated app's requests get.
    mutating func serve(_ request: HTTPRequest, world: World) -> ServedExchange
}

/// One path of a served SDK's server, as data: the methods it serves, what it does, the
/// parameters it reads (from the query string and, for a POST, then from a form body, as
/// a servlet container merges them), and every answer of its own. Nothing here knows how
/// it is written out (CredServe's API description does that).
public struct ServedEndpoint: Sendable {
    public let path: String
    public let methods: [String]
    public let summary: String
    public let parameters: [String]
    public let answers: [ServedAnswer]

    public init(path: String, methods: [String], summary: String, parameters: [String], answers: [ServedAnswer]) {
        self.path = path
        self.methods = methods
        self.summary = summary
        self.parameters = parameters
        self.answers = answers
    }
}

/// One answer a served path gives: its status, when, and its body's media type (a JSON
/// object when `object`, else a page).
public struct ServedAnswer: Sendable {
    public let status: Int
    public let description: String
    public let contentType: String
    public let object: Bool

    public init(_ status: Int, _ description: String, contentType: String = "text/html", object: Bool = false) {
        self.status = status
        self.description = description
        self.contentType = contentType
        self.object = object
    }
}

/// Where `credsh serve` listens unless told otherwise, and how it names what it serves:
/// defined once for the executable, the prompt and the control API.
public enum ServingDefaults {
    public static let host = "127.0.0.1"
    public static let port = 8080

    /// The ports a server may be asked for, as every refusal says it.
    public static let portRange = "from 0 to 65535 (0 picks a free port)"

    /// `number` when it is a TCP port, 0 to 65535 (0 asks for a free one); else nil.
    /// The one check of `--port`, `--live-port`, `serve start` and `live start`.
    public static func port(_ number: Int?) -> Int? {
        guard let number, (0...65_535).contains(number) else { return nil }
        return number
    }

    /// The port `text` names (`8080`), or nil.
    public static func port(_ text: String) -> Int? { port(Int(text)) }
}
