import Foundation
import Testing
import Expectations

/// Issue 31, items 6 and 8, over real HTTP: a control run whose client has gone holds no
/// one up; TRACE echoes no credential; a request target naming another server is refused.
@Suite(.serialized) struct ServeHardeningTests {
    typealias Raw = ServeRobustnessTests.RawConnection

    /// What the user saw: 8 (then 60) clients post a script that runs for the whole time
    /// limit and close at once; `/__credsh/state` is answered at once, not after them all.
    @Test(arguments: [8, 60]) func abandonedControlRunsAreCancelled(clients: Int) throws {
        let served = try ServedCredsh(["--control"])
        let result = try Credsh.run(["bench/abandoned_runs.py", "--port", String(served.port), "--token", served.token ?? "",
                                     "--clients", String(clients)],
                                    timeout: 180, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        expectEqual(result.status, 0, "\(result.stdout)\(result.stderr)")
        print("abandoned runs: \(result.stdout)")
        let match = result.stdout.firstMatch(of: /state answered (\d+) in ([0-9.]+) s/)
        expectEqual(match.map { Int($0.1) }, 200, "\(result.stdout)")
        let seconds = match.flatMap { Double($0.2) } ?? .infinity
        // Each run would take its 5 s limit: 40 s for 8, 5 minutes for 60.
        #expect(seconds < 2, "\(seconds) s")
        // The server goes on: a run whose client waits runs as ever.
        try expectEqual(served.control("clock advance 1d\n").status, 200)
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        let abandoned = log.split(separator: "\n").filter { $0.contains("POST /__credsh/run dropped (abandoned: the client closed the connection") }
        expectEqual(abandoned.count, clients, "\(log.suffix(2000))")
        // Each one either never started or stopped at its next statement; none ran to its limit.
        #expect(abandoned.allSatisfy { $0.contains("before the run started; it did not run")
                || $0.contains("while the run ran; it stopped at its next statement") }, "\(abandoned)")
        // (Which of the two each one met depends on how fast the server dequeues: a release
        // build may start every run before it hears the client went, so neither is required.)
        #expect(!log.contains("time limit"))
    }

    /// TRACE echoes the request's headers (Jetty's servlet does), but not its credentials,
    /// nor the control token wherever it is sent.
    @Test func traceEchoesNoCredential() throws {
        let served = try ServedCredsh(["--control"])
        let token = try #require(served.token)
        let connection = try Raw(port: served.port)
        connection.send("TRACE /aaa/login.json?token=\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\n"
                        + "Authorization: Bearer \(token)\r\nProxy-Authorization: Basic dXNlcjpzZWNyZXQxMg==\r\n"
                        + "Cookie: JSESSIONID=node0abc123\r\nX-Token: \(token)\r\nConnection: close\r\n\r\n")
        let (text, closed) = connection.read(seconds: 10)
        #expect(closed)
        #expect(!text.contains(token), "\(text)")
        #expect(!text.contains("dXNlcjpzZWNyZXQxMg==") && !text.contains("node0abc123"), "\(text)")
        let body = "TRACE /aaa/login.json HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nAuthorization: Bearer ***\r\n"
            + "Proxy-Authorization: Basic ***\r\nCookie: ***\r\nX-Token: ***\r\nConnection: close\r\n"
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(text)")
        #expect(text.contains("Content-Length: \(body.utf8.count)\r\n"), "\(text)")
        #expect(text.hasSuffix("\r\n\r\n" + body), "\(text)")
        // Any answer that would quote the token gives it masked: the 404 page quotes the path.
        let (_, _, page) = try ServeRobustnessTests.exchange(
            served.port, "TRACE /aaa/\(token) HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nConnection: close\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.1 404 Not Found\r\n") && page.contains("<p>Problem accessing /aaa/***. Reason:"), "\(page)")
        #expect(!page.contains(token))
        _ = try served.stop()
    }

    /// Review: the token percent-encoded (`/aaa/%33%34…`, a spelling every server decodes
    /// to the token) was quoted by the 404 page and the log. It is the token, escaped
    /// whole or in part, and written `***` as the token is.
    @Test func theTokenPercentEncodedIsMaskedAsTheToken() throws {
        let served = try ServedCredsh(["--control"])
        let token = try #require(served.token)
        let whole = token.utf8.map { "%" + String($0, radix: 16) }.joined()
        let inPart = token.utf8.enumerated().map { $0.offset % 3 == 0 ? "%" + String($0.element, radix: 16) : String(UnicodeScalar($0.element)) }.joined()
        for spelling in [whole, inPart] {
            let page = try served.curl("GET", "/aaa/\(spelling)")
            expectEqual(page.status, 404, "\(page.text)")
            #expect(page.text.contains("<p>Problem accessing /aaa/***. Reason:"), "\(page.text)")
            #expect(!page.text.contains(spelling) && !page.text.contains(token), "\(page.text)")
        }
        _ = try served.curl("GET", "/favicon.ico?q=\(whole)")
        let (_, output) = try served.stop()
        // The banner prints the token, once, to whoever started the server; the log is after it.
        let log = output.split(separator: "\n").dropFirst(2).joined(separator: "\n")
        for spelling in [whole, inPart, token] { #expect(!log.contains(spelling), "\(log)") }
        expectEqual(log.components(separatedBy: "GET /aaa/*** 404").count - 1, 2, "\(log)")
        #expect(log.contains("GET /favicon.ico 404 q=***"), "\(log)")
    }

    /// RFC 9112 §3.2.2: an absolute-form target names the server it is for. One naming
    /// another host is refused before anything reads it; one naming this server works.
    @Test func anAbsoluteTargetNamingAnotherServerIsRefused() throws {
        let served = try ServedCredsh(["--control"])
        let token = try #require(served.token)
        let port = served.port
        func ask(_ target: String) throws -> (status: Int?, text: String) {
            let (statuses, _, text) = try ServeRobustnessTests.exchange(
                port, "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
            return (statuses.first, text)
        }
        for target in ["http://evil.example/__credsh/state", "http://evil.example:\(port)/__credsh/state",
                       "HTTP://rebind.evil.example:\(port)/__credsh/state", "http://127.0.0.1:\(port + 1)/__credsh/state",
                       "http://user@127.0.0.1:\(port)/__credsh/state", "https://127.0.0.1:\(port)/__credsh/state",
                       "http://evil.example/aaa/login.json?login=dave%40example.com&password=secret12"] {
            let (status, text) = try ask(target)
            expectEqual(status, 400, "\(target): \(text)")
            #expect(text.hasSuffix("<h1>Bad Message 400</h1><pre>reason: Bad Request</pre>"), "\(target): \(text)")
            #expect(!text.contains("clock"), "\(target): the state was not answered")
        }
        for target in ["http://127.0.0.1:\(port)/__credsh/state", "http://localhost:\(port)/__credsh/state?x=1"] {
            let (status, text) = try ask(target)
            expectEqual(status, 200, "\(target): \(text)")
            #expect(text.contains(#""clock":"#), "\(target): \(text)")
        }
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        #expect(log.contains("GET /__credsh/state 400 (a request target for another server: 'evil.example' does not name this one)"), "\(log)")
        #expect(log.contains("(a request target of scheme https: this server speaks http only)"), "\(log)")
    }
}
