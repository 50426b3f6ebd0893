import Testing
import Expectations
@testable import CredSimulator

/// The 2017 server on the wire, as Jetty 9.3 and susi_server read a request
/// (docs/susi.md, "The wire").
@Suite struct SusiWireTests {
    typealias S = SusiServerTests
    static let change = SusiServer.changePasswordPath

    static func wire(_ method: String, _ path: String, _ query: String, form: String? = nil) -> SusiRequest {
        SusiWire.request(method: method, path: path, query: query, form: form.map { Array($0.utf8) })
    }

    @Test(arguments: ["%ZZ", "%4", "%+A", "abc%", "%G1", "%FF", "%C3%28", "%ED%A0%80", "%uABCD",
                      // A byte that cannot stand where it is, or more of the value after a cut sequence.
                      "%C0%80", "%E0%80%80", "%F4%90%80%80", "%F5%80", "%80", "%C3A", "%C3+", "%C3%3D", "%C3=y", "%F0%9F%98!"])
    func aMalformedEscapeOrNoUTF8AnswersFiveHundredBeforeAnyCheck(bad: String) throws {
        var server = try S.server()
        // No token at all: a well-formed request would be refused with 401.
        let answer = server.handle(Self.wire("GET", Self.change, "changepassword=\(S.dave)&password=secret12&newpassword=x\(bad)"),
                                   now: S.start)
        expectEqual(answer.status, 500, "\(bad)")
        expectEqual(answer.statusLine, "HTTP/1.1 500 Server Error")
        expectEqual(answer.notes.first?.hasPrefix("Jetty: the query string has"), true)
        #expect(server.verify(S.dave, "secret12"))
    }

    @Test func wellFormedEscapesAndUTF8ReadAsBefore() {
        for good in ["%41", "%c3%a9", "%E2%82%AC", "a+b", "%2B", "", "x=%F0%9F%98%80", "é"] {
            expectEqual(SusiWire.malformation(in: Array(good.utf8)), nil, "\(good)")
        }
        expectEqual(SusiWire.malformation(in: Array("a%4".utf8)), "an incomplete %-escape at the end (a % without two hex digits after it)")
        // The note never quotes what may be part of a secret.
        expectEqual(SusiWire.malformation(in: Array("newpassword=se%Zcret".utf8))?.contains("Zc"), false)
    }

    /// Jetty 9.3's `toReplacedString` where a value ends: U+FFFD, a warning, and the service runs.
    @Test(arguments: ["%C3", "%F0%9F%98", "%E2%82", "%F4%8F%BF"])
    func anIncompleteSequenceAtTheEndOfAValueIsReplacedAndTheServiceRuns(tail: String) throws {
        for place in ["end", "middle"] {
            var server = try S.server()
            let token = try S.token(&server, S.dave, "secret12")
            let query = place == "end"
                ? "changepassword=\(S.dave)&password=secret12&access_token=\(token)&newpassword=Abcdef1!\(tail)"
                : "changepassword=\(S.dave)&password=secret12&newpassword=Abcdef1!\(tail)&access_token=\(token)"
            let request = Self.wire("GET", Self.change, query)
            expectEqual(request.malformed, nil, "\(tail) at the \(place)")
            expectEqual(request.replacedTail, "the query string")
            expectEqual(request.parameter("newpassword"), "Abcdef1!\u{FFFD}", "one U+FFFD, as toReplacedString appends")
            let answer = server.handle(request, now: S.start)
            #expect(answer.status == 200 && answer.json?["accepted"] == .bool(true), "\(tail) at the \(place)")
            expectEqual(answer.notes.first?.hasPrefix("Jetty: the query string has an incomplete UTF-8 sequence"), true)
            #expect(server.verify(S.dave, "Abcdef1!\u{FFFD}"))
        }
    }

    @Test func theRuleHoldsNameByNameAndInAFormBody() throws {
        // A name cut short is replaced too (at its `=`); the next pair starts afresh.
        expectEqual(SusiWire.read(Array("a%C3=1&b=%E2%82&c=%C3%A9".utf8), as: .queryString), .init(malformed: nil, replacedTail: true))
        expectEqual(SusiWire.read(Array("a=%C3%A9&b=x".utf8), as: .queryString), .init(malformed: nil, replacedTail: false))
        // A form body is read byte by byte: a raw byte may complete an escaped lead byte,
        // where the query string appends it as a character and throws.
        let completed: [UInt8] = Array("a=%C3".utf8) + [0xA9]
        expectEqual(SusiWire.read(completed, as: .formBody), .init(malformed: nil, replacedTail: false))
        expectEqual(SusiWire.read(completed, as: .queryString).malformed?.contains("character written inside"), true)
        expectEqual(SusiWire.read(Array("a=x".utf8) + [0xC3], as: .formBody), .init(malformed: nil, replacedTail: true))
        #expect(SusiWire.read(Array("a=x".utf8) + [0xC3, 0x28], as: .formBody).malformed != nil)

        var server = try S.server()
        let token = try S.token(&server, S.dave, "secret12")
        let form = "changepassword=\(S.dave)&password=secret12&newpassword=Abcdef1!%F0%9F%98&access_token=\(token)"
        let request = Self.wire("POST", Self.change, "", form: form)
        expectEqual(request.replacedTail, "the form body")
        expectEqual(server.handle(request, now: S.start).status, 200)
        #expect(server.verify(S.dave, "Abcdef1!\u{FFFD}"))
    }

