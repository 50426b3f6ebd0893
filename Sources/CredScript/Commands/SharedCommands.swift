import CredLanguage
import CredSimulator

/// The commands every SDK shares: the language's own, the virtual clock and network, and
/// the verbs that go to whichever SDK is active. Each SDK's own commands live in
/// `Flows/<SDK>/`.
enum SharedCommands {
    static let shell = "Shell and language"
    static let world = "The shared world: clock and network"
    static let verbs = "Every SDK: users and flows of the active SDK"

    static let user = Parameter("USER", "a user name", .user)
    static let secret = Parameter("SECRET", "a secret (password, PIN or passcode)", .secret, optional: true)
    static let topic = Parameter("COMMAND", "a command name", .command, optional: true, variadic: true)
    static let words = Parameter("TEXT", "text", .text, optional: true, variadic: true)
    static let reason = Parameter("REASON", "why the script is skipped", .text, variadic: true)
    static let file = Parameter("FILE", "a script file", .path)
    static let recordFile = Parameter("FILE", "a file to record into", .path)
    static let force = Parameter.flag("--force", "replace FILE if it exists")
    static let sdkName = Parameter("NAME", "an SDK name", .sdk, optional: true)
    static let duration = Parameter("DURATION", "a duration such as 90d, 12h, 30m or 45s", .duration)
    static let time = Parameter("TIME", "a time such as 2026-03-01 or 2026-03-01T12:00:00Z", .timestamp)
    static let code = Parameter("CODE", "a code or name", .code)
    static let current = Parameter("CURRENT", "the current secret", .secret)
    static let new = Parameter("NEW", "the new secret", .secret)
    static let confirm = Parameter("CONFIRM", "the new secret again", .secret, optional: true)

    static let all: [Command] = language + clockAndNetwork + activeSDK + TeachingCommands.all

    static let language: [Command] = [
        Command("help", [topic], group: shell,
                    summary: "List the shared commands and the active SDK's ('help all': every SDK's), or explain one in full",
                    example: "help update") { c throws(CommandFailure) in
            let lines = HelpText.lines(c.table, topic: try c.texts(topic), active: c.simulation.activeSDK, procedures: c.procedures,
                                       columns: c.terminalColumns)
            // At the prompt, longer than the screen: through $PAGER (TerminalHost). The
            // table's own text is never masked (HelpText.Line).
            c.page(lines)
            return []
        },
        Command("echo", [words], group: shell, summary: "Print text (variables are replaced by their values)",
                    example: "echo \"now expiring\" $user") { c throws(CommandFailure) in
            c.say(try c.joinedTexts(words))
            return []
        },
        Command("let", [Parameter("NAME", "a variable name", .text), Parameter("VALUE", "a value", .text)], group: shell,
                    summary: "Bind a variable, used later as $NAME (?= only when not bound yet, as by --var); or capture a field of the last command's first (last, N-th) event of that name",
                    example: "let pw = \"Passw0rd!\"",
                    syntaxUsage: "let NAME = VALUE or NAME ?= VALUE or [last] event EVENT.FIELD or event N.FIELD") { _ in [] },
        Command("repeat", [Parameter("COUNT", "a whole number", .integer)], group: shell,
                    summary: "Run a block COUNT times (at most 1,000,000; blocks nest at most 64 deep)",
                    example: "repeat 3 { password Wrong1! }", syntaxUsage: "repeat COUNT { ... }") { _ in [] },
        Command("source", [file], group: shell,
                    summary: "Run another script here (paths are relative to this script; nested at most 32 deep)", example: "source setup.credscript") { c throws(CommandFailure) in
            try c.runSourced(try c.text(file))
            return []
        },
        Command("sdk", [sdkName], group: shell,
                    summary: "Show the active SDK and list them all, or switch to another (each keeps its own users and state)",
                    // The second SDK: the first is active at the start.
                    example: "sdk " + Simulation.sdkTypes[min(1, Simulation.sdkTypes.count - 1)].name) { c throws(CommandFailure) in
            if let name = try c.optionalText(sdkName) {
                try refusing { () throws(SimulationError) in try c.withSimulation { (simulation: inout Simulation) throws(SimulationError) in try simulation.activate(named: name) } }
                let catalog = c.simulation.activeCatalog
                c.say("active SDK: \(catalog.name) (\(catalog.title); \(catalog.page))")
            } else {
                let active = c.simulation.activeSDK.name
                c.say(Simulation.catalogs.map { ($0.name == active ? "* " : "  ") + $0.name.padding(to: 11) + $0.title })
            }
            return []
        },
        Command("record", [force, recordFile], group: shell, role: .session,
                    summary: "At the prompt: save this session as a self-checking script (mode 0600: it holds the secrets); an existing FILE only with --force",
                    example: "record session.credscript") { c throws(CommandFailure) in
            try c.startRecording(try c.text(recordFile), overwrite: c.has(force))
            return []
        },
        Command("record stop", group: shell, role: .session, summary: "Stop recording", example: "record stop") { c throws(CommandFailure) in
            try c.stopRecording()
            return []
        },
        Command("exit", group: shell, role: .session,
                    summary: "Leave the prompt, or end the script here (successfully)", example: "exit") { c throws(CommandFailure) in
            c.endRun()
            return []
        },
        Command("skip", [reason], group: shell, role: .session,
                    summary: "End the test (or, in the setup, the script) here as skipped, saying why (credsh test and its JUnit count it skipped; a plain run exits 0)",
                    example: "skip \"the server's lockout is not simulated yet\"") { c throws(CommandFailure) in
            guard !c.isInteractive else {
                throw .cannotRun("skip ends a script as skipped; at the prompt, exit leaves")
            }
            let why = try c.texts(reason).joined(separator: " ")
            c.say("skipped: \(why)")
            c.endRun(skipped: why)
            return []
        },
    ]

