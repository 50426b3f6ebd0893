import CredSimulator
import Foundation
import Testing
import Expectations

/// Review of issue 48's edge over real HTTP (`credsh serve`): the serve log keeps SUSI's
/// protocol values, hides a parameter's name that holds a secret, and a control run knows
/// a password a client set over the wire.
@Suite struct ServedClientSecretWireTests {
    @Test func theServeLogKeepsTheLoginTypeAndHidesANameHoldingASecretAndAControlRunKnowsANewPassword() throws {
        let served = try ServedCredsh(["--control"], scripts: [
            "sdk susi\npolicy password rule=2017\nuser add eve@example.com password \"evepass1\"\nuser add fay@example.com password \"Start-123\"\n",
        ])
        // A wrong guess equal to the login type.
        let guess = try served.curl("POST", "/aaa/login.json", form: "login=eve%40example.com&password=access-token&type=access-token")
        expectEqual(guess.status, 422)
        let login = try served.curl("POST", "/aaa/login.json", form: "login=fay%40example.com&password=Start-123&type=access-token")
        guard case .string(let token)? = login.json?["access_token"] else {
            Issue.record("no token: \(login.text)")
            return
        }
        let change = try served.curl("GET", "/aaa/changepassword.json?access_token=\(token)&changepassword=fay%40example.com&password=Start-123&newpassword=N3w-pass34")
        expectEqual(change.status, 200, "\(change.text)")
        let named = try served.curl("POST", "/aaa/login.json", form: "login=fay%40example.com&password=N3w-pass34&type=access-token&N3w-pass34=1")
        expectEqual(named.status, 200)
        let echo = try served.control("echo N3w-pass34\n")
        #expect(echo.text.contains(#"{"output":"***","file":"<control>","line":1}"#) && !echo.text.contains("N3w-pass34"), "\(echo.text)")
        let (_, log) = try served.stop()
        #expect(log.contains("POST /aaa/login.json 422 login=eve@example.com password=*** type=access-token"), "\(log)")
        #expect(log.contains("password=*** type=access-token ***="), "\(log)")
        #expect(!log.contains("N3w-pass34") && !log.contains("Start-123"), "\(log)")
    }
}
