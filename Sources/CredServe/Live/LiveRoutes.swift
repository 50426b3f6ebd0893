import NIOCore

/// What the live page answers, by route: GET and HEAD only, everything behind the token
/// (the access rules as the router's middleware, as `serve`'s). Every answer is made on
/// the connection's event loop from the latest snapshot (LiveHub), and never cached.
enum LiveRoutes {
    enum Path: Sendable { case page, diagram, events, unknown }

    static let router = Router<Path>([
        Route(["GET", "HEAD"], "/", access: .token, .page),
        Route(["GET", "HEAD"], "/index.html", access: .token, .page),
        Route(["GET", "HEAD"], "/diagram.svg", access: .token, .diagram),
        Route(["GET", "HEAD"], "/events", access: .token, .events),
        Route(["GET", "HEAD"], "/*", access: .token, .unknown),
    ])

    static let notFound = Refusals.plain(404, "Not Found", "the live page has /, /events and /diagram.svg\n")

    /// `authority`: what names this server, for the Host check (ControlAccess).
    static func answer(_ request: WireRequest, hub: LiveHub, authority: ServerAuthority) -> WireResponse {
        var access = ControlAccess(token: hub.token, boundHost: authority.boundHost, boundPort: authority.boundPort)
        access.service = "the live page"
        access.printedBy = "credsh"
        var response = router.respond(to: request, method: request.method, path: request.path, through: AccessMiddleware(access)) { match, _ in
            switch match {
            case .wrongMethod(let allowed, _, _):
                return Refusals.wrongMethod("the live page answers GET only\n", allowed: allowed)
            case .found(let route, _) where route.handler != .unknown:
                return answer(route.handler, hub: hub)
            case .found, .notFound:
                return notFound
            }
        } ?? notFound
        response.headers += [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
        return response
    }

    /// The page, the picture or the stream, past the middleware. Past the bound of unread
    /// answers in all, a short 503 goes instead of a body not already held for another.
    private static func answer(_ path: Path, hub: LiveHub) -> WireResponse {
        switch path {
        case .page, .diagram:
            let body: ByteBuffer, key: String, type: String, policy: String
            if path == .page {
                let (page, sequence) = hub.page()
                (body, key, type, policy) = (page, "page \(sequence)", "text/html;charset=utf-8", LivePage.contentSecurityPolicy)
            } else {
                let current = hub.current
                (body, key, type, policy) = (current.svg, "svg \(current.snapshot.sequence)", "image/svg+xml;charset=utf-8",
                                             "default-src 'none'; style-src 'unsafe-inline'")
            }
            guard hub.unread.hasRoom(within: LiveServer.unreadAnswerBytes, shared: key) else {
                return Refusals.busy("too many answers are waiting for their clients to read them; try again\n")
            }
            return WireResponse(status: 200, reason: "OK", contentType: type, buffer: body, shared: key,
                                headers: [("Content-Security-Policy", policy)])
        case .events:
            var response = WireResponse(status: 200, reason: "OK", contentType: "text/event-stream;charset=utf-8", body: [])
            response.stream = hub
            return response
        case .unknown:
            return notFound
        }
    }
}
