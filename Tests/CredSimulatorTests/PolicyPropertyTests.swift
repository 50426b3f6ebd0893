import Testing
import Expectations
@testable import CredSimulator

/// Property tests of the server's policy checker against an independent oracle written
/// here: whatever the checker accepts satisfies every rule, and a password that breaks
/// exactly one rule is refused with that rule's message.
@Suite struct PolicyPropertyTests {
    static let userID = "zed"

    static let policy: PasswordPolicy = {
        var p = PasswordPolicy()
        p.minL = 10; p.maxL = 20; p.minDg = 2; p.minUc = 2; p.minLc = 2; p.minSc = 1
        p.charsNotAllowed = "<>"; p.repetition = 2
        p.userIDCheck = true; p.seqCheck = true; p.blackListedCommonPassword = true
        return p
    }()

    // MARK: The oracle: each rule, written plainly over ASCII.

    static func broken(_ password: String) -> Set<String> {
        let chars = Array(password.unicodeScalars)
        var broken: Set<String> = []
        if chars.count < 10 || chars.count > 20 { broken.insert("length") }
        if chars.filter({ ("0"..."9").contains($0) }).count < 2 { broken.insert("digits") }
        if chars.filter({ ("A"..."Z").contains($0) }).count < 2 { broken.insert("upper") }
        if chars.filter({ ("a"..."z").contains($0) }).count < 2 { broken.insert("lower") }
        if chars.filter({ !("0"..."9").contains($0) && !("A"..."Z").contains($0) && !("a"..."z").contains($0) }).count < 1 {
            broken.insert("special")
        }
        if chars.contains("<") || chars.contains(">") { broken.insert("chars") }
        var run = 1
        for i in chars.indices.dropFirst() {
            run = chars[i] == chars[i - 1] ? run + 1 : 1
            if run > 2 { broken.insert("repetition") }
        }
        if password.lowercased().contains(userID) { broken.insert("userID") }
        let lower = Array(password.lowercased().unicodeScalars)
        for i in lower.indices.dropFirst(2) {
            let (a, b, c) = (lower[i - 2], lower[i - 1], lower[i])
            let digits = [a, b, c].allSatisfy { ("0"..."9").contains($0) }
            let letters = [a, b, c].allSatisfy { ("a"..."z").contains($0) }
            guard digits || letters else { continue }
            let step = Int(b.value) - Int(a.value)
            if abs(step) == 1, Int(c.value) - Int(b.value) == step { broken.insert("sequence") }
        }
        if PolicyRule.commonPasswords.contains(password.lowercased()) { broken.insert("common") }
        return broken
    }

    static func name(of rule: PolicyRule) -> String {
        switch rule {
        case .length: return "length"
        case .minDigits: return "digits"
        case .minUppercase: return "upper"
        case .minLowercase: return "lower"
        case .minSpecial: return "special"
        case .charsNotAllowed: return "chars"
        case .repetition: return "repetition"
        case .userID: return "userID"
        case .sequence: return "sequence"
        case .commonPassword: return "common"
        }
    }

    static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz0123456789!@#-_<>ze")

    static func random(_ rng: inout SeededGenerator, length: Int, from pool: [Character]) -> String {
        String((0..<length).map { _ in pool[Int(rng.next() % UInt64(pool.count))] })
    }