    @Test func aMalformedFormBodyAnswersFiveHundredToo() throws {
        var server = try S.server()
        let request = Self.wire("POST", SusiServer.loginPath, "", form: "login=\(S.dave)&password=secret12&type=access-token&x=%ZZ")
        expectEqual(request.malformed, "the form body has a malformed %-escape (a % not followed by two hex digits)")
        expectEqual(server.handle(request, now: S.start).status, 500)
    }

    @Test func getReadsNamesAsSentAndPostDecodesThem() throws {
        var server = try S.server()
        let token = try S.token(&server, S.dave, "secret12")
        let query = "changepassword=\(S.dave)&password=secret12&new%70assword=other123&access_token=\(token)"
        let get = server.handle(Self.wire("GET", Self.change, query), now: S.start)
        // No newpassword for the service: the rule check fails on null.
        expectEqual(get.status, 500)
        #expect(get.notes.contains { $0.contains("'new%70assword' as sent") })
        #expect(server.verify(S.dave, "secret12"))
        let post = server.handle(Self.wire("POST", Self.change, query), now: S.start)
        #expect(post.status == 200 && post.json?["accepted"] == .bool(true))
        #expect(!post.notes.contains { $0.hasPrefix("GET:") })
        #expect(server.verify(S.dave, "other123"))
    }

    @Test func headRunsTheServiceAndAnswersWithoutABody() throws {
        var server = try S.server()
        let token = try S.token(&server, S.dave, "secret12")
        var head = S.change(S.dave, current: "secret12", new: "other123", token: token)
        head.method = "HEAD"
        let answer = server.handle(head, now: S.start)
        #expect(answer.status == 200 && answer.bodyless)
        expectEqual(SusiEvents.response(answer), .event(SDKEvent("response", [("status", .int(200))])))
        #expect(server.verify(S.dave, "other123"))
    }

    @Test func theServletAnswersTheOtherMethods() throws {
        var server = try S.server()
        func ask(_ method: String) -> SusiResponse {
            server.handle(SusiRequest(method: method, path: SusiServer.loginPath, parameters: [],
                                      headers: [("User-Agent", "t")]), now: S.start)
        }
        let options = ask("OPTIONS")
        #expect(options.status == 200 && options.headers.first?.1 == "GET, HEAD, POST, TRACE, OPTIONS")
        #expect(options.bodyBytes().bytes.isEmpty)
        let trace = ask("TRACE")
        #expect(trace.status == 200 && trace.body() == ("message/http", "TRACE /aaa/login.json HTTP/1.1\r\nUser-Agent: t\r\n"))
        expectEqual(ask("PUT").statusLine, "HTTP/1.1 405 HTTP method PUT is not supported by this URL")
        expectEqual(ask("DELETE").status, 405)
        expectEqual(ask("PATCH").statusLine, "HTTP/1.1 501 Method PATCH is not implemented by this servlet for this URI")
    }

    /// Issue 31, item 8: TRACE echoes every header but the credentials in them.
    @Test func traceEchoesNoCredential() throws {
        var server = try S.server()
        let trace = server.handle(SusiRequest(method: "TRACE", path: SusiServer.loginPath, parameters: [], headers: [
            ("authorization", "Bearer 0123456789abcdef"), ("Proxy-Authorization", "Basic dXNlcjpzZWNyZXQxMg=="),
            ("Cookie", "JSESSIONID=node0abc; other=x"), ("Authorization", "opaque-secret"), ("X-Other", "Bearer kept"),
        ]), now: S.start)
        expectEqual(trace.status, 200)
        #expect(trace.body() == ("message/http", "TRACE /aaa/login.json HTTP/1.1\r\nauthorization: Bearer ***\r\n"
                                 + "Proxy-Authorization: Basic ***\r\nCookie: ***\r\nAuthorization: ***\r\nX-Other: Bearer kept\r\n"))
    }

    @Test func theReasonPhraseIsTheErrorMessage() throws {
        var server = try S.server()
        let token = try S.token(&server, S.dave, "secret12")
        let refused = server.handle(S.change(S.dave, current: "secret12", new: "abc", token: token), now: S.start)
        expectEqual(refused.statusLine, "HTTP/1.1 400 invalid password")
        let anonymous = server.handle(S.change(S.dave, current: "secret12", new: "abcdef", token: nil), now: S.start)
        #expect(anonymous.statusLine.hasPrefix("HTTP/1.1 401 Base user role not sufficient."))
        let ok = server.handle(S.login(S.dave, "secret12"), now: S.start)
        expectEqual(ok.statusLine, "HTTP/1.1 200 OK")
    }
}
