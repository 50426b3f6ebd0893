/// The access rules as the routers' middleware (RouterMiddleware): a route behind the
/// token answers the refusal of ControlAccess (403 Host or Origin, 400 the token twice,
/// 401 no token) before its handler sees the request; an open route goes straight on.
/// An answer is optional: nil when the handler wrote its own (a stream) or gives none.
/// With no rules (`credsh serve` without `--control`) a route behind the token is not
/// served at all (404). `serve` and the live page route through it alike.
struct AccessMiddleware: RouterMiddleware {
    let rules: ControlAccess?

    init(_ rules: ControlAccess?) { self.rules = rules }

    func handle(_ request: WireRequest, access: RouteAccess, next: (WireRequest) -> WireResponse?) -> WireResponse? {
        refusal(request, access: access) ?? next(request)
    }

    /// The refusal `handle` answers with, nil when the request goes on: for a caller that
    /// checks before the simulation's turn (ServeSession) what it answers inside it.
    func refusal(_ request: WireRequest, access: RouteAccess) -> WireResponse? {
        guard access == .token else { return nil }
        guard let rules else { return Refusals.plain(404, "Not Found", "not served\n") }
        return rules.refusal(request)
    }
}
