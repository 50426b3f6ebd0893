import CredLanguage
import CredSimulator

extension SusiFlow {
    /// No SDK: the app sends HTTP requests to the server and gets its answers. A request
    /// reads `POST /aaa/login.json` and an answer `HTTP 200`, each with its parameters or
    /// JSON members after it. Every answer ends a flow.
    static let cast = FlowCast(
        lifelines: [.init("app", "user / app"), .init("server", "SUSI server (HTTP)")],
        app: "app", sdk: "server", server: "server",
        eventRoutes: ["request": .init("app", "server"), "response": .init("server", "app")],
        flowEnds: ["response"], requests: ["request"],
        heading: { name, fields in
            func text(_ key: String) -> String? {
                if case .string(let s)? = fields.first(where: { $0.0 == key })?.1 { return s }
                return nil
            }
            switch name {
            case "request":
                let line = [text("method"), text("path")].compactMap { $0 }.joined(separator: " ")
                return (line.isEmpty ? name : line, fields.filter { $0.0 != "method" && $0.0 != "path" })
            case "response":
                guard case .int(let status)? = fields.first(where: { $0.0 == "status" })?.1 else { return (name, fields) }
                return ("HTTP \(status)", fields.filter { $0.0 != "status" })
            default:
                return (name, fields)
            }
        })

    static let apis: [APISummary] = []
}
