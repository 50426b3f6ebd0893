import CredSimulator

/// The statement forms that make credscript a language for suites (docs/suites.md, "Writing a
/// suite"): captures, comparisons, loops over values and procedures.

/// How an expectation compares a value with what it expects. `=` is the one rule for
/// text (grammar.md); the ordered ones take numbers, durations or times.
public enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    /// A pattern searched in the text, or a JSON object matched partly.
    case matches = "~"

    package var isOrdered: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual: return true
        default: return false
        }
    }
}

/// `let NAME = event EVENT.FIELD`, `let NAME = last event EVENT.FIELD`, `let NAME = event N.FIELD`.
public struct Capture: Sendable {
    public enum Pick: Equatable, Sendable {
        /// The first event of that name.
        case first(String)
        /// The last event, which must have that name.
        case last(String)
        /// The N-th event (from 1), whatever its name.
        case number(Int)
    }

    public let name: String
    public let pick: Pick
    public let field: String
    /// Of `let`.
    public let position: SourcePosition
    /// Of `EVENT.FIELD`.
    public let target: SourcePosition
    /// Of FIELD, after the dot.
    public let fieldPosition: SourcePosition
    /// `let secret NAME = event …`: a secret whatever the field.
    public let secret: Bool
    /// The SDK's catalog marks the field a secret (`access_token`, a passcode).
    public let fieldIsSecret: Bool

    /// Whether the variable holds a secret, however the capture said it.
    public var holdsSecret: Bool { secret || fieldIsSecret }

    /// As written after `=`: `event response.access_token`.
    public var written: String {
        switch pick {
        case .first(let event): return "event \(event).\(field)"
        case .last(let event): return "last event \(event).\(field)"
        case .number(let n): return "event \(n).\(field)"
        }
    }
}

/// `expect LEFT OP RIGHT`: `expect $left < 3`, `expect $newtok != $tok`.
public struct Comparison: Sendable {
    public let left: Expression
    public let op: ComparisonOperator
    public let right: Expression
    public let position: SourcePosition
}

/// `for NAME… in VALUE… { … }`: the body once per row of as many values as there are names.
public struct Loop: Sendable {
    public let names: [String]
    public let values: [Expression]
    public let body: [Statement]
    public let position: SourcePosition

    package init(names: [String], values: [Expression], body: [Statement], position: SourcePosition) {
        self.names = names
        self.values = values
        self.body = body
        self.position = position
    }

    public var rows: Int { names.isEmpty ? 0 : values.count / names.count }
}

/// `proc NAME PARAM… { … }`: a command the script defines. A class, so that every call
/// refers to the one definition (its body is read after its name is known, which lets
/// the body call it: recursion is bounded by `Limits.standard.callDepth`).
public final class Procedure: @unchecked Sendable {
    public let name: String
    public let parameters: [String]
    public let position: SourcePosition
    /// Of its name on the `proc` line: where go-to-definition lands.
    public let namePosition: SourcePosition
    /// The file it is defined in: where a failure inside it is reported, its line quoted.
    public let source: SourceFile
    public var file: String { source.name }
    // Set once, by the resolver, right after the body is resolved; never changed after.
    public internal(set) var body: [Statement] = []
    /// One line, for help, hover and completion: `relogin USER PASSWORD`.
    public var usage: String { ([name] + parameters.map { $0.uppercased() }).joined(separator: " ") }

    init(name: String, parameters: [String], position: SourcePosition, namePosition: SourcePosition, source: SourceFile) {
        self.name = name
        self.parameters = parameters
        self.position = position
        self.namePosition = namePosition
        self.source = source
    }

    /// Which parameters hold secrets, once the secret rules have read the body
    /// (Secrets/ProcedureSecrets.swift): kept here so that they are worked out once per
    /// definition. The reader never reads it.
    package var secretParametersMemo: Set<String>?
    /// The SDK its body leaves active when the body names one (`sdk susi`): the lines
    /// after a call are read for it, as they run with it. Set once, with the body.
    public internal(set) var sdkAfterCall: SDKID?

    func finish(body: [Statement]) {
        self.body = body
    }
}

/// `NAME ARG…`: a call of a procedure.
public struct ProcedureCall: Sendable {
    public let procedure: Procedure
    public let arguments: [Expression]
    public let position: SourcePosition
}

extension Statement {
    /// The statements a block holds (`repeat`, `for`, a procedure's definition), for walks
    /// that look inside blocks; empty for a simple statement.
    public var body: [Statement] {
        switch self {
        case .repetition(_, let body, _): return body
        case .loop(let loop): return loop.body
        case .procedure(let procedure): return procedure.body
        case .test(let test): return test.body
        default: return []
        }
    }
}
