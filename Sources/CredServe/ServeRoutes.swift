import CredSimulator

/// What answers a request of `credsh serve`, by route.
enum ServeEndpoint: Sendable {
    /// `POST /__credsh/run`, `GET /__credsh/state`, `POST /__credsh/reset`, any other
    /// `/__credsh/…` (404).
    case run, state, reset, controlOther
    /// The served SDK's server (HTTPServedSDK): its paths, and every other path it answers 404.
    case served
    /// The SDK double (docs/double.md): `POST /sdk/NAME`, `GET /sdk/NAME/events`, and
    /// `GET /__credsh/journal`; what the apps met, `GET /__credsh/coverage` (AppCoverage).
    case sdkCall, sdkEvents, journal, coverage
}

/// The route table of `credsh serve`: what is routed and what the OpenAPI document
/// describes, from the same values, so the two cannot drift apart (OpenAPIDocument).
enum ServeRoutes {
    static func router(control: Bool, served: (any HTTPServedSDK.Type)?, limits: ServeLimits = ServeLimits()) -> Router<ServeEndpoint> {
        var routes: [Route<ServeEndpoint>] = []
        for endpoint in served?.endpoints ?? [] {
            for method in endpoint.methods {
                routes.append(Route([method], endpoint.path, access: .open, operation: operation(endpoint, method: method), .served))
            }
            // Other methods too: the served server answers them itself (405, as its real one).
            routes.append(Route([], endpoint.path, access: .open, .served))
        }
        if control {
            routes += SDKWire.routes(limits)
            routes += controlRoutes(limits)
        }
        routes.append(Route([], "/*", access: .open, .served))
        return Router(routes)
    }

    /// The bytes a request's body may have on a route: a script's, or a form's.
    static func bodyLimit(_ router: Router<ServeEndpoint>, _ limits: ServeLimits) -> @Sendable (String, String) -> Int {
        // Read on the event loop for every request: a path that no script route's pattern
        // matches is a form's, without routing it through the whole table.
        let scripts = router.routes.filter { if case .run = $0.handler { return true } else { return false } }.map(\.pattern)
        return { method, path in
            guard let parts = PathPattern.segments(of: path), scripts.contains(where: { $0.match(parts: parts) != nil }) else { return limits.bodyBytes }
            if case .found(let route, _) = router.match(method: method, path: path), case .run = route.handler { return limits.scriptBytes }
            return limits.bodyBytes
        }
    }

    private static func operation(_ endpoint: ServedEndpoint, method: String) -> APIOperation {
        let posted = method == "POST"
        let answers = endpoint.answers.map { answer in
            APIResponse(status: answer.status, description: answer.description, contentType: answer.contentType,
                        schema: answer.object ? .anyObject : .string)
        }
        return APIOperation(
            summary: endpoint.summary + (posted ? " (a POST reads the query string, then a form body)" : ""),
            parameters: endpoint.parameters.map { APIParameter(name: $0, place: .query) },
            requestBody: posted ? APIBody(required: false, contentType: "application/x-www-form-urlencoded",
                                          schema: .object(properties: endpoint.parameters.map { ($0, .string) })) : nil,
            responses: answers)
    }

    private static func controlRoutes(_ limits: ServeLimits) -> [Route<ServeEndpoint>] {
        let lines = APIResponse(status: 200, description: "", contentType: "application/x-ndjson")
        let run = APIOperation(
            summary: "Run a script against the live simulation (--control).", needsToken: true,
            requestBody: APIBody(required: true, contentType: "text/plain", schema: .string),
            responses: [
                with(lines, description: "The script passed: its JSON Lines, as --format json prints them.", headers: ["Credsh-Exit-Code"]),
                with(lines, status: 400, description: "The script does not parse: its JSON Lines, an error record among them; or the token given twice (text/plain).",
                     otherContentTypes: ["text/plain"]),
                with(lines, status: 422, description: "The script failed (an expectation, a command, the step budget or the time limit): its JSON Lines."),
                busy(limits),
            ])
        let strings = APISchema.array(.string), objects = APISchema.array(.anyObject)
        let stateSchema = APISchema.object(properties: [
            ("clock", .string), ("sdk", .string), ("network", .enumeration(["up", "down"])), ("server", .enumeration(["up", "down"])),
            ("served", .anyObject), ("users", objects), ("state", strings),
            ("sdks", .array(.object(properties: [("sdk", .string), ("users", objects), ("state", strings)], required: ["sdk", "users", "state"]))),
        ], required: ["clock", "sdk", "network", "server", "served", "users", "state", "sdks"])
        let state = APIOperation(
            summary: "The world as a harness checks it (--control).", needsToken: true,
            responses: [APIResponse(
                status: 200,
                description: "The clock, the active SDK, the network, what was served, the served SDK's accounts and state lines (users, state), and every SDK's (sdks).",
                contentType: "application/json", schema: stateSchema), busy(limits)])
        let reset = APIOperation(
            summary: "Put back the scenario credsh serve started with: accounts, policy, clock, network, every device and journal (--control; docs/double.md).",
            needsToken: true,
            responses: [APIResponse(status: 200, description: "Done: the world as GET /__credsh/state answers it, after the reset.",
                                    contentType: "application/json", schema: stateSchema),
                        APIResponse(status: 400, description: "A body was sent (the reset takes none; nothing was reset), the token given twice (text/plain), or malformed (refused by the HTTP layer).",
                                    contentType: "text/plain", otherContentTypes: ["text/html"])])
        return [
            Route(["POST"], ControlAPI.runPath, access: .token, operation: run, .run),
            Route(["POST"], ControlAPI.resetPath, access: .token, operation: reset, .reset),
            Route(["GET", "HEAD"], SDKWire.journalPath, access: .token, operation: SDKWire.journalOperation(limits), .journal),
            Route(["GET", "HEAD"], ControlAPI.statePath, access: .token, operation: state, .state),
            Route(["GET", "HEAD"], AppCoverage.path, access: .token, operation: AppCoverage.operation, .coverage),
            Route([], ControlAPI.prefix + "*", access: .token, .controlOther),
        ]
    }

    /// 503 of an answer that grows with the simulation, refused while unread answers hold too much (ControlAPI).
    static func busy(_ limits: ServeLimits) -> APIResponse {
        APIResponse(status: 503, description: "Answers not yet read by their clients hold over \(Refusals.size(limits.answerBytesInFlight)): try again.",
                    contentType: "text/plain", headers: ["Retry-After"])
    }

    private static func with(_ response: APIResponse, status: Int? = nil, description: String, headers: [String] = [],
                             otherContentTypes: [String] = []) -> APIResponse {
        var copy = response
        copy.status = status ?? response.status
        copy.otherContentTypes = otherContentTypes
        copy.description = description
        copy.headers = headers
        return copy
    }
}
