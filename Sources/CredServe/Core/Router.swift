/// A path as routes name it: `/__credsh/run`, `/sdk/{name}/events` (`{name}` one segment,
/// not empty), `/__credsh/*` (`*` last: any rest, none included). Paths are compared as
/// sent, without percent-decoding, segment by segment.
struct PathPattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case rest
    }

    let segments: [Segment]
    /// As written: what the OpenAPI document names the path.
    let text: String

    init(_ text: String) {
        self.text = text
        segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            if part == "*" { return .rest }
            if part.first == "{", part.last == "}" { return .parameter(String(part.dropFirst().dropLast())) }
            return .literal(String(part))
        }
    }

    /// The parameters when `path` is one of this pattern's; nil when it is not.
    func match(_ path: String) -> [String: String]? {
        Self.segments(of: path).flatMap { match(parts: $0) }
    }

    /// A path's segments after its leading `/`; nil when it does not start with one. A
    /// router splits a path once for all its patterns.
    static func segments(of path: String) -> [Substring.UTF8View]? {
        let utf8 = path.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        // One pass into one array (a generic split and a map made two, on every request).
        var parts: [Substring.UTF8View] = []
        parts.reserveCapacity(4)
        var start = utf8.index(after: utf8.startIndex)
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: "/") {
                parts.append(utf8[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        parts.append(utf8[start...])
        return parts
    }

    /// The same, for a path's segments (`segments(of:)`).
    func match(parts: [Substring.UTF8View]) -> [String: String]? {
        var parameters: [String: String] = [:]
        var index = 0
        for segment in segments {
            switch segment {
            case .rest:
                return parameters
            case .literal(let literal):
                guard index < parts.count, Substring(parts[index]) == literal else { return nil }
            case .parameter(let name):
                guard index < parts.count, !parts[index].isEmpty else { return nil }
                parameters[name] = String(Substring(parts[index]))
            }
            index += 1
        }
        return index == parts.count ? parameters : nil
    }
}

/// Who may use a route: anyone (the served SDK's paths, as its real server), or only a
/// client that passes the router's middleware (RouterMiddleware; credsh's: Host, Origin,
/// token).
enum RouteAccess: Sendable {
    case open
    case token
}

/// One route: the methods (none: any), the path, who may use it, what it is in the API's
/// description (nil: not described, as a catch-all), and what answers it. A class: every
/// request is matched against the table, and a struct's copy of each route it looked at
/// (its description's many strings) was retained and released each time.
final class Route<Handler: Sendable>: Sendable {
    let methods: [String]
    let pattern: PathPattern
    let access: RouteAccess
    let operation: APIOperation?
    let handler: Handler

    init(_ methods: [String], _ pattern: String, access: RouteAccess, operation: APIOperation? = nil, _ handler: Handler) {
        self.methods = methods
        self.pattern = PathPattern(pattern)
        self.access = access
        self.operation = operation
        self.handler = handler
    }

    func allows(_ method: String) -> Bool { methods.isEmpty || methods.contains(method) }
}

/// Where a request goes.
enum RouteMatch<Handler: Sendable> {
    case found(Route<Handler>, parameters: [String: String])
    /// The path is routed, but not for this method: answered 405 naming `allowed`, after
    /// the access check of the route that claimed the path.
    case wrongMethod(allowed: [String], access: RouteAccess, handler: Handler)
    case notFound

    /// Who may use what the request matched: the route's; for a wrong method, the route
    /// that claimed the path; anyone when nothing matched (it is answered 404).
    var access: RouteAccess {
        switch self {
        case .found(let route, _): return route.access
        case .wrongMethod(_, let access, _): return access
        case .notFound: return .open
        }
    }
}

/// A step every routed request passes before its handler, in the shape of Hummingbird's
/// `RouterMiddleware`: it answers the request itself, or hands it on (`next`). Handlers
/// never call it by hand: `Router.respond` puts it in front of them.
protocol RouterMiddleware<Request, Response>: Sendable {
    associatedtype Request
    associatedtype Response
    func handle(_ request: Request, access: RouteAccess, next: (Request) -> Response) -> Response
}

/// Method and path to a handler, the one way every server of credsh routes (`serve`, the
/// live page). The first route whose path and method match wins; when a route earlier in
/// the table matched the path but not the method, the answer is 405 with the methods the
/// path has, even if a catch-all of another path later would take it.
struct Router<Handler: Sendable>: Sendable {
    let routes: [Route<Handler>]

    init(_ routes: [Route<Handler>]) { self.routes = routes }

    func match(method: String, path: String) -> RouteMatch<Handler> {
        var claimed: Route<Handler>?
        var allowed: [String] = []
        guard let parts = PathPattern.segments(of: path) else { return .notFound }
        for route in routes {
            guard let parameters = route.pattern.match(parts: parts) else { continue }
            if route.allows(method) {
                // A catch-all of another path does not take a method the claimed path lacks;
                // a route of the same path for any method does.
                if let claimed, claimed.pattern != route.pattern {
                    return .wrongMethod(allowed: allowed, access: claimed.access, handler: claimed.handler)
                }
                return .found(route, parameters: parameters)
            }
            if claimed == nil { claimed = route }
            if claimed?.pattern == route.pattern { allowed += route.methods.filter { !allowed.contains($0) } }
        }
        if let claimed { return .wrongMethod(allowed: allowed, access: claimed.access, handler: claimed.handler) }
        return .notFound
    }

    /// Matches a request and answers it through `middleware`, which decides whether
    /// `handler` sees it at all.
    func respond<Middleware: RouterMiddleware>(
        to request: Middleware.Request, method: String, path: String, through middleware: Middleware,
        _ handler: (RouteMatch<Handler>, Middleware.Request) -> Middleware.Response
    ) -> Middleware.Response {
        let match = self.match(method: method, path: path)
        return middleware.handle(request, access: match.access) { handler(match, $0) }
    }

    /// The methods a described path answers, in the table's order: for its 405.
    func methods(of pattern: PathPattern) -> [String] {
        var methods: [String] = []
        for route in routes where route.pattern == pattern {
            methods += route.methods.filter { !methods.contains($0) }
        }
        return methods
    }
}
