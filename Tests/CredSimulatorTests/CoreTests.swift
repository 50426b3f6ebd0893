import Testing
@testable import CredSimulator

@Suite struct HasherTests {
    /// RFC 7914 §11 / common PBKDF2-HMAC-SHA256 test vectors.
    @Test func pbkdf2MatchesKnownVectors() {
        let one = PasswordHasher(rounds: 1).hash("password", salt: Array("salt".utf8))
        #expect(hex(one.key) == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
        let two = PasswordHasher(rounds: 2).hash("password", salt: Array("salt".utf8))
        #expect(hex(two.key) == "ae4d0c95af6b46d32d0adff928f06dd02a303f8ef3c251dfd6e2d85a95474c43")
    }

    @Test func verifyUsesTheStoredRounds() {
        let stored = PasswordHasher(rounds: 5).hash("Passw0rd!", salt: [1, 2, 3])
        let later = PasswordHasher(rounds: 50)
        #expect(later.verify("Passw0rd!", against: stored))
        #expect(!later.verify("Passw0rd?", against: stored))
    }

    func hex(_ bytes: [UInt8]) -> String {
        bytes.map { let h = String($0, radix: 16); return h.count == 1 ? "0" + h : h }.joined()
    }
}

@Suite struct ClockAndJSONTests {
    @Test func timestampsRoundTrip() {
        #expect(UTCTimestamp.format(VirtualClock.defaultStart) == "2026-01-01T00:00:00Z")
        #expect(UTCTimestamp.parse("2026-01-01") == VirtualClock.defaultStart)
        #expect(UTCTimestamp.parse("2028-02-29T23:59:59Z").map(UTCTimestamp.format) == "2028-02-29T23:59:59Z")
        #expect(UTCTimestamp.parse("2027-02-29") == nil)
        #expect(UTCTimestamp.parse("2026-13-01") == nil)
        #expect(UTCTimestamp.format(0) == "1970-01-01T00:00:00Z")
    }

    @Test func durationsReadAsWritten() {
        #expect(SimDuration(seconds: 91 * 86_400).description == "91d")
        #expect(SimDuration(seconds: 86_400 + 12 * 3600 + 5).description == "1d12h5s")
        #expect(SimDuration(seconds: 0).description == "0s")
    }

    @Test func jsonKeepsKeyOrderAndEscapes() throws {
        let value = try JSONValue.parse(#"{"b":1,"a":[true,null,"x\"\n\u00e9"],"c":{}}"#)
        #expect(value.serialized == #"{"b":1,"a":[true,null,"x\"\né"],"c":{}}"#)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1.5}"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#"{"a":1} x"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(String(repeating: "[", count: 100)) }
    }
}
