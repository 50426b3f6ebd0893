/// One requirement of a `PasscodePolicy`, as the passcode controller checks it and lists
/// it in its checklist. `label` is the checklist line, so a refusal names the rule in the
/// words the user sees (docs/fiori.md, "The policy").
public enum PasscodeRule: Equatable, Sendable {
    case minLength(Int)
    case digitsOnly
    case digit
    case upper
    case lower
    case special
    case minUniqueChars(Int)

    /// Every rule's `key`: the rules `expect note rule=KEY` can name.
    public static let keys = [PasscodeRule.minLength(0), .digitsOnly, .digit, .upper, .lower, .special, .minUniqueChars(0)].map(\.key)

    /// The FUIPasscodePolicy property that states this rule.
    public var key: String {
        switch self {
        case .minLength: return "minLength"
        case .digitsOnly: return "isDigitsOnly"
        case .digit: return "hasDigit"
        case .upper: return "hasUpper"
        case .lower: return "hasLower"
        case .special: return "hasSpecial"
        case .minUniqueChars: return "minUniqueChars"
        }
    }

    /// The checklist line. The vendor's format has no plural form ("At least 1 characters"),
    /// and credsh keeps it as it is.
    public var label: String {
        switch self {
        case .minLength(let n): return "At least \(n) characters"
        case .digitsOnly: return "Digits only"
        case .digit: return "At least one digit"
        case .upper: return "At least one uppercase letter"
        case .lower: return "At least one lowercase letter"
        case .special: return "At least one special character"
        case .minUniqueChars(let n): return "At least \(n) unique characters"
        }
    }

    /// True when `passcode` meets this rule. Length counts characters as the user sees
    /// them; the class and uniqueness checks look at Unicode scalars, as the vendor's do.
    public func isSatisfied(by passcode: String) -> Bool {
        let scalars = passcode.unicodeScalars
        switch self {
        case .minLength(let n): return passcode.count >= n
        case .digitsOnly: return !scalars.isEmpty && scalars.allSatisfy(\.isPasscodeDigit)
        case .digit: return scalars.contains(where: \.isPasscodeDigit)
        case .upper: return scalars.contains(where: \.isPasscodeUppercase)
        case .lower: return scalars.contains(where: \.isPasscodeLowercase)
        case .special: return scalars.contains { !$0.isPasscodeAlphanumeric }
        case .minUniqueChars(let n): return Set(scalars).count >= n
        }
    }
}

/// The character classes of the policy, by Unicode general category: a decimal digit is
/// any `Nd` (not only 0–9), an uppercase letter `Lu` or `Lt`, a lowercase letter `Ll`,
/// and "special" is anything that is not a letter, mark or number, a space included.
extension Unicode.Scalar {
    var isPasscodeDigit: Bool { properties.generalCategory == .decimalNumber }

    var isPasscodeUppercase: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: return true
        default: return false
        }
    }

    var isPasscodeLowercase: Bool { properties.generalCategory == .lowercaseLetter }

    var isPasscodeAlphanumeric: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark,
             .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
