import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// The byte-by-byte paths that make a command cheap must say exactly what the plain
/// Unicode definitions say: each is checked here against the definition it replaces.
@Suite struct FastPathTests {
    /// A variable's name says it holds a secret when a whole part of it names one.
    static let names: [(String, Bool)] = [
        ("x", false), ("pw", true), ("myPw", true), ("PASSWORD", true), ("newPin", true), ("new_pin", true),
        ("pinCode", true), ("PINCode", true), ("oldpw", true), ("Token2", true), ("apiKey", true), ("API-KEY", true),
        ("creds", true), ("user", false), ("count", false), ("cOdE", false), ("code", true), ("\u{212A}ey", true),
        ("spinner", false), ("keyboard", false), ("pinned", false), ("tokenizer", false), ("monkey", false),
        ("passenger", false), ("pässword", false), ("ПАРОЛЬ", false), ("İpin", false), ("", false), ("p_w", false), ("pa ss", false),
    ]

    /// ASCII names take a byte-wise split; it agrees with the Character-wise one.
    @Test func asciiNamePartsAgreeWithTheGeneralSplit() {
        var generator = SeededGenerator(seed: 25)
        let alphabet = Array("abcXYZpinPINCodekey_-0912")
        for _ in 0..<2_000 {
            let name = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            expectEqual(SecretName.asciiParts(of: Array(name.utf8)), SecretName.characterParts(of: name), "\(name)")
        }
    }

    /// The look at a name's letters that settles most names first (`mayLookSecret`) never
    /// settles one that says it holds a secret: checked against the split by parts alone,
    /// over random ASCII names made of the secret parts' letters and over every part with
    /// its qualifiers, a plural and a capital.
    @Test func theLookAtANamesLettersNeverMissesASecretName() {
        var generator = SeededGenerator(seed: 36)
        let alphabet = Array("pwasdincoetrkyhPWASCOTK_-07")
        var settled = 0
        for _ in 0..<5_000 {
            let name = String((0..<Int.random(in: 1...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let byParts = SecretName.parts(of: name).contains(where: SecretName.namesSecret)
            if !SecretName.mayLookSecret(name) {
                settled += 1
                #expect(!byParts, "\(name)")
            }
        }
        #expect(settled > 250, "the look settles names: \(settled) of 5,000")
        for part in SecretName.secretParts {
            for name in [part, part + "s", part.uppercased(), "x_" + part] + SecretName.qualifiers.map({ $0 + part }) {
                #expect(SecretName.mayLookSecret(name), "\(name)")
            }
        }
        #expect(!SecretName.mayLookSecret("x") && !SecretName.mayLookSecret("name") && !SecretName.mayLookSecret(""))
        #expect(SecretName.mayLookSecret("\u{212A}ey"), "a name that is not ASCII is always split")
    }

    @Test(arguments: names)
    func looksSecretMatchesWholeNameParts(name: String, secret: Bool) {
        expectEqual(SecretMasker.looksSecret(name), secret, "\(name): parts \(SecretName.parts(of: name))")
    }

    @Test func policyCountsAgreeWithTheCharacterProperties() {
        let passwords = ["Passw0rd!", "abc", "ABC123", "tab\there", "Ünïcode1!", "ß9", "\u{216B}x", "A\r\nb", "😀Aa1", "", " "]
        for password in passwords {
            let ascii = password.utf8.allSatisfy { $0 < 0x80 && $0 != 0x0D }
            let digits = PolicyRule.asciiCount(password) { $0 >= 0x30 && $0 <= 0x39 }
            let upper = PolicyRule.asciiCount(password) { $0 >= 0x41 && $0 <= 0x5A }
            let lower = PolicyRule.asciiCount(password) { $0 >= 0x61 && $0 <= 0x7A }
            let special = PolicyRule.asciiCount(password) { !PolicyRule.isASCIIAlphanumeric($0) }
            expectEqual((digits != nil), ascii, "\(password)")
            guard ascii else { continue }
            expectEqual(digits, password.count(where: \.isASCIIDigit), "\(password)")
            expectEqual(upper, password.count(where: \.isUppercase), "\(password)")
            expectEqual(lower, password.count(where: \.isLowercase), "\(password)")
            expectEqual(special, password.count(where: { !$0.isLetter && !$0.isNumber }), "\(password)")
        }
        // The rules give the same verdicts either way.
        for rule in [PolicyRule.minDigits(1), .minUppercase(1), .minLowercase(1), .minSpecial(1)] {
            for password in passwords {
                let byDefinition: Bool
                switch rule {
                case .minDigits(let n): byDefinition = password.count(where: \.isASCIIDigit) >= n
                case .minUppercase(let n): byDefinition = password.count(where: \.isUppercase) >= n
                case .minLowercase(let n): byDefinition = password.count(where: \.isLowercase) >= n
                case .minSpecial(let n): byDefinition = password.count(where: { !$0.isLetter && !$0.isNumber }) >= n
                default: continue
                }
                expectEqual(rule.isSatisfied(by: password, userID: ""), byDefinition, "\(rule) \(password)")
            }
        }
    }

    @Test func timestampsReadBackAndHaveTheirFixedShape() {
        var generator = SeededGenerator(seed: 7)
        let last = UTCTimestamp.parse("9999-12-31T23:59:59Z")!
        for instant in [0, 59, 86_399, 86_400, 951_782_400, VirtualClock.defaultStart, last]
            + (0..<500).map({ _ in Int64.random(in: 0...last, using: &generator) }) {
            let text = UTCTimestamp.format(instant)
            #expect(text.utf8.count == 20 && text.hasSuffix("Z"), "\(text)")
            expectEqual(UTCTimestamp.parse(text), instant, "\(instant) → \(text)")
        }
        expectEqual(UTCTimestamp.format(VirtualClock.defaultStart), "2026-01-01T00:00:00Z")
        expectEqual(UTCTimestamp.format(951_782_400), "2000-02-29T00:00:00Z")
    }

    /// Coloured text is the plain text with colour codes around it, nothing else.
    @Test(arguments: RoundTripTests.examples)
    func colouredOutputIsThePlainOutputWrapped(name: String) throws {
        let text = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/examples/" + name))
        let host = MemoryHost()
        Evaluator(simulation: Simulation(), options: .init(echo: true, keepGoing: true), host: host)
            .run(SourceFile(name: name, text: text))
        let plain = TextRenderer(style: .plain), ansi = TextRenderer(style: .ansi)
        for (record, _) in host.records {
            let coloured = ansi.render(record)
            expectEqual(Self.strippingColour(coloured), plain.render(record))
            expectEqual(coloured.hasPrefix("\u{1B}["), (coloured != plain.render(record)))
        }
        let call = Outcome.call(api: "logOff", arguments: [("userID", .string("bob"))], error: SyncError(code: 166, message: "Not logged in"))
        expectEqual(ansi.render(call, sdk: SDKID(named: "relid")!), Style.ansi.call("→ logOff userID=bob") + " " + Style.ansi.failure("✗ error 166 \"Not logged in\""))
        let event = Outcome.event(SDKEvent("onUserLoggedOff", [("userID", .string("bob"))]))
        expectEqual(ansi.render(event, sdk: SDKID(named: "relid")!), Style.ansi.event("← onUserLoggedOff userID=bob"))
        expectEqual(ansi.render(.note("a\u{1B}b"), sdk: SDKID(named: "relid")!), Style.ansi.dim("  · a\\u{1B}b"))
    }

    static func strippingColour(_ text: String) -> String {
        var out = "", skipping = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { skipping = true; continue }
            if skipping { if scalar == "m" { skipping = false }; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
