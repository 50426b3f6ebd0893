/// A statement as the parser reads it (grammar.md, "Syntax"): words and structure only.
/// The resolver walks it in the order written and turns it into a `Statement`: it picks
/// the command a name means with the SDK active there, binds the arguments, checks them
/// against the catalog, and tells a procedure call from an unknown command.
///
/// Only the cases on the path of every command are stored inline: the others are boxed
/// (`indirect`), so that a command read costs no allocation beyond its arguments.
enum ReadStatement {
    /// A statement the resolver has nothing to add to: `let NAME = VALUE`, a comparison.
    case ready(Statement)
    /// A name of the command table with its arguments as written.
    case command(ReadCommand)
    /// A first word no command has: a call, if a procedure of that name is known there.
    indirect case call(ReadCall)
    indirect case capture(ReadCapture)
    indirect case repetition(count: Expression, body: [ReadStatement], position: SourcePosition)
    indirect case loop(names: [String], values: [Expression], body: [ReadStatement], position: SourcePosition)
    indirect case procedure(ReadProcedure)
    indirect case test(ReadTest)
}

struct ReadCommand {
    let node: CommandTable.NameNode
    let arguments: RawArguments
    let position: SourcePosition
}

extension ReadStatement {
    /// Whether this is `expect error …`: what acknowledges a failed command before it.
    var isExpectError: Bool {
        guard case .command(let command) = self else { return false }
        return command.node.acknowledges
    }
}

/// `NAME VALUE…` where NAME is no command: its values, or the first thing in the line a
/// call cannot take (said only if NAME turns out to be a procedure).
struct ReadCall {
    let name: String
    let position: SourcePosition
    let arguments: [Expression]
    let problem: (kind: Problem, position: SourcePosition)?

    enum Problem {
        /// A token that is no value (described as a message names it).
        case notAValue(String)
        case pattern
        case pair
    }
}

/// `let NAME = [last] event EVENT.FIELD`, with the event and the field as written.
struct ReadCapture {
    let name: String
    let secret: Bool
    let isLast: Bool
    let event: String
    let field: String
    let position: SourcePosition
    let target: SourcePosition
    let fieldPosition: SourcePosition
}

struct ReadProcedure {
    let name: String
    let parameters: [String]
    let position: SourcePosition
    let namePosition: SourcePosition
    let body: [ReadStatement]
}

struct ReadTest {
    let name: String
    let position: SourcePosition
    let namePosition: SourcePosition
    let body: [ReadStatement]
}

/// A command's arguments as the parser read them. While every one is a value (almost
/// every command), they are one array of expressions, which the bound arguments then share
/// instead of building arrays of their own; the
/// first `KEY=VALUE` turns them into a list of both kinds, in the order written.
struct RawArguments {
    /// Every argument, while none is a pair.
    private(set) var values: [Expression] = []
    /// Every argument, once one is a pair; nil until then.
    private(set) var mixed: [RawArgument]? = nil

    /// `takesPairs`: the command takes `KEY=VALUE` pairs (CommandTable.NameNode), so its
    /// arguments are a list of both kinds from the start: turning values into one at the
    /// first pair cost such a command a second array.
    init(takesPairs: Bool = false) {
        if takesPairs { mixed = [] }
    }

    var count: Int { mixed?.count ?? values.count }

    subscript(index: Int) -> RawArgument {
        if let mixed { return mixed[index] }
        return .value(values[index])
    }

    /// Room for `capacity` arguments of both kinds, for a command that takes pairs (the
    /// values' array is sized by `append(_:last:)`).
    mutating func reserveCapacity(_ capacity: Int) {
        mixed?.reserveCapacity(capacity)
    }

    /// A value, `last` when no argument follows it: appended as it is while no pair came
    /// before it, not wrapped and unwrapped. The first value allocates the array once: of
    /// exactly itself when it is also the last (`echo hello`, `clock advance 1s`), else
    /// with room for the usual few, not grown one at a time.
    mutating func append(_ value: Expression, last: Bool) {
        if mixed != nil {
            mixed!.append(.value(value))
            return
        }
        if values.isEmpty {
            if last {
                values = [value]
                return
            }
            values.reserveCapacity(4)
        }
        values.append(value)
    }

    mutating func append(_ pair: KeyValue) {
        if mixed == nil {
            mixed = values.map { .value($0) }
            values = []
        }
        mixed!.append(.pair(pair))
    }
}

/// An argument as the parser read it, before the resolver binds it to a parameter.
enum RawArgument {
    case value(Expression)
    case pair(KeyValue)

    var value: Expression? {
        if case .value(let value) = self { return value }
        return nil
    }

    var position: SourcePosition {
        switch self {
        case .value(let e): return e.position
        case .pair(let p): return p.position
        }
    }
}
