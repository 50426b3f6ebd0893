/// The passcode the change controller makes up when Touch ID replaces its first screen.
/// The vendor does not say how it is built; credsh draws it from the seeded generator so
/// a script reproduces it, and makes it meet the policy in force (docs/fiori.md,
/// "Simulator decisions").
enum PasscodeGenerator {
    static let uppercase = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
    static let lowercase = Array("abcdefghijkmnopqrstuvwxyz")
    static let digits = Array("0123456789")
    /// Printable and easy to read; no space or quotes, so it would survive any display.
    static let specials = Array("!#$%&*+-=?@^_~")

    /// At least 12 characters, more if the policy asks for more length or more unique
    /// characters.
    static let minimumLength = 12

    static func passcode(for policy: PasscodePolicy, using random: inout SeededGenerator) -> String {
        let pool = policy.isDigitsOnly ? digits : uppercase + lowercase + digits + specials
        let unique = max(policy.minUniqueChars, 0)
        let length = max(policy.minLength, unique, minimumLength)
        // Distinct characters first (the uniqueness check), then one of each class the
        // policy requires, then anything from the pool; finally shuffled.
        var chars = Array(pool.shuffled(using: &random).prefix(unique))
        if !policy.isDigitsOnly {
            let required = [(policy.hasDigit, digits), (policy.hasUpper, uppercase),
                            (policy.hasLower, lowercase), (policy.hasSpecial, specials)]
            for (needed, set) in required where needed {
                chars.append(set.randomElement(using: &random)!)
            }
        }
        while chars.count < length { chars.append(pool.randomElement(using: &random)!) }
        chars.shuffle(using: &random)
        let passcode = String(chars)
        precondition(policy.firstViolation(passcode) == nil, "a generated passcode must meet the policy")
        return passcode
    }
}
