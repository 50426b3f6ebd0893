import CredSimulator

/// The one table of commands. Add a command here and the parser accepts it, `help`
/// lists it, Tab completes it, and the grammar test demands it in grammar.md.
public struct CommandTable: Sendable {
    public let commands: [CommandSpec]
    /// The names as a tree of words (`user` → `add`, `show`), for the parser's look-up.
    public let root: NameNode

    public init(commands: [CommandSpec]) {
        self.commands = commands
        let root = NameNode()
        for spec in commands {
            var node = root
            for word in spec.words {
                if let next = node.children[word] {
                    node = next
                } else {
                    let next = NameNode()
                    node.children[word] = next
                    node = next
                }
            }
            node.spec = spec
        }
        self.root = root
    }

    /// One word of a command name: the command it completes, and the words that may follow.
    public final class NameNode: @unchecked Sendable {
        // Built once in `init` and never changed after, hence unchecked.
        public fileprivate(set) var children: [String: NameNode] = [:]
        public fileprivate(set) var spec: CommandSpec?
    }

    public static let standard = CommandTable(commands: CommandTable.all)

    /// The distinct first words, sorted: what Tab offers at the start of a line.
    public var firstWords: [String] {
        root.children.keys.sorted()
    }

    /// Commands whose name begins with these words.
    public func commands(startingWith words: [String]) -> [CommandSpec] {
        commands.filter { spec in
            let name = spec.words
            return name.count >= words.count && zip(name, words).allSatisfy { $0.0 == $0.1 }
        }
    }

    private static let user = Parameter("USER", "a user name", .user)
    private static let count = Parameter("COUNT", "a whole number", .integer)

