/// What the simulated SUSI.AI server enforces: the password rule for new passwords and
/// the login throttle, with the vendor's setting names (`maxInvalidLogins`,
/// `periodSeconds`, `blockTimeSeconds` are LoginService's permission defaults).
public struct SusiPolicy: Equatable, Sendable {
    public var rule: SusiPasswordRule = .rule2017
    /// More than this many invalid logins within `periodSeconds` blocks logins.
    public var maxInvalidLogins = 10
    public var periodSeconds: Int64 = 60
    public var blockTimeSeconds: Int64 = 120

    public init() {}

    public static let standard = SusiPolicy()

    /// The keys `policy password` takes, in the order `policy show` lists them.
    public static let keys = ["rule", "maxInvalidLogins", "periodSeconds", "blockTimeSeconds"]

    /// Builds a whole policy from `key=value` pairs: keys not given keep their defaults;
    /// an unknown key or value is refused, naming what is accepted.
    public static func parse(_ pairs: [(String, JSONValue)]) throws(SimulationError) -> SusiPolicy {
        var policy = SusiPolicy()
        var seen: Set<String> = []
        for (key, value) in pairs {
            // As every SDK's policy: the keys are set together, each once.
            guard seen.insert(key).inserted else { throw SimulationError(.badPolicy, "policy key '\(key)' is given twice") }
            switch key {
            case "rule":
                guard let rule = SusiPasswordRule(rawValue: text(of: value)) else {
                    throw SimulationError(.badPolicy, "policy key 'rule' takes \(SusiPasswordRule.allCases.map(\.rawValue).joined(separator: ", ")), not \(text(of: value))")
                }
                policy.rule = rule
            case "maxInvalidLogins":
                policy.maxInvalidLogins = Int(try count(key, value, minimum: 0))
            case "periodSeconds":
                policy.periodSeconds = try count(key, value, minimum: 1)
            case "blockTimeSeconds":
                policy.blockTimeSeconds = try count(key, value, minimum: 1)
            default:
                throw SimulationError(.badPolicy, "unknown policy key '\(key)' for susi; keys: \(keys.joined(separator: ", "))")
            }
        }
        return policy
    }

    /// The same from words, as typed: `rule=2019`.
    public static func parse(words pairs: [(String, String)]) throws(SimulationError) -> SusiPolicy {
        try parse(pairs.map { ($0.0, JSONValue.string($0.1)) })
    }

    private static func text(of value: JSONValue) -> String {
        if case .string(let s) = value { return s }
        return value.serialized
    }

    private static func count(_ key: String, _ value: JSONValue, minimum: Int64) throws(SimulationError) -> Int64 {
        let parsed: Int64?
        switch value {
        case .int(let i): parsed = Int64(i)
        case .string(let s): parsed = Int64(s)
        default: parsed = nil
        }
        // A year of seconds is far beyond any throttle and keeps clock arithmetic safe.
        guard let parsed, parsed >= minimum, parsed <= 31_536_000 else {
            throw SimulationError(.badPolicy, "policy key '\(key)' takes a whole number from \(minimum) to 31536000, not \(text(of: value))")
        }
        return parsed
    }

    /// `policy show`: both rules with the active one marked, then the throttle.
    public var lines: [String] {
        var out: [String] = []
        for candidate in SusiPasswordRule.allCases {
            let mark = candidate == rule ? "rule=\(candidate.rawValue) (active)" : "rule=\(candidate.rawValue)"
            out.append("\(mark): \(candidate.regex)  (\(candidate.summary))")
        }
        out.append("the new password must also differ from the account's e-mail")
        out.append("maxInvalidLogins=\(maxInvalidLogins) periodSeconds=\(periodSeconds) blockTimeSeconds=\(blockTimeSeconds): "
                   + "more than \(maxInvalidLogins) invalid logins within \(periodSeconds) s answer 403 for \(blockTimeSeconds) s")
        return out
    }
}
