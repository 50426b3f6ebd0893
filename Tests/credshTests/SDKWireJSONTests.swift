import CredSimulator
import Foundation
import Testing
import Expectations

/// A review of the wire's JSON (docs/double.md, "The wire"): secrets are masked inside the
/// answer's strings, never in its `id`, keys or numbers, so every answer is JSON carrying
/// the id as sent; a notification hears nothing, even of an error; and a field's value is
/// of its kind, `"0"` no integer.
@Suite struct SDKWireJSONTests {
    /// Every string `value` holds, keys aside.
    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(strings)
        case .object(let members): return members.flatMap { strings($0.1) }
        default: return []
        }
    }

    /// The answer to `body`, which must be JSON with the id exactly as sent and, the id
    /// aside, none of `secrets` in its strings.
    static func answer(_ served: ServedCredsh, _ body: String, id: JSONValue, secrets: [String]) throws -> JSONValue {
        let answer = try SDKWireTests.rpc(served, "onewelcome", body)
        expectEqual(answer.status, 200, "\(answer.text)")
        let json = try #require(answer.json, "not JSON: \(answer.text)")
        expectEqual(json["id"], id, "\(answer.text)")
        guard case .object(let members) = json else { return json }
        let rest = Self.strings(.object(members.filter { $0.0 != "id" }))
        for secret in secrets { #expect(!rest.contains { $0.contains(secret) }, "\(secret) in \(answer.text)") }
        return json
    }

    @Test func aSecretEqualToTheIDOrAKeyLeavesTheAnswerJSONWithItsID() throws {
        // 52817 a user's PIN; 2468 (four digits, the shortest secret masked) and `events`
        // (the result's own key) PINs a call carried, so secrets of the session from then on.
        let served = try ServedCredsh(["--control"], scripts: ["sdk onewelcome\nuser add bob pin 52817\n"])
        for pin in ["2468", "events"] {
            let body = #"{"jsonrpc":"2.0","id":2468,"method":"validatePolicyCompliance","params":{"pin":"\#(pin)"}}"#
            _ = try Self.answer(served, body, id: .int(2468), secrets: [pin])
        }
        let secrets = ["52817", "2468"]
        for id: JSONValue in [.int(52817), .string("req-52817"), .int(2468), .string("2468"), .string("events")] {
            let call = try Self.answer(served, #"{"jsonrpc":"2.0","id":\#(id.serialized),"method":"logoutUser","params":{}}"#,
                                       id: id, secrets: secrets)
            #expect(call["result"]?["events"] != nil, "\(call.serialized)")
            // An error answer too: the secret in its message is masked, the id is not.
            let error = try Self.answer(served, #"{"jsonrpc":"2.0","id":\#(id.serialized),"method":"x52817","params":{}}"#,
                                        id: id, secrets: secrets)
            expectEqual(error["error"]?["code"], .int(-32601))
            expectEqual(error["error"]?["message"], .string("no method 'x***' in onewelcome"), "\(error.serialized)")
        }
        // The state is JSON with its keys too, the secrets still masked in its strings.
        let state = try served.curl("GET", "/__credsh/state", extra: served.authorization)
        let json = try #require(state.json, "not JSON: \(state.text)")
        #expect(json["users"] != nil && json["sdks"] != nil, "\(state.text)")
        #expect(!state.text.contains("52817") && !state.text.contains("2468"))
        let (_, log) = try served.stop()
        #expect(log.contains("POST /sdk/onewelcome 200 device=default call=logoutUser"), "\(log)")
        for secret in secrets { #expect(!log.contains(secret), "\(secret) in \(log)") }
    }

    @Test func aNotificationHearsNothingEvenOfAnError() throws {
        let served = try ServedCredsh(["--control"])
        for body in [#"{"jsonrpc":"2.0","method":"nosuch","params":{}}"#,
                     #"{"jsonrpc":"2.0","method":"setUser","params":{}}"#,
                     #"{"jsonrpc":"2.0","method":"setPassword","params":{"password":"x","challengeMode":"0"}}"#,
                     #"{"jsonrpc":"2.0","method":"setUser","params":[1]}"#,
                     #"{"jsonrpc":"2.0","method":"setPassword","params":{"password":"x","challengeMode":123456789012345678901234567890}}"#] {
            let note = try SDKWireTests.rpc(served, "relid", body)
            #expect(note.status == 204 && note.body.isEmpty, "\(body): \(note.status) \(note.text)")
        }
        let device = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","method":"resetAuthState"}"#, device: "bad device!")
        #expect(device.status == 204 && device.body.isEmpty, "\(device.status) \(device.text)")
        // With `"id":null` it is a request, answered; one whose id cannot be told, too.
        let null = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":null,"method":"nosuch"}"#)
        #expect(null.status == 200 && null.json?["error"]?["code"] == .int(-32601) && null.json?["id"] == .null, "\(null.text)")
        for (body, code) in [(#"{"method":"nosuch"}"#, -32600), (#"{"jsonrpc":"2.0","method":""}"#, -32600), ("{", -32700)] {
            let answer = try SDKWireTests.rpc(served, "relid", body)
            #expect(answer.status == 200 && answer.json?["error"]?["code"] == .int(code) && answer.json?["id"] == .null,
                    "\(body): \(answer.text)")
        }
        // The log still says why the notification was refused.
        let (_, log) = try served.stop()
        #expect(log.contains("POST /sdk/relid 204 (-32601 no method 'nosuch' in relid) device=default call=nosuch"), "\(log)")
        #expect(log.contains("POST /sdk/relid 204 (-32602 invalid params: params is an object of named fields)"), "\(log)")
    }

    @Test func aFieldOfAnotherKindIsRefusedNamingIt() throws {
        let served = try ServedCredsh(["--control"])
        // The language's `call` writes values as text: digits are an integer there.
        let text = try served.control("sdk relid\nuser add alice password \"Passw0rd!\"\ndevice d2\ncall setUser userID=alice\n"
                                      + "call setPassword password=\"Passw0rd!\" challengeMode=0\n")
        #expect(text.status == 200 && text.text.contains("onUserLoggedIn"), "\(text.text)")
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#)
        for wrong in [#""0""#, "true", "[0]", "null"] {
            let answer = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":\#(wrong)}"#, id: 2)
            expectEqual(answer["error"]?["code"], .int(-32602), "\(wrong): \(answer.serialized)")
            expectEqual(answer["error"]?["data"]?["field"], .string("challengeMode"))
            expectEqual(answer["error"]?["message"], .string("setPassword's field 'challengeMode' takes an integer"), "\(answer.serialized)")
        }
        let string = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":7}"#, id: 3)
        expectEqual(string["error"]?["data"]?["field"], .string("userID"), "\(string.serialized)")
        // As a number it is taken.
        let login = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, id: 4)
        #expect(SDKWireTests.events(login).contains("onUserLoggedIn"), "\(login.serialized)")
        _ = try served.stop()
    }
}
