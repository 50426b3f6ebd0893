/// A value as written in the script, with where it was written.
public struct Expression: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case word(String)
        case string(String)
        /// `~"regex"`, where an expectation compares text.
        case pattern(String)
        case integer(Int)
        case duration(Int64)
        case json(String)
        case variable(String)
    }

    public let kind: Kind
    let span: SourceSpan
    /// A number or a duration as written (`007`, `24h`): where it stands for text (a
    /// secret, a name) and wherever the statement is written back out (echo, `record`),
    /// it keeps this spelling, not its value's (`7`, `1d`). Only a number or a duration
    /// has one.
    public let spelling: String?

    /// `spelling` is kept for a number or a duration only.
    public init(kind: Kind, position: SourcePosition, length: Int = 0, spelling: String? = nil) {
        self.kind = kind
        span = SourceSpan(position, length: length)
        switch kind {
        case .integer, .duration: self.spelling = spelling
        default: self.spelling = nil
        }
    }

    public var position: SourcePosition { span.position }
    /// Bytes of source it covers: where to put *** when a line is masked for history.
    public var length: Int { span.length }

    /// The bytes of the source it was read from.
    public var sourceRange: Range<Int> { Int(span.offset)..<(Int(span.offset) + span.length) }

    /// `$NAME`: shown by its name wherever values are masked, since the name is no secret.
    public var isVariable: Bool {
        if case .variable = kind { return true }
        return false
    }
}

/// Where an expression was written, in 32-bit fields: every argument of every command
/// carries one. Exact for every source under 4 GiB; credsh reads at most 64 MB
/// (docs/scripts.md, "Bounds"), and past 4 GiB a field stops at its largest value.
struct SourceSpan: Equatable, Sendable {
    let offset: UInt32
    let fromLineStart: UInt32
    let line: UInt32
    let column: UInt32
    /// Up to 2⁶⁰ bytes, which no source reaches.
    let length: Int

    init(_ position: SourcePosition, length: Int) {
        offset = UInt32(clamping: position.offset)
        fromLineStart = UInt32(clamping: position.offset - position.lineStart)
        line = UInt32(clamping: position.line)
        column = UInt32(clamping: position.column)
        self.length = length
    }

    var position: SourcePosition {
        SourcePosition(line: Int(line), column: Int(column), offset: Int(offset), lineStart: Int(offset) - Int(fromLineStart))
    }
}

/// What a parameter of a command was given.
public enum BoundArgument: Equatable, Sendable {
    case single(Expression)
    case list([Expression])
    /// `KEY=VALUE` pairs, in the order written.
    case pairs([KeyValue])
}

public struct KeyValue: Equatable, Sendable {
    public let key: String
    public let value: Expression
    public let position: SourcePosition
    /// `attemptsLeft<3`, `policy~{"minL":8}`: how an expectation compares the field
    /// (AST+Language); `=` everywhere else.
    public var op: ComparisonOperator = .equal
    /// `challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY)`: the name the output shows after a
    /// number, pasted back with it into an expectation; checked to name that number.
    public var gloss: Gloss? = nil
}

/// A value's name in parentheses after it. Boxed: rare, and every pair would otherwise
/// carry a second expression's bytes through the parser's copies.
public final class Gloss: Equatable, Sendable {
    public let expression: Expression
    init(_ expression: Expression) { self.expression = expression }
    public static func == (a: Gloss, b: Gloss) -> Bool { a.expression == b.expression }
}

/// A command with its arguments bound to the parameters of its table entry.
public struct CommandCall: Sendable {
    public let spec: CommandSpec
    public let position: SourcePosition
    /// Keyed by parameter; absent when an optional parameter was not given.
    public let arguments: BoundArguments

    /// What `parameter` (one of `spec.parameters`) was given.
    public func argument(_ parameter: Parameter) -> BoundArgument? { arguments[parameter] }

    /// Every argument given with its parameter, in the order of the spec's parameters.
    public var boundParameters: [(parameter: Parameter, value: BoundArgument)] {
        spec.parameters.compactMap { parameter in arguments[parameter].map { (parameter, $0) } }
    }
}

