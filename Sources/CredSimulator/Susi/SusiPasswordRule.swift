/// The server's password rule: the regular expression its configuration key
/// `users.password.regex` defaults to. The 2017 default is the simulated server's
/// default; the 2019 one is selectable (docs/susi.md, "Password rules").
///
/// Each rule is checked by hand with exactly the regex's meaning under Java's
/// `Matcher.matches()`: `.` is any code point except a line terminator, `\d` is an ASCII
/// digit, `[A-Z]` an ASCII capital, `\W` anything but `[a-zA-Z0-9_]`; length counts
/// code points. The unit tests compare this with the regex itself.
public enum SusiPasswordRule: String, CaseIterable, Equatable, Sendable {
    case rule2017 = "2017"
    case rule2019 = "2019"

    /// The refusal's rule name when a new password equals the account's e-mail, which the
    /// server checks before the regex.
    public static let equalsEmailKey = "email"

    /// Every name a refusal of the server carries (`expect note rule=…`).
    public static var refusalKeys: [String] { allCases.map(\.rawValue) + [equalsEmailKey] }

    /// The expression as the server's configuration writes it.
    public var regex: String {
        switch self {
        case .rule2017: return #"^(?=.*\d).{6,64}$"#
        case .rule2019: return #"^((?=.*\d)(?=.*[A-Z])(?=.*\W).{8,64})$"#
        }
    }

    /// In words, for `policy show` and `explain`.
    public var summary: String {
        switch self {
        case .rule2017: return "6 to 64 characters, at least one digit"
        case .rule2019: return "8 to 64 characters, at least one digit, one capital A-Z and one character other than a letter, digit or _"
        }
    }

    public var lengthRange: ClosedRange<Int> { self == .rule2017 ? 6...64 : 8...64 }

    /// Why `password` does not match, in words; nil when it matches.
    public func violation(of password: String) -> String? {
        var count = 0, hasDigit = false, hasCapital = false, hasNonWord = false
        for scalar in password.unicodeScalars {
            if Self.isJavaLineTerminator(scalar) { return "it contains a line break, which '.' does not match" }
            count += 1
            let v = scalar.value
            let digit = (0x30...0x39).contains(v), capital = (0x41...0x5A).contains(v)
            let word = digit || capital || (0x61...0x7A).contains(v) || v == 0x5F
            hasDigit = hasDigit || digit
            hasCapital = hasCapital || capital
            hasNonWord = hasNonWord || !word
        }
        if !lengthRange.contains(count) {
            return "it has \(count) characters, not \(lengthRange.lowerBound) to \(lengthRange.upperBound)"
        }
        if !hasDigit { return "it has no digit 0-9" }
        if self == .rule2019 {
            if !hasCapital { return "it has no capital A-Z" }
            if !hasNonWord { return "it has no character other than a letter, digit or _" }
        }
        return nil
    }

    public func accepts(_ password: String) -> Bool { violation(of: password) == nil }

    /// What Java's `.` refuses without DOTALL: \n, \r, NEL, LINE and PARAGRAPH SEPARATOR.
    static func isJavaLineTerminator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
