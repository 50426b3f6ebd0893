import CredSimulator

/// `serve start [PORT]`, `serve stop`, `serve`: the simulated SUSI server over real HTTP,
/// in the background while the prompt goes on (docs/susi.md, "Serving over HTTP"). The
/// host that runs the prompt does the serving; the language only asks.
extension SusiFlow {
    static let port = Parameter("PORT", "a TCP port on 127.0.0.1 (0 picks a free one; default 8080)", .integer, optional: true)

    static let serveCommands: [CommandSpec] = [
        CommandSpec("serve", group: group, sdk: sdkID, role: .session,
                    summary: "Tell whether the SUSI server is served over HTTP, where, and what it answered so far",
                    example: "serve") { c throws(CommandFailure) in
            c.say(try host(c, .status))
            return []
        },
        CommandSpec("serve start", [port], group: group, sdk: sdkID, role: .session,
                    summary: "Serve /aaa/login.json and /aaa/changepassword.json over HTTP on loopback; each request shows here as events",
                    example: "serve start 8080") { c throws(CommandFailure) in
            let number = try c.optionalInteger(port)
            if let number, !(0...65_535).contains(number) {
                throw .cannotRun("PORT must be from 0 to 65535 (0 picks a free port), not \(number)")
            }
            c.say(try host(c, .start(port: number)))
            return []
        },
        CommandSpec("serve stop", group: group, sdk: sdkID, role: .session,
                    summary: "Stop serving over HTTP (Ctrl-D at the prompt does too)", example: "serve stop") { c throws(CommandFailure) in
            c.say(try host(c, .stop))
            return []
        },
    ]

    private static func host(_ c: CommandContext, _ request: ServeRequest) throws(CommandFailure) -> [String] {
        return try c.serve(request)
    }
}
