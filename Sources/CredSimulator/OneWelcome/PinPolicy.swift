/// The PIN policy the token server hands the SDK: a fixed length, a cap on the same digit
/// repeated in a row, whether sequences pass, and a block list; plus how many wrong PINs
/// in a row deregister a profile (docs/onewelcome.md, "PIN policy").
public struct PinPolicy: Equatable, Sendable {
    /// Every new PIN has exactly this many digits.
    public var length: Int
    /// The most times one digit may repeat in a row: 2 lets "11" pass but not "111".
    public var maxSimilarDigits: Int
    public var sequencesAllowed: Bool
    /// PINs refused outright, in the order they were given.
    public var blocklist: [String]
    /// Wrong PINs in a row before the profile is deregistered (`maxFailureCount`).
    public var attempts: Int

    public static let lengthRange = 5...32
    public static let attemptsRange = 1...100

    public init(length: Int, maxSimilarDigits: Int, sequencesAllowed: Bool, blocklist: [String], attempts: Int) {
        self.length = length
        self.maxSimilarDigits = maxSimilarDigits
        self.sequencesAllowed = sequencesAllowed
        self.blocklist = blocklist
        self.attempts = attempts
    }

    /// What a fresh simulator starts with, and what every key left out of `parse` takes
    /// (a simulator decision: the vendor ships no defaults).
    public static let standard = PinPolicy(length: 5, maxSimilarDigits: 2, sequencesAllowed: false,
                                           blocklist: ["12345", "00000", "11111", "90210", "00700"], attempts: 3)

    /// The keys `policy pin` takes, in the order `policy show` lists them.
    public static let keys = ["length", "maxSimilar", "sequences", "blocklist", "attempts"]

    // MARK: Checking a PIN

    /// The first rule the PIN breaks, checking length, block list, sequence, then similar
    /// digits (the order is a simulator decision), or nil when it passes.
    public func firstViolation(of pin: String) -> PinRule? {
        let digits = Array(pin.unicodeScalars)
        if digits.count != length { return .wrongLength(required: length) }
        if blocklist.contains(pin) { return .blocklisted }
        if !sequencesAllowed, Self.isSequence(digits) { return .sequence }
        if Self.longestRun(digits) > maxSimilarDigits { return .similarDigits(maximum: maxSimilarDigits) }
        return nil
    }

    /// The whole PIN steps by one constant, non-zero amount, counted round the dial
    /// (modulo 10) so that 24680 and 78901 are sequences as much as 12345, 13579 and 97531.
    static func isSequence(_ scalars: [Unicode.Scalar]) -> Bool {
        let values = scalars.compactMap { ("0"..."9").contains($0) ? Int($0.value) - 48 : nil }
        guard values.count == scalars.count, values.count >= 2 else { return false }
        func step(_ a: Int, _ b: Int) -> Int { (b - a + 10) % 10 }
        let first = step(values[0], values[1])
        guard first != 0 else { return false }
        return zip(values, values.dropFirst()).allSatisfy { step($0, $1) == first }
    }

    /// The longest run of one character repeated in a row.
    static func longestRun(_ scalars: [Unicode.Scalar]) -> Int {
        var longest = 0
        var run = 0
        var previous: Unicode.Scalar?
        for scalar in scalars {
            run = scalar == previous ? run + 1 : 1
            previous = scalar
            longest = max(longest, run)
        }
        return longest
    }

    // MARK: Setting the policy

    /// The whole policy from `key=value` pairs: keys left out take the standard values,
    /// and the keys are checked together once all are read, so their order never matters.
    public static func parse(_ pairs: [(key: String, value: String)]) throws(SimulationError) -> PinPolicy {
        var policy = PinPolicy.standard
        var seen: Set<String> = []
        for (key, value) in pairs {
            guard keys.contains(key) else {
                throw SimulationError(.badPolicy, "unknown PIN policy key '\(key)'; the keys are \(keys.joined(separator: ", "))")
            }
            guard seen.insert(key).inserted else { throw SimulationError(.badPolicy, "PIN policy key '\(key)' is given twice") }
            switch key {
            case "length":
                policy.length = try number(key, value, in: lengthRange)
            case "maxSimilar":
                policy.maxSimilarDigits = try number(key, value, in: 1...Int.max)
            case "sequences":
                switch value {
                case "true": policy.sequencesAllowed = true
                case "false": policy.sequencesAllowed = false
                default: throw SimulationError(.badPolicy, "PIN policy key 'sequences' takes true or false, not '\(value)'")
                }
            case "blocklist":
                policy.blocklist = try blocklist(value)
            default:  // "attempts"
                policy.attempts = try number(key, value, in: attemptsRange)
            }
        }
        if policy.maxSimilarDigits > policy.length {
            throw SimulationError(.badPolicy, "maxSimilar (\(policy.maxSimilarDigits)) is more than the length (\(policy.length)): "
                                  + "use at most \(policy.length), which already allows any repetition")
        }
        return policy
    }

