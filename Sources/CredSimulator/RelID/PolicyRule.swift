/// One rule of a password policy, as the server enforces it. Each rule's `message`
/// is the same line the app shows for it, so a refusal names the rule in the user's words.
public enum PolicyRule: Equatable, Sendable {
    case length(min: Int, max: Int)
    case minDigits(Int)
    case minUppercase(Int)
    case minLowercase(Int)
    case minSpecial(Int)
    case charsNotAllowed(String)
    case repetition(Int)
    case userID
    case sequence
    case commonPassword

    /// Passwords refused when `BlackListedCommonPassword` is on (compared ignoring case).
    /// The real list is the server's secret; this one is short, fixed and documented.
    public static let commonPasswords: Set<String> = [
        "password", "password1", "password123", "passw0rd", "p@ssw0rd", "123456", "12345678",
        "123456789", "qwerty", "qwerty123", "letmein", "welcome", "welcome1", "admin", "admin123",
        "iloveyou", "monkey", "dragon", "abc123", "111111", "sunshine", "football", "changeme",
    ]

    /// Every key `key(refusing:)` gives: the rules `expect note rule=KEY` can name.
    public static let refusalKeys = ["minL", "maxL", "minDg", "minUc", "minLc", "minSc", "charsNotAllowed",
                                     "Repetition", "UserIDcheck", "SeqCheck", "BlackListedCommonPassword"]

    /// The RELID_PASSWORD_POLICY key that states this rule, for a password it refused.
    public func key(refusing password: String) -> String {
        switch self {
        case let .length(min, _): return password.count < min ? "minL" : "maxL"
        case .minDigits: return "minDg"
        case .minUppercase: return "minUc"
        case .minLowercase: return "minLc"
        case .minSpecial: return "minSc"
        case .charsNotAllowed: return "charsNotAllowed"
        case .repetition: return "Repetition"
        case .userID: return "UserIDcheck"
        case .sequence: return "SeqCheck"
        case .commonPassword: return "BlackListedCommonPassword"
        }
    }

    public var message: String {
        switch self {
        case let .length(min, max):
            if min > 0, max > 0 {
                return min == max ? "Must be exactly \(min) characters long" : "Must be between \(min) and \(max) characters long"
            }
            return min > 0 ? "Must be at least \(min) characters long" : "Must be no more than \(max) characters long"
        case .minDigits(let n): return "Must contain at least \(n) digit\(n > 1 ? "s" : "")"
        case .minUppercase(let n): return "Must contain at least \(n) uppercase letter\(n > 1 ? "s" : "")"
        case .minLowercase(let n): return "Must contain at least \(n) lowercase letter\(n > 1 ? "s" : "")"
        case .minSpecial(let n): return "Must contain at least \(n) special character\(n > 1 ? "s" : "")"
        case .charsNotAllowed(let chars): return "Cannot contain these characters: \(chars)"
        case .repetition(let n): return "Cannot have more than \(n) repeated characters in a row"
        case .userID: return "Cannot contain your username"
        case .sequence: return "Cannot contain sequential characters (e.g., 123, abc)"
        case .commonPassword: return "Cannot be a commonly used password"
        }
    }

    /// True when `password` of `userID` satisfies this rule.
    public func isSatisfied(by password: String, userID: String) -> Bool {
        switch self {
        case let .length(min, max):
            let count = password.count
            return (min == 0 || count >= min) && (max == 0 || count <= max)
        case .minDigits(let n):
            return (Self.asciiCount(password) { $0 >= 0x30 && $0 <= 0x39 } ?? password.count(where: \.isASCIIDigit)) >= n
        case .minUppercase(let n):
            return (Self.asciiCount(password) { $0 >= 0x41 && $0 <= 0x5A } ?? password.count(where: \.isUppercase)) >= n
        case .minLowercase(let n):
            return (Self.asciiCount(password) { $0 >= 0x61 && $0 <= 0x7A } ?? password.count(where: \.isLowercase)) >= n
        case .minSpecial(let n):
            return (Self.asciiCount(password) { !Self.isASCIIAlphanumeric($0) } ?? password.count(where: \.isSpecial)) >= n
        case .charsNotAllowed(let chars): return !password.contains { chars.contains($0) }
        case .repetition(let n): return PolicyRule.longestRun(in: password) <= n
        case .userID: return userID.isEmpty || !password.lowercased().contains(userID.lowercased())
        case .sequence: return !PolicyRule.hasSequence(password)
        case .commonPassword: return !PolicyRule.commonPasswords.contains(password.lowercased())
        }
    }

