/// What an argument of a command is. The parser checks literals against it, the
/// completer offers candidates from it, and echoing masks it when it is a secret.
public enum ArgumentKind: Equatable, Sendable {
    case user
    case newUser
    /// A password: masked as *** whenever a command is echoed, recorded in history or logged.
    case secret
    case integer
    case duration
    case text
    case path
    case credential
    case event
    case userState
    case code
    case timestamp
    case command
    /// `FIELD=VALUE` pairs.
    case fieldMatch
    /// An inline JSON object, or `KEY=VALUE` pairs.
    case policyRules

    var isKeyValue: Bool { self == .fieldMatch || self == .policyRules }
}

/// One argument slot of a command.
public struct Parameter: Sendable {
    /// As shown in usage lines: `USER`, `PASSWORD`.
    public let name: String
    /// As used in messages: "login expects a user name".
    public let label: String
    public let kind: ArgumentKind
    public let optional: Bool
    public let variadic: Bool
    /// A literal word that introduces the value, as `password` in `user add bob password P`.
    public let keyword: String?

    public init(_ name: String, _ label: String, _ kind: ArgumentKind, optional: Bool = false,
                variadic: Bool = false, keyword: String? = nil) {
        self.name = name
        self.label = label
        self.kind = kind
        self.optional = optional
        self.variadic = variadic
        self.keyword = keyword
    }

    var usage: String {
        var text = keyword.map { "\($0) \(name)" } ?? name
        if variadic { text += "..." }
        return optional ? "[\(text)]" : text
    }
}

/// Every command of the language, each named once; the evaluator switches over this
/// enum, so the compiler makes sure each has an implementation.
public enum CommandID: Sendable {
    case help, echo, source, exit, recordStart, recordStop, letBinding, repeatBlock
    case userAdd, userShow, users, block, unblock, expire, policyPassword, policyShow, kdf
    case clock, clockAdvance, clockSet
    case login, password, update, challenges, initiate, logout, cancel, state, explain
    case expectEvent, expectEvents, expectNoEvent, expectError, expectState, expectAttemptsLeft
}

/// A command's whole description: the parser, `help`, completion and grammar.md all read it.
/// A class, immutable, so that handing it around the parser's hot path costs one retain.
public final class CommandSpec: Sendable {
    public enum Group: String, CaseIterable, Sendable {
        case shell = "Shell and language"
        case server = "Server administration"
        case time = "Virtual clock"
        case relid = "REL-ID password flows (the app and its SDK)"
        case expect = "Expectations (self-checking scripts)"
    }

    public let id: CommandID
    /// One or more words: `login`, `user add`, `expect no event`.
    public let name: String
    public let parameters: [Parameter]
    public let summary: String
    public let example: String
    public let group: Group
    /// `let` and `repeat` are statements with syntax of their own; their usage is written out.
    public let syntaxUsage: String?

    public init(_ id: CommandID, _ name: String, _ parameters: [Parameter] = [], group: Group,
                summary: String, example: String, syntaxUsage: String? = nil) {
        self.id = id
        self.name = name
        self.parameters = parameters
        self.summary = summary
        self.example = example
        self.group = group
        self.syntaxUsage = syntaxUsage
        self.words = name.split(separator: " ").map(String.init)
    }

    public let words: [String]

    public var usage: String {
        syntaxUsage ?? ([name] + parameters.map(\.usage)).joined(separator: " ")
    }

    /// Whether any argument must be masked when the command is shown.
    public var hasSecrets: Bool { parameters.contains { $0.kind == .secret } }
}
