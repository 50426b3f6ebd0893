/// The passcode policy of the simulated SAP app, with `FUIPasscodePolicy`'s property names
/// and defaults. The controllers check a new passcode against it; `retryLimit` is how many
/// wrong passcodes the app allows before it resets the passcode store (docs/fiori.md).
public struct PasscodePolicy: Equatable, Sendable {
    /// "No limit" for the whole-number properties (`passcodePolicyNoLimit`).
    public static let noLimit = -1

    public var minLength = 8
    public var hasDigit = false
    public var hasUpper = false
    public var hasLower = false
    public var hasSpecial = false
    /// `noLimit` or 0 turns the check off.
    public var minUniqueChars = PasscodePolicy.noLimit
    /// Wrong passcodes allowed before the store is reset; `noLimit` never runs out.
    public var retryLimit = PasscodePolicy.noLimit
    public var allowsTouchID = true
    /// Digits only: the class flags are ignored, the uniqueness check still applies.
    public var isDigitsOnly = false

    public init() {}

    /// The vendor's defaults: at least 8 characters, nothing else required.
    public static let standard = PasscodePolicy()

    /// The keys `parse` takes, in the order `describe` lists them.
    public static let keys = ["minLength", "hasDigit", "hasUpper", "hasLower", "hasSpecial",
                              "minUniqueChars", "retryLimit", "allowsTouchID", "isDigitsOnly"]

    /// Bounds credsh sets where the vendor sets none, so that a generated passcode stays
    /// short enough to show and a digits-only keypad can still meet the uniqueness check.
    public static let maxMinLength = 128
    public static let maxMinUniqueChars = 64
    public static let maxRetryLimit = 1_000
    /// A digits-only passcode is typed on a keypad with ten keys.
    public static let keypadDigits = 10

    // MARK: Checking a passcode

    /// The requirements in force, in the order the controller checks them and lists them
    /// in its checklist: length; then digits only, or the class flags; then uniqueness.
    public var rules: [PasscodeRule] {
        var rules: [PasscodeRule] = []
        if minLength > 0 { rules.append(.minLength(minLength)) }
        if isDigitsOnly {
            rules.append(.digitsOnly)
        } else {
            if hasDigit { rules.append(.digit) }
            if hasUpper { rules.append(.upper) }
            if hasLower { rules.append(.lower) }
            if hasSpecial { rules.append(.special) }
        }
        if minUniqueChars > 0 { rules.append(.minUniqueChars(minUniqueChars)) }
        return rules
    }

    /// The first requirement `passcode` misses, or nil when it meets them all.
    public func firstViolation(_ passcode: String) -> PasscodeRule? {
        rules.first { !$0.isSatisfied(by: passcode) }
    }

    /// The checklist the create screen shows, one line per requirement in force.
    public var checklistLabels: [String] { rules.map(\.label) }

    // MARK: Reading and showing

    /// The whole policy from `key=value` pairs: keys not given take the vendor's defaults,
    /// and the keys are checked together, so a policy no passcode could meet is refused.
    public static func parse(_ pairs: [(key: String, value: String)]) throws(SimulationError) -> PasscodePolicy {
        var policy = PasscodePolicy()
        var seen: Set<String> = []
        for (key, value) in pairs {
            guard keys.contains(key) else {
                throw SimulationError(.badPolicy, "unknown passcode policy key '\(key)'; the keys are \(keys.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw SimulationError(.badPolicy, "passcode policy key '\(key)' is given twice") }
            try policy.set(key, value)
        }
        try policy.checkSatisfiable()
        return policy
    }

    private mutating func set(_ key: String, _ value: String) throws(SimulationError) {
        func flag() throws(SimulationError) -> Bool {
            switch value {
            case "true": return true
            case "false": return false
            default: throw SimulationError(.badPolicy, "passcode policy key '\(key)' takes true or false, not '\(value)'")
            }
        }
        func number(_ range: ClosedRange<Int>, orNoLimit: Bool) throws(SimulationError) -> Int {
            if let n = Int(value), range.contains(n) || (orNoLimit && n == Self.noLimit) { return n }
            let noLimit = orNoLimit ? ", or -1 for no limit" : ""
            throw SimulationError(.badPolicy, "passcode policy key '\(key)' takes a whole number from \(range.lowerBound) to \(range.upperBound)\(noLimit), not '\(value)'")
        }
        switch key {
        case "minLength": minLength = try number(0...Self.maxMinLength, orNoLimit: false)
        case "hasDigit": hasDigit = try flag()
        case "hasUpper": hasUpper = try flag()
        case "hasLower": hasLower = try flag()
        case "hasSpecial": hasSpecial = try flag()
        case "minUniqueChars": minUniqueChars = try number(0...Self.maxMinUniqueChars, orNoLimit: true)
        case "retryLimit": retryLimit = try number(1...Self.maxRetryLimit, orNoLimit: true)
        case "allowsTouchID": allowsTouchID = try flag()
        case "isDigitsOnly": isDigitsOnly = try flag()
        default: preconditionFailure("parse checked the key against PasscodePolicy.keys")
        }
    }

    /// The one combination no passcode can meet within the bounds above: more unique
    /// characters than a digits-only keypad has keys.
    private func checkSatisfiable() throws(SimulationError) {
        if isDigitsOnly, minUniqueChars > Self.keypadDigits {
            throw SimulationError(.badPolicy, "isDigitsOnly=true with minUniqueChars=\(minUniqueChars): a digits-only passcode has at most \(Self.keypadDigits) unique characters, so no passcode could pass")
        }
    }

    /// Every key with its value, in `keys` order: what `policy show` prints and `parse` reads back.
    public var pairs: [(key: String, value: String)] {
        [("minLength", String(minLength)), ("hasDigit", String(hasDigit)), ("hasUpper", String(hasUpper)),
         ("hasLower", String(hasLower)), ("hasSpecial", String(hasSpecial)),
         ("minUniqueChars", String(minUniqueChars)), ("retryLimit", String(retryLimit)),
         ("allowsTouchID", String(allowsTouchID)), ("isDigitsOnly", String(isDigitsOnly))]
    }

    /// The policy and its checklist, for `policy show`.
    public var summaryLines: [String] {
        var lines = ["passcode policy: " + pairs.map { "\($0.key)=\($0.value)" }.joined(separator: " ")]
        if isDigitsOnly, hasDigit || hasUpper || hasLower || hasSpecial {
            lines.append("  (isDigitsOnly=true: hasDigit, hasUpper, hasLower and hasSpecial are ignored)")
        }
        lines.append(retryLimit == Self.noLimit
            ? "  retries: no limit"
            : "  retries: \(retryLimit) wrong passcodes, then the app resets the passcode store")
        lines.append("  Touch ID: " + (allowsTouchID ? "allowed" : "not allowed"))
        let labels = checklistLabels
        lines.append(labels.isEmpty ? "  checklist: (nothing required)" : "  checklist:")
        lines += labels.map { "    " + $0 }
        return lines
    }
}
