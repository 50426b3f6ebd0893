import CredScript
import CredSimulator
import Testing
import Expectations
@testable import CredServe

/// Issue 48, item 2: an answer leaves through the one Redactor (WireResponse.redacted(by:)),
/// the control token carried: written `***` in a body of bytes, in a header's value and in
/// each string of an answer of JSON, and nothing else touched.
@Suite struct WireResponseRedactionTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static var redactor: Redactor {
        var carried = KnownSecrets()
        carried.add(token)
        return Redactor(known: KnownSecrets()).carrying(carried)
    }

    @Test func aBodyOfBytesAndItsHeadersLoseTheTokenAndKeepEveryOtherByte() {
        // Not UTF-8 (0xFF): the bytes around the token come back as they were.
        let body: [UInt8] = [0xFF] + Array("TRACE /x?token=\(Self.token)&a=1".utf8) + [0xFE]
        let answer = WireResponse(status: 200, reason: "OK", contentType: "message/http", body: body,
                                  headers: [("X-Echo", "Bearer \(Self.token)"), ("Server", "Jetty")])
        let shown = answer.redacted(by: Self.redactor)
        expectEqual(shown.body, [0xFF] + Array("TRACE /x?token=***&a=1".utf8) + [0xFE])
        expectEqual(shown.headers.map(\.1), ["Bearer ***", "Jetty"])
        expectEqual(shown.status, 200)
    }

    @Test func anAnswerOfJSONIsMaskedStringByStringAndStaysJSON() {
        let json = JSONValue.object([("message", .string("no method \(Self.token)")), ("code", .int(-32601))])
        let shown = WireResponse(status: 200, reason: "OK", json: json).redacted(by: Self.redactor)
        expectEqual(String(decoding: shown.body, as: UTF8.self), #"{"message":"no method ***","code":-32601}"# + "\n")
    }

    @Test func withNothingCarriedTheAnswerIsAsItWasMade() {
        let body = Array("Password \(Self.token)".utf8)
        let answer = WireResponse(status: 404, reason: "Not Found", contentType: "text/plain", body: body)
        expectEqual(answer.redacted(by: Redactor(known: KnownSecrets())).body, body)
    }
}
