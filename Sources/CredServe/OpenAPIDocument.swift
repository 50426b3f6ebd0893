import CredSimulator

/// The served API as an OpenAPI 3.1 document: `credsh serve --openapi` prints it, and
/// docs/openapi.json is the same text (a test checks that they are identical, and CI runs
/// schemathesis against a running server with it: Tests/contract/run-schemathesis.sh).
/// It is written from the route table `credsh serve --control` routes with (ServeRoutes):
/// each described route's operation, with the answers the HTTP layer and the access
/// middleware give on every path (Refusals), and a 405 naming the methods the path has.
/// When an answer changes, change it in the table and regenerate:
/// `credsh serve --openapi > docs/openapi.json`.
public enum OpenAPIDocument {
    /// The document for the SDK `credsh serve` serves (Simulation.servedType) and the
    /// control API, within the default limits.
    public static let text = document(served: Simulation.servedType, limits: ServeLimits())

    static func document(served: (any HTTPServedSDK.Type)?, limits: ServeLimits) -> String {
        let router = ServeRoutes.router(control: true, served: served, limits: limits)
        let description = served?.serverDescription ?? "No simulated SDK serves HTTP"
        var paths: [(String, JSONValue)] = []
        for route in router.routes {
            guard let operation = route.operation, let method = route.methods.first else { continue }
            // The access middleware's answers first: its 400 (Authorization twice) is the HTTP layer's too.
            var extra = operation.needsToken ? Refusals.access : []
            extra += Refusals.httpLayer(limits)
            // A path served for some methods only answers 405 to the others.
            let anyMethod = router.routes.contains { $0.pattern == route.pattern && $0.methods.isEmpty }
            if !anyMethod {
                extra.append(APIResponse(status: 405, description: "A method other than \(Refusals.spoken(router.methods(of: route.pattern))).",
                                         contentType: "text/plain"))
            }
            let entry = (method.lowercased(), operation.json(extra: extra))
            if let index = paths.firstIndex(where: { $0.0 == route.pattern.text }), case .object(let members) = paths[index].1 {
                paths[index].1 = .object(members + [entry])
            } else {
                paths.append((route.pattern.text, .object([entry])))
            }
        }
        let document = JSONValue.object([
            ("openapi", .string("3.1.0")),
            ("info", .object([
                ("title", .string("credsh serve")),
                ("version", .string("1")),
                ("description", .string(description + " and, with --control, the control API (README, \"The control API\"). Every status each path can answer is listed; a request refused by the HTTP layer is answered with Jetty's error page (text/html). When the simulated network or server is down, a request gets no answer at all (the connection is closed).")),
            ])),
            ("servers", .array([.object([("url", .string("http://\(ServingDefaults.host):\(ServingDefaults.port)"))])])),
            ("components", .object([("securitySchemes", .object([
                ("bearer", .object([("type", .string("http")), ("scheme", .string("bearer")),
                                    ("description", .string("The token credsh serve --control prints at start."))])),
                ("queryToken", .object([("type", .string("apiKey")), ("in", .string("query")), ("name", .string("token")),
                                        ("description", .string("The same token as ?token=."))])),
            ]))])),
            ("paths", .object(paths)),
        ])
        return PrettyJSON.text(document)
    }
}
