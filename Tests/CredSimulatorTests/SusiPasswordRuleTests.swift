import Foundation
import Testing
import Expectations
@testable import CredSimulator

/// The hand-written rule checks against the regular expressions themselves, with
/// Foundation's regex engine as the oracle (docs/susi.md, "Password rules").
@Suite struct SusiPasswordRuleTests {
    /// Java's `Matcher.matches()`: the whole text must match.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let whole = NSRange(text.startIndex..., in: text)
        return regex.firstMatch(in: text, range: whole).map { $0.range == whole } ?? false
    }

    /// The rules with Java's ASCII meaning of \d and \W spelled out, since the oracle's
    /// engine reads those classes as Unicode.
    static let javaMeaning: [SusiPasswordRule: String] = [
        .rule2017: #"^.{6,64}$"#,
        .fallback: #"^(?=.*[0-9]).{6,64}$"#,
        .rule2019: #"^((?=.*[0-9])(?=.*[A-Z])(?=.*[^a-zA-Z0-9_]).{8,64})$"#,
    ]

    static func randomTexts(alphabet: [String], count: Int, seed: UInt64) -> [String] {
        var random = SeededGenerator(seed: seed)
        var texts: [String] = []
        for _ in 0..<count {
            // Lengths cluster around the rules' bounds. (Drawn as three named values, not
            // an array literal indexed in one expression, which took the type checker 1.3 s.)
            let short: Int = Int(random.next() % 12), middle: Int = 4 + Int(random.next() % 6), long: Int = 60 + Int(random.next() % 8)
            let length: Int = [short, middle, long][Int(random.next() % 3)]
            texts.append((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined())
        }
        return texts
    }

    @Test func asciiTextsAgreeWithTheVendorsOwnExpressions() {
        var alphabet = ["a", "b", "z", "A", "Q", "Z", "0", "5", "9", "_", "!", " ", "-", "\n", "\r", "\t"]
        alphabet += ["x", "y", "1"]
        for text in Self.randomTexts(alphabet: alphabet, count: 3000, seed: 11) {
            for rule in SusiPasswordRule.allCases {
                expectEqual(rule.accepts(text), Self.matches(rule.regex, text), "\(rule.rawValue): \(text.debugDescription)")
            }
        }
    }

    @Test func unicodeTextsAgreeWithJavasMeaning() {
        // Not U+000B or U+000C: the oracle's '.' refuses them, Java's accepts them (tested below).
        let alphabet = ["a", "Z", "3", "_", "é", "Ä", "٣", "😀", "\u{85}", "\u{2028}", "\u{2029}", "\n", "ß", "!", "e\u{301}"]
        for text in Self.randomTexts(alphabet: alphabet, count: 3000, seed: 12) {
            for rule in SusiPasswordRule.allCases {
                expectEqual(rule.accepts(text), Self.matches(Self.javaMeaning[rule]!, text), "\(rule.rawValue): \(text.debugDescription)")
            }
        }
    }

    @Test func boundariesAndJavasOwnCharacterClasses() {
        let r17 = SusiPasswordRule.fallback, r19 = SusiPasswordRule.rule2019
        #expect(!r17.accepts("abcd1"))
        #expect(r17.accepts("abcde1"))
        #expect(r17.accepts(String(repeating: "a", count: 63) + "1"))
        #expect(!r17.accepts(String(repeating: "a", count: 64) + "1"))
        #expect(!r17.accepts("abcdefgh"))
        // An Arabic-Indic digit is no \d to Java.
        #expect(!r17.accepts("abcdef٣"))
        // Length counts code points: an emoji is one, a combining accent another.
        #expect(r17.accepts("😀😀😀😀😀1"))
        #expect(r17.accepts("e\u{301}e\u{301}e1"))
        #expect(!r17.accepts("e\u{301}e\u{301}1"))
        // Java's '.' takes vertical tab and form feed, but no line break.
        #expect(r17.accepts("abc\u{B}\u{C}1"))
        #expect(!r17.accepts("abcde1\n"))
        #expect(!r19.accepts("Secret1\r"))
        #expect(r19.accepts("Secret1!"))
        #expect(r19.accepts("Secret1 "))
        #expect(r19.accepts("Sécret12"))
        #expect(!r19.accepts("Secret12"))
        #expect(!r19.accepts("secret1!"))
        #expect(!r19.accepts("Secret!!"))
        #expect(!r19.accepts("Sec1!"))
        expectEqual(r19.violation(of: "Secret12"), "it has no character other than a letter, digit or _")
        expectEqual(r17.violation(of: "abc"), "it has 3 characters, not 6 to 64")
    }

    /// The shipped 2017 setting (commit 4e900afd98c1) takes any 6 to 64 code points but
    /// a line break; the digit is only the code's fallback's (commit 3db4f2fc0941).
    @Test func theShipped2017RuleWantsNoDigitAndIsTheDefault() {
        let shipped = SusiPasswordRule.rule2017
        expectEqual(shipped.regex, #"^.{6,64}$"#)
        expectEqual(SusiPasswordRule.fallback.regex, #"^(?=.*\d).{6,64}$"#)
        expectEqual(SusiPolicy.standard.rule, .rule2017)
        #expect(shipped.accepts("abcdef"))
        #expect(shipped.accepts("      "))
        #expect(!SusiPasswordRule.fallback.accepts("abcdef"))
        #expect(!shipped.accepts("abcde"))
        #expect(shipped.accepts(String(repeating: "a", count: 64)))
        #expect(!shipped.accepts(String(repeating: "a", count: 65)))
        #expect(!shipped.accepts("abc\u{2028}def"))
        expectEqual(shipped.violation(of: "abcdefgh"), nil)
        #expect(shipped.source.contains("4e900afd98c1") && SusiPasswordRule.fallback.source.contains("3db4f2fc0941"))
        expectEqual((try? SusiPolicy.parse(words: [("rule", "fallback")]))?.rule, .fallback)
    }
}
