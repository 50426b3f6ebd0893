import CredSimulator

/// A command's own check of what is written in it, which the resolver runs (and so
/// `credsh check`) when the values it needs are literals: a value the command would
/// refuse when it runs is a syntax error where it was written, with the message the run
/// would give. Each command that has one carries it in its table entry.
public struct StaticCheck: Sendable {
    let run: @Sendable (LiteralArguments) -> StaticProblem?

    package init(_ run: @escaping @Sendable (LiteralArguments) -> StaticProblem?) { self.run = run }
}

/// What a static check found, and where.
package struct StaticProblem: Equatable {
    let message: String
    let position: SourcePosition
    /// The diagnostic code it is reported with: a value the command refuses, unless the
    /// check names a more precise one (a device ID).
    var code: DiagnosticCode

    package init(message: String, position: SourcePosition, code: DiagnosticCode = .refusedValue) {
        self.message = message
        self.position = position
        self.code = code
    }
}

/// A command's arguments as the resolver bound them, for its static check.
package struct LiteralArguments {
    /// One `KEY=VALUE` pair whose value is a literal: its value as the run evaluates it,
    /// its text as written (`007` stays `007`) and a number's spelling, as
    /// `CommandContext.pairs`, `textPairs` and `spelledPairs` give them.
    package struct Pair {
        package let key: String
        package let value: Value
        package let text: String
        package let spelling: String?
        let position: SourcePosition
    }

    let arguments: BoundArguments
    let source: SourceFile
    /// The SDK active where the command is written.
    package let sdk: String

    /// The pairs given for `parameter`: nil when there are none, or when any value is a
    /// variable (only the run knows it).
    func pairs(_ parameter: Parameter) -> [Pair]? {
        guard case .pairs(let written)? = arguments[parameter] else { return nil }
        var out: [Pair] = []
        for pair in written {
            guard let value = literal(pair.value) else { return nil }
            out.append(Pair(key: pair.key, value: value, text: text(of: pair.value), spelling: pair.value.spelling, position: pair.position))
        }
        return out
    }

    /// A single value given for `parameter` (a policy's JSON object), when it is a literal.
    package func single(_ parameter: Parameter) -> (value: Value, position: SourcePosition)? {
        guard case .single(let expression)? = arguments[parameter], let value = literal(expression) else { return nil }
        return (value, expression.position)
    }

    /// The pairs given for `parameter` as written, variables and patterns included.
    package func written(_ parameter: Parameter) -> [KeyValue] {
        guard case .pairs(let written)? = arguments[parameter] else { return [] }
        return written
    }

    /// As `Evaluator.evaluate` reads a literal; nil for a variable.
    package func literal(_ expression: Expression) -> Value? { expression.literalValue }

    /// As `Evaluator.text(of:)` reads a literal: numbers, durations and words as written.
    package func text(of expression: Expression) -> String {
        switch expression.kind {
        case .integer, .duration, .word: return expression.writtenText(in: source)
        default: return expression.literalValue?.text ?? ""
        }
    }
}

/// The static check of an SDK's `policy` command: it runs the SDK's own policy parser
/// (the one the command runs) on the pairs written, and when that refuses them, points
/// at the pair that made it refuse.
package enum PolicyCheck {
    /// `parse` reads the pairs as the command does and throws what the command would;
    /// `json`, for a policy that may also be one JSON object, reads that.
    package static func check(_ parameter: Parameter, parse: @escaping @Sendable ([LiteralArguments.Pair]) throws -> Void,
                      json: (@Sendable (String) throws -> Void)? = nil) -> StaticCheck {
        StaticCheck { arguments in
            if let json, let (value, position) = arguments.single(parameter), case .json(let text) = value {
                do { try json(text) } catch { return StaticProblem(message: message(of: error) + acknowledging, position: position) }
                return nil
            }
            guard let pairs = arguments.pairs(parameter) else { return nil }
            return locate(pairs, keys: keys(of: parameter), parse: parse)
        }
    }

    /// Runs `parse` on all the pairs; when it throws, the pair to blame is the last of the
    /// shortest run of pairs that is refused with the same message: the value a key
    /// refuses, the second of a key given twice, or the pair that made the keys together
    /// unsatisfiable. A policy has a handful of keys, so the refusal comes within the first
    /// few pairs; past `prefixesTried` (a long line of repeated keys, which some parsers
    /// take), the pair refused on its own is blamed, else the last: linear, not quadratic.
    static func locate(_ pairs: [LiteralArguments.Pair], keys: [String],
                       parse: ([LiteralArguments.Pair]) throws -> Void) -> StaticProblem? {
        guard !pairs.isEmpty else { return nil }
        func refusal(_ some: [LiteralArguments.Pair]) -> String? {
            do { try parse(some) } catch { return message(of: error) }
            return nil
        }
        guard let whole = refusal(pairs) else { return nil }
        // (Statements, not one chain of `??`: as one expression it took the type checker
        // a second of every build.)
        var blamed = pairs[pairs.count - 1]
        if let count = (1...min(pairs.count, prefixesTried)).first(where: { refusal(Array(pairs.prefix($0))) == whole }) {
            blamed = pairs[count - 1]
        } else if let alone = pairs.first(where: { refusal([$0]) == whole }) {
            blamed = alone
        }
        var text = whole
        if !keys.contains(blamed.key), let guess = Spelling.closest(to: blamed.key, among: keys) {
            text += " — did you mean '\(guess)'?"
        }
        return StaticProblem(message: text + acknowledging, position: blamed.position)
    }

    static let prefixesTried = 64

    /// A refusal written on purpose is followed by `expect error`, and then is no error (the resolver sees to that).
    private static let acknowledging = " (write 'expect error' after it if the refusal is what the script shows)"

    private static func keys(of parameter: Parameter) -> [String] {
        if case .policyRules(let keys) = parameter.kind { return keys }
        return []
    }

    private static func message(of error: any Error) -> String {
        (error as? SimulationError)?.message ?? "\(error)"
    }
}
