/// The server's password rule: the regular expression of its configuration key
/// `users.password.regex` (docs/susi.md, "Password rules", with the commits). `2017` is
/// what `conf/config.properties` shipped from May 2017 to July 2019 and the simulated
/// server's default; `fallback` is the pattern the code falls back on when the setting is
/// absent; `2019` is the setting shipped from July 2019.
///
/// Each rule is checked by hand with exactly the regex's meaning under Java's
/// `Matcher.matches()`: `.` is any code point except a line terminator, `\d` is an ASCII
/// digit, `[A-Z]` an ASCII capital, `\W` anything but `[a-zA-Z0-9_]`; length counts
/// code points. The unit tests compare this with the regex itself.
public enum SusiPasswordRule: String, CaseIterable, Equatable, Sendable {
    case rule2017 = "2017"
    case fallback = "fallback"
    case rule2019 = "2019"

    /// The refusal's rule name when a new password equals the account's e-mail, which the
    /// server checks before the regex.
    public static let equalsEmailKey = "email"

    /// Every name a refusal of the server carries (`expect note rule=…`).
    public static var refusalKeys: [String] { allCases.map(\.rawValue) + [equalsEmailKey] }

    /// The expression as the server's configuration writes it.
    public var regex: String {
        switch self {
        case .rule2017: return #"^.{6,64}$"#
        case .fallback: return #"^(?=.*\d).{6,64}$"#
        case .rule2019: return #"^((?=.*\d)(?=.*[A-Z])(?=.*\W).{8,64})$"#
        }
    }

    /// In words, for `policy show` and `explain`.
    public var summary: String {
        switch self {
        case .rule2017: return "6 to 64 characters, any of them"
        case .fallback: return "6 to 64 characters, at least one digit"
        case .rule2019: return "8 to 64 characters, at least one digit, one capital A-Z and one character other than a letter, digit or _"
        }
    }

    public var lengthRange: ClosedRange<Int> { self == .rule2019 ? 8...64 : 6...64 }

    /// Where the rule comes from in fossasia/susi_server's history, for `explain` and
    /// `policy show`.
    public var source: String {
        switch self {
        case .rule2017:
            return "conf/config.properties from commit 4e900afd98c1 (2017-05-14, \"fix #180: made regex simple\") "
                + "until commit e7e67a79f92a (2019-07-20)"
        case .fallback:
            return "the default of DAO.getConfig(\"users.password.regex\", …) in PasswordChangeService from commit "
                + "3db4f2fc0941 (2017-07-08) until commit e7e67a79f92a (2019-07-20), used only when the setting is absent"
        case .rule2019:
            return "conf/config.properties from commit e7e67a79f92a (2019-07-20; [a-z] for [A-Z] in 0b0670941c46 "
                + "the next day, restored by ea49bb76cef0 on 2019-08-05)"
        }
    }

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
        if self == .rule2017 { return nil }
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
