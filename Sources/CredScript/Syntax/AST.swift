/// A value as written in the script, with where it was written.
///
/// Stored flat, not as its `Kind`: its text, its number, and where it was written with
/// which kind it is (PackedSpan), six machine words with one reference, so that a copy
/// retains the text and nothing else. As a `Kind` beside a whole position, a length and a
/// spelling, a copy and a destroy went through the runtime's value witnesses, a switch over
/// the cases each time, about 160 instructions together, four times for each argument of a
/// command (docs/development.md, "An eighth look"). `kind` gives the enum back.
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

    /// Which case of `Kind`, without its payload: the span's marks, with `spelledMark`.
    enum Tag: UInt8, Sendable {
        case word, string, pattern, integer, duration, json, variable
    }

    /// In the span's marks beside the tag: `text` is a number's spelling.
    private static let spelledMark: UInt8 = 8

    /// A text's payload; a number's or a duration's spelling when it has one; else empty.
    private let text: String
    /// A number's or a duration's value; 0 for a text.
    private let number: Int64
    private let span: PackedSpan

    @inline(__always) var tag: Tag {
        // Only a Tag's raw value is ever written below the spelled mark.
        guard let tag = Tag(rawValue: span.marks & (Self.spelledMark - 1)) else { preconditionFailure("an expression's marks hold its tag") }
        return tag
    }

    public var position: SourcePosition { span.position }
    /// Bytes of source it covers: where to put *** when a line is masked for history.
    public var length: Int { span.length }

    /// A number or a duration as written (`007`, `24h`): where it stands for text (a
    /// secret, a name) and wherever the statement is written back out (echo, `record`),
    /// it keeps this spelling, not its value's (`7`, `1d`). Only a number or a duration
    /// has one.
    public var spelling: String? { span.marks & Self.spelledMark != 0 ? text : nil }

    /// In line, so that a reader asking for one case (`if case .variable = e.kind`) tests
    /// the tag and copies no text.
    @inline(__always) public var kind: Kind {
        switch tag {
        case .word: return .word(text)
        case .string: return .string(text)
        case .pattern: return .pattern(text)
        case .integer: return .integer(Int(number))
        case .duration: return .duration(number)
        case .json: return .json(text)
        case .variable: return .variable(text)
        }
    }

    /// `spelling` is kept for a number or a duration only.
    public init(kind: Kind, position: SourcePosition, length: Int = 0, spelling: String? = nil) {
        switch kind {
        case .word(let text): self.init(.word, text, position: position, length: length)
        case .string(let text): self.init(.string, text, position: position, length: length)
        case .pattern(let text): self.init(.pattern, text, position: position, length: length)
        case .json(let text): self.init(.json, text, position: position, length: length)
        case .variable(let text): self.init(.variable, text, position: position, length: length)
        case .integer(let value): self.init(.integer, number: Int64(value), spelling: spelling, position: position, length: length)
        case .duration(let value): self.init(.duration, number: value, spelling: spelling, position: position, length: length)
        }
    }

    /// A text of the kind `tag` (not a number's).
    init(_ tag: Tag, _ text: String, position: SourcePosition, length: Int) {
        self.text = text
        number = 0
        span = PackedSpan(position: position, length: length, marks: tag.rawValue)
    }

    /// A number or a duration, with its spelling when it differs from its value's.
    init(_ tag: Tag, number: Int64, spelling: String?, position: SourcePosition, length: Int) {
        text = spelling ?? ""
        self.number = number
        span = PackedSpan(position: position, length: length, marks: tag.rawValue | (spelling == nil ? 0 : Self.spelledMark))
    }

    /// The bytes of the source it was read from.
    public var sourceRange: Range<Int> {
        let offset = span.offset
        return offset..<(offset + span.length)
    }

    /// `$NAME`: shown by its name wherever values are masked, since the name is no secret.
    public var isVariable: Bool { tag == .variable }
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
    /// A parameter's identity and its argument. A struct, not a tuple: an entry read out of
    /// the list was copied through the runtime's generic tuple witness, about 170
    /// instructions a lookup; a struct's copy is its own (docs/development.md, "Measured
    /// for issue 36").
    struct Entry: Sendable {
        let id: ParameterID
        var value: BoundArgument
    }

    /// One parameter given every argument written, all of them values (`echo hello`,
    /// `clock advance 1s`): the parser's array of them, shared, with no list of entries
    /// and no array of the words' own (docs/development.md, "A sixth look"). The array
    /// first, so that its pointer's spare bits hold the case and the whole stays two words.
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
    /// `BoundArgument` made around each (docs/development.md, "A tenth look, secrets").
    func forEachValue(_ value: (Expression) -> Void, pairs: ([KeyValue]) -> Void) {
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

    /// The list `parameter` was given, read where it lies: the array alone, with no
    /// `BoundArgument` around it and no optional of one to destroy (that destroy went
    /// through the runtime's generic witnesses, about 110 instructions an `echo`;
    /// docs/development.md, "A ninth look, running"). Nil when it was given no list.
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

    /// The single value `parameter` was given, read where it lies, as `list` reads a list.
    /// Nil when it was given no single value.
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

    /// What `pick` reads of the argument `id` was given in `entries`, read where it lies.
    private static func find<Part>(_ id: ParameterID, in entries: [Entry], _ pick: (BoundArgument) -> Part?) -> Part? {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].id == id { return pick(entries[index].value) }
            return nil
        }
    }

    public subscript(parameter: Parameter) -> BoundArgument? {
        // The value alone copied out, not each entry looked at: read through the buffer,
        // an entry's identity is read where it lies; through the array, the whole entry,
        // its argument and the references in it, was copied out to read it (issue 36).
        get {
            let id = parameter.id
            switch storage {
            case .single(let values, let only): return only == id ? .single(values[0]) : nil
            case .list(let values, let only): return only == id ? .list(values) : nil
            case .entries(let entries):
                return entries.withUnsafeBufferPointer { entries in
                    for index in entries.indices where entries[index].id == id { return entries[index].value }
                    return nil
                }
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
/// allocation, its release when the script ends, and a reference counted on every copy
/// (docs/development.md, "Measured for issue 36").
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

    var isJSONOrVariable: Bool { tag == .json || tag == .variable }
}
