/// What a network thread does with a request of `credsh serve` before the request's turn
/// in the simulation, so the turn is only what needs the simulation: the route, the access
/// middleware's word (AccessMiddleware, for a route behind the token), and a call's body
/// read as JSON-RPC. Made once per start, immutable, and shared by every network thread.
struct RequestRouting: Sendable {
    let router: Router<ServeEndpoint>
    /// The access rules: nil without `--control`, when a route behind the token is not served.
    let middleware: AccessMiddleware?

    /// Where the request goes and whether it may: kept in the request for its turn.
    struct Routed: Sendable {
        let match: RouteMatch<ServeEndpoint>
        /// The access middleware's refusal; nil when it may go on (or the route is open).
        let refusal: WireResponse?
    }

    func route(_ wire: inout WireRequest) {
        let match = router.match(method: wire.method, path: wire.path)
        var refusal: WireResponse?
        if case .found(let route, _) = match, route.handler == .served {
            refusal = nil
        } else if let middleware {
            refusal = middleware.refusal(wire, access: match.access)
        }
        if refusal == nil, case .found(let route, _) = match, route.handler == .sdkCall { wire.rpc = JSONRPC.read(wire.body) }
        wire.routed = Routed(match: match, refusal: refusal)
    }
}
