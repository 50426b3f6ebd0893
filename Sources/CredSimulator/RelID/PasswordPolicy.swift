/// The server's password policy: the `RELID_PASSWORD_POLICY` rules it sends to the app
/// in `challengeInfo` and enforces itself, plus the server-only settings (history,
/// maximum age, attempts) that never travel to the app.
public struct PasswordPolicy: Equatable, Sendable {
    // RELID_PASSWORD_POLICY keys.
    public var minL = 0
    public var maxL = 0
    public var minDg = 0
    public var minUc = 0
    public var minLc = 0
    public var minSc = 0
    public var charsNotAllowed = ""
    public var repetition = 0
    public var userIDCheck = false
    public var seqCheck = false
    public var blackListedCommonPassword = false
    public var msg: String?
    public var sdkValidation: Bool?
    /// A policy sent as it was typed, even if it is no JSON at all (`policy password raw`):
    /// the server forwards the text and, unable to read rules from it, enforces none
    /// (docs/relid.md, "Simulator decisions").
    public var rawText: String?

    // Server-only settings.
    /// How many passwords count as "used before": the current one plus the N−1 before it.
    public var historySize = 3
    /// Seconds after which a password expires; nil for never.
    public var maxAge: Int64?
    /// Wrong answers allowed before the account is blocked (login) or the update ends (153).
    public var attempts = 3

    public init() {}

    /// What a fresh simulation starts with: "Passw0rd!" passes, "password" does not.
    public static let standard: PasswordPolicy = {
        var p = PasswordPolicy()
        p.minL = 8
        p.maxL = 16
        p.minDg = 1
        p.minUc = 1
        p.minLc = 1
        p.minSc = 1
        return p
    }()

    /// The key names the `policy password` command accepts, in the order they are sent.
    public static let relidKeys = ["minL", "maxL", "minDg", "minUc", "minLc", "minSc", "charsNotAllowed",
                                   "Repetition", "UserIDcheck", "SeqCheck", "BlackListedCommonPassword",
                                   "msg", "SDKValidation"]
    public static let serverKeys = ["history", "maxAge", "attempts"]
    /// The most hashes a reuse check runs through: a change costs one KDF check per
    /// stored hash, so an unbounded history would make a loop of changes quadratic.
    public static let maximumHistory = 24

    /// The text of RELID_PASSWORD_POLICY in challengeInfo.
    public var relidPolicyText: String { rawText ?? relidJSON.serialized }

    /// Why no password could pass this policy, if that is so: checked once all keys are
    /// set, so their order never matters.
    public func unsatisfiable() -> String? {
        if minL > 0, maxL > 0, minL > maxL {
            return "minL (\(minL)) is greater than maxL (\(maxL)): no password could pass"
        }
        // Each count is at most PolicyNumber.maximum when set; the sum is checked all the same.
        guard let required = PolicyNumber.sum([minDg, minUc, minLc, minSc]) else {
            return "minDg+minUc+minLc+minSc ask for more characters than any password could have"
        }
        if maxL > 0, required > maxL {
            return "minDg+minUc+minLc+minSc ask for \(required) characters but maxL is \(maxL): no password could pass"
        }
        return nil
    }

    /// The policy as the server sends it: only the rules in force, in a fixed order,
    /// with `SeqCheck` and `BlackListedCommonPassword` as the strings "true"/"false" as the
    /// real server sends them.
    public var relidJSON: JSONValue {
        var members: [(String, JSONValue)] = []
        if minL > 0 { members.append(("minL", .int(minL))) }
        if maxL > 0 { members.append(("maxL", .int(maxL))) }
        if minDg > 0 { members.append(("minDg", .int(minDg))) }
        if minUc > 0 { members.append(("minUc", .int(minUc))) }
        if minLc > 0 { members.append(("minLc", .int(minLc))) }
        if minSc > 0 { members.append(("minSc", .int(minSc))) }
        if !charsNotAllowed.isEmpty { members.append(("charsNotAllowed", .string(charsNotAllowed))) }
        if repetition > 0 { members.append(("Repetition", .int(repetition))) }
        if userIDCheck { members.append(("UserIDcheck", .bool(true))) }
        if seqCheck { members.append(("SeqCheck", .string("true"))) }
        if blackListedCommonPassword { members.append(("BlackListedCommonPassword", .string("true"))) }
        if let msg { members.append(("msg", .string(msg))) }
        if let sdkValidation { members.append(("SDKValidation", .bool(sdkValidation))) }
        return .object(members)
    }

