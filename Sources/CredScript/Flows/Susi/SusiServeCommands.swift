import CredLanguage
import CredSimulator

/// `serve start [PORT]`, `serve stop`, `serve`: the simulated SUSI server over real HTTP,
/// in the background while the prompt goes on (docs/susi.md, "Serving over HTTP"). The
/// host that runs the prompt does the serving; the language only asks.
extension SusiFlow {
    static let port = Parameter("PORT", "a TCP port on \(ServingDefaults.host) (0 picks a free one; default \(ServingDefaults.port))", .integer, optional: true)

    static let serveCommands: [Command] = [
        Command("serve", group: group, sdk: sdkID, role: .session,
                    summary: "Tell whether the SUSI server is served over HTTP, where, and what it answered so far",
                    example: "serve") { c throws(CommandFailure) in
            c.say(try host(c, .status))
            return []
        },
        Command("serve start", [port], group: group, sdk: sdkID, role: .session,
                    summary: "Serve /aaa/login.json and /aaa/changepassword.json over HTTP on loopback; each request shows here as events",
                    example: "serve start \(ServingDefaults.port)") { c throws(CommandFailure) in
            let number = try c.optionalInteger(port)
            if let number, ServingDefaults.port(number) == nil {
                throw .cannotRun("PORT must be \(ServingDefaults.portRange), not \(number)")
            }
            c.say(try host(c, .start(port: number)))
            return []
        },
        Command("serve stop", group: group, sdk: sdkID, role: .session,
                    summary: "Stop serving over HTTP (Ctrl-D at the prompt does too)", example: "serve stop") { c throws(CommandFailure) in
            c.say(try host(c, .stop))
            return []
        },
    ]

    private static func host(_ c: CommandContext, _ request: ServeRequest) throws(CommandFailure) -> [String] {
        return try c.serve(request)
    }
}
