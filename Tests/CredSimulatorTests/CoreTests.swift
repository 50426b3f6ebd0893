import Testing
import Expectations
@testable import CredSimulator

@Suite struct HasherTests {
    /// RFC 7914 §11 / common PBKDF2-HMAC-SHA256 test vectors.
    @Test func pbkdf2MatchesKnownVectors() {
        let one = PasswordHasher(rounds: 1).hash("password", salt: Array("salt".utf8))
        expectEqual(hex(one.key), "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
        let two = PasswordHasher(rounds: 2).hash("password", salt: Array("salt".utf8))
        expectEqual(hex(two.key), "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
    }

    /// Longer inputs, more rounds, bytes outside ASCII, a NUL inside, and empty input,
    /// each checked against Python's hashlib.pbkdf2_hmac (an independent implementation).
    @Test func pbkdf2MatchesAnIndependentImplementation() {
        let cases: [(password: String, salt: [UInt8], rounds: Int, key: String)] = [
            ("passwordPASSWORDpassword", Array("saltSALTsaltSALTsaltSALTsaltSALTsalt".utf8), 4096,
             "348c89dbcbd32b2f32d814b8116e84cf2b17347ebc1800181c4e2a1fb8dd53e1"),
            ("password", Array("salt".utf8), 4096,
             "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a"),
            ("N3w-Pässw0rd🔑", Array(0..<16), 1000,
             "2213c91567b0f96a5c658ad56a1aec983c9e303964f5462e4bca02a2badd809a"),
            ("pass\u{0}word", Array("sa\u{0}lt".utf8), 4096,
             "89b69d0516f829893c696226650a86878c029ac13ee276509d5ae58b6466a724"),
            ("", [], 1, "f7ce0b653d2d72a4108cf5abe912ffdd777616dbbb27a70e8204f3ae2d0f6fad"),
        ]
        for item in cases {
            let stored = PasswordHasher(rounds: item.rounds).hash(item.password, salt: item.salt)
            expectEqual(hex(stored.key), item.key, "\(item.rounds) rounds of \(item.password.debugDescription)")
        }
    }

    /// A password stored by an earlier build (swift-crypto's PBKDF2, the same function)
    /// still verifies: the key below is what that build stored for these inputs.
    @Test func passwordsStoredEarlierStillVerify() {
        let stored = StoredPassword(salt: [1, 2, 3], key: bytes("373913dc45f9e0eec8ae9591daa5544645fe1b3f7ae4347119de644221809af9"), rounds: 5)
        #expect(PasswordHasher().verify("Passw0rd!", against: stored))
        #expect(!PasswordHasher().verify("Passw0rd?", against: stored))
    }

    @Test func verifyUsesTheStoredRounds() {
        let stored = PasswordHasher(rounds: 5).hash("Passw0rd!", salt: [1, 2, 3])
        let later = PasswordHasher(rounds: 50)
        #expect(later.verify("Passw0rd!", against: stored))
        #expect(!later.verify("Passw0rd?", against: stored))
    }

    func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return result
    }

    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { let h = String($0, radix: 16); return h.count == 1 ? "0" + h : h }.joined()
    }
}

@Suite struct ClockAndJSONTests {
    @Test func timestampsRoundTrip() {
        expectEqual(UTCTimestamp.format(VirtualClock.defaultStart), "2026-01-01T00:00:00Z")
        expectEqual(UTCTimestamp.parse("2026-01-01"), VirtualClock.defaultStart)
        expectEqual(UTCTimestamp.parse("2028-02-29T23:59:59Z").map(UTCTimestamp.format), "2028-02-29T23:59:59Z")
        expectEqual(UTCTimestamp.parse("2027-02-29"), nil)
        expectEqual(UTCTimestamp.parse("2026-13-01"), nil)
        expectEqual(UTCTimestamp.format(0), "1970-01-01T00:00:00Z")
    }

    /// The lines of `state` and `clock advance` at the ends of the years the clock writes,
    /// with the longest duration after them, and past those years.
    @Test func aTimeLineIsWrittenToTheEndsOfItsYears() {
        expectEqual(UTCTimestamp.format(VirtualClock.defaultStart, prefix: "clock: "), "clock: 2026-01-01T00:00:00Z")
        expectEqual(UTCTimestamp.format(VirtualClock.latest, prefix: "", added: SimDuration(seconds: .min)),
                    "9999-12-31T23:59:59Z (+-106751991167300d15h30m8s)")
        expectEqual(UTCTimestamp.format(-62_167_219_200, prefix: "at ", added: SimDuration(seconds: 0)), "at 0000-01-01T00:00:00Z (+0s)")
        // Past 9999: another number of digits.
        expectEqual(UTCTimestamp.format(VirtualClock.latest + 1), "10000-01-01T00:00:00Z")
        expectEqual(UTCTimestamp.format(.max, prefix: "clock: ").hasPrefix("clock: "), true)
    }

