import Testing
import Expectations
@testable import CredSimulator

/// The passcode policy: each rule, the order they are checked in, and reading a policy.
@Suite struct FioriPolicyTests {
    static func policy(_ pairs: [(key: String, value: String)]) -> PasscodePolicy { try! PasscodePolicy.parse(pairs) }

    @Test func theDefaultsAreTheVendors() {
        let p = PasscodePolicy.standard
        #expect(p.minLength == 8 && !p.hasDigit && !p.hasUpper && !p.hasLower && !p.hasSpecial)
        #expect(p.minUniqueChars == -1 && p.retryLimit == -1 && p.allowsTouchID && !p.isDigitsOnly)
        expectEqual(p.checklistLabels, ["At least 8 characters"])
        expectEqual(p.firstViolation("abcdefgh"), nil)
        expectEqual(p.firstViolation("abcdefg"), .minLength(8))
        expectEqual(PasscodePolicy.keys, p.pairs.map(\.key))
    }

    // MARK: Each rule

    @Test func lengthCountsCharactersAsTheUserSeesThem() {
        let p = Self.policy([("minLength", "4")])
        expectEqual(p.firstViolation("e\u{301}e\u{301}e\u{301}e\u{301}"), nil)  // four é, eight scalars
        expectEqual(p.firstViolation("e\u{301}e\u{301}e\u{301}"), .minLength(4))
        #expect(Self.policy([("minLength", "0")]).rules.isEmpty)
    }

    @Test func eachClassFlagRequiresItsClass() {
        let p = Self.policy([("hasDigit", "true"), ("hasUpper", "true"), ("hasLower", "true"), ("hasSpecial", "true")])
        expectEqual(p.checklistLabels, ["At least 8 characters", "At least one digit", "At least one uppercase letter",
                                      "At least one lowercase letter", "At least one special character"])
        expectEqual(p.firstViolation("Abcdefg!")?.label, "At least one digit")
        expectEqual(p.firstViolation("abcdef1!")?.label, "At least one uppercase letter")
        expectEqual(p.firstViolation("ABCDEF1!")?.label, "At least one lowercase letter")
        expectEqual(p.firstViolation("Abcdefg1")?.label, "At least one special character")
        expectEqual(p.firstViolation("Abc defg1"), nil, "a space counts as special")
        expectEqual(p.firstViolation("Äbcdéfg1_"), nil, "letters beyond ASCII count by their case")
        expectEqual(p.firstViolation("Abc"), .minLength(8), "length comes first")
    }

    @Test func digitsOnlyIgnoresTheClassFlagsButNotUniqueness() {
        let p = Self.policy([("minLength", "6"), ("isDigitsOnly", "true"), ("hasUpper", "true"), ("hasSpecial", "true"),
                             ("minUniqueChars", "3")])
        expectEqual(p.checklistLabels, ["At least 6 characters", "Digits only", "At least 3 unique characters"])
        expectEqual(p.firstViolation("123456"), nil)
        expectEqual(p.firstViolation("12345a")?.label, "Digits only")
        expectEqual(p.firstViolation("12 456")?.label, "Digits only")
        expectEqual(p.firstViolation("121212")?.label, "At least 3 unique characters")
        expectEqual(p.firstViolation("١٢٣٤٥٦"), nil, "any decimal digit counts, as in the vendor's check")
        #expect(p.summaryLines.contains("  (isDigitsOnly=true: hasDigit, hasUpper, hasLower and hasSpecial are ignored)"))
    }

    @Test func uniquenessCountsDistinctCharacters() {
        let p = Self.policy([("minUniqueChars", "4")])
        expectEqual(p.firstViolation("aabbccdd"), nil)
        expectEqual(p.firstViolation("aabbccaa")?.label, "At least 4 unique characters")
        expectEqual(Self.policy([("minUniqueChars", "0")]).checklistLabels, ["At least 8 characters"])
        expectEqual(Self.policy([("minUniqueChars", "-1")]).checklistLabels, ["At least 8 characters"])
    }

    // MARK: Reading a policy

    @Test func parseSetsTheWholePolicy() throws {
        let p = try PasscodePolicy.parse([("minLength", "10"), ("hasDigit", "true"), ("retryLimit", "3"), ("allowsTouchID", "false")])
        var expected = PasscodePolicy.standard
        expected.minLength = 10
        expected.hasDigit = true
        expected.retryLimit = 3
        expected.allowsTouchID = false
        expectEqual(p, expected)
        try expectEqual(PasscodePolicy.parse([]), .standard)
        try expectEqual(PasscodePolicy.parse(p.pairs), p)
    }

    @Test(arguments: [
        ("colour", "red", "unknown passcode policy key 'colour'"),
        ("hasDigit", "yes", "takes true or false"),
        ("minLength", "-1", "from 0 to 128, not '-1'"),
        ("minLength", "129", "from 0 to 128"),
        ("retryLimit", "0", "from 1 to 1000, or -1 for no limit"),
        ("minUniqueChars", "-2", "or -1 for no limit"),
        ("minUniqueChars", "65", "from 0 to 64"),
        ("retryLimit", "three", "not 'three'"),
    ])
    func parseRefusesBadKeysAndValues(key: String, value: String, reason: String) {
        do {
            _ = try PasscodePolicy.parse([(key, value)])
            Issue.record("\(key)=\(value) was accepted")
        } catch {
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test func parseChecksTheKeysTogether() {
        #expect(throws: SimulationError("passcode policy key 'minLength' is given twice")) {
            try PasscodePolicy.parse([("minLength", "8"), ("minLength", "9")])
        }
        #expect(throws: SimulationError.self) {
            try PasscodePolicy.parse([("isDigitsOnly", "true"), ("minUniqueChars", "11")])
        }
        #expect((try? PasscodePolicy.parse([("isDigitsOnly", "true"), ("minUniqueChars", "10")])) != nil)
        #expect((try? PasscodePolicy.parse([("minUniqueChars", "11")])) != nil)
    }

    // MARK: The generated passcode

    @Test func theGeneratedPasscodeMeetsEveryPolicy() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            var p = PasscodePolicy()
            p.minLength = Int(random.next() % 40)
            p.hasDigit = random.next() % 2 == 0
            p.hasUpper = random.next() % 2 == 0
            p.hasLower = random.next() % 2 == 0
            p.hasSpecial = random.next() % 2 == 0
            p.isDigitsOnly = random.next() % 4 == 0
            p.minUniqueChars = Int(random.next() % UInt64(p.isDigitsOnly ? 12 : 66)) - 1
            let passcode = PasscodeGenerator.passcode(for: p, using: &random)
            expectEqual(p.firstViolation(passcode), nil, "\(passcode) under \(p.pairs)")
            #expect(passcode.count >= PasscodeGenerator.minimumLength)
        }
    }
}