    /// Sets one key, from the JSON form or from `key=value` words. Durations and
    /// booleans arrive already typed as JSON values.
    public mutating func set(_ key: String, to value: JSONValue) throws(SimulationError) {
        /// A count of characters is bounded (PolicyNumber); `attempts` only counts down, so it
        /// is kept whole (3,000,000,000 attempts are 3,000,000,000), and `history` has its own bound.
        func int(bounded: Bool = true) throws(SimulationError) -> Int {
            let number: Int?
            switch value {
            case .int(let i) where i >= 0: number = i
            case .string(let s): number = Int(s).flatMap { $0 >= 0 ? $0 : nil }
            default: number = nil
            }
            guard let number else { throw SimulationError(.badPolicy, "policy key '\(key)' takes a whole number ≥ 0, not \(value.serialized)") }
            guard !bounded || number <= PolicyNumber.maximum else {
                throw SimulationError(.badPolicy, "policy key '\(key)' takes at most \(PolicyNumber.maximum), not \(value.serialized)")
            }
            return number
        }
        func flag() throws(SimulationError) -> Bool {
            // The app reads "true"/"false" in any case ("TRUE", "True"), so the server may send them so.
            switch value {
            case .bool(let b): return b
            case .string(let s) where s.lowercased() == "true": return true
            case .string(let s) where s.lowercased() == "false": return false
            case .int(1): return true
            case .int(0): return false
            default: throw SimulationError(.badPolicy, "policy key '\(key)' takes true or false, not \(value.serialized)")
            }
        }
        func text() throws(SimulationError) -> String {
            switch value {
            case .string(let s): return s
            case .int(let i): return String(i)
            default: throw SimulationError(.badPolicy, "policy key '\(key)' takes text, not \(value.serialized)")
            }
        }
        switch key {
        case "minL": minL = try int()
        case "maxL": maxL = try int()
        case "minDg": minDg = try int()
        case "minUc": minUc = try int()
        case "minLc": minLc = try int()
        case "minSc": minSc = try int()
        case "charsNotAllowed": charsNotAllowed = try text()
        case "Repetition": repetition = try int()
        case "UserIDcheck": userIDCheck = try flag()
        case "SeqCheck": seqCheck = try flag()
        case "BlackListedCommonPassword": blackListedCommonPassword = try flag()
        case "msg": msg = try text()
        case "SDKValidation": sdkValidation = try flag()
        case "history":
            let size = try int(bounded: false)  // its own, smaller bound follows
            guard size <= Self.maximumHistory else {
                throw SimulationError(.badPolicy, "history can be at most \(Self.maximumHistory) (each change checks the new password against every stored hash)")
            }
            historySize = size
        case "attempts":
            attempts = try int(bounded: false)
            guard attempts > 0 else { throw SimulationError(.badPolicy, "policy key 'attempts' must be at least 1") }
        case "maxAge":
            let seconds: Int
            switch value {
            case .int(let i) where i >= 0: seconds = i
            case .string(let s) where Int(s).map({ $0 >= 0 }) ?? false: seconds = Int(s)!
            default: throw SimulationError(.badPolicy, "policy key 'maxAge' takes a whole number ≥ 0, not \(value.serialized)")
            }
            guard seconds <= 100 * 366 * 86_400 else { throw SimulationError(.badPolicy, "maxAge can be at most 36600d (a hundred years)") }
            maxAge = seconds == 0 ? nil : Int64(seconds)
        default:
            throw SimulationError(.badPolicy, "unknown policy key '\(key)'; the keys are \((Self.relidKeys + Self.serverKeys).joined(separator: ", "))")
        }
    }

    /// A fresh policy with no rules that keeps this one's server-only settings.
    public var withoutRules: PasswordPolicy {
        var fresh = PasswordPolicy()
        fresh.historySize = historySize
        fresh.maxAge = maxAge
        fresh.attempts = attempts
        return fresh
    }

    /// Replaces the RELID rules with those of a JSON object, keeping the server-only settings.
    public mutating func replaceRules(withJSON text: String) throws(SimulationError) {
        let parsed: JSONValue
        do { parsed = try JSONValue.parse(text) } catch {
            throw SimulationError(.badPolicy, "policy JSON does not parse: \(error.message) (at character \(error.offset + 1))")
        }
        guard case .object(let members) = parsed else { throw SimulationError(.badPolicy, "policy JSON must be an object") }
        var fresh = withoutRules
        var seen: Set<String> = []
        for (key, value) in members {
            // As the KEY=VALUE form: a key given twice is refused, never the last one silently kept.
            guard seen.insert(key).inserted else { throw SimulationError(.badPolicy, "policy key '\(key)' is given twice") }
            guard Self.relidKeys.contains(key) else {
                throw SimulationError(.badPolicy, "unknown RELID_PASSWORD_POLICY key '\(key)'; the keys are \(Self.relidKeys.joined(separator: ", "))")
            }
            try fresh.set(key, to: value)
        }
        if let reason = fresh.unsatisfiable() { throw SimulationError(.badPolicy, reason) }
        self = fresh
    }
}
