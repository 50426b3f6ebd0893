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

    /// Each SDK's words beyond its catalog, by SDK (the resolver checks fields and values
    /// against them).
    private let vocabularies: [any SDKVocabulary.Type]

    public init(commands: [CommandSpec], vocabularies: [any SDKVocabulary.Type] = []) {
        self.commands = commands
        self.vocabularies = vocabularies
        sourceCommand = commands.first { $0.name == "source" }
        var secretNames: [String] = []
        for parameter in commands.lazy.flatMap(\.parameters) {
            switch parameter.kind {
            case .requestTarget(_, let names), .parameters(let names): secretNames += names
            default: break
            }
        }
        querySecretNames = Array(Set(secretNames)).sorted()
        var root = NodeBuilder()
        for spec in commands { root.add(spec, from: 0) }
        self.root = NameNode(root)
    }

    /// The tree of names as it is put together; NameNode is its frozen copy. A value, changed
    /// in place: a class's properties are checked for overlapping access at run time, a
    /// cost at every start-up (the table is built for every run).
    fileprivate struct NodeBuilder {
        /// Sorted, as Words keeps them.
        var words: [String] = []
        var next: [NodeBuilder] = []
        var specs: [CommandSpec] = []

        /// Files `spec` under its words from the `depth`-th on (one level per word of a name).
        mutating func add(_ spec: CommandSpec, from depth: Int) {
            guard depth < spec.words.count else { return specs.append(spec) }
            let word = spec.words[depth]
            let index = Words.position(of: word, in: words)
            if index == words.count || words[index] != word {
                words.insert(word, at: index)
                next.insert(NodeBuilder(), at: index)
            }
            next[index].add(spec, from: depth + 1)
        }
    }

    /// One word of a command name: the commands it completes, and the words that may follow.
    public final class NameNode: Sendable {
        public let children: Words
        public let specs: [CommandSpec]
        /// A statement with syntax of its own has this name (`for`, `proc`, `expect`): the
        /// parser reads it by its own rules (Parser+Blocks, Parser+Captures).
        public let hasOwnSyntax: Bool
        /// `expect error`: the name acknowledges a failed command before it.
        public let acknowledges: Bool
        /// Some entry of the name compares fields (`attemptsLeft<3`): the parser reads
        /// `KEY OP VALUE` in its arguments.
        public let comparesFields: Bool
        /// Some entry of the name takes `KEY=VALUE` pairs (`policy password history=3`,
        /// `expect event … statusCode=100`): the parser keeps its arguments as a list of
        /// both kinds from the start (RawArguments), not as values turned into one.
        public let takesPairs: Bool

        /// Freezes a node built in `CommandTable.init`, and the nodes under it (one per
        /// word of a command name: the recursion is as deep as the longest name).
        fileprivate init(_ built: NodeBuilder) {
            children = built.words.isEmpty ? Words.leaf : Words(keys: built.words, values: built.next.map { NameNode($0) })
            specs = built.specs
            hasOwnSyntax = built.specs.contains { $0.syntaxUsage != nil }
            acknowledges = built.specs.contains { $0.role == .acknowledgement }
            comparesFields = built.specs.contains { $0.comparesFields }
            takesPairs = built.specs.contains { $0.parameters.contains { $0.kind.isKeyValue } }
        }

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

    /// The words that may follow a name, sorted, found by binary search. Not a
    /// `[String: NameNode]`: the first dictionary with String keys a process builds makes
    /// the Swift runtime look up `String: Hashable` by scanning every protocol conformance
    /// in the executable, about a fifth of an empty script's start-up (docs/performance.md).
    public final class Words: Sendable {
        public let keys: [String]
        public let values: [NameNode]

        /// `keys` sorted, each with its node.
        fileprivate init(keys: [String], values: [NameNode]) {
            self.keys = keys
            self.values = values
        }

        /// A leaf's words: none, one instance for every leaf.
        fileprivate static let leaf = Words(keys: [], values: [])

        public subscript(word: String) -> NameNode? {
            let index = Words.position(of: word, in: keys)
            return index < keys.count && keys[index] == word ? values[index] : nil
        }

        /// Where `word` is or would go in `keys` (sorted).
        fileprivate static func position(of word: String, in keys: [String]) -> Int {
            var low = 0, high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < word { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// The words `sdk` adds to its catalog's; nil when it adds none.
    public func vocabulary(of sdk: SDKID) -> (any SDKVocabulary.Type)? {
        vocabularies.first { $0.sdkID == sdk }
    }

    /// The words the SDK named `sdkName` adds; nil when it adds none.
    public func vocabulary(named sdkName: String) -> (any SDKVocabulary.Type)? {
        vocabularies.first { $0.sdkID.name == sdkName }
    }

    /// The fields a script may name for an event of `sdk`: the payload's, and the readable ones.
    public func fieldNames(of event: EventSpec, sdk: SDKID) -> [String] {
        event.fields.map(\.name) + (vocabulary(of: sdk)?.readableFieldNames[event.name] ?? [])
    }

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