/// A command's arguments by parameter (its identity, not its label). A command has a
/// handful of parameters, so a short list searched in order costs less to build and to
/// read than a dictionary, and every statement builds one.
public struct BoundArguments: Sendable {
    /// A parameter's identity and its argument.
    struct Entry: Sendable {
        let id: ParameterID
        var value: BoundArgument
    }

    /// One parameter given every argument written, all of them values (`echo hello`,
    /// `clock advance 1s`): the parser's array of them, shared, with no list of entries
    /// and no array of the words' own: most commands are such.
    fileprivate enum Storage: Sendable {
        case entries([Entry])
        /// The one value of `values` as a single argument.
        case single([Expression], ParameterID)
        /// All of `values` as a list.
        case list([Expression], ParameterID)
    }

    private var storage: Storage = .entries([])

    init() {}

    /// `parameter` given every value written, `values`, as a list: the parser's array shared.
    init(sharing values: [Expression], asListFor parameter: Parameter) {
        storage = .list(values, parameter.id)
    }

    /// `parameter` given the one value written, `values[0]`: the parser's array shared.
    init(sharing values: [Expression], asSingleFor parameter: Parameter) {
        precondition(values.count == 1, "a single argument shares an array of one")
        storage = .single(values, parameter.id)
    }

    /// Every argument given, in the order bound: a view, not a copy (reading a script
    /// walks every command's arguments).
    public var all: All { All(storage: storage) }

    /// Each value given, in the order bound, read where it lies, and each argument of
    /// pairs whole: what the secret scan asks of a command that places no secret, without a
    /// `BoundArgument` made around each.
    package func forEachValue(_ value: (Expression) -> Void, pairs: ([KeyValue]) -> Void) {
        switch storage {
        case .single(let values, _): value(values[0])
        case .list(let values, _): for item in values { value(item) }
        case .entries(let entries):
            for entry in entries {
                switch entry.value {
                case .single(let item): value(item)
                case .list(let items): for item in items { value(item) }
                case .pairs(let given): pairs(given)
                }
            }
        }
    }

    public struct All: RandomAccessCollection, Sendable {
        fileprivate let storage: Storage
        public var startIndex: Int { 0 }
        public var endIndex: Int {
            switch storage {
            case .entries(let entries): return entries.count
            case .single, .list: return 1
            }
        }
        public subscript(index: Int) -> BoundArgument {
            switch storage {
            case .entries(let entries): return entries[index].value
            case .single(let values, _): return .single(values[0])
            case .list(let values, _): return .list(values)
            }
        }
    }

    /// Binds a parameter not bound yet, with no search: the resolver binds each of a
    /// command's parameters once, in order.
    mutating func append(_ parameter: Parameter, _ value: BoundArgument) {
        var entries = takeEntries()
        entries.append(Entry(id: parameter.id, value: value))
        storage = .entries(entries)
    }

    /// Binds a parameter not bound yet to `values[index]`, `values` being every argument
    /// written: shared when it is the only one.
    mutating func append(_ parameter: Parameter, _ values: [Expression], at index: Int) {
        if case .entries(let entries) = storage, entries.isEmpty, values.count == 1, index == 0 {
            storage = .single(values, parameter.id)
        } else {
            append(parameter, .single(values[index]))
        }
    }

    /// Binds a parameter not bound yet to the list `values[range]`, `values` being every
    /// argument written: shared when the list is all of them.
    mutating func append(_ parameter: Parameter, _ values: [Expression], _ range: Range<Int>) {
        if case .entries(let entries) = storage, entries.isEmpty, range == values.indices {
            storage = .list(values, parameter.id)
        } else {
            append(parameter, .list(Array(values[range])))
        }
    }

    /// The arguments as a list of entries, left empty here so that the list is not copied
    /// when it grows.
    private mutating func takeEntries() -> [Entry] {
        switch storage {
        case .entries(let entries):
            storage = .entries([])
            return entries
        case .single(let values, let id): return [Entry(id: id, value: .single(values[0]))]
        case .list(let values, let id): return [Entry(id: id, value: .list(values))]
        }
    }

