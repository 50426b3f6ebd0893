import CredLanguage
import CredSimulator

extension CommandContext {
    /// How each `FIELD=VALUE` pair compares (`=` unless written `!=`, `<`, `~`, …), in the
    /// order of `pairs`.
    func pairOperators(_ parameter: Parameter) -> [ComparisonOperator] {
        guard case .pairs(let pairs)? = call.argument(parameter) else { return [] }
        return pairs.map(\.op)
    }
}

extension FieldMatch {
    /// A field compared as written: `=` by the one rule (`matches`), the others by
    /// `ValueComparison`; a field the event lacks meets no comparison.
    /// `unbounded` is the word the catalog lets this number field hold instead of a number
    /// (`forever`): it equals itself and orders above every number and duration.
    static func matches(_ field: JSONValue?, _ op: ComparisonOperator, _ value: Value, field name: String, sdk: SDKID,
                        unbounded: String? = nil) -> Bool {
        if let unbounded, op.isOrdered, let field, let holds = orderedWithUnbounded(shown(field), op, value, word: unbounded) {
            return holds
        }
        switch op {
        case .equal: return matches(field, value, field: name, sdk: sdk)
        case .notEqual: return field != nil && !matches(field, value, field: name, sdk: sdk)
        default: break
        }
        guard let field else { return false }
        if op == .matches, case .json(let written) = value {
            guard let wanted = try? JSONValue.parse(written) else { return false }
            if case .string(let text) = field, let parsed = try? JSONValue.parse(text) { return ValueComparison.partlyMatches(parsed, wanted) }
            return ValueComparison.partlyMatches(field, wanted)
        }
        guard case .success(let holds) = ValueComparison.holds(shown(field), op, value) else { return false }
        return holds
    }

    /// An ordering where one side is the unbounded word, or nil when neither is: the word
    /// is above any number or duration, and equal to itself.
    private static func orderedWithUnbounded(_ left: String, _ op: ComparisonOperator, _ right: Value, word: String) -> Bool? {
        if case .pattern = right { return nil }
        let leftIsWord = left == word, rightIsWord = right.text == word
        guard leftIsWord || rightIsWord else { return nil }
        if leftIsWord && rightIsWord { return op == .lessOrEqual || op == .greaterOrEqual }
        // The other side must be something that orders against a number.
        let other: String
        if leftIsWord {
            if case .duration(let d) = right { other = SimDuration(seconds: d).description } else { other = right.text }
        } else {
            other = left
        }
        guard let measured = ValueComparison.ordered(other), measured.kind != .time else { return false }
        let wordIsGreater = leftIsWord
        switch op {
        case .greater, .greaterOrEqual: return wordIsGreater
        case .less, .lessOrEqual: return !wordIsGreater
        default: return nil
        }
    }
}
