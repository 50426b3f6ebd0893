import CredSimulator

/// Reads `policy password` arguments: a RELID_PASSWORD_POLICY JSON object, or `KEY=VALUE`
/// words typed as the JSON would carry them (docs/relid.md, "The password policy").
enum RelIDPolicyInput {
    static func policy(from c: CommandContext, _ rules: Parameter, current: PasswordPolicy) throws -> PasswordPolicy {
        var policy = current
        if let json = try c.single(rules) {
            try policy.replaceRules(withJSON: json.text)
            return policy
        }
        let pairs = try c.pairs(rules)
        guard !pairs.isEmpty else { throw SimulationError("policy password expects a JSON object or KEY=VALUE pairs") }
        for (key, value) in pairs {
            let json: JSONValue
            switch value {
            case .integer(let i): json = .int(i)
            case .duration(let d): json = .int(Int(d))
            case .text("true"): json = .bool(true)
            case .text("false"): json = .bool(false)
            case .text(let t), .json(let t): json = .string(t)
            }
            if key == "maxAge", case .integer(let i) = value, i != 0 {
                throw SimulationError("maxAge takes a duration such as 90d, not the number \(i)")
            }
            try policy.set(key, to: json)
        }
        return policy
    }
}
