import CredLanguage
/// The lines a command printed itself (`echo`, `policy show`), kept for `expect output`.
/// Nearly every command prints one line or none: one line is kept as it is, without an
/// array of its own, whose allocation and free a cheap command would pay.
enum SaidLines: Sendable {
    case none
    case one(String)
    case many([String])

    /// The lines, in the order printed.
    var lines: [String] {
        switch self {
        case .none: return []
        case .one(let line): return [line]
        case .many(let lines): return lines
        }
    }

    /// A command's only `say` of several lines, the usual case, keeps their array as it is: no copy.
    mutating func append(contentsOf more: [String]) {
        switch self {
        case .none: self = .many(more)  // kept as it is, one line or several: shared, not copied
        case .one(let first): self = .many([first] + more)
        case .many(var lines):
            self = .none  // the array's one reference is `lines` now: appended in place
            lines.append(contentsOf: more)
            self = .many(lines)
        }
    }
}
