import CredLanguage
import CredSimulator

/// Reads `policy password` arguments: a RELID_PASSWORD_POLICY JSON object, or `KEY=VALUE`
/// words typed as the JSON would carry them. Either way the whole RELID_PASSWORD_POLICY is
/// set (keys not given are absent, as in JSON); the server-only settings (history,
/// maxAge, attempts) keep their values unless given. docs/relid.md, "The password policy".
enum RelIDPolicyInput {
    static func policy(from c: CommandContext, _ rules: Parameter, current: PasswordPolicy) throws(CommandFailure) -> PasswordPolicy {
        if let json = try c.single(rules) { return try refusing { () throws(SimulationError) in try policy(json: json.text, current: current) } }
        let pairs = try c.spelledPairs(rules)
        return try refusing { () throws(SimulationError) in try policy(pairs: pairs, current: current) }
    }

    /// The same from the JSON object and from the pairs, for the run and for `credsh check`.
    static func policy(json: String, current: PasswordPolicy) throws(SimulationError) -> PasswordPolicy {
        var policy = current
        try policy.replaceRules(withJSON: json)
        return policy
    }

    static func policy(pairs: [(key: String, value: Value, spelling: String?)], current: PasswordPolicy) throws(SimulationError) -> PasswordPolicy {
        var policy = current
        guard !pairs.isEmpty else { throw SimulationError(.badPolicy, "policy password expects a JSON object or KEY=VALUE pairs") }
        var seen: Set<String> = []
        policy = current.withoutRules
        let serverOnly = pairs.allSatisfy { PasswordPolicy.serverKeys.contains($0.key) }
        if serverOnly { policy = current }  // `policy password attempts=5` changes only that
        for (key, value, spelling) in pairs {
            guard seen.insert(key).inserted else { throw SimulationError(.badPolicy, "policy key '\(key)' is given twice") }
            if key == "maxAge", case .integer(let i) = value, i != 0 {
                throw SimulationError(.badPolicy, "maxAge takes a duration such as 90d, not the number \(i)")
            }
            // A variable holds a duration by its spelling (`let age = 90d`).
            if key == "maxAge", case .text(let spelled) = value, let seconds = Lexer.duration(in: spelled) {
                try policy.set(key, to: .int(Int(seconds)))
            } else {
                try policy.set(key, to: json(value, spelled: spelling))
            }
        }
        if let reason = policy.unsatisfiable() { throw SimulationError(.badPolicy, reason) }
        return policy
    }

    /// A typed value as the JSON the server would send: a number as a number (but with
    /// leading zeros, as text: `charsNotAllowed=0123` keeps its 0), a duration as seconds;
    /// text stays text exactly as given, and each key reads its own type from it
    /// (PasswordPolicy.set: `true` for a flag, `8` for a length), so `"0123456789"` is
    /// ten characters, not a number.
    static func json(_ value: Value, spelled spelling: String? = nil) -> JSONValue {
        switch value {
        case .integer(let i): return spelling.map { $0 == String(i) ? .int(i) : .string($0) } ?? .int(i)
        case .duration(let d): return .int(Int(d))
        case .text(let t), .json(let t), .pattern(let t): return .string(t)
        }
    }
}