    /// The list `parameter` was given; nil when it was given no list.
    public func list(_ parameter: Parameter) -> [Expression]? {
        let id = parameter.id
        switch storage {
        case .list(let values, let only): return only == id ? values : nil
        case .single: return nil
        case .entries(let entries):
            return Self.find(id, in: entries) { argument in
                guard case .list(let values) = argument else { return nil }
                return values
            }
        }
    }

    /// The single value `parameter` was given; nil when it was given no single value.
    public func single(_ parameter: Parameter) -> Expression? {
        let id = parameter.id
        switch storage {
        case .single(let values, let only): return only == id ? values[0] : nil
        case .list: return nil
        case .entries(let entries):
            return Self.find(id, in: entries) { argument in
                guard case .single(let value) = argument else { return nil }
                return value
            }
        }
    }

    /// What `pick` reads of the argument `id` was given in `entries`.
    private static func find<Part>(_ id: ParameterID, in entries: [Entry], _ pick: (BoundArgument) -> Part?) -> Part? {
        entries.first { $0.id == id }.flatMap { pick($0.value) }
    }

    public subscript(parameter: Parameter) -> BoundArgument? {
        get {
            let id = parameter.id
            switch storage {
            case .single(let values, let only): return only == id ? .single(values[0]) : nil
            case .list(let values, let only): return only == id ? .list(values) : nil
            case .entries(let entries):
                return entries.first { $0.id == id }?.value
            }
        }
        set {
            var entries = takeEntries()
            if let index = entries.firstIndex(where: { $0.id == parameter.id }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(id: parameter.id, value: newValue))
            }
            storage = .entries(entries)
        }
    }
}

/// A statement resolved. A command, the most common statement, is stored inline (a
/// reference to its table entry, its position and one array of arguments): boxed, as the
/// other cases are (`indirect`, to keep the enum small), each command read would cost an
/// allocation, its release when the script ends, and a reference counted on every copy.
public enum Statement: Sendable {
    case command(CommandCall)
    /// `let NAME = VALUE`; `let secret NAME = VALUE` marks the value as a secret from the start;
    /// `let NAME ?= VALUE` (`ifUnbound`) binds only a name not bound yet, by the script or
    /// from outside (`--var`): a default that the command line overrides.
    indirect case binding(name: String, value: Expression, position: SourcePosition, secret: Bool, ifUnbound: Bool)
    indirect case repetition(count: Expression, body: [Statement], position: SourcePosition)
    /// `let NAME = [last] event EVENT.FIELD` (AST+Language).
    indirect case capture(Capture)
    /// `expect LEFT OP RIGHT`.
    indirect case comparison(Comparison)
    /// `for NAME… in VALUE… { … }`.
    indirect case loop(Loop)
    /// `proc NAME PARAM… { … }`: defines; runs nothing.
    indirect case procedure(Procedure)
    /// A call of a procedure defined earlier.
    indirect case call(ProcedureCall)
    /// `test "NAME" { … }`: one named test of the file (AST+Tests).
    indirect case test(NamedTest)

    public var position: SourcePosition {
        switch self {
        case .command(let call): return call.position
        case .binding(_, _, let position, _, _), .repetition(_, _, let position): return position
        case .capture(let capture): return capture.position
        case .comparison(let comparison): return comparison.position
        case .loop(let loop): return loop.position
        case .procedure(let procedure): return procedure.position
        case .call(let call): return call.position
        case .test(let test): return test.position
        }
    }
}

extension Expression {
    /// How a message names the value: `'alice'`, `"a b"`, `the number 7`, `$user`.
    var described: String {
        switch kind {
        case .word(let w): return "'\(w)'"
        case .string(let s): return "\"\(s)\""
        case .pattern(let p): return "~\"\(p)\""
        case .integer(let i): return "the number \(i)"
        case .duration: return "a duration"
        case .json: return "a JSON object"
        case .variable(let v): return "$\(v)"
        }
    }

    var isJSONOrVariable: Bool {
        switch kind {
        case .json, .variable: return true
        default: return false
        }
    }
}
