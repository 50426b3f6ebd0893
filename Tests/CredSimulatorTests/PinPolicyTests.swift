import Testing
import Expectations
@testable import CredSimulator

/// The PIN policy on its own: its rules, their order, and `policy pin KEY=VALUE …`.
@Suite struct PinPolicyTests {
    @Test func theStandardPolicy() {
        let p = PinPolicy.standard
        #expect(p.length == 5 && p.maxSimilarDigits == 2 && !p.sequencesAllowed && p.attempts == 3)
        expectEqual(p.blocklist, ["12345", "00000", "11111", "90210", "00700"])
        expectEqual(PinPolicy.keys, ["length", "maxSimilar", "sequences", "blocklist", "attempts"])
    }

    @Test(arguments: [
        ("52817", nil),
        ("5281", PinRule.wrongLength(required: 5)),
        ("12345", .blocklisted),
        ("90210", .blocklisted),
        ("00700", .blocklisted),
        ("13579", .sequence),
        ("97531", .sequence),
        ("24680", .sequence),
        ("11231", nil),             // "11" is allowed with maxSimilar 2
        ("41113", .similarDigits(maximum: 2)),
        ("22222", .similarDigits(maximum: 2)),
        ("78901", .sequence),       // steps count round the dial: 9 → 0 is +1
        ("86420", .sequence),
        ("12346", nil),
    ] as [(String, PinRule?)])
    func rules(pin: String, rule: PinRule?) {
        expectEqual(PinPolicy.standard.firstViolation(of: pin), rule)
    }

    @Test func sequencesCanBeAllowed() throws {
        let p = try PinPolicy.parse([(key: "sequences", value: "true")])
        expectEqual(p.firstViolation(of: "13579"), nil)
        expectEqual(p.firstViolation(of: "12345"), .blocklisted)
    }

    @Test func parseSetsTheWholePolicyInAnyOrder() throws {
        let pairs: [(key: String, value: String)] = [
            ("length", "6"), ("maxSimilar", "3"), ("sequences", "true"), ("blocklist", "123456,999"), ("attempts", "5"),
        ]
        let p = try PinPolicy.parse(pairs)
        expectEqual(p, PinPolicy(length: 6, maxSimilarDigits: 3, sequencesAllowed: true, blocklist: ["123456", "999"], attempts: 5))
        try expectEqual(PinPolicy.parse(pairs.reversed()), p)
        try expectEqual(PinPolicy.parse([]), .standard)
        // Keys left out take the standard values, not the previous policy's.
        try expectEqual(PinPolicy.parse([(key: "attempts", value: "4")]).blocklist, PinPolicy.standard.blocklist)
        // maxSimilar is checked against the length given with it, wherever it stands.
        try expectEqual(PinPolicy.parse([("maxSimilar", "6"), ("length", "6")]).maxSimilarDigits, 6)
    }

    @Test(arguments: [
        ([("lenght", "5")], "unknown PIN policy key 'lenght'; the keys are length, maxSimilar, sequences, blocklist, attempts"),
        ([("length", "5"), ("length", "6")], "PIN policy key 'length' is given twice"),
        ([("length", "4")], "PIN policy key 'length' takes a whole number from 5 to 32, not '4'"),
        ([("length", "33")], "PIN policy key 'length' takes a whole number from 5 to 32, not '33'"),
        ([("length", "five")], "PIN policy key 'length' takes a whole number from 5 to 32, not 'five'"),
        ([("maxSimilar", "0")], "PIN policy key 'maxSimilar' takes a whole number at least 1, not '0'"),
        ([("maxSimilar", "6")], "maxSimilar (6) is more than the length (5): use at most 5, which already allows any repetition"),
        ([("sequences", "yes")], "PIN policy key 'sequences' takes true or false, not 'yes'"),
        ([("blocklist", "12345,,00000")], "blocklist entry '' is not a PIN: PINs have digits 0-9 only"),
        ([("blocklist", "1234a")], "blocklist entry '1234a' is not a PIN: PINs have digits 0-9 only"),
        ([("attempts", "0")], "PIN policy key 'attempts' takes a whole number from 1 to 100, not '0'"),
    ] as [([(String, String)], String)])
    func parseRefusesWithTheReason(pairs: [(String, String)], message: String) {
        #expect(throws: SimulationError(message)) { try PinPolicy.parse(pairs.map { (key: $0.0, value: $0.1) }) }
    }

    @Test func blocklistEdgeCases() throws {
        try expectEqual(PinPolicy.parse([(key: "blocklist", value: "")]).blocklist, [])
        // An entry of another length is kept: it just never matches.
        try expectEqual(PinPolicy.parse([(key: "blocklist", value: "1234,52817,1234")]).blocklist, ["1234", "52817"])
        try expectEqual(PinPolicy.parse([(key: "blocklist", value: "52817")]).firstViolation(of: "52817"), .blocklisted)
    }

    @Test func describeListsEveryKeyAsPolicyPinTakesIt() throws {
        let lines = PinPolicy.standard.describe
        for (line, key) in zip(lines, PinPolicy.keys) { #expect(line.hasPrefix(key + "=")) }
        #expect(lines[3].hasPrefix("blocklist=12345,00000,11111,90210,00700 "))
        // What describe prints parses back to the same policy.
        let pairs = lines.prefix(PinPolicy.keys.count).map { line -> (key: String, value: String) in
            let word = line.split(separator: " ")[0]
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (key: String(parts[0]), value: String(parts[1]))
        }
        try expectEqual(PinPolicy.parse(pairs), .standard)
    }

    @Test func errorsCarryTheirDetails() {
        #expect(PinRule.similarDigits(maximum: 3).error.fields.last! == ("maxSimilarDigits", .int(3)))
        #expect(PinRule.wrongLength(required: 8).error.fields.last! == ("requiredLength", .int(8)))
        expectEqual(PinRule.sequence.error.fields.map(\.0), ["errorCode", "errorDomain", "message"])
    }
}
