import CredSimulator
import Foundation
import Testing
import Expectations

/// The last review's findings on the double's wire and language (docs/double.md): a
/// journal of a device never seen is 404, devices can be forgotten, a device ID is checked
/// where written, a second Host or Origin is refused, a 64-bit overflow is answered for
/// what it is, a cut ID ends with `…`, and `serve --help` names the double's paths.
@Suite struct SDKWireLeftoverTests {
    @Test func aJournalOfADeviceNeverSeenIsNotFound() throws {
        let served = try ServedCredsh(["--control"])
        let missing = try served.curl("GET", "/__credsh/journal?device=nosuch", extra: served.authorization)
        expectEqual(missing.status, 404)
        expectEqual(missing.header("Content-Type"), "application/json")
        expectEqual(missing.json?["device"], .string("nosuch"), "\(missing.text)")
        #expect(missing.text.contains("no device 'nosuch'"), "\(missing.text)")
        // Named by a control line, it exists (with an empty journal); forgotten, it is gone.
        try expectEqual(served.control("device nosuch\ndevice default\n").status, 200)
        try expectEqual(served.curl("GET", "/__credsh/journal?device=nosuch", extra: served.authorization).status, 200)
        try expectEqual(served.curl("GET", "/__credsh/journal", extra: served.authorization).status, 200, "default always is")
        let forgot = try served.control("devices forget nosuch\n")
        #expect(forgot.status == 200 && forgot.text.contains("device nosuch forgotten"), "\(forgot.text)")
        try expectEqual(served.curl("GET", "/__credsh/journal?device=nosuch&format=svg", extra: served.authorization).status, 404)
        // A device ID that is a known secret, asked for: the 404 (a device ID's shape) and
        // the 400 (not one) mask it as the log does.
        try expectEqual(served.control("sdk relid\nuser add bob password \"Zq9Secret_x1\"\nuser add carol password \"Zq9-Secret!\"\n").status, 200)
        for (secret, status) in [("Zq9Secret_x1", 404), ("Zq9-Secret!", 400)] {
            let named = try served.curl("GET", "/__credsh/journal?device=" + secret, extra: served.authorization)
            expectEqual(named.status, status, "\(named.status) \(named.text)")
            #expect(!named.text.contains(secret) && named.text.contains("***"), "\(named.text)")
        }
        _ = try served.stop()
    }

