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
    /// Secrets the answer hands out (an access token): the run masks them from now on.
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
    /// Its paths in OpenAPI terms, for `credsh serve --openapi`.
    static var openAPI: OpenAPIPaths { get }
    /// Answers a request from a real client, with the same code, checks and bodies as the
    /// simulated app's requests get.
    mutating func serve(_ request: HTTPRequest, world: World) -> ServedExchange
}

/// A served SDK's part of the OpenAPI document `credsh serve --openapi` prints: the
/// document's description starts with its, and its paths come before the control API's.
public struct OpenAPIPaths: Sendable {
    /// What its server is (`The simulated SUSI.AI server of credsh serve (docs/susi.md)`).
    public let description: String
    /// How a request its HTTP layer refuses is answered.
    public let refusedRequests: String
    /// The members of the document's `paths` object, as JSON text indented four spaces,
    /// each ending with a comma.
    public let paths: String

    public init(description: String, refusedRequests: String, paths: String) {
        self.description = description
        self.refusedRequests = refusedRequests
        self.paths = paths
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
