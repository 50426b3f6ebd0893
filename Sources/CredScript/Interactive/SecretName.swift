/// Whether a variable's name says it holds a secret, read part by part: `new_pin`,
/// `pinCode`, `oldPassword`, `API-KEY2` are secrets; `spinner`, `keyboard`, `pinned`,
/// `tokenizer` are not, because no whole part of them names one.
///
/// A name splits into parts at anything but a letter (`_`, `-`, digits) and where a
/// lower-case letter meets an upper-case one (`pinCode` → `pin`, `code`; `PINCode` →
/// `pin`, `code`). A part names a secret when it is one of `secretParts`, perhaps run
/// together with a word that says which one (`newpin`, `oldpw`, `mytoken`) or ending in
/// a plural `s` (`creds`, `tokens`). Bound: one pass over the name's characters.
enum SecretName {
    static let secretParts: Set<String> = [
        "pw", "pwd", "pass", "passwd", "password", "passcode", "passphrase", "passkey",
        "pin", "pincode", "secret", "token", "code", "key", "apikey", "cred", "credential", "otp",
    ]
    /// Words written in front of a secret's name without a break (`newpin`, `oldpw`).
    static let qualifiers = ["new", "old", "current", "cur", "confirm", "my", "the"]

    static func looksSecret(_ name: String) -> Bool {
        parts(of: name).contains(where: namesSecret)
    }

    static func namesSecret(_ part: String) -> Bool {
        if secretParts.contains(part) { return true }
        if part.count > 1, part.hasSuffix("s"), secretParts.contains(String(part.dropLast())) { return true }
        for qualifier in qualifiers where part.count > qualifier.count && part.hasPrefix(qualifier) {
            if namesSecret(String(part.dropFirst(qualifier.count))) { return true }
        }
        return false
    }

    /// The name's parts, lower-cased.
    static func parts(of name: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var previousWasLower = false
        let characters = Array(name)
        func finish() {
            if !current.isEmpty { parts.append(current.lowercased()) }
            current = ""
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter else {
                finish()
                previousWasLower = false
                continue
            }
            let upper = character.isUppercase
            // `pinCode`: a capital after a small letter starts a part. `PINCode`: the last
            // capital of a run starts one when a small letter follows it.
            let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
            if upper, previousWasLower || (nextIsLower && current.last?.isUppercase == true) { finish() }
            current.append(character)
            previousWasLower = character.isLowercase
        }
        finish()
        return parts
    }
}
