import CredSimulator

/// A value a variable holds or an argument evaluates to.
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
