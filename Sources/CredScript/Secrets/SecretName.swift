import CredLanguage
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
        mayLookSecret(name) && parts(of: name).contains(where: namesSecret)
    }

    /// The first two letters of each of `secretParts` (`pw`, `pa`, `pi`, `se`, …), as two bytes.
    static let openings: [UInt16] = Set(secretParts.map { part in
        let bytes = Array(part.utf8)
        return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    }).sorted()

    /// False only when `name` cannot say it holds a secret: a part that names one holds one
    /// of `secretParts` whole, so the name, lower-cased, holds the first two letters of one
    /// side by side. One pass over the name's bytes, asked first of every `let` of a script
    /// (SecretFlow): most names (`x`, `name`, `email`) are settled without being split into
    /// parts or looked up. A name that is not ASCII may lower-case into such letters (the
    /// Kelvin sign into `k`), so it is always split.
    static func mayLookSecret(_ name: String) -> Bool {
        let firsts = openingFirsts
        var previous: UInt8 = 0
        for byte in name.utf8 {
            guard byte < 0x80 else { return true }
            let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
            if firsts & 1 << (previous & 63) != 0, openings.contains(UInt16(previous) << 8 | UInt16(lower)) { return true }
            previous = lower
        }
        return false
    }

    /// The first letters of `openings`, a bit each at the byte's low six bits: a byte whose
    /// bit is clear starts no opening, and most bytes of a name are settled by that one
    /// test rather than a search of `openings`. Other bytes share bits with the letters
    /// (`0` with `p`): they are then
    /// searched, which only costs the search.
    static let openingFirsts: UInt64 = openings.reduce(0) { bits, opening in bits | 1 << (opening >> 8 & 63) }

    static func namesSecret(_ part: String) -> Bool {
        if secretParts.contains(part) { return true }
        // Counted in bytes: the qualifiers and the plural `s` are ASCII.
        let bytes = part.utf8
        if bytes.count > 1, bytes.last == UInt8(ascii: "s"),
           secretParts.contains(String(decoding: bytes.dropLast(), as: UTF8.self)) { return true }
        for qualifier in qualifiers where bytes.count > qualifier.utf8.count && part.hasPrefix(qualifier) {
            if namesSecret(String(decoding: bytes.dropFirst(qualifier.utf8.count), as: UTF8.self)) { return true }
        }
        return false
    }

    /// The name's parts, lower-cased.
    static func parts(of name: String) -> [String] {
        // Names are almost always ASCII: split their bytes without building Characters
        // (this runs for every `let` of a script before it runs).
        name.utf8.allSatisfy({ $0 < 0x80 }) ? asciiParts(of: Array(name.utf8)) : characterParts(of: name)
    }

    /// `parts(of:)` for any name, Character by Character.
    static func characterParts(of name: String) -> [String] {
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

    /// `parts(of:)` for an ASCII name, by the same rules.
    static func asciiParts(of bytes: [UInt8]) -> [String] {
        func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
        func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
        var parts: [String] = []
        var current: [UInt8] = []
        var previousWasLower = false
        func finish() {
            if !current.isEmpty { parts.append(String(decoding: current.map { isUpper($0) ? $0 + 32 : $0 }, as: UTF8.self)) }
            current.removeAll(keepingCapacity: true)
        }
        for (index, byte) in bytes.enumerated() {
            guard isUpper(byte) || isLower(byte) else {
                finish()
                previousWasLower = false
                continue
            }
            let nextIsLower = index + 1 < bytes.count && isLower(bytes[index + 1])
            if isUpper(byte), previousWasLower || (nextIsLower && current.last.map(isUpper) == true) { finish() }
            current.append(byte)
            previousWasLower = isLower(byte)
        }
        finish()
        return parts
    }
}
