import CredLanguage
import CredSimulator

/// How a comparison of the language holds (grammar.md, "Comparisons"): `=` and `!=` by the
/// one rule for text (numbers as numbers); `<`, `<=`, `>`, `>=` between two numbers, two
/// durations or two times; `~` a pattern searched in the text, or a JSON object whose
/// keys the other side has, with those values.
enum ValueComparison {
    /// A value that orders: which kind, and its measure (a number, seconds, seconds since
    /// 1970). A number and a duration order together, the number counting seconds.
    struct Ordered {
        enum Kind: String { case number, duration, time }
        let kind: Kind
        let measure: Int64
    }

    static func ordered(_ text: String) -> Ordered? {
        if let i = Int64(text) { return Ordered(kind: .number, measure: i) }
        if let d = Lexer.duration(in: text) { return Ordered(kind: .duration, measure: d) }
        if let t = UTCTimestamp.parse(text) { return Ordered(kind: .time, measure: t) }
        return nil
    }

    /// Whether `left op right` holds; a message when the two cannot be ordered.
    static func holds(_ left: String, _ op: ComparisonOperator, _ right: Value) -> Result<Bool, ComparisonProblem> {
        switch op {
        case .equal: return .success(equal(left, right))
        case .notEqual: return .success(!equal(left, right))
        case .matches:
            if case .json(let object) = right { return .success(partlyMatches(left, object)) }
            if case .pattern = right { return .success(TextMatch.matches(left, right)) }
            return .success(TextMatch.matches(left, .pattern(right.text)))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let rightText: String
            switch right {
            case .duration(let d): rightText = SimDuration(seconds: d).description
            default: rightText = right.text
            }
            guard let a = ordered(left), let b = ordered(rightText) else {
                return .failure(ComparisonProblem(message: "\(op.rawValue) orders numbers, durations and times; '\(left)' and '\(rightText)' are not two of one kind"))
            }
            // A number against a duration counts seconds (`valid_seconds>1d`).
            let mixed = Set([a.kind, b.kind]) == [.number, .duration]
            guard a.kind == b.kind || mixed else {
                return .failure(ComparisonProblem(message: "\(op.rawValue) cannot order a \(a.kind.rawValue) ('\(left)') and a \(b.kind.rawValue) ('\(rightText)')"))
            }
            switch op {
            case .less: return .success(a.measure < b.measure)
            case .lessOrEqual: return .success(a.measure <= b.measure)
            case .greater: return .success(a.measure > b.measure)
            default: return .success(a.measure >= b.measure)
            }
        }
    }

    /// Numbers as numbers (`007` = `7`), durations as durations (`1d` = `24h`), else the whole text.
    static func equal(_ left: String, _ right: Value) -> Bool {
        if case .pattern = right { return TextMatch.matches(left, right) }
        let rightText = right.text
        if left == rightText { return true }
        if let a = ordered(left), let b = ordered(rightText), a.kind == b.kind { return a.measure == b.measure }
        return false
    }

    /// `~{"minL":8}`: the text is a JSON object holding each key written, with that value
    /// (an object written is matched partly in turn).
    static func partlyMatches(_ text: String, _ objectText: String) -> Bool {
        guard let wanted = try? JSONValue.parse(objectText), let actual = try? JSONValue.parse(text) else { return false }
        return partlyMatches(actual, wanted)
    }

    static func partlyMatches(_ actual: JSONValue, _ wanted: JSONValue) -> Bool {
        guard case .object(let wantedPairs) = wanted else { return actual == wanted }
        guard case .object(let actualPairs) = actual else { return false }
        return wantedPairs.allSatisfy { key, value in
            guard let there = actualPairs.first(where: { $0.0 == key })?.1 else { return false }
            return partlyMatches(there, value)
        }
    }
}

struct ComparisonProblem: Error {
    let message: String
}
