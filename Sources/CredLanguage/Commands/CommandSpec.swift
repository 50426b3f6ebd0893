import Synchronization
import CredSimulator

/// What an argument of a command is. The resolver checks literals against it, the
/// completer offers candidates from it, and echoing masks it when it is a secret.
public enum ArgumentKind: Equatable, Sendable {
    case user
    case newUser
    /// A password, PIN, passcode or token: masked as *** whenever a command is echoed,
    /// recorded in history or logged.
    case secret
    case integer
    case duration
    case text
    /// What an expectation compares text with: the whole text, a code, or `~"regex"`.
    case expectedText
    case path
    /// One of a fixed set of words (`Password`, `on`/`off`/`fail`, `GET`/`POST`).
    case choice([String])
    /// An event name of the active SDK's catalog.
    case event
    /// A user state of the active SDK's catalog.
    case userState
    /// An API call of the active SDK's catalog (`call METHOD`, `expect called METHOD`).
    case call
    /// A code or name `explain` knows.
    case code
    /// An SDK name (`relid`, `onewelcome`, …).
    case sdk
    case timestamp
    case command
    /// `FIELD=VALUE` pairs matched against an event's payload.
    case fieldMatch
    /// `KEY=VALUE` pairs of a policy (or, for REL-ID, an inline JSON object).
    case policyRules(keys: [String])
    /// `NAME=VALUE` pairs of any names (the parameters of a raw HTTP request); the values
    /// of `secretNames` are masked wherever the command is shown.
    case parameters(secretNames: [String])
    /// A request's target, `PATH` or `PATH?NAME=VALUE&…`: any path (completion offers
    /// `paths`); the values of `secretNames` in its query are masked wherever the command
    /// is shown, as those of `parameters` are (RequestTarget).
    case requestTarget(paths: [String], secretNames: [String])

    var isKeyValue: Bool {
        switch self {
        case .fieldMatch, .policyRules, .parameters: return true
        default: return false
        }
    }
}

/// One argument slot of a command. Commands keep their parameters as constants and read
/// their values through them (`context.text(user)`), so a misspelt slot is a compile error.
/// A parameter's identity: a number given once, when the parameter is made (the command
/// table makes each once), never reused in a process.
public struct ParameterID: Hashable, Sendable {
    let value: Int

    private static let counter = Atomic<Int>(0)

    static func next() -> ParameterID {
        ParameterID(value: counter.add(1, ordering: .relaxed).newValue)
    }
}

/// A command entry's identity, as ParameterID is a parameter's: a number given once, when
/// the entry is made, never reused in a process. The runtime finds what an entry does by
/// it (CommandSet).
public struct CommandID: Hashable, Sendable {
    public let value: Int

    private static let counter = Atomic<Int>(0)

    static func next() -> CommandID {
        CommandID(value: counter.add(1, ordering: .relaxed).newValue)
    }
}

/// A class, immutable: the resolver, the secret scan and each command's run walk a
/// command's parameters, and a copy of a class is one reference counted where a copy of
/// the struct it was counted its strings and its kind's.
public final class Parameter: Sendable {
    /// Which parameter this is, whatever its label: what a command's arguments are keyed
    /// by, so two parameters shown alike (`FILE`) can never be taken for each other.
    public let id = ParameterID.next()
    /// As shown in usage lines: `USER`, `PASSWORD`.
    public let name: String
    /// As used in messages: "login expects a user name".
    public let label: String
    public let kind: ArgumentKind
    public let optional: Bool
    public let variadic: Bool
    /// A literal word that introduces the value, as `password` in `user add bob password P`.
    public let keyword: String?
    /// A flag: the keyword alone, with no value (`touchid` in `user add carol passcode P touchid`).
    public let isFlag: Bool

    public init(_ name: String, _ label: String, _ kind: ArgumentKind, optional: Bool = false,
                variadic: Bool = false, keyword: String? = nil) {
        self.name = name
        self.label = label
        self.kind = kind
        self.optional = optional
        self.variadic = variadic
        self.keyword = keyword
        self.isFlag = false
    }

    /// A word that is there or not: `touchid`, `stateless`.
    public static func flag(_ word: String, _ label: String) -> Parameter {
        Parameter(flag: word, label: label)
    }

    private init(flag word: String, label: String) {
        name = word
        self.label = label
        kind = .text
        optional = true
        variadic = false
        keyword = word
        isFlag = true
    }

