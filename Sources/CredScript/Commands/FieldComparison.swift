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
    static func matches(_ field: JSONValue?, _ op: ComparisonOperator, _ value: Value, field name: String, sdk: String) -> Bool {
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
}
