import Foundation
import Testing
import Expectations

/// Malformed, oversized, slow and abrupt requests against `credsh serve`, over raw
/// sockets: each gets its status (400, 408, 413, 431) or a closed connection, and the
/// server keeps serving afterwards.
@Suite(.serialized) struct ServeRobustnessTests {
    /// A TCP connection to loopback that sends bytes as given and reads with a time bound.
    final class RawConnection {
        let fd: Int32

        /// `receiveBuffer`: SO_RCVBUF set before connecting (the kernel's default when nil),
        /// for a client that should hold up what the server sends soon after it stops reading.
        init(port: Int, receiveBuffer: Int32? = nil) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            if var size = receiveBuffer {
                setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr = in_addr(s_addr: inet_addr("127.0.0.1"))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw ServedCredsh.HarnessError("connect failed: \(errno)") }
        }

        deinit { close(fd) }

        func send(_ text: String) { send(Array(text.utf8)) }

        func send(_ bytes: [UInt8]) {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if sent <= 0 { return }  // the server closed: what it answered is still there to read
                offset += sent
            }
        }

        /// What the server sends until `enough` says so (by default: never), it closes the
        /// connection, or `seconds` pass.
        func read(seconds: Double, until enough: (String) -> Bool = { _ in false }) -> (text: String, closed: Bool) {
            var data = [UInt8]()
            let deadline = Date().addingTimeInterval(seconds)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while Date() < deadline {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
                if ready <= 0 { continue }
                let count = recv(fd, &buffer, buffer.count, 0)
                if count <= 0 { return (String(decoding: data, as: UTF8.self), true) }
                data += buffer[..<count]
                if enough(String(decoding: data, as: UTF8.self)) { break }
            }
            return (String(decoding: data, as: UTF8.self), false)
        }
    }

    /// The statuses of the responses in `text`, each head read and its body skipped by
    /// its Content-Length.
    static func statuses(_ text: String) -> [Int] {
        var statuses: [Int] = []
        var rest = Substring(text)
        while let end = rest.range(of: "\r\n\r\n") {
            let lines = rest[..<end.lowerBound].components(separatedBy: "\r\n")
            guard let first = lines.first, first.hasPrefix("HTTP/1."), let status = Int(first.split(separator: " ")[1]) else { break }
            statuses.append(status)
            let length = lines.dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
            rest = rest[end.upperBound...]
            rest = rest.utf8.count >= length ? Substring(rest.utf8.dropFirst(length)) : ""
        }
        return statuses
    }

    static let login = "login=dave%40example.com&password=secret12&type=access-token"

    /// One exchange on a fresh connection: the statuses answered, and whether it was closed.
    static func exchange(_ port: Int, _ request: String, seconds: Double = 5) throws -> (statuses: [Int], closed: Bool, text: String) {
        let connection = try RawConnection(port: port)
        connection.send(request)
        let (text, closed) = connection.read(seconds: seconds)
        return (statuses(text), closed, text)
    }

    @Test func malformedRequestsGetTheirStatusAndTheServerKeepsServing() throws {
        let served = try ServedCredsh(["--timeout", "1"], scripts: ["user add dave@example.com password secret12\n"])
        let port = served.port

        // Not HTTP at all; a header line without a colon; an unknown version.
        for garbage in ["HELLO THERE\r\n\r\n", "GET /aaa/login.json HTTP/1.1\r\nHost x\r\n\r\n", "GET / HTTP/7.3\r\n\r\n"] {
            let answer = try Self.exchange(port, garbage)
            expectEqual(answer.statuses, [400], "\(garbage.debugDescription): \(answer.text)")
            #expect(answer.closed)
            #expect(answer.text.hasSuffix("<h1>Bad Message 400</h1><pre>reason: Bad Request</pre>"))
        }

        // Truncated headers: the client goes away (nothing to answer), or falls silent (408).
        do {
            let gone = try RawConnection(port: port)
            gone.send("GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n")
        }
        let silent = try Self.exchange(port, "GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n")
        expectEqual(silent.statuses, [408], "\(silent.text)")
        #expect(silent.closed)

        // A slow client: a byte at a time, never finishing within the timeout of its first byte.
        let slow = try RawConnection(port: port)
        var slowText = ""
        for byte in "GET /aaa/login.json HTTP/1.1\r\nX-Slow: ".utf8 {
            slow.send([byte])
            let (text, closed) = slow.read(seconds: 0.1)
            slowText += text
            if closed { break }
        }
        slowText += slow.read(seconds: 3).text
        expectEqual(Self.statuses(slowText), [408], "\(slowText)")

        // Wrong Content-Length: longer than the body (408), shorter (the rest is a bad request).
        let longer = try Self.exchange(port, "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\n\(Self.login)")
        expectEqual(longer.statuses, [408], "\(longer.text)")
        let shorter = try Self.exchange(port, "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\n\r\n\(Self.login)")
        expectEqual(shorter.statuses, [400, 400], "\(shorter.text)")
        #expect(shorter.text.contains("Bad login parameters."), "the first 5 bytes are a form without password and type")
        #expect(shorter.closed)

        // Invalid UTF-8: percent-encoded it reaches the server, whose Jetty cannot read the
        // parameters (500, docs/susi.md "The wire"); raw it is no HTTP.
        let encoded = try Self.exchange(port, "GET /aaa/login.json?login=%FF%FE%80&password=%C3%28&type=access-token HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        expectEqual(encoded.statuses, [500], "\(encoded.text)")
        #expect(encoded.text.hasPrefix("HTTP/1.1 500 Server Error\r\n"), "\(encoded.text)")
        var raw = Array("GET /aaa/login.json?login=".utf8) + [0xFF, 0xFE] + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let rawConnection = try RawConnection(port: port)
        rawConnection.send(raw)
        expectEqual(Self.statuses(rawConnection.read(seconds: 5).text), [400])
        raw.removeAll()

        // A 1 MB parameter: in the query (the request line is past the header limit), in a
        // form (Content-Length past the body limit), in a chunked form (past it as it arrives).
        let megabyte = String(repeating: "a", count: 1_000_000)
        let query = try Self.exchange(port, "GET /aaa/login.json?login=\(megabyte) HTTP/1.1\r\nHost: x\r\n\r\n")
        expectEqual(query.statuses, [431], "\(query.text.prefix(300))")
        let form = try Self.exchange(port, "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(megabyte.utf8.count + 6)\r\n\r\nlogin=\(megabyte)")
        expectEqual(form.statuses, [413], "\(form.text.prefix(300))")
        let chunk = String(repeating: "a", count: 100_000)
        let chunks = String(repeating: "\(String(chunk.utf8.count, radix: 16))\r\n\(chunk)\r\n", count: 10) + "0\r\n\r\n"
        let chunked = try Self.exchange(port, "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n\(chunks)")
        expectEqual(chunked.statuses, [413], "\(chunked.text.prefix(300))")
        let headers = (0..<150).map { "X-Header-\($0): \($0)\r\n" }.joined()
        let many = try Self.exchange(port, "GET /aaa/login.json HTTP/1.1\r\nHost: x\r\n\(headers)\r\n")
        expectEqual(many.statuses, [431])

        // What must work: pipelining, chunked bodies, 100-continue, HTTP/1.0, keep-alive.
        let pipelined = try Self.exchange(port, "GET /aaa/login.json?login=x HTTP/1.1\r\nHost: x\r\n\r\n"
            + "GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n\r\n"
            + "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5\r\nConnection: close\r\n\r\nlogin", seconds: 5)
        expectEqual(pipelined.statuses, [400, 200, 400], "\(pipelined.text)")
        #expect(pipelined.closed)
        let body = Self.login
        let chunkedLogin = try Self.exchange(port, "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            + "10\r\n\(body.prefix(16))\r\n\(String(body.utf8.count - 16, radix: 16))\r\n\(body.dropFirst(16))\r\n0\r\n\r\n")
        expectEqual(chunkedLogin.statuses, [200], "\(chunkedLogin.text)")
        let continued = try RawConnection(port: port)
        continued.send("POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n")
        let interim = continued.read(seconds: 10) { $0.contains("\r\n\r\n") }.text
        #expect(interim.hasPrefix("HTTP/1.1 100 Continue\r\n"), "\(interim)")
        continued.send(body)
        expectEqual(Self.statuses(continued.read(seconds: 5).text), [200])
        let old = try Self.exchange(port, "GET /aaa/login.json?\(Self.login) HTTP/1.0\r\n\r\n")
        expectEqual(old.statuses, [200])
        #expect(old.text.hasPrefix("HTTP/1.0 200 OK\r\n"))
        #expect(old.closed)

        // Abrupt disconnects: right after a whole request, and in the middle of a body.
        for request in ["GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n\r\n",
                        "POST /aaa/login.json HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nlogin="] {
            let abrupt = try RawConnection(port: port)
            abrupt.send(request)
        }

        // Still serving, on a kept-alive connection.
        let after = try RawConnection(port: port)
        for expected in [200, 422] {
            after.send("GET /aaa/login.json?\(expected == 200 ? Self.login : "login=x&password=y&type=access-token") HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = after.read(seconds: 10) { Self.statuses($0).count == 1 }.text
            expectEqual(Self.statuses(text), [expected], "\(text)")
        }
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        for line in [" - - 400 (malformed request: ", " - - 431 (request line and headers over 16384 bytes",
                     "POST /aaa/login.json 413 (a body of 1000006 bytes; at most 65536)", "POST /aaa/login.json 413 (a body over 65536 bytes)",
                     " - - 408 (no whole request within 1 s of its first byte)", "POST /aaa/login.json 408 ("] {
            #expect(log.contains(line), "the log lacks \(line.debugDescription):\n\(log.suffix(3000))")
        }
        #expect(log.contains("GET /aaa/login.json 500 login=\u{FFFD}\u{FFFD}\u{FFFD} password=*** type=access-token\n"))
    }

    @Test func connectionsPastTheLimitAreClosedAndTheRestServed() throws {
        let served = try ServedCredsh(scripts: ["user add dave@example.com password secret12\n"])
        let port = served.port
        var open: [RawConnection] = []
        for _ in 0..<260 { open.append(try RawConnection(port: port)) }
        let extra = open.suffix(4).map { $0.read(seconds: 5) }
        #expect(extra.allSatisfy { $0.closed && $0.text.isEmpty })
        let first = open[0]
        first.send("GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n\r\n")
        expectEqual(Self.statuses(first.read(seconds: 10) { Self.statuses($0).count == 1 }.text), [200])
        open.removeAll()

        // Once the server has seen the crowd go (until then a new connection is one too
        // many), connections are accepted again.
        var accepted: RawConnection?
        for _ in 0..<100 where accepted == nil {
            let connection = try RawConnection(port: port)
            if !connection.read(seconds: 0.5).closed { accepted = connection } else { usleep(100_000) }
        }
        let after = try #require(accepted, "a connection is accepted again")
        after.send("GET /aaa/login.json?\(Self.login) HTTP/1.1\r\nHost: x\r\n\r\n")
        expectEqual(Self.statuses(after.read(seconds: 10) { Self.statuses($0).count == 1 }.text), [200])
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        #expect(log.components(separatedBy: "dropped (closed: 256 connections are open already)").count - 1 >= 4)
    }
}
