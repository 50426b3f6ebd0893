@testable import CredSimulator
import Testing
import Expectations

/// The rule names `expect note rule=KEY` accepts are exactly those refusals carry.
@Suite struct PolicyRuleKeyTests {
    @Test func relidRefusalKeysAreTheKeysItsRulesGive() {
        let rules: [(PolicyRule, String)] = [
            (.length(min: 8, max: 16), "short"), (.length(min: 8, max: 16), "much too long a password"),
            (.minDigits(1), ""), (.minUppercase(1), ""), (.minLowercase(1), ""), (.minSpecial(1), ""),
            (.charsNotAllowed("x"), ""), (.repetition(2), ""), (.userID, ""), (.sequence, ""), (.commonPassword, ""),
        ]
        expectEqual(rules.map { $0.0.key(refusing: $0.1) }, PolicyRule.refusalKeys)
    }

    @Test func susiRefusalKeysAreItsRulesAndTheEmailCheck() {
        expectEqual(SusiPasswordRule.refusalKeys, ["2017", "fallback", "2019", "email"])
        #expect(SusiPasswordRule.allCases.allSatisfy { SusiPasswordRule.refusalKeys.contains($0.rawValue) })
    }

    @Test func pinAndPasscodeRuleKeysAreTheirPolicyKeys() {
        expectEqual(PinRule.keys, ["length", "blocklist", "sequences", "maxSimilar"])
        #expect(Set(PinRule.keys).isSubset(of: PinPolicy.keys))
        expectEqual(PasscodeRule.keys, ["minLength", "isDigitsOnly", "hasDigit", "hasUpper", "hasLower", "hasSpecial", "minUniqueChars"])
        #expect(Set(PasscodeRule.keys).isSubset(of: PasscodePolicy.keys))
    }
}