    static let clockAndNetwork: [Command] = [
        Command("clock", group: world, summary: "Show the virtual time", example: "clock") { c throws(CommandFailure) in
            c.say(UTCTimestamp.format(c.simulation.now))
            return []
        },
        Command("clock advance", [duration], group: world, summary: "Move the virtual clock forward",
                    example: "clock advance 91d") { c throws(CommandFailure) in
            let seconds = try c.duration(duration)
            guard c.withSimulation({ $0.world.clock.advance(by: seconds) }) else {
                throw .cannotRun("the clock cannot go past 9999-12-31T23:59:59Z")
            }
            // A secret's duration is not shown in another spelling either (`let secret d = 90061s`).
            if c.holdsSecret(duration) {
                c.say(UTCTimestamp.format(c.simulation.now) + " (+" + ScriptWriter.mask + ")")
            } else {
                c.say(UTCTimestamp.format(c.simulation.now, prefix: "", added: SimDuration(seconds: seconds)))
            }
            return []
        },
        Command("clock set", [time], group: world, summary: "Set the virtual clock, forward or back (from 1970 to 9999)", example: "clock set 2026-03-01") { c throws(CommandFailure) in
            let text = try c.text(time)
            guard let instant = UTCTimestamp.parse(text) else { throw .cannotRun("'\(text)' is not a time such as 2026-03-01") }
            guard c.withSimulation({ $0.world.clock.set(to: instant) }) else {
                throw .cannotRun("the clock cannot go before 1970-01-01T00:00:00Z (the Unix epoch)")
            }
            c.say(UTCTimestamp.format(c.simulation.now))
            return []
        },
        networkSwitch("network down", { $0.networkUp = false }, "The device loses its connection: requests get no answer"),
        networkSwitch("network up", { $0.networkUp = true }, "The device is online again"),
        networkSwitch("server down", { $0.serverUp = false }, "The server stops answering (the device stays online)"),
        networkSwitch("server up", { $0.serverUp = true }, "The server answers again"),
    ]

