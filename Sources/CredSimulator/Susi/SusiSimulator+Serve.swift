/// What `credsh serve` needs of the SUSI simulation: requests from real HTTP clients
/// answered by the same server the simulated app talks to, over the same network, with
/// the same events (docs/susi.md, "Serving over HTTP").
extension SusiSimulator: HTTPServedSDK {
    public static let serverName = "SUSI"
    public static let servedPaths = [SusiServer.loginPath, SusiServer.changePasswordPath]
    public static var secretParameters: Set<String> { Set(SusiEvents.secretParameters) }

    /// Answers a request from a real HTTP client. The client is not the simulated device:
    /// nothing is added to its parameters, its headers and address are its own, and the
    /// app's signed-in user is untouched. `network down` and `server down` still apply
    /// (the one network of docs/simulator.md), so the request gets no answer.
    public mutating func serve(_ wire: HTTPRequest, world: World) -> ServedExchange {
        let request = Self.read(wire)
        let appHeldToken = appHoldsToken
        var (outcomes, answer) = SusiApp.exchange(request, server: &server, world: world)
        // Its secrets are a real client's: hidden wherever the event sends them.
        outcomes = outcomes.map { $0.event.map { Outcome.event($0.sentByClient) } ?? $0 }
        if answer == nil { outcomes.append(.networkError("no answer (\(SusiApp.fault(world)))")) }
        var issued: [String] = []
        if case .string(let token)? = answer?.json?["access_token"] { issued.append(token) }
        // A password the server accepted (a login's, a new one set) is known from now on,
        // as the token is; a refused guess is not kept, so no client can make the run hide
        // words of its choosing. A password equal to the user's name stays a name (docs/susi.md).
        if case .bool(true)? = answer?.json?["accepted"] {
            let user = request.parameters.first { $0.0 == "login" || $0.0 == "changepassword" }?.1
            for name in ["password", "newpassword"] {
                if let value = request.parameters.first(where: { $0.0 == name })?.1, !value.isEmpty, value != user { issued.append(value) }
            }
        }
        return ServedExchange(outcomes: outcomes, answer: answer.map(Self.httpAnswer),
                              parameters: request.parameters,
                              replayParameters: Self.replay(request, appHeldToken: appHeldToken), issuedSecrets: issued)
    }

    /// The request as the SUSI servlets read it: the query string's parameters, then for a
    /// POST the form body's (a servlet container merges them in that order; docs/susi.md,
    /// "Parameters"). A body of any other type, or of a GET, is not read.
    public static func read(_ wire: HTTPRequest) -> SusiRequest {
        let media = wire.header("Content-Type")?.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let hasForm = media.trimmedSpacesAndTabs.lowercased() == "application/x-www-form-urlencoded"
        return SusiWire.request(method: wire.method, path: wire.path, query: wire.query,
                                form: wire.method == "POST" && hasForm ? wire.body : nil,
                                clientHost: wire.clientHost, headers: wire.headers)
    }

    /// The simulated server's answer, byte for byte (`SusiResponse.bodyBytes()`); Jetty 9.3
    /// makes sendError's message the reason phrase (docs/susi.md, "The wire").
    public static func httpAnswer(_ answer: SusiResponse) -> HTTPAnswer {
        let (type, bytes) = answer.bodyBytes()
        return HTTPAnswer(status: answer.status, reason: answer.reasonPhrase, contentType: type, body: bytes, headers: answer.headers)
    }

    /// The parameters that send the same request from the device. Decoded pairs cannot say
    /// a malformed escape or a GET name read as sent: nil then. A request without a token
    /// gets an empty one when the app holds a token, which the device's `request` would
    /// otherwise add (docs/susi.md, "Serving over HTTP").
    static func replay(_ request: SusiRequest, appHeldToken: Bool) -> [(String, String)]? {
        guard request.malformed == nil, request.getReaderPairs == nil else { return nil }
        var pairs = request.parameters
        if appHeldToken, !pairs.contains(where: { $0.0 == "access_token" }) { pairs.append(("access_token", "")) }
        return pairs
    }

    /// `token expire EMAIL`: every token of the account stops being valid now, including
    /// those real clients of `credsh serve` hold.
    public mutating func expireTokens(of email: String, world: World) throws(SimulationError) -> [Outcome] {
        guard server.isActivated(email) != nil else { throw SimulationError(.unknownUser, "no user '\(email)'") }
        let count = server.expireTokens(of: email, now: world.now)
        let what = count == 1 ? "1 access token" : "\(count) access tokens"
        return [.note("server: \(what) of \(email) no longer valid from \(UTCTimestamp.format(world.now))")]
    }

    /// Whether the simulated app holds a token: a request it sent without one would get
    /// the app's token added (`request`), so a recording of a real client's request that
    /// had none must say so.
    var appHoldsToken: Bool { app.user != nil }
}
