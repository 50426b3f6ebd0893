import CredSimulator
import Testing
import Expectations
@testable import CredServe

/// How a request off the wire becomes the request the simulated servlets read, and how
/// the log shows it.
@Suite struct WireTests {
    static func wire(_ method: String, _ target: String, body: String = "", contentType: String? = nil) -> WireRequest {
        let (path, query) = WireRequest.split(target: target)
        var headers = [("Host", "localhost"), ("User-Agent", "test")]
        if let contentType { headers.append(("Content-Type", contentType)) }
        return WireRequest(method: method, path: path, query: query, headers: headers, body: Array(body.utf8),
                           clientHost: "127.0.0.1", client: "127.0.0.1:5000")
    }

    static func parts(_ target: String) -> [String] {
        let (path, query) = WireRequest.split(target: target)
        return [path, query]
    }

    @Test func targetsSplitIntoPathAndQuery() {
        expectEqual(Self.parts("/aaa/login.json?login=a&x=1"), ["/aaa/login.json", "login=a&x=1"])
        expectEqual(Self.parts("/aaa/login.json"), ["/aaa/login.json", ""])
        expectEqual(Self.parts("/aaa/login.json?"), ["/aaa/login.json", ""])
        expectEqual(Self.parts("HTTP://localhost:8080/aaa/login.json?a=b"), ["/aaa/login.json", "a=b"])
        expectEqual(Self.parts("http://localhost:8080"), ["/", ""])
    }

