import CNettle

/// How the simulated server stores passwords: PBKDF2-HMAC-SHA256 with a per-password
/// salt. The round count is a setting because it is a trade-off: real servers use
/// 600,000 rounds (OWASP 2023), which would make a 1,000-command script take minutes;
/// the default keeps a script fast while still running a real KDF on every check.
public struct PasswordHasher: Equatable, Sendable {
    public static let defaultRounds = 1_000
    /// The most `kdf` accepts: OWASP's 2023 figure for PBKDF2-HMAC-SHA256, about 100 ms
    /// per check on this project's machines, so no single command can take much longer.
    public static let maximumRounds = 600_000
    public static let saltBytes = 16
    public static let keyBytes = 32

    public var rounds: Int

    public init(rounds: Int = PasswordHasher.defaultRounds) { self.rounds = rounds }

    public var description: String {
        "PBKDF2-HMAC-SHA256, \(rounds) rounds, \(Self.saltBytes)-byte salt, \(Self.keyBytes)-byte key"
    }

    public func hash(_ password: String, salt: [UInt8]) -> StoredPassword {
        StoredPassword(salt: salt, key: derive(password, salt: salt, rounds: rounds), rounds: rounds)
    }

    /// Verifies with the rounds the password was stored with, so changing the setting
    /// later does not lock anybody out.
    public func verify(_ password: String, against stored: StoredPassword) -> Bool {
        let candidate = derive(password, salt: stored.salt, rounds: stored.rounds)
        // Compare every byte whatever the first difference, as a server must.
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, stored.key) { difference |= a ^ b }
        return difference == 0 && candidate.count == stored.key.count
    }

    private func derive(_ password: String, salt: [UInt8], rounds: Int) -> [UInt8] {
        let rounds = max(rounds, 1)
        KDFMeter.current?.add(rounds)
        var key = [UInt8](repeating: 0, count: Self.keyBytes)
        let password = Array(password.utf8)
        // Nettle takes lengths as size_t and the round count as an unsigned int; rounds are
        // at most `maximumRounds` (the `kdf` command checks), so the conversion is exact.
        password.withUnsafeBufferPointer { passwordBytes in
            salt.withUnsafeBufferPointer { saltBytes in
                key.withUnsafeMutableBufferPointer { keyBytes in
                    nettle_pbkdf2_hmac_sha256(  // the header's pbkdf2_hmac_sha256
                        passwordBytes.count, passwordBytes.baseAddress,
                        UInt32(clamping: rounds),
                        saltBytes.count, saltBytes.baseAddress,
                        keyBytes.count, keyBytes.baseAddress)
                }
            }
        }
        return key
    }
}

/// A password as the server keeps it: never the text, only salt and derived key.
public struct StoredPassword: Equatable, Sendable {
    public let salt: [UInt8]
    public let key: [UInt8]
    public let rounds: Int
}