    @Test func acceptedExactlyWhenEveryRuleHolds() {
        var rng = SeededGenerator(seed: 42)
        var accepted = 0
        for _ in 0..<5_000 {
            let password = Self.random(&rng, length: Int(rng.next() % 24) + 1, from: Self.alphabet)
            let verdict = Self.policy.firstViolation(of: password, userID: Self.userID)
            let oracle = Self.broken(password)
            expectEqual((verdict == nil), oracle.isEmpty, "\(password): checker says \(String(describing: verdict)), oracle \(oracle)")
            if let verdict { #expect(oracle.contains(Self.name(of: verdict)), "\(password)") } else { accepted += 1 }
        }
        #expect(accepted > 0, "the generator must reach accepted passwords too")
    }

    /// Builds passwords from a composition (how many of each class) and keeps those
    /// the oracle says break exactly `rule`.
    static func breakingOnly(_ rule: String, seed: UInt64, count: Int) -> [String] {
        var rng = SeededGenerator(seed: seed)
        let upper = Array("ABCDEFGHJKMNPQRSTUVWXY"), lower = Array("abcdefghjkmnpqrstuvwxy")
        let digits = Array("0123456789"), special = Array("!@#-_")
        var found: [String] = []
        for _ in 0..<200_000 where found.count < count {
            var parts = [Self.random(&rng, length: 2, from: upper), Self.random(&rng, length: 2, from: lower),
                         Self.random(&rng, length: 2, from: digits), Self.random(&rng, length: 1, from: special),
                         Self.random(&rng, length: 5, from: upper + lower + digits)]
            switch rule {
            case "length": parts[4] = Self.random(&rng, length: rng.next() % 2 == 0 ? 1 : 14, from: upper + lower)
            case "digits": parts[2] = Self.random(&rng, length: 1, from: digits); parts[4] = Self.random(&rng, length: 5, from: upper + lower)
            case "upper": parts[0] = ""; parts[4] = Self.random(&rng, length: 5, from: lower + digits)
            case "lower": parts[1] = ""; parts[4] = Self.random(&rng, length: 5, from: upper + digits)
            case "special": parts[3] = ""; parts[4] = Self.random(&rng, length: 6, from: upper + lower + digits)
            case "chars": parts[3] = "<"
            case "repetition": let c = Self.random(&rng, length: 1, from: lower); parts[4] = c + c + c + "M7"
            case "userID": parts[4] = rng.next() % 2 == 0 ? "zEd9Q" : "Q9zed"
            case "sequence": parts[4] = ["abcK9", "K9cba", "Q789x", "x321Q"][Int(rng.next() % 4)]
            default: break
            }
            var chars = Array(parts.joined())
            chars.shuffle(using: &rng)
            if rule == "repetition" || rule == "userID" || rule == "sequence" { chars = Array(parts.reversed().joined()) }
            let password = String(chars)
            if Self.broken(password) == [rule] { found.append(password) }
        }
        return found
    }

    @Test(arguments: ["length", "digits", "upper", "lower", "special", "chars", "repetition", "userID", "sequence"])
    func breakingOneRuleIsRefusedWithThatRulesMessage(rule: String) throws {
        let samples = Self.breakingOnly(rule, seed: UInt64(rule.count) * 7919, count: 50)
        expectEqual(samples.count, 50, "the generator must find passwords that break only \(rule)")
        for password in samples {
            let verdict = try #require(Self.policy.firstViolation(of: password, userID: Self.userID))
            expectEqual(Self.name(of: verdict), rule, "\(password)")
        }
        // And through the SDK: status 190, the rule named in the server's note.
        var sim = RelIDHarness(seed: 3)
        sim.server.policy = Self.policy
        try sim.server.addUser(Self.userID, password: nil, now: 0)
        _ = try sim.login(Self.userID)
        let out = try sim.submitPassword(samples[0])
        let verdict = Self.policy.firstViolation(of: samples[0], userID: Self.userID)!
        #expect(out.contains(.policyRefusal(rule: verdict.key(refusing: samples[0]), message: verdict.message)))
        expectEqual(out.compactMap(\.event).last?["statusCode"], .int(190))
    }

    @Test func commonPasswordsAreRefusedWhateverTheirCase() {
        var policy = PasswordPolicy()
        policy.minL = 8
        policy.blackListedCommonPassword = true
        expectEqual(policy.firstViolation(of: "PassWord123", userID: "x"), .commonPassword)
        expectEqual(policy.firstViolation(of: "Fresh-Words", userID: "x"), nil)
    }
}
