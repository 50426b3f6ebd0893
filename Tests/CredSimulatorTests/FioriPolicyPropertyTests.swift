import Testing
import Expectations
@testable import CredSimulator

/// Property tests of the passcode policy checker against an oracle written here over
/// ASCII: whatever the checker accepts meets every rule, and a passcode that breaks
/// exactly one rule is refused with that rule's checklist line, on screen 2 too.
@Suite struct FioriPolicyPropertyTests {
    /// Every class required, a length and a uniqueness check.
    static let classes = try! PasscodePolicy.parse([
        ("minLength", "10"), ("hasDigit", "true"), ("hasUpper", "true"), ("hasLower", "true"),
        ("hasSpecial", "true"), ("minUniqueChars", "6"),
    ])
    /// Digits only, with class flags that must be ignored.
    static let digits = try! PasscodePolicy.parse([
        ("minLength", "6"), ("isDigitsOnly", "true"), ("hasUpper", "true"), ("hasSpecial", "true"), ("minUniqueChars", "4"),
    ])

    // MARK: The oracle: each rule, written plainly over ASCII.

    static func isDigit(_ c: Character) -> Bool { ("0"..."9").contains(c) }
    static func isUpper(_ c: Character) -> Bool { ("A"..."Z").contains(c) }
    static func isLower(_ c: Character) -> Bool { ("a"..."z").contains(c) }

    static func broken(_ passcode: String, by policy: PasscodePolicy) -> Set<String> {
        let chars = Array(passcode)
        var broken: Set<String> = []
        if chars.count < policy.minLength { broken.insert("length") }
        if policy.isDigitsOnly {
            if chars.isEmpty || !chars.allSatisfy(isDigit) { broken.insert("digitsOnly") }
        } else {
            if policy.hasDigit, !chars.contains(where: isDigit) { broken.insert("digit") }
            if policy.hasUpper, !chars.contains(where: isUpper) { broken.insert("upper") }
            if policy.hasLower, !chars.contains(where: isLower) { broken.insert("lower") }
            if policy.hasSpecial, !chars.contains(where: { !isDigit($0) && !isUpper($0) && !isLower($0) }) {
                broken.insert("special")
            }
        }
        if policy.minUniqueChars > 0, Set(chars).count < policy.minUniqueChars { broken.insert("unique") }
        return broken
    }

    static func name(of rule: PasscodeRule) -> String {
        switch rule {
        case .minLength: return "length"
        case .digitsOnly: return "digitsOnly"
        case .digit: return "digit"
        case .upper: return "upper"
        case .lower: return "lower"
        case .special: return "special"
        case .minUniqueChars: return "unique"
        }
    }

    static let upper = Array("ABCDEFGHJKMNPQRSTUVWXYZ"), lower = Array("abcdefghjkmnpqrstuvwxyz")
    static let digitChars = Array("0123456789"), special = Array("!@#-_ ~")

    static func random(_ rng: inout SeededGenerator, length: Int, from pool: [Character]) -> String {
        String((0..<length).map { _ in pool[Int(rng.next() % UInt64(pool.count))] })
    }

    @Test(arguments: [("classes", classes), ("digits", digits)])
    func acceptedExactlyWhenEveryRuleHolds(name: String, policy: PasscodePolicy) {
        var rng = SeededGenerator(seed: 42)
        let alphabet = policy.isDigitsOnly ? Self.digitChars + Self.digitChars + ["a", " "] : Self.upper + Self.lower + Self.digitChars + Self.special
        var accepted = 0
        for _ in 0..<5_000 {
            let passcode = Self.random(&rng, length: Int(rng.next() % 16), from: alphabet)
            let verdict = policy.firstViolation(passcode)
            let oracle = Self.broken(passcode, by: policy)
            expectEqual((verdict == nil), oracle.isEmpty, "\(name) \(passcode): checker says \(String(describing: verdict)), oracle \(oracle)")
            if let verdict { #expect(oracle.contains(Self.name(of: verdict)), "\(name) \(passcode)") } else { accepted += 1 }
        }
        #expect(accepted > 0, "the generator must reach accepted passcodes too")
    }

    /// Random passcodes from a pool and a length range chosen for `rule`, kept when the
    /// oracle says they break exactly that rule.
    static func breakingOnly(_ rule: String, of policy: PasscodePolicy, count: Int) -> [String] {
        var rng = SeededGenerator(seed: UInt64(rule.count) * 7919)
        let all = upper + lower + digitChars + special
        var found: [String] = []
        for _ in 0..<100_000 where found.count < count {
            let pool: [Character]
            var lengths = policy.minLength...(policy.minLength + 6)
            switch (policy.isDigitsOnly, rule) {
            case (false, "length"): pool = all; lengths = 6...(policy.minLength - 1)
            case (false, "digit"): pool = upper + lower + special
            case (false, "upper"): pool = lower + digitChars + special
            case (false, "lower"): pool = upper + digitChars + special
            case (false, "special"): pool = upper + lower + digitChars
            case (false, "unique"):
                pool = [upper.randomElement(using: &rng)!, lower.randomElement(using: &rng)!,
                        digitChars.randomElement(using: &rng)!, special.randomElement(using: &rng)!,
                        all.randomElement(using: &rng)!]
            case (true, "length"): pool = digitChars; lengths = 4...(policy.minLength - 1)
            case (true, "digitsOnly"): pool = digitChars + digitChars + upper + special
            case (true, "unique"): pool = Array(digitChars.shuffled(using: &rng).prefix(3))
            default: preconditionFailure("no generator for \(rule)")
            }
            let length = lengths.lowerBound + Int(rng.next() % UInt64(lengths.count))
            let passcode = random(&rng, length: length, from: pool)
            if broken(passcode, by: policy) == [rule] { found.append(passcode) }
        }
        return found
    }

    static let cases: [(String, PasscodePolicy, String)] =
        ["length", "digit", "upper", "lower", "special", "unique"].map { ("classes", classes, $0) }
        + ["length", "digitsOnly", "unique"].map { ("digits", digits, $0) }

    @Test(arguments: cases)
    func breakingOneRuleIsRefusedWithThatRulesLabel(name: String, policy: PasscodePolicy, rule: String) throws {
        let samples = Self.breakingOnly(rule, of: policy, count: 50)
        expectEqual(samples.count, 50, "the generator must find passcodes that break only \(rule)")
        for passcode in samples {
            let verdict = try #require(policy.firstViolation(passcode))
            expectEqual(Self.name(of: verdict), rule, "\(name) \(passcode)")
        }
        // And on screen 2: failedToMeetPolicy with that label, and no delegate call.
        var sim = FioriSimulator(seed: 3)
        try sim.addUser("zed", passcode: "Zz-0123456789", touchID: false)
        _ = try sim.login("zed", secret: "Zz-0123456789", world: World())
        _ = try sim.changePasscode(world: World())
        _ = try sim.answerPasscode("Zz-0123456789", world: World())
        sim.policy = policy
        let out = try sim.answerPasscode(samples[0], world: World())
        let label = policy.firstViolation(samples[0])!.label
        expectEqual(out.compactMap(\.event), [SDKEvent("failedToMeetPolicy", [("message", .string(label))])])
        expectEqual(sim.promptStatus, "zed [screen 2]")
    }
}
