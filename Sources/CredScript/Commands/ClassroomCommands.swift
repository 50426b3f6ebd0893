import CredLanguage
import CredSimulator

/// The commands for a class watching a session (docs/teaching.md): the live
/// page on the projector and the practice secrets shown. The host that runs the prompt
/// serves the page; the language only asks (ClassroomRequest).
enum ClassroomCommands {
    static let port = Parameter("PORT", "a TCP port on 127.0.0.1 (0 picks a free one; default 8090)", .integer, optional: true)
    static let shownOrMasked = Parameter("shown|masked", "shown or masked", .choice(["shown", "masked"]))

    static let all: [Command] = [
        Command("live", group: TeachingCommands.group, role: .session,
                    summary: "Tell whether the live page (the session's diagram for a projector) is served, and where",
                    example: "live") { c throws(CommandFailure) in
            c.say(try c.classroom(.status))
            return []
        },
        Command("live start", [port], group: TeachingCommands.group, role: .session,
                    summary: "Serve a page on loopback that shows this session's diagram growing, the last output and the narration",
                    example: "live start 8090") { c throws(CommandFailure) in
            let number = try c.optionalInteger(port)
            if let number, ServingDefaults.port(number) == nil {
                throw .cannotRun("PORT must be \(ServingDefaults.portRange), not \(number)")
            }
            c.say(try c.classroom(.start(port: number)))
            return []
        },
        Command("live stop", group: TeachingCommands.group, role: .session,
                    summary: "Stop serving the live page (Ctrl-D at the prompt does too)", example: "live stop") { c throws(CommandFailure) in
            c.say(try c.classroom(.stop))
            return []
        },
        Command("secrets", [shownOrMasked], group: TeachingCommands.group, role: .session,
                    summary: "Show the practice secrets typed in this session in the echo, output, diagrams and live page (never in history, JSON or logs), or mask them again",
                    example: "secrets shown") { c throws(CommandFailure) in
            let shown = try c.text(shownOrMasked) == "shown"
            c.say(try c.classroom(.secrets(shown: shown)))
            return []
        },
    ]
}

/// What `live start|stop`, `live` and `secrets shown|masked` ask of the host.
public enum ClassroomRequest: Equatable, Sendable {
    /// Serve the live page on loopback; nil for the default port, 0 for any free port.
    case start(port: Int?)
    case stop
    case status
    case secrets(shown: Bool)
}

extension ScriptHost {
    /// A host without a prompt (a batch run, a test's host in memory) serves no page.
    public func classroom(_ request: ClassroomRequest) throws(HostError) -> [String] {
        throw HostError("live and secrets work at the credsh prompt; for a script, run: credsh --live [--show-secrets] [--step] SCRIPT")
    }
}
