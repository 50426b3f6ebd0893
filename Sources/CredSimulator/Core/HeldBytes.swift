/// About how many bytes of memory a value of the simulation holds: its texts' bytes and a
/// word or two for each value around them. What the journals count against their bounds
/// in bytes (JournalBudget), so a few calls with large fields weigh as much as many small
/// ones. An estimate, near what Swift allocates (a string's heap buffer, an array's
/// elements), checked against the process's memory by the journal flood test.
public enum HeldBytes {
    /// A value's fixed cost: its enum case and the references around it.
    static let word = 16

    public static func of(_ text: String) -> Int { word + text.utf8.count }

    public static func of(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .int: return word
        case .string(let text): return of(text)
        case .array(let values): return values.reduce(word) { $0 + of($1) }
        case .object(let members): return of(members)
        }
    }

    public static func of(_ members: [(String, JSONValue)]) -> Int {
        members.reduce(word) { $0 + of($1.0) + of($1.1) }
    }

    public static func of(_ outcome: Outcome) -> Int {
        switch outcome {
        case .call(let api, let arguments, let error):
            return of(api) + of(arguments) + (error.map { of($0.message) } ?? 0)
        case .event(let event):
            return of(event.name) + of(event.fields) + event.secretValues.reduce(word) { $0 + of($1.0) + of($1.1) }
        case .appCheck(let text), .networkError(let text), .appShows(let text), .note(let text):
            return of(text)
        case .policyRefusal(let rule, let message):
            return of(rule) + of(message)
        }
    }
}

/// What every device's journal may hold together, beside each journal's own bounds
/// (DeviceJournal): at the 256 devices' bound, the journals of `credsh serve` stay within
/// `allBytes` however large the calls (docs/double.md, "Bounds").
public enum JournalBudget {
    /// One device's journal, in bytes held (HeldBytes): 4 MiB, about 20,000 calls of the
    /// usual size, so a journal of small calls meets its count first.
    public static let deviceBytes = 4 << 20
    /// Every device's journal together: 64 MiB.
    public static let allBytes = 64 << 20
}