    /// `flip` is a closure, not a key path: the table is built at every start-up, and its
    /// four key paths made the runtime build key-path metadata for a tenth of an empty script.
    static func networkSwitch(_ name: String, _ flip: @escaping @Sendable (inout NetworkConditions) -> Void,
                              _ summary: String) -> Command {
        Command(name, group: world, summary: summary, example: name) { c throws(CommandFailure) in
            c.withSimulation { flip(&$0.world.network) }
            let network = c.simulation.world.network
            c.say("network: \(network.networkUp ? "up" : "down"), server: \(network.serverUp ? "up" : "down")")
            return []
        }
    }

    static let activeSDK: [Command] = [
        Command("users", group: verbs, summary: "List the active SDK's users and their states", example: "users") { c throws(CommandFailure) in
            let sim = c.simulation
            let ids = sim.active.userIDs
            c.say(ids.isEmpty ? ["no users in \(sim.activeSDK.name) (add one with: user add NAME …; help user add)"] : ids.map { id in
                "\(id)  \((sim.active.states(of: id, world: sim.world) ?? []).joined(separator: ", "))"
            })
            return []
        },
        Command("user show", [user], group: verbs,
                    summary: "Show a user (never the secret: only how it is stored)", example: "user show alice") { c throws(CommandFailure) in
            let id = try c.existingUser(user)
            c.say(c.simulation.active.describeUser(id, world: c.simulation.world) ?? [])
            return []
        },
        Command("policy show", group: verbs, summary: "Show the active SDK's policy, as the app shows it and as enforced",
                    example: "policy show") { c throws(CommandFailure) in
            c.say(c.simulation.active.describePolicy())
            return []
        },
        Command("login", [user, secret], group: verbs,
                    summary: "Sign the user in with the active SDK (answering the first challenge if a secret is given)",
                    example: "login alice \"Passw0rd!\"") { c throws(CommandFailure) in
            // Each SDK decides what an unknown user means: SUSI's server answers 422, the others refuse.
            let id = try c.text(user), given = try c.optionalText(secret)
            return try refusing { () throws(SimulationError) in try c.withActive { sdk, world throws(SimulationError) in try sdk.login(id, secret: given, world: world) } }
        },
        Command("update", [current, new, confirm], group: verbs,
                    summary: "Fill the active SDK's change form (the app's checks first; CONFIRM defaults to NEW)",
                    example: "update \"Passw0rd!\" \"N3w-Passw0rd\"") { c throws(CommandFailure) in
            let old = try c.text(current), next = try c.text(new), again = try c.optionalText(confirm)
            return try refusing { () throws(SimulationError) in try c.withActive { sdk, world throws(SimulationError) in
                try sdk.update(current: old, new: next, confirm: again, world: world)
            } }
        },
        Command("logout", group: verbs, summary: "Sign the user out", example: "logout") { c throws(CommandFailure) in
            try refusing { () throws(SimulationError) in try c.withActive { sdk, world throws(SimulationError) in try sdk.logout(world: world) } }
        },
        Command("cancel", group: verbs, summary: "Cancel the screen or challenge in front of the user", example: "cancel") { c throws(CommandFailure) in
            try refusing { () throws(SimulationError) in try c.withActive { sdk, world throws(SimulationError) in try sdk.cancel(world: world) } }
        },
        Command("state", group: verbs, summary: "Who is signed in, what is pending, the network and the time",
                    example: "state") { c throws(CommandFailure) in
            // One `say` of all the lines, built where the simulation lies (Simulation.stateLines).
            let lines = c.simulation.stateLines
            c.say(lines)
            return []
        },
        Command("explain", [code], group: verbs,
                    summary: "What a code, an event or an API call means, in which flow, what the app should do, and who decided it",
                    example: "explain 118") { c throws(CommandFailure) in
            let query = try c.text(code), active = c.simulation.activeCatalog
            c.say(try refusing { () throws(SimulationError) in try ExplainText.render(query, active: active) })
            return []
        },
    ]
}