    var usage: String {
        if isFlag { return "[\(name)]" }
        var text = keyword.map { "\($0) \(name)" } ?? name
        if variadic { text += "..." }
        return optional ? "[\(text)]" : text
    }
}

/// A command's whole description: the parser, `help`, completion, grammar.md and the
/// evaluator all read it. What it does is the runtime's (CredScript's `Command`). A class, immutable, so that
/// handing it around the parser's hot path costs one retain.
public final class CommandSpec: Sendable {
    /// How the evaluator treats the command around its run.
    public enum Role: Sendable {
        /// Does something; its result is what the next `expect` checks.
        case action
        /// Checks the last action's result; leaves it in place.
        case expectation
        /// `expect error`: an expectation that also acknowledges a failed command.
        case acknowledgement
        /// About the session itself (`record`, `exit`): never written into a recording.
        case session
    }

    public let id = CommandID.next()
    /// One or more words: `login`, `user add`, `expect no event`.
    public let name: String
    public let parameters: [Parameter]
    public let summary: String
    public let example: String
    /// The heading `help` lists it under.
    public let group: String
    /// The SDK it belongs to (`onewelcome`), or nil for a command every SDK shares.
    public let sdk: SDKID?
    public let role: Role
    /// `let`, `repeat`, `for`, `proc` and `expect VALUE OP VALUE` are statements with syntax
    /// of their own (Parser, Parser+Blocks, Parser+Captures); their usage is written out.
    public let syntaxUsage: String?
    /// The parameter that names an SDK (`sdk NAME`): a literal there switches the SDK the
    /// lines after are read for. Worked out once: the resolver asks for every command.
    public let sdkParameter: Parameter?
    /// What the resolver checks of the literal arguments beyond their kinds (a policy's values).
    let check: StaticCheck?

    public init(_ name: String, _ parameters: [Parameter] = [], group: String, sdk: SDKID? = nil, role: Role = .action,
                summary: String, example: String, syntaxUsage: String? = nil, check: StaticCheck? = nil) {
        self.name = name
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.group = group
        self.sdk = sdk
        self.role = role
        self.syntaxUsage = syntaxUsage
        self.check = check
        sdkParameter = parameters.first { $0.kind == .sdk }
        hasSecrets = parameters.contains { $0.kind == .secret }
        placesSecrets = parameters.contains {
            switch $0.kind {
            case .secret, .parameters, .requestTarget: return true
            default: return false
            }
        }
        // Split over the UTF-8 bytes, not the characters, and only a name of several words:
        // every run builds the whole table at start-up, and a split by characters cost a
        // seventh of it (callgrind).
        let space = UInt8(ascii: " ")
        self.words = name.utf8.contains(space) ? name.utf8.split(separator: space).map { String(decoding: $0, as: UTF8.self) } : [name]
        plainParameter = parameters.count == 1 && Resolver.takesPlainValues(parameters[0]) ? parameters[0] : nil
        comparesFields = parameters.contains { $0.kind == .fieldMatch }
            && parameters.contains { ($0.kind == .event || $0.kind == .call) && !$0.variadic }
    }

    /// Its `FIELD=VALUE` pairs are matched against an event's fields, or a call's, and so
    /// may compare them (`attemptsLeft<3`: `expect event`, `expect last event`, `expect no
    /// event`, `expect called`, `expect no call`).
    /// Worked out once: the resolver asks for every command.
    public let comparesFields: Bool
    /// Its only parameter, when it takes plain values (Resolver.takesPlainValues): bound at
    /// once. Worked out once: the resolver asks for every command.
    let plainParameter: Parameter?

    public let words: [String]

    public var usage: String {
        syntaxUsage ?? ([name] + parameters.map(\.usage)).joined(separator: " ")
    }

    /// Whether any argument must be masked when the command is shown. Worked out once:
    /// reading a script asks for every command (SecretScan).
    public let hasSecrets: Bool
    /// Some argument stands where a secret goes or masks secrets by their names: a secret
    /// parameter, a request's target or its parameters (`password=…`). Without one, a
    /// command gives no secret by the place of its arguments, and reading a script, which
    /// asks of every command twice (SecretFlow, SecretScan), looks at each literal once.
    package let placesSecrets: Bool

    package var isExpectation: Bool { role == .expectation || role == .acknowledgement }
}