    private static func number(_ key: String, _ value: String, in range: ClosedRange<Int>) throws(SimulationError) -> Int {
        guard let n = Int(value), range.contains(n) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw SimulationError(.badPolicy, "PIN policy key '\(key)' takes a whole number \(bounds), not '\(value)'")
        }
        return n
    }

    /// Comma-separated PINs; an empty value empties the list. An entry of another length
    /// than the policy's is kept: it can never match, which is harmless.
    private static func blocklist(_ value: String) throws(SimulationError) -> [String] {
        guard !value.isEmpty else { return [] }
        var entries: [String] = []
        for entry in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
            guard !entry.isEmpty, entry.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
                throw SimulationError(.badPolicy, "blocklist entry '\(entry)' is not a PIN: PINs have digits 0-9 only")
            }
            if !entries.contains(entry) { entries.append(entry) }
        }
        return entries
    }

    // MARK: Showing the policy

    /// `policy show`: one `key=value` line per key, as `policy pin` takes them, with what it means.
    public var describe: [String] {
        [
            "length=\(length)  every new PIN has exactly \(length) digits",
            "maxSimilar=\(maxSimilarDigits)  one digit at most \(maxSimilarDigits) times in a row",
            "sequences=\(sequencesAllowed)  " + (sequencesAllowed
                ? "PINs that step by one constant amount (12345, 13579) pass"
                : "PINs that step by one constant amount (12345, 13579, 97531) are refused"),
            "blocklist=\(blocklist.joined(separator: ","))  " + (blocklist.isEmpty ? "no PIN is blocked" : "these PINs are refused"),
            "attempts=\(attempts)  wrong PINs in a row before the profile is deregistered (from the next PIN challenge on)",
            "checked in this order: length, block list, sequence, similar digits",
        ]
    }
}

/// A PIN policy rule a new PIN broke, with the validation error the SDK reports for it.
public enum PinRule: Equatable, Sendable {
    case wrongLength(required: Int)
    case blocklisted
    case sequence
    case similarDigits(maximum: Int)

    public var error: OneWelcomeError {
        let domain = OneWelcomeErrorDomain.pinValidation
        switch self {
        case .blocklisted:
            return OneWelcomeError(code: 9011, name: "pinBlackListed", domain: domain,
                                   message: "PIN you've entered is blacklisted.")
        case .sequence:
            return OneWelcomeError(code: 9012, name: "pinShouldNotBeASequence", domain: domain,
                                   message: "PIN you've entered appears to be a sequence.")
        case .similarDigits(let maximum):
            // "more that" is the example app's own spelling.
            return OneWelcomeError(code: 9013, name: "pinShouldNotUseSimilarDigits", domain: domain,
                                   message: "PIN should not use more that \(maximum) similar digits.",
                                   detail: ("maxSimilarDigits", maximum))
        case .wrongLength(let required):
            return OneWelcomeError(code: 9014, name: "wrongPinLength", domain: domain,
                                   message: "PIN has to be of \(required) characters length.",
                                   detail: ("requiredLength", required))
        }
    }

    /// Every rule's `key`: the rules `expect note rule=KEY` can name.
    public static let keys = [PinRule.wrongLength(required: 0), .blocklisted, .sequence, .similarDigits(maximum: 0)].map(\.key)

    /// The policy key that states this rule.
    public var key: String {
        switch self {
        case .wrongLength: return "length"
        case .blocklisted: return "blocklist"
        case .sequence: return "sequences"
        case .similarDigits: return "maxSimilar"
        }
    }

    /// Which rule, in the policy's own terms, for a simulator note.
    public var rule: String {
        switch self {
        case .wrongLength(let required): return "length=\(required)"
        case .blocklisted: return "blocklist"
        case .sequence: return "sequences=false"
        case .similarDigits(let maximum): return "maxSimilar=\(maximum)"
        }
    }
}