    @Test func aForgottenDeviceFreesItsPlaceAndStartsAnew() throws {
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control("sdk relid\nuser add alice password \"Passw0rd!\"\n").status, 200)
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: "d17")
        try expectEqual(served.control((1..<256).map { "device d\($0)\n" }.joined()).status, 200)
        let body = #"{"jsonrpc":"2.0","id":7,"method":"resetAuthState"}"#
        let past = try SDKWireTests.rpc(served, "relid", body, device: "one-more")
        expectEqual(past.json?["error"]?["code"], .int(-32001))
        #expect(past.text.contains("at most 256 devices; 'one-more' would be one more (devices forget ID frees one)"), "\(past.text)")
        // default and the current device stay; another goes, with its journal and its state.
        let refused = try served.control("devices forget default\n")
        #expect(refused.status == 422 && refused.text.contains("the device default cannot be forgotten"), "\(refused.text)")
        let current = try served.control("device d3\ndevices forget d3\n")
        #expect(current.status == 422 && current.text.contains("'d3' is the current device"), "\(current.text)")
        try expectEqual(served.control("devices forget d17\n").status, 200)
        try expectEqual(SDKWireTests.rpc(served, "relid", body, device: "one-more").json?["error"], nil)
        // d17 is no more: back (as one device too many) it would start as a copy of
        // default, with no pending challenge of alice's.
        try expectEqual(served.curl("GET", "/__credsh/journal?device=d17", extra: served.authorization).status, 404)
        try expectEqual(served.control("devices forget one-more\n").status, 200)
        let stray = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: "d17")
        #expect(!SDKWireTests.events(stray).contains("onUserLoggedIn"), "\(stray.serialized)")
        let listed = try served.control("devices\n")
        #expect(listed.text.contains("d17  1 call"), "\(listed.text)")
        #expect(try served.control("devices forget nobody\n").text.contains("no device 'nobody' to forget"))
        _ = try served.stop()
    }

    @Test(arguments: ["device bad!name\n", "devices forget bad!name\n", "device \"a b\"\n"])
    func aBadDeviceIDIsAnErrorWhereWritten(script: String) throws {
        let check = try Credsh.run(["check", "-"], script: script)
        expectEqual(check.status, 2, "\(check.stderr)")
        let column = script.hasPrefix("devices") ? 16 : 8
        #expect(check.stderr.contains("<stdin>:1:\(column): error: a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not '"), "\(check.stderr)")
        #expect(check.stderr.contains("[CS0309]"), "\(check.stderr)")
        // A variable is the run's to check; a good literal passes.
        try expectEqual(Credsh.run(["check", "-"], script: "let d = \"bad!name\"\ndevice $d\ndevice phone-1.b_c\n").status, 0)
    }

    @Test func aSecondHostOrOriginIsRefused() throws {
        let served = try ServedCredsh(["--control"])
        let token = try #require(served.token)
        let own = "http://127.0.0.1:\(served.port)"
        let body = #"{"jsonrpc":"2.0","id":1,"method":"resetAuthState"}"#
        func request(_ path: String, _ headers: [String], body: String, type: String) -> String {
            "POST \(path) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined()
                + "Authorization: Bearer \(token)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        }
        let host = "Host: 127.0.0.1:\(served.port)"
        for (path, text, type) in [("/sdk/relid", body, "application/json"), ("/__credsh/run", "echo hi\n", "text/plain")] {
            // One of each, both the server's own: answered.
            let fine = try ServeRobustnessTests.exchange(served.port, request(path, [host, "Origin: \(own)"], body: text, type: type))
            expectEqual(fine.statuses, [200], "\(fine.text)")
            // Two Origins, even both its own, or its own and a stranger's in either order: 403.
            for origins in [[own, own], [own, "http://evil.example"], ["http://evil.example", own]] {
                let two = try ServeRobustnessTests.exchange(served.port, request(path, [host] + origins.map { "Origin: \($0)" }, body: text, type: type))
                expectEqual(two.statuses, [403], "\(origins): \(two.text)")
                #expect(two.text.contains("2 Origin headers"), "\(two.text)")
            }
            // Two Hosts, the second a stranger's: 400 before any route.
            let hosts = try ServeRobustnessTests.exchange(served.port, request(path, [host, "Host: evil.example"], body: text, type: type))
            expectEqual(hosts.statuses, [400], "\(hosts.text)")
        }
        let (_, log) = try served.stop()
        expectEqual(log.components(separatedBy: "POST /__credsh/run 200").count - 1, 1, "only the run with one Origin ran: \(log)")
    }

    @Test func integersPast64BitsAndCutIDsAreAnsweredForWhatTheyAre() throws {
        let served = try ServedCredsh(["--control"])
        let huge = "123456789012345678901234567890"
        let id = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":\#(huge),"method":"resetAuthState"}"#)
        expectEqual(id.json?["error"]?["code"], .int(-32600), "\(id.text)")
        expectEqual(id.json?["id"], .null)
        #expect(id.text.contains("id is an integer past 64 bits"))
        let field = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":4,"method":"setPassword","params":{"password":"x","challengeMode":-\#(huge)}}"#)
        expectEqual(field.json?["error"]?["code"], .int(-32602), "\(field.text)")
        expectEqual(field.json?["error"]?["data"]?["field"], .string("challengeMode"))
        expectEqual(field.json?["id"], .int(4))
        // Still a parse error when it is not JSON at all.
        try expectEqual(SDKWireTests.rpc(served, "relid", #"{"id":\#(huge)"#).json?["error"]?["code"], .int(-32700))
        // A device ID too long to be one is quoted cut, and says so with `…`.
        let long = String(repeating: "a", count: 70)
        let device = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":5,"method":"resetAuthState"}"#, device: long)
        #expect(device.text.contains("not '\(String(repeating: "a", count: 64))…'"), "\(device.text)")
        let method = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":6,"method":"\#(long)"}"#)
        #expect(method.text.contains("no method '\(String(repeating: "a", count: 64))…'"), "\(method.text)")
        _ = try served.stop()
    }

    @Test func serveHelpNamesTheDoublesPaths() throws {
        let help = try Credsh.run(["serve", "--help"])
        expectEqual(help.status, 0)
        for sdk in SDKID.all where !sdk.catalog.calls.isEmpty {
            #expect(help.stdout.contains("/sdk/\(sdk.name)"), "\(help.stdout)")
        }
        #expect(help.stdout.contains("/sdk/NAME/events") && help.stdout.contains("/__credsh/journal"))
    }
}
