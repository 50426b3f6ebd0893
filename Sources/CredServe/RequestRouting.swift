/// What a network thread does with a request of `credsh serve` before the request's turn
/// in the simulation, so the turn is only what needs the simulation: the router finds the
/// route with the access rules in front of it (AccessMiddleware, for a route behind the
/// token), and a call's body is read as JSON-RPC. Made once per start, immutable, and
/// shared by every network thread.
struct RequestRouting: Sendable {
    let router: Router<ServeEndpoint>
    /// The access rules (with no rules, as without `--control`, the router has no route
    /// behind the token).
    let middleware: AccessMiddleware

    /// Where the request goes, or the middleware's refusal: kept in the request for its turn.
    enum Routed: Sendable {
        case passed(RouteMatch<ServeEndpoint>)
        case refused(WireResponse)
    }

    func route(_ wire: inout WireRequest) {
        var passed: RouteMatch<ServeEndpoint>?
        let refusal = router.respond(to: wire, method: wire.method, path: wire.path, through: middleware) { match, _ in
            passed = match
            return nil
        }
        guard let passed else {
            wire.routed = .refused(refusal ?? Refusals.plain(404, "Not Found", "not served\n"))
            return
        }
        if case .found(let route, _) = passed, route.handler == .sdkCall { wire.rpc = JSONRPC.read(wire.body) }
        wire.routed = .passed(passed)
    }
}
