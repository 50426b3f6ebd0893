import CredSimulator

/// The one table of commands: the shared ones and each SDK's own. Add a command to it and
/// the parser accepts it, `help` lists it, Tab completes it, and the grammar test demands
/// it in grammar.md. Several SDKs may have a command of the same name (`user add`,
/// `policy password`); which one a line means depends on the SDK active there.
public struct CommandTable: Sendable {
    public let commands: [CommandSpec]
    /// The names as a tree of words (`user` → `add`, `show`), for the parser's look-up.
    public let root: NameNode

    /// `source FILE`, whose file the resolver reads for the procedures it defines (Resolver+Procedures).
    public let sourceCommand: CommandSpec?

    /// The names of request parameters that carry secrets, in any command of any SDK
    /// (`password`, `newpassword`, …), sorted: a query written anywhere (`let url =
    /// "/aaa/login.json?password=…"`) has its values of these names learnt as secrets.
    public let querySecretNames: [String]

    public init(commands: [CommandSpec]) {
        self.commands = commands
        sourceCommand = commands.first { $0.name == "source" }
        var secretNames: [String] = []
        for parameter in commands.lazy.flatMap(\.parameters) {
            switch parameter.kind {
            case .requestTarget(_, let names), .parameters(let names): secretNames += names
            default: break
            }
        }
        querySecretNames = Array(Set(secretNames)).sorted()
        let root = NameNode()
        for spec in commands {
            var node = root
            for word in spec.words {
                if let next = node.children[word] {
                    node = next
                } else {
                    let next = NameNode()
                    node.children.insert(next, for: word)
                    node = next
                }
            }
            node.specs.append(spec)
            if spec.syntaxUsage != nil { node.hasOwnSyntax = true }
            if spec.role == .acknowledgement { node.acknowledges = true }
            if spec.comparesFields { node.comparesFields = true }
        }
        self.root = root
    }

    /// One word of a command name: the commands it completes, and the words that may follow.
    public final class NameNode: @unchecked Sendable {
        // Built once in `init` and never changed after, hence unchecked.
        public fileprivate(set) var children = Words()
        public fileprivate(set) var specs: [CommandSpec] = []
        /// A statement with syntax of its own has this name (`for`, `proc`, `expect`): the
        /// parser reads it by its own rules (Parser+Blocks, Parser+Captures).
        public fileprivate(set) var hasOwnSyntax = false
        /// `expect error`: the name acknowledges a failed command before it.
        public fileprivate(set) var acknowledges = false
        /// Some entry of the name compares fields (`attemptsLeft<3`): the parser reads
        /// `KEY OP VALUE` in its arguments.
        public fileprivate(set) var comparesFields = false

        /// The command this name means with `sdk` active: its own, else the shared one,
        /// else another SDK's (which the evaluator then refuses, naming the SDKs that have it).
        public func spec(for sdk: SDKID) -> CommandSpec? {
            // Most names have one entry, which every SDK gets (the resolver asks for each command).
            if specs.count == 1 { return specs[0] }
            return specs.first { $0.sdk == sdk } ?? specs.first { $0.sdk == nil } ?? specs.first
        }

        /// Whether some command of `sdk` (or a shared one) starts with this name.
        func offers(_ sdk: SDKID) -> Bool {
            specs.contains { $0.sdk == nil || $0.sdk == sdk } || children.values.contains { $0.offers(sdk) }
        }
    }

    /// The words that may follow a name, sorted, looked up by binary search. Not a
    /// `[String: NameNode]`: the first dictionary with String keys a process builds makes
    /// the Swift runtime look up `String: Hashable` by scanning every protocol conformance
    /// in the executable, about a fifth of an empty script's instructions in the static
    /// binary, and more with every package linked in (README, "Serving over HTTP").
    public struct Words: Sendable {
        public private(set) var keys: [String] = []
        public private(set) var values: [NameNode] = []

        public subscript(word: String) -> NameNode? {
            let index = position(of: word)
            return index < keys.count && keys[index] == word ? values[index] : nil
        }

        /// Where `word` is or would go.
        private func position(of word: String) -> Int {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < word { low = middle + 1 } else { high = middle }
            }
            return low
        }

        fileprivate mutating func insert(_ node: NameNode, for word: String) {
            let index = position(of: word)
            keys.insert(word, at: index)
            values.insert(node, at: index)
        }
    }

    /// Every command: the language's own, then each SDK's, in the order of `Simulation.sdkTypes`.
    public static let standard = CommandTable(commands: SharedCommands.all + ClassroomCommands.all + SDKFlows.all.flatMap { $0.commands }
        + ExpectCommands.all + DoubleCommands.all + LanguageCommands.all)

    /// The distinct first words, sorted: what Tab offers at the start of a line.
    public var firstWords: [String] { root.children.keys }

    /// The first words of the commands `sdk` can run.
    public func firstWords(for sdk: SDKID) -> [String] {
        zip(root.children.keys, root.children.values).filter { $0.1.offers(sdk) }.map(\.0)
    }

    /// Commands whose name begins with these words.
    public func commands(startingWith words: [String]) -> [CommandSpec] {
        commands.filter { spec in
            let name = spec.words
            return name.count >= words.count && zip(name, words).allSatisfy { $0.0 == $0.1 }
        }
    }

    /// The SDKs that have a command of this name (empty for a shared one).
    public func sdks(having name: String) -> [SDKID] {
        commands.filter { $0.name == name }.compactMap(\.sdk)
    }

    /// The headings `help` shows, in the order of the table.
    public var groups: [String] {
        var seen: [String] = []
        for spec in commands where !seen.contains(spec.group) { seen.append(spec.group) }
        return seen
    }
}
