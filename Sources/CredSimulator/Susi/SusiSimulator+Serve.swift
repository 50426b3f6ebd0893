/// What `credsh serve` needs of the SUSI simulation: requests from real HTTP clients
/// answered by the same server the simulated app talks to, over the same network, with
/// the same events (docs/susi.md, "Serving over HTTP").
extension SusiSimulator {
    /// What became of a request a real client sent.
    public struct ServedExchange: Sendable {
        /// The `request` event, the server's notes and the `response` event, as a raw
        /// `request` from the device would show them; a network error instead of the
        /// response when nothing answers.
        public let outcomes: [Outcome]
        /// The answer to send back; nil when the network or the server is down, and the
        /// connection is dropped without one.
        public let answer: SusiResponse?
    }

    /// Answers a request from a real HTTP client. The client is not the simulated device:
    /// nothing is added to its parameters, its headers and address are its own, and the
    /// app's signed-in user is untouched. `network down` and `server down` still apply
    /// (the one network of docs/simulator.md), so the request gets no answer.
    public mutating func serve(_ request: SusiRequest, world: World) -> ServedExchange {
        var (outcomes, answer) = SusiApp.exchange(request, server: &server, world: world)
        if answer == nil { outcomes.append(.networkError("no answer (\(SusiApp.fault(world)))")) }
        return ServedExchange(outcomes: outcomes, answer: answer)
    }

    /// `token expire EMAIL`: every token of the account stops being valid now, including
    /// those real clients of `credsh serve` hold.
    public mutating func expireTokens(of email: String, world: World) throws(SimulationError) -> [Outcome] {
        guard server.isActivated(email) != nil else { throw SimulationError("no user '\(email)'") }
        let count = server.expireTokens(of: email, now: world.now)
        let what = count == 1 ? "1 access token" : "\(count) access tokens"
        return [.note("server: \(what) of \(email) no longer valid from \(UTCTimestamp.format(world.now))")]
    }

    /// Whether the simulated app holds a token: a request it sent without one would get
    /// the app's token added (`request`), so a recording of a real client's request that
    /// had none must say so.
    public var appHoldsToken: Bool { app.user != nil }
}