    static let all: [CommandSpec] = [
        // Shell and language
        CommandSpec(.help, "help", [Parameter("COMMAND", "a command name", .command, optional: true, variadic: true)], group: .shell,
                    summary: "List the commands, or explain one in full", example: "help update"),
        CommandSpec(.echo, "echo", [Parameter("TEXT", "text", .text, optional: true, variadic: true)], group: .shell,
                    summary: "Print text (variables are replaced by their values)", example: "echo \"now expiring\" $user"),
        CommandSpec(.letBinding, "let", [Parameter("NAME", "a variable name", .text), Parameter("VALUE", "a value", .text)], group: .shell,
                    summary: "Bind a variable, used later as $NAME", example: "let pw = \"Passw0rd!\"",
                    syntaxUsage: "let NAME = VALUE"),
        CommandSpec(.repeatBlock, "repeat", [count], group: .shell,
                    summary: "Run a block COUNT times (at most 1,000,000; blocks nest at most 64 deep)",
                    example: "repeat 3 { password Wrong1! }", syntaxUsage: "repeat COUNT { ... }"),
        CommandSpec(.source, "source", [Parameter("FILE", "a script file", .path)], group: .shell,
                    summary: "Run another script here (paths are relative to this script)", example: "source setup.credscript"),
        CommandSpec(.recordStart, "record", [Parameter("FILE", "a file to record into", .path)], group: .shell,
                    summary: "At the prompt: save this session as a self-checking script (mode 0600: it holds passwords)",
                    example: "record session.credscript"),
        CommandSpec(.recordStop, "record stop", group: .shell,
                    summary: "Stop recording", example: "record stop"),
        CommandSpec(.exit, "exit", group: .shell,
                    summary: "Leave the prompt, or end the script here (successfully)", example: "exit"),

        // Server administration
        CommandSpec(.userAdd, "user add", [Parameter("USER", "a new user name", .newUser),
                                             Parameter("PASSWORD", "a password", .secret, optional: true, keyword: "password")],
                    group: .server,
                    summary: "Add a user: activated with a password, or awaiting activation (mode 1) without",
                    example: "user add alice password \"Passw0rd!\""),
        CommandSpec(.userShow, "user show", [user], group: .server,
                    summary: "Show a user's account (never the password: the KDF and its cost)", example: "user show alice"),
        CommandSpec(.users, "users", group: .server, summary: "List the users and their states", example: "users"),
        CommandSpec(.block, "block", [user], group: .server, summary: "Block a user (login answers 153)", example: "block alice"),
        CommandSpec(.unblock, "unblock", [user], group: .server,
                    summary: "Unblock a user and restore their attempts", example: "unblock alice"),
        CommandSpec(.expire, "expire", [user], group: .server,
                    summary: "Expire a user's password (next login: 118 and mode 4; during a mode 2 update: 110)",
                    example: "expire alice"),
        CommandSpec(.policyPassword, "policy password",
                    [Parameter("RULES", "a JSON object or KEY=VALUE pairs", .policyRules, variadic: true)], group: .server,
                    summary: "Set the password policy: RELID_PASSWORD_POLICY JSON, or keys (also history, maxAge, attempts)",
                    example: "policy password minL=8 maxL=16 history=3 maxAge=90d attempts=3"),
        CommandSpec(.policyShow, "policy show", group: .server,
                    summary: "Show the policy, as sent to the app and as enforced", example: "policy show"),
        CommandSpec(.kdf, "kdf", [Parameter("ROUNDS", "a round count", .integer, optional: true)], group: .server,
                    summary: "Show or set the PBKDF2 round count for passwords stored from now on", example: "kdf 10000"),

        // Virtual clock
        CommandSpec(.clock, "clock", group: .time, summary: "Show the virtual time", example: "clock"),
        CommandSpec(.clockAdvance, "clock advance", [Parameter("DURATION", "a duration such as 90d, 12h, 30m or 45s", .duration)],
                    group: .time, summary: "Move the virtual clock forward", example: "clock advance 91d"),
        CommandSpec(.clockSet, "clock set", [Parameter("TIME", "a time such as 2026-03-01 or 2026-03-01T12:00:00Z", .timestamp)],
                    group: .time, summary: "Set the virtual clock", example: "clock set 2026-03-01"),

        // REL-ID flows
        CommandSpec(.login, "login", [user, Parameter("PASSWORD", "a password", .secret, optional: true)], group: .relid,
                    summary: "setUser, then setPassword if a password is given", example: "login alice \"Passw0rd!\""),
        CommandSpec(.password, "password", [Parameter("PASSWORD", "a password", .secret),
                                            Parameter("CONFIRM", "the password again", .secret, optional: true)], group: .relid,
                    summary: "Answer a pending mode 0 (verify) or mode 1 (set) challenge", example: "password \"Passw0rd!\""),
        CommandSpec(.update, "update", [Parameter("CURRENT", "the current password", .secret),
                                        Parameter("NEW", "a new password", .secret),
                                        Parameter("CONFIRM", "the new password again", .secret, optional: true)], group: .relid,
                    summary: "Fill the update form (app checks first), then updatePassword with the pending mode 2 or 4",
                    example: "update \"Passw0rd!\" \"N3w-Passw0rd\""),
        CommandSpec(.challenges, "challenges", group: .relid,
                    summary: "getAllChallenges for the logged-in user", example: "challenges"),
        CommandSpec(.initiate, "initiate", [Parameter("CREDENTIAL", "a credential type", .credential)], group: .relid,
                    summary: "initiateUpdateFlowForCredential (case-sensitive: \"Password\")", example: "initiate Password"),
        CommandSpec(.logout, "logout", group: .relid, summary: "logOff the logged-in user", example: "logout"),
        CommandSpec(.cancel, "cancel", group: .relid,
                    summary: "Cancel the screen shown: resetAuthState at login, close the mode 2 screen", example: "cancel"),
        CommandSpec(.state, "state", group: .relid,
                    summary: "Who is logged in, the pending challenge, attempts left, the time", example: "state"),
        CommandSpec(.explain, "explain", [Parameter("CODE", "a status code, challenge mode, error code or SDK name", .code)],
                    group: .relid, summary: "What a code means, in which flow, what the app should do, and who decided it",
                    example: "explain 118"),

        // Expectations
        CommandSpec(.expectEvent, "expect event", [Parameter("EVENT", "an event name", .event),
                                                   Parameter("FIELD=VALUE", "fields to match", .fieldMatch, optional: true, variadic: true)],
                    group: .expect, summary: "Some callback of the last command has this name and these fields",
                    example: "expect event getPassword challengeMode=4 statusCode=118"),
        CommandSpec(.expectEvents, "expect events", [Parameter("EVENT", "event names", .event, optional: true, variadic: true)],
                    group: .expect, summary: "The last command's callbacks are exactly these, in this order",
                    example: "expect events getPassword onUserLoggedIn"),
        CommandSpec(.expectNoEvent, "expect no event", [Parameter("EVENT", "an event name", .event),
                                                        Parameter("FIELD=VALUE", "fields to match", .fieldMatch, optional: true, variadic: true)],
                    group: .expect, summary: "No callback of the last command has this name (and these fields)",
                    example: "expect no event onUserLoggedOff"),
        CommandSpec(.expectError, "expect error", [Parameter("MESSAGE", "an error message or code", .text)], group: .expect,
                    summary: "The last command failed with this message (or text within it) or error code",
                    example: "expect error \"New password and confirm password do not match\""),
        CommandSpec(.expectState, "expect state", [user, Parameter("STATE", "a state", .userState)], group: .expect,
                    summary: "The user is logged-in, logged-out, expired, blocked or not-activated",
                    example: "expect state alice logged-in"),
        CommandSpec(.expectAttemptsLeft, "expect attemptsLeft", [count], group: .expect,
                    summary: "The pending password challenge has this many attempts left", example: "expect attemptsLeft 2"),
    ]
}

/// Names the parser and completer know beyond the table: events and user states.
public enum Vocabulary {
    public static let events = RelIDEvents.names
    public static let userStates = Simulation.UserState.allCases.map(\.rawValue)
    public static let credentials = [RelIDSDK.passwordCredential]
    public static let policyKeys = PasswordPolicy.relidKeys + PasswordPolicy.serverKeys
}
