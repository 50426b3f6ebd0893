import Testing
import Expectations
@testable import CredServe

/// Issue 17, item 7: who the control API answers, decided from the request alone.
@Suite struct ControlAccessTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static func request(host: [String] = ["127.0.0.1:8080"], origin: String? = nil, authorization: String? = "Bearer \(token)",
                        query: String = "") -> WireRequest {
        var headers = host.map { ("Host", $0) }
        if let origin { headers.append(("Origin", origin)) }
        if let authorization { headers.append(("Authorization", authorization)) }
        return WireRequest(method: "POST", path: "/__credsh/run", query: query, headers: headers, body: [],
                           clientHost: "127.0.0.1", client: "127.0.0.1:5000")
    }

    let loopback = ControlAccess(token: token, boundHost: "127.0.0.1", boundPort: 8080)

    @Test func theTokenIsNeededAsABearerHeaderOrInTheQuery() {
        #expect(loopback.refusal(Self.request()) == nil)
        #expect(loopback.refusal(Self.request(authorization: nil, query: "token=\(Self.token)")) == nil)
        let missing = loopback.refusal(Self.request(authorization: nil))
        expectEqual(missing?.status, 401)
        expectEqual(missing?.headers.contains { $0 == ("WWW-Authenticate", #"Bearer realm="credsh""#) }, true)
        expectEqual(loopback.refusal(Self.request(authorization: "Bearer wrong"))?.status, 401)
        expectEqual(loopback.refusal(Self.request(authorization: "Bearer \(Self.token)x"))?.status, 401)
    }

    /// A Bearer header and `?token=` that disagree are refused, whichever is right: a wrong
    /// credential never passes beside a right one. The same token in both passes.
    @Test func aBearerHeaderAndAQueryTokenMustBothBeTheToken() {
        for (authorization, query) in [("Bearer \(Self.token)", "token=wrong"), ("Bearer wrong", "token=\(Self.token)"), ("Bearer wrong", "token=wrong")] {
            let refusal = loopback.refusal(Self.request(authorization: authorization, query: query))
            expectEqual(refusal?.status, 401, "\(authorization) with \(query)")
            expectEqual(refusal.map { String(decoding: $0.body, as: UTF8.self) },
                        "the control API needs the token credsh serve printed at start: ?token=… or Authorization: Bearer … (both were given: each must be it)\n")
        }
        #expect(loopback.refusal(Self.request(query: "token=\(Self.token)")) == nil)
        expectEqual(loopback.refusal(Self.request(authorization: nil, query: "token=wrong"))?.status, 401)
    }

    @Test func aHostThatIsADNSNameOrAnotherPortIsRefused() {
        for host in ["evil.example:8080", "evil.example", "127.0.0.1:80", "127.0.0.1", "localhost.evil.example:8080", "10.0.0.5:8080"] {
            let refusal = loopback.refusal(Self.request(host: [host]))
            expectEqual(refusal?.status, 403, "Host: \(host)")
        }
        expectEqual(loopback.refusal(Self.request(host: []))?.status, 403)
        expectEqual(loopback.refusal(Self.request(host: ["127.0.0.1:8080", "127.0.0.1:8080"]))?.status, 403)
        for host in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            #expect(loopback.refusal(Self.request(host: [host])) == nil, "Host: \(host)")
        }
        let everywhere = ControlAccess(token: Self.token, boundHost: "0.0.0.0", boundPort: 8080)
        #expect(everywhere.refusal(Self.request(host: ["192.168.1.20:8080"])) == nil)
        expectEqual(everywhere.refusal(Self.request(host: ["rebind.evil.example:8080"]))?.status, 403)
    }

    @Test func anOriginOtherThanTheServersOwnIsRefused() {
        let refusal = loopback.refusal(Self.request(origin: "http://evil.example"))
        expectEqual(refusal?.status, 403)
        expectEqual(String(decoding: refusal?.body ?? [], as: UTF8.self), "cross-origin request refused: Origin 'http://evil.example' is not http://127.0.0.1:8080\n")
        expectEqual(loopback.refusal(Self.request(origin: "null"))?.status, 403)
        #expect(loopback.refusal(Self.request(origin: "http://127.0.0.1:8080")) == nil)
    }

    @Test func twoAuthorizationHeadersAreRefusedWhateverTheySay() {
        var request = Self.request()
        request = WireRequest(method: "POST", path: "/__credsh/run", query: "", headers: request.headers + [("authorization", "Bearer \(Self.token)")],
                              body: [], clientHost: "127.0.0.1", client: "127.0.0.1:5000")
        let refusal = loopback.refusal(request)
        expectEqual(refusal?.status, 400)
        expectEqual(String(decoding: refusal?.body ?? [], as: UTF8.self), "a request with 2 Authorization headers: send one, the token printed at start\n")
    }

    /// As two Authorization headers: which `token=` counts is not guessed.
    @Test func twoTokensInTheQueryAreRefusedWhateverTheySay() {
        for query in ["token=\(Self.token)&token=\(Self.token)", "token=x&a=1&token=\(Self.token)"] {
            let refusal = loopback.refusal(Self.request(authorization: nil, query: query))
            expectEqual(refusal?.status, 400, "\(query)")
            expectEqual(String(decoding: refusal?.body ?? [], as: UTF8.self), "a request with 2 token= parameters: send one, the token printed at start\n")
        }
        #expect(loopback.refusal(Self.request(authorization: nil, query: "a=1&token=\(Self.token)&tokens=2")) == nil)
    }

    @Test func tokensAreRandomAndLongEnough() {
        let a = ControlAccess.randomToken(), b = ControlAccess.randomToken()
        #expect(a.count == 32 && b.count == 32 && a != b)
        #expect(a.allSatisfy { $0.isHexDigit })
    }
}
