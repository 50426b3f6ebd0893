import CredSimulator

/// Reads `policy password` arguments: a RELID_PASSWORD_POLICY JSON object, or `KEY=VALUE`
/// words typed as the JSON would carry them. Either way the whole RELID_PASSWORD_POLICY is
/// set (keys not given are absent, as in JSON); the server-only settings (history,
/// maxAge, attempts) keep their values unless given. docs/relid.md, "The password policy".
enum RelIDPolicyInput {
    static func policy(from c: CommandContext, _ rules: Parameter, current: PasswordPolicy) throws -> PasswordPolicy {
        var policy = current
        if let json = try c.single(rules) {
            try policy.replaceRules(withJSON: json.text)
            return policy
        }
        let pairs = try c.pairs(rules)
        guard !pairs.isEmpty else { throw SimulationError("policy password expects a JSON object or KEY=VALUE pairs") }
        var seen: Set<String> = []
        policy = current.withoutRules
        let serverOnly = pairs.allSatisfy { PasswordPolicy.serverKeys.contains($0.key) }
        if serverOnly { policy = current }  // `policy password attempts=5` changes only that
        for (key, value) in pairs {
            guard seen.insert(key).inserted else { throw SimulationError("policy key '\(key)' is given twice") }
            if key == "maxAge", case .integer(let i) = value, i != 0 {
                throw SimulationError("maxAge takes a duration such as 90d, not the number \(i)")
            }
            try policy.set(key, to: json(value))
        }
        if let reason = policy.unsatisfiable() { throw SimulationError(reason) }
        return policy
    }

    /// A typed word as the JSON the server would send: numbers as numbers, durations as
    /// seconds, true/false as booleans, anything else as text.
    static func json(_ value: Value) -> JSONValue {
        switch value {
        case .integer(let i): return .int(i)
        case .duration(let d): return .int(Int(d))
        case .text(let t) where t.lowercased() == "true": return .bool(true)
        case .text(let t) where t.lowercased() == "false": return .bool(false)
        case .text(let t): return Int(t).map(JSONValue.int) ?? .string(t)
        case .json(let t), .pattern(let t): return .string(t)
        }
    }
}