    /// Read over the header's bytes in place: the media type before any `;`, spaces and
    /// tabs around it left out, its letters in any case; a header name in any case.
    @Test func aMediaTypeIsReadWithoutParametersBlanksOrCase() {
        let yes = ["application/json", "Application/JSON", " \tapplication/json ; charset=utf-8", "application/json;", "APPLICATION/json\t"]
        for type in yes { #expect(Self.wire("POST", "/sdk/relid", contentType: type).hasMediaType("application/json"), "\(type)") }
        let no = ["application/jsonx", "application/js", "", " ", ";application/json", "text/plain; application/json", "application/json5",
                  "applicatioN/jsoN\u{0}", "application/json\u{A0}"]
        for type in no { #expect(!Self.wire("POST", "/sdk/relid", contentType: type).hasMediaType("application/json"), "\(type)") }
        #expect(!Self.wire("POST", "/sdk/relid").hasMediaType("application/json"))
        #expect(WireRequest.sameName("content-TYPE", "Content-Type"))
        #expect(!WireRequest.sameName("Content-Typ", "Content-Type"))
        #expect(!WireRequest.sameName("Content_Type", "Content-Type"))  // `_` and `-` are not a case apart
        #expect(!WireRequest.sameName("[", "{"))  // 0x5B and 0x7B differ by 0x20, but are no letters
    }

    @Test func aPostReadsTheQueryThenTheFormBody() {
        let wire = Self.wire("POST", "/aaa/login.json?login=dave%40example.com", body: "password=a+b&type=access-token",
                                contentType: "Application/X-WWW-Form-URLEncoded; charset=UTF-8").http
        let request = SusiSimulator.read(wire)
        expectEqual(request.parameters.map(\.0), ["login", "password", "type"])
        expectEqual(request.parameters.map(\.1), ["dave@example.com", "a b", "access-token"])
        expectEqual(request.clientHost, "127.0.0.1")
        expectEqual(request.header("user-agent"), "test")
    }

    @Test func aBodyOfAnotherTypeOrOfAGetIsNotRead() {
        #expect(SusiSimulator.read(Self.wire("POST", "/aaa/login.json", body: "login=x", contentType: "text/plain").http).parameters.isEmpty)
        #expect(SusiSimulator.read(Self.wire("POST", "/aaa/login.json", body: "login=x").http).parameters.isEmpty)
        #expect(SusiSimulator.read(Self.wire("GET", "/aaa/login.json", body: "login=x", contentType: "application/x-www-form-urlencoded").http).parameters.isEmpty)
    }

    @Test func invalidUTF8InAParameterBecomesReplacementCharacters() {
        let request = SusiSimulator.read(Self.wire("GET", "/aaa/login.json?login=%FF%FEa").http)
        expectEqual(request.parameter("login"), "\u{FFFD}\u{FFFD}a")
    }

    @Test func theLogMasksSecretsAndEscapesWhatCouldMoveTheCursor() {
        let entry = ServeLogEntry(client: "127.0.0.1:5000", method: "GET", path: "/aaa/changepassword.json", status: 401,
                                  parameters: [("changepassword", "a b"), ("password", "secret12"), ("access_token", "T0k3n"),
                                               ("x\u{1B}[2J", "\u{9B}31m\n"), ("empty", "")])
        expectEqual(entry.text, #"127.0.0.1:5000 GET /aaa/changepassword.json 401 changepassword="a b" password=*** access_token=*** x\u{1B}[2J=\u{9B}31m\n empty="""#)
        #expect(!entry.json.serialized.contains("secret12"))
        #expect(entry.json.serialized.hasPrefix(#"{"client":"127.0.0.1:5000","method":"GET","path":"/aaa/changepassword.json","status":401,"parameters":{"changepassword":"a b","password":"***""#))
    }

    /// A name the server does not read as the password, but a letter or a case off it, is
    /// masked too: what a client sent there is most likely one (fail closed).
    @Test func theLogMasksWhatIsSentUnderANameAlmostASecretOne() {
        let entry = ServeLogEntry(client: "127.0.0.1:5000", method: "GET", path: "/aaa/login.json", status: 400,
                                  parameters: [("PASSWORD", "Upper1!x"), (";password", "Semi2!xy"), ("password\u{0}", "Nul3!xyz"),
                                               ("pasword", "Typo4!xy"), ("login", "alice@example.com"), ("changepassword", "bob@example.com"),
                                               ("pwd", "Short5!x"), ("refresh_token", "Refresh6"), ("confirm_password", "Confirm7!")])
        for secret in ["Upper1!x", "Semi2!xy", "Nul3!xyz", "Typo4!xy", "Short5!x", "Refresh6", "Confirm7!"] {
            #expect(!entry.text.contains(secret) && !entry.json.serialized.contains(secret), "\(secret): \(entry.text)")
        }
        #expect(entry.text.contains("login=alice@example.com changepassword=bob@example.com"), "\(entry.text)")
    }

    @Test func aDroppedRequestSaysWhy() {
        let entry = ServeLogEntry(client: "127.0.0.1:5000", method: "POST", path: "/aaa/login.json", status: nil,
                                  note: "no answer (network down)")
        expectEqual(entry.text, "127.0.0.1:5000 POST /aaa/login.json dropped (no answer (network down))")
        expectEqual(entry.json.serialized, #"{"client":"127.0.0.1:5000","method":"POST","path":"/aaa/login.json","status":null,"note":"no answer (network down)"}"#)
    }

    @Test func longValuesAreCutInTheLog() {
        let entry = ServeLogEntry(client: "c", method: "GET", path: "/p", status: 200, parameters: [("login", String(repeating: "a", count: 1_000_000))])
        #expect(entry.text.utf8.count < 300)
        #expect(entry.text.hasSuffix("…(1000000 bytes)\""))
    }

    @Test func refusalsAreJettysBadMessagePage() {
        let page = WireResponse.refusal(431, "Request Header Fields Too Large")
        expectEqual(page.status, 431)
        expectEqual(String(decoding: page.body, as: UTF8.self), "<h1>Bad Message 431</h1><pre>reason: Request Header Fields Too Large</pre>")
    }

    @Test func theSimulatedAnswerGoesOutByteForByte() {
        let answer = SusiResponse.error(422, "Invalid credentials", path: "/aaa/login.json")
        let wire = WireResponse(SusiSimulator.httpAnswer(answer))
        // Jetty 9.3's sendError makes the message the reason phrase (docs/susi.md, "The wire").
        #expect(wire.status == 422 && wire.reason == "Invalid credentials")
        expectEqual(wire.body, answer.bodyBytes().bytes)
        expectEqual(wire.contentType, "text/html;charset=iso-8859-1")
    }

    @Test func theServletsHeadersGoOutAndAMalformedQueryIsKnown() {
        var server = SusiServer(seed: 1)
        let options = WireResponse(SusiSimulator.httpAnswer(server.handle(SusiRequest(method: "OPTIONS", path: "/aaa/login.json", parameters: []), now: 0)))
        #expect(options.status == 200 && options.reason == "OK" && options.contentType.isEmpty && options.body.isEmpty)
        expectEqual(options.headers.map(\.0), ["Allow"])
        expectEqual(SusiSimulator.read(Self.wire("GET", "/aaa/login.json?login=%ZZ").http).malformed, "the query string has a malformed %-escape (a % not followed by two hex digits)")
        expectEqual(SusiSimulator.read(Self.wire("POST", "/aaa/login.json", body: "login=%FF", contentType: "application/x-www-form-urlencoded").http).malformed,
                    "the form body has bytes that are not UTF-8 (a byte that cannot stand where it is in a UTF-8 sequence)")
        expectEqual(SusiSimulator.read(Self.wire("GET", "/aaa/login.json", body: "login=%FF", contentType: "application/x-www-form-urlencoded").http).malformed, nil)
    }

    /// A path of the served SDK and a request target split once each: the split the
    /// connection keeps for routing and for the request (WireRequest.split).
    @Test func anOriginFormTargetIsSplitWithoutLookingForAScheme() {
        #expect(WireRequest.split(target: "/aaa/login.json?login=a&password=b") == ("/aaa/login.json", "login=a&password=b"))
        #expect(WireRequest.split(target: "HTTP://127.0.0.1:8080/sdk/relid?x=1") == ("/sdk/relid", "x=1"))
        #expect(WireRequest.split(target: "https://h") == ("/", ""))
        #expect(WireRequest.split(target: "hello") == ("hello", ""))
    }
}
