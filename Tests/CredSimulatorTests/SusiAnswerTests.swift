import Testing
import Expectations
@testable import CredSimulator

/// The bodies a real HTTP client receives from the simulated server: the JSON library's
/// layout and the servlet container's error page (docs/susi.md, "Answers").
@Suite struct SusiAnswerTests {
    @Test func aJSONAnswerIsPrettyPrintedAsTheServersLibraryDoes() throws {
        var server = SusiServer(seed: 5)
        try server.addAccount("dave@example.com", password: "secret12")
        let answer = server.handle(SusiRequest(method: "POST", path: SusiServer.loginPath,
                                               parameters: [("login", "dave@example.com"), ("password", "secret12"), ("type", "access-token")],
                                               headers: SusiApp.headers),
                                   now: VirtualClock.defaultStart)
        guard case .string(let token)? = answer.json?["access_token"] else { Issue.record("no token"); return }
        let (type, text) = answer.body()
        expectEqual(type, "application/javascript;charset=utf-8")
        #expect(text == """
            {
              "accepted": true,
              "valid_seconds": 604800,
              "access_token": "\(token)",
              "message": "You are logged in as dave@example.com",
              "session": {"identity": {
                "type": "host",
                "name": "127.0.0.1_2ba0198f",
                "anonymous": true
              }}
            }

            """)
        expectEqual(answer.statusLine, "HTTP/1.1 200 OK")
    }

    @Test func theJSONTextEscapesAsTheServersLibrary() {
        let value = JSONValue.object([("a", .string("</b> \"q\" \u{1}\u{2028}é")), ("list", .array([.int(1), .bool(false)])),
                                      ("one", .array([.null])), ("empty", .object([]))])
        #expect(OrgJSONText.pretty(value) == """
            {
              "a": "<\\/b> \\"q\\" \\u0001\\u2028é",
              "list": [
                1,
                false
              ],
              "one": [null],
              "empty": {}
            }
            """)
    }

    @Test func anErrorIsTheContainersPageWithTheReason() {
        let answer = SusiResponse.error(401, SusiServer.roleTooLow(.anonymous(name: "x")), path: "/aaa/changepassword.json")
        let (type, text) = answer.body()
        expectEqual(type, "text/html;charset=iso-8859-1")
        let reason = "Base user role not sufficient. Your base user role is &apos;ANONYMOUS&apos;, your user role is &apos;anonymous&apos;"
        expectEqual(text, "<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html;charset=utf-8\"/>\n"
                    + "<title>Error 401 \(reason)</title>\n</head>\n<body><h2>HTTP ERROR 401</h2>\n"
                    + "<p>Problem accessing /aaa/changepassword.json. Reason:\n<pre>    \(reason)</pre></p>"
                    + "<hr><a href=\"http://eclipse.org/jetty\">Powered by Jetty:// 9.3.21.v20170918</a><hr/>\n\n</body>\n</html>\n")
        // Jetty 9.3's sendError makes the message the reason phrase, unescaped.
        expectEqual(answer.statusLine, "HTTP/1.1 401 Base user role not sufficient. Your base user role is 'ANONYMOUS', your user role is 'anonymous'")
    }

    @Test func theErrorPageEscapesMarkupAndEncodesLatin1() {
        expectEqual(JettyErrorPage.escape("<a & \"b\">\u{1}\t"), "&lt;a &amp; &quot;b&quot;&gt;?\t")
        let answer = SusiResponse.error(404, "Not Found", path: "/ü/😀")
        let bytes = answer.bodyBytes().bytes
        #expect(bytes.contains(0xFC))
        #expect(String(decoding: bytes, as: UTF8.self).contains("/\u{FFFD}/?"))
    }

    @Test func anAnonymousNameHashesTheHeadersAsJavaDoes() {
        expectEqual(SusiIdentity.javaHashCode("hello"), 0x05E9_18D2)
        let bare = SusiRequest(method: "GET", path: "/", parameters: [])
        expectEqual(SusiIdentity.headerSalt(bare), "8520be15")
        let app = SusiRequest(method: "GET", path: "/", parameters: [], headers: SusiApp.headers)
        expectEqual(SusiIdentity.headerSalt(app), "2ba0198f")
    }
}
