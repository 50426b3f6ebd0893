import Testing
import Expectations
@testable import CredServe

/// Issue 31, item 8: an absolute-form request target must name this server, by the rule
/// the control API applies to Host (ServerAuthority).
@Suite struct RequestTargetTests {
    let loopback = ServerAuthority(boundHost: "127.0.0.1", boundPort: 8080)
    let everywhere = ServerAuthority(boundHost: "0.0.0.0", boundPort: 8080)
    let ipv6 = ServerAuthority(boundHost: "::1", boundPort: 8080)

    @Test func originFormAndAsteriskAreNotAbsolute() {
        for target in ["/__credsh/state", "/aaa/login.json?x=http://evil.example/", "*", "/http://evil.example/"] {
            expectEqual(RequestFraming.targetRefusal(target, authority: loopback), nil, "\(target)")
        }
    }

    @Test func anAuthorityNamingThisServerIsAnswered() {
        for target in ["http://127.0.0.1:8080/__credsh/state", "HTTP://LOCALHOST:8080/aaa/login.json?a=b", "http://127.0.0.1:8080",
                       "http://127.0.0.2:8080/x", "http://[::1]:8080/x"] {
            expectEqual(RequestFraming.targetRefusal(target, authority: loopback), nil, "\(target)")
        }
        expectEqual(RequestFraming.targetRefusal("http://192.168.1.20:8080/x", authority: everywhere), nil)
        expectEqual(RequestFraming.targetRefusal("http://[::1]:8080/x", authority: ipv6), nil)
    }

    @Test func anotherServerAnotherSchemeOrUserInformationIs400() {
        for target in ["http://evil.example/__credsh/state", "http://evil.example:8080/", "http://127.0.0.1/x", "http://127.0.0.1:8081/x",
                       "http://192.168.1.20:8080/x", "http://user:pw@127.0.0.1:8080/x", "http://127.0.0.1:8080@evil.example/x",
                       "http:///x", "https://127.0.0.1:8080/x", "ftp://127.0.0.1:8080/x"] {
            expectEqual(RequestFraming.targetRefusal(target, authority: loopback)?.status, 400, "\(target)")
        }
        expectEqual(RequestFraming.targetRefusal("http://rebind.evil.example:8080/", authority: everywhere)?.detail,
                    "a request target for another server: 'rebind.evil.example:8080' does not name this one")
        let long = "http://" + String(repeating: "a", count: 200) + "/"
        #expect(RequestFraming.targetRefusal(long, authority: loopback)?.detail.count ?? 0 < 150, "quoted at most 80 characters")
    }
}