    /// How many characters of an ASCII password match, byte by byte; nil for a password
    /// with any other character (or a carriage return, which with a line feed makes one
    /// character of two bytes), which the Unicode properties then count. For ASCII the
    /// two agree: uppercase is A–Z, lowercase a–z, a number 0–9, a letter A–Z or a–z.
    static func asciiCount(_ password: String, where matches: (UInt8) -> Bool) -> Int? {
        var count = 0
        for byte in password.utf8 {
            guard byte < 0x80, byte != 0x0D else { return nil }
            if matches(byte) { count += 1 }
        }
        return count
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The longest run of one character repeated in a row.
    static func longestRun(in text: String) -> Int {
        var longest = 0, run = 0
        var previous: Character?
        for c in text {
            run = c == previous ? run + 1 : 1
            previous = c
            longest = max(longest, run)
        }
        return longest
    }

    /// Three letters or digits in a row that step by one, up or down ("123", "cba";
    /// letters ignoring case). The app's message names 123 and abc; going down counts
    /// too in credsh (a simulator decision).
    static func hasSequence(_ text: String) -> Bool {
        // Each character as (kind, value): digits and letters are separate kinds, so "9:a" never counts.
        let keys: [(kind: Int, value: Int)?] = text.map { c in
            guard c.isASCII, let scalar = c.lowercased().unicodeScalars.first else { return nil }
            if c.isNumber { return (0, Int(scalar.value)) }
            if c.isLetter { return (1, Int(scalar.value)) }
            return nil
        }
        guard keys.count >= 3 else { return false }
        for i in 2..<keys.count {
            guard let a = keys[i - 2], let b = keys[i - 1], let c = keys[i],
                  a.kind == b.kind, b.kind == c.kind else { continue }
            let step = b.value - a.value
            if abs(step) == 1, c.value - b.value == step { return true }
        }
        return false
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
    /// Anything that is neither letter nor digit counts as special, a space included.
    var isSpecial: Bool { !isLetter && !isNumber }
}

extension PasswordPolicy {
    /// The rules in force, in the order the server checks them and the app lists them.
    public var rules: [PolicyRule] {
        var rules: [PolicyRule] = []
        if minL > 0 || maxL > 0 { rules.append(.length(min: minL, max: maxL)) }
        if minDg > 0 { rules.append(.minDigits(minDg)) }
        if minUc > 0 { rules.append(.minUppercase(minUc)) }
        if minLc > 0 { rules.append(.minLowercase(minLc)) }
        if minSc > 0 { rules.append(.minSpecial(minSc)) }
        if !charsNotAllowed.isEmpty { rules.append(.charsNotAllowed(charsNotAllowed)) }
        if repetition > 0 { rules.append(.repetition(repetition)) }
        if userIDCheck { rules.append(.userID) }
        if seqCheck { rules.append(.sequence) }
        if blackListedCommonPassword { rules.append(.commonPassword) }
        return rules
    }

    /// The first rule `password` breaks, or nil when it passes them all.
    public func firstViolation(of password: String, userID: String) -> PolicyRule? {
        guard rawText == nil else { return nil }
        return rules.first { !$0.isSatisfied(by: password, userID: userID) }
    }
}
