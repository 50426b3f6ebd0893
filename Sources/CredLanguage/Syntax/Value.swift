import CredSimulator

/// A value a variable holds or an argument evaluates to.
extension Expression {
    /// What a literal stands for (the evaluator's and the parser's static checks alike);
    /// nil for a variable, which only a run knows.
    package var literalValue: Value? {
        switch kind {
        case .word(let w): return .text(w)
        case .string(let s): return .text(s)
        case .pattern(let p): return .pattern(p)
        case .integer(let i): return .integer(i)
        case .duration(let d): return .duration(d)
        case .json(let j): return .json(j)
        case .variable: return nil
        }
    }

    /// The expression exactly as written in `source` (`007`, `24h`).
    package func writtenText(in source: SourceFile) -> String {
        if let spelling { return spelling }
        let start = position.offset, end = start + length
        guard start >= 0, end <= source.bytes.count, start < end else { return "" }
        return String(decoding: source.bytes[start..<end], as: UTF8.self)
    }
}

public enum Value: Equatable, Sendable {
    case text(String)
    case integer(Int)
    case duration(Int64)
    case json(String)
    /// `~"regex"`: searched in a text by an expectation.
    case pattern(String)

    /// How the value reads where text is wanted (`echo`, user names, messages).
    public var text: String {
        switch self {
        case .text(let s), .json(let s), .pattern(let s): return s
        case .integer(let i): return String(i)
        case .duration(let d): return SimDuration(seconds: d).description
        }
    }
}