    @Test func durationsReadAsWritten() {
        expectEqual(SimDuration(seconds: 91 * 86_400).description, "91d")
        expectEqual(SimDuration(seconds: 86_400 + 12 * 3600 + 5).description, "1d12h5s")
        expectEqual(SimDuration(seconds: 0).description, "0s")
        expectEqual(SimDuration(seconds: -90).description, "-1m30s")
        expectEqual(SimDuration(seconds: 1).text(prefix: " (+", suffix: ")"), " (+1s)")
        // The longest: every unit, and the one number without a positive twin.
        expectEqual(SimDuration(seconds: .max).description, "106751991167300d15h30m7s")
        expectEqual(SimDuration(seconds: .min).text(prefix: "(", suffix: ")"), "(-106751991167300d15h30m8s)")
    }

    /// The writer works on bytes, copying runs between escapes: every C0 control, the
    /// quote and the backslash are escaped wherever they stand (first, last, side by side),
    /// every other character (DEL, non-ASCII) is copied as it is, and what is written
    /// reads back as the same value; the String writers say the same bytes.
    @Test func jsonEscapesEveryControlCharacterAndReadsBack() throws {
        expectEqual(JSONValue.string("\u{0}a\u{1F}\"\\\u{7F}é\u{1B}").serialized, #""\u0000a\u001f\"\\\#u{7F}é\u001b""#)
        expectEqual(JSONValue.string("\n\r\t\u{8}\u{C}").serialized, #""\n\r\t\u0008\u000c""#)
        for code in 0..<0x80 {
            let text = "x" + String(UnicodeScalar(UInt8(code))) + String(UnicodeScalar(UInt8(code))) + "日"
            let value = JSONValue.object([(text, .array([.string(text), .int(-code), .bool(code % 2 == 0), .null]))])
            try expectEqual(JSONValue.parse(value.serialized), value)
            expectEqual(Array(value.serialized.utf8), value.serializedBytes)
            var quoted = ""
            JSONValue.writeString(text, to: &quoted)
            var bytes: [UInt8] = []
            JSONValue.writeString(text, to: &bytes)
            expectEqual(Array(quoted.utf8), bytes)
        }
    }

    @Test func jsonKeepsKeyOrderAndEscapes() throws {
        let value = try JSONValue.parse(#"{"b":1,"a":[true,null,"x\"\n\u00e9"],"c":{}}"#)
        expectEqual(value.serialized, #"{"b":1,"a":[true,null,"x\"\né"],"c":{}}"#)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1.5}"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1} x"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(String(repeating: "[", count: 100)) }
    }

    @Test func jsonReadsTextBeyondASCIIWholeAndEscapes() throws {
        let value = try JSONValue.parse(" {\"日本\" : \"ü\\t\\\"\\\\\\/\\u00e9\\u0041z\", \"n\":-12, \"l\":[false , \"\"]}\n")
        expectEqual(value, .object([("日本", .string("ü\t\"\\/éAz")), ("n", .int(-12)), ("l", .array([.bool(false), .string("")]))]))
    }

    /// Review: a scalar past U+FFFF escaped as a surrogate pair (Python's json.dumps
    /// writes 😀 so) was refused as a bad escape.
    @Test func jsonReadsASurrogatePairAsOneScalar() throws {
        try expectEqual(JSONValue.parse(#"["\ud83d\ude00x", "\uD83D\uDE00"]"#), .array([.string("😀x"), .string("😀")]))
    }

    /// A failure says where, in Unicode scalars from the start (not bytes), and what.
    @Test(arguments: [
        (#"{"é":1.5}"#, "only whole numbers are supported", 6),
        ("\"日\u{1}\"", "control character in JSON string", 3),
        (#"["ü", x]"#, "unexpected character 'x' in JSON", 6),
        (#"["ü", ☃]"#, "unexpected character '☃' in JSON", 6),
        (#""日本\q""#, #"unknown escape '\q'"#, 5),
        (#"{"a":1} x"#, "unexpected text after the JSON value", 8),
        (#""ab"#, "unterminated JSON string", 3),
        (#"[tru]"#, "expected 'true'", 4),
        (#"{"é" 1}"#, "expected ':' after a JSON key", 5),
        ("99999999999999999999", "number out of range", 0),
        (#""\u12""#, "bad \\u escape", 3),
        ("\u{FEFF}{}", "unexpected character 'U+FEFF' in JSON", 0),
        (#"{"id":01}"#, "a number with a leading zero is not JSON", 7),
        ("-007", "a number with a leading zero is not JSON", 2),
        (#""\u+041""#, "bad \\u escape", 7),
        (#""\ud83d\u0041""#, "bad \\u escape", 13),
        (#""\ude00""#, "bad \\u escape", 7),
    ])
    func jsonFailuresSayWhereInScalars(text: String, message: String, offset: Int) {
        #expect(throws: JSONParseError(message: message, offset: offset)) { try JSONValue.parse(text) }
    }

    @Test func jsonOutOfRangeNumbersAreNullWhereRecorded() throws {
        var places: [[String]] = []
        let value = try JSONValue.parse(#"{"id":123456789012345678901,"p":{"x":[1,-99999999999999999999]}}"#, outOfRange: &places)
        expectEqual(value, .object([("id", .null), ("p", .object([("x", .array([.int(1), .null]))]))]))
        expectEqual(places, [["id"], ["p", "x", "1"]])
    }
}
