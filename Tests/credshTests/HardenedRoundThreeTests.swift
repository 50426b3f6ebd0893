import CredSimulator
import Foundation
import Testing
import Expectations

/// Issue 51, hardening round three, through the real binary: a length past Int in the
/// editor's header, the double's journals and streams bounded in bytes under floods (the
/// server's peak memory from /proc), a journal drawn off the simulation's turn, and the
/// wire's small contradictions. (Item 5, reports and argv, is another suite's.)
@Suite struct HardenedRoundThreeTests {
    /// The server's peak resident memory so far, in KiB (VmHWM of /proc/PID/status).
    static func peakKiB(_ served: ServedCredsh) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(served.process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""))
    }

    // MARK: Item 1: no arithmetic on a number from outside traps

    @Test func aContentLengthPastIntIsSkippedNotATrap() throws {
        for length in ["922337203685425152", "9223372036854775807"] {
            let run = try Credsh.run(["lsp"], input: Data("Content-Length: \(length)\r\n\r\n{}".utf8))
            // Input ends without `shutdown`: exit 1, as the protocol says; never a signal.
            expectEqual(run.status, 1, "\(length): \(run.stderr)")
            #expect(run.stdout.contains("credsh lsp skipped a message of ") && run.stdout.contains(" MiB, more than the 8 MiB credsh lsp reads"),
                    "\(length): \(run.stdout)")
        }
        let run = try Credsh.run(["lsp"], input: Data("Content-Length: 9223372036854775807\r\n\r\n".utf8))
        #expect(run.stdout.contains("skipped a message of 8796093022208 MiB"), "\(run.stdout)")
    }

    /// The other numbers from outside, audited for issue 51: options, a length in an HTTP
    /// header, a stream's seconds. Each past Int (or at it) is refused or bounded, never a trap.
    @Test func numbersAtOrPastIntFromOutsideAreRefusedNotTrapped() throws {
        for arguments in [["--max-steps", "99999999999999999999", "-"], ["--seed", "99999999999999999999999", "-"],
                          ["serve", "--timeout", "9223372036854775807"], ["serve", "--port", "9223372036854775807"]] {
            let run = try Credsh.run(arguments, input: Data("echo hi\n".utf8))
            expectEqual(run.status, 2, "\(arguments): \(run.stderr)")
        }
        let most = try Credsh.run(["--max-steps", "9223372036854775807", "-"], input: Data("repeat 3 { echo hi }\n".utf8))
        expectEqual(most.status, 0, "\(most.stderr)")
        expectEqual(most.stdout, "hi\nhi\nhi\n")
        let served = try ServedCredsh(["--control"])
        for length in ["9223372036854775807", "99999999999999999999"] {
            let answer = try served.curl("POST", "/aaa/login.json", extra: ["-H", "Content-Length: \(length)", "--data-binary", "x"])
            #expect([400, 413].contains(answer.status), "Content-Length: \(length): \(answer.status)")
        }
        let seconds = try served.curl("GET", "/sdk/relid/events?seconds=9223372036854775807", extra: served.authorization)
        expectEqual(seconds.status, 400)
        expectEqual(seconds.text, "seconds is a whole number from 1 to 3600\n")
        try expectEqual(served.stop().status, 0)
    }

    // MARK: Items 2 and 3: journals bounded in bytes, drawn off the turn

    /// One control run per device: `call present` with two 4,096-byte fields, over the
    /// device's 4 MiB (about 250 such calls), on more devices than the 64 MiB of every
    /// journal together holds. Before the bound in bytes these calls held about 16 KB each
    /// (7,200 of them: 120 MB more).
    @Test func journalsOfLargeCallsStayWithinTheirBytesAndDrawingOneHoldsNobodyUp() throws {
        let served = try ServedCredsh(["--control"])
        let field = String(repeating: "x", count: 4096)
        for device in 0..<18 {
            let run = try served.control("sdk fiori\ndevice d\(device)\nrepeat 400 {\n  call present controller=\"\(field)\" userIdentifier=\"\(field)\"\n}\n")
            expectEqual(run.status, 200, "d\(device): \(run.text.suffix(300))")
        }
        let peak = try Self.peakKiB(served)
        print("HardenedRoundThreeTests: 7,200 calls of 8 KB on 18 devices, server peak \(peak / 1024) MiB")
        #expect(peak < 110 * 1024, "the server's peak was \(peak / 1024) MiB")

        // A check says which bound the journal met: its own, or its share of all of them.
        let own = try served.control("sdk fiori\ndevice d0\nexpect called present\n")
        expectEqual(own.status, 422)
        #expect(own.text.contains("the journal of device d0 overflowed: it keeps 4 MiB and "), "\(own.text)")
        let share = try served.control("sdk fiori\ndevice d17\nexpect called present\n")
        #expect(share.text.contains("the journal of device d17 overflowed: it keeps its share of the 64 MiB every device's journal holds together"),
                "\(share.text)")
        // Cleared, a journal keeps calls again.
        try expectEqual(served.control("sdk fiori\ndevice d0\njournal clear\ncall present controller=\"a\"\nexpect called present\n").status, 200)
        try expectEqual(served.control("sdk fiori\ndevice d0\nrepeat 120 {\n  call present controller=\"\(field)\" userIdentifier=\"\(field)\"\n}\n").status, 200)

        // A journal of 120 large calls drawn as SVG takes seconds; the state meanwhile answers at once.
        final class Timing: @unchecked Sendable { var seconds = 0.0; var answer: ServedCredsh.Answer? }
        let drawing = Timing()
        let port = served.port, directory = served.directory, auth = served.authorization
        let drawn = Thread {
            let started = Date()
            drawing.answer = try? ServedCredsh.curl(port: port, directory: directory, "GET", "/__credsh/journal?device=d0&format=svg",
                                                          extra: auth + ["--max-time", "120"])
            drawing.seconds = Date().timeIntervalSince(started)
        }
        drawn.start()
        usleep(300_000)
        let started = Date()
        let state = try served.curl("GET", "/__credsh/state", extra: served.authorization)
        let stateSeconds = Date().timeIntervalSince(started)
        while drawing.answer == nil, Date().timeIntervalSince(started) < 125 { usleep(50_000) }
        expectEqual(state.status, 200)
        let svg = try #require(drawing.answer)
        expectEqual(svg.status, 200)
        expectEqual(svg.header("Content-Type"), "image/svg+xml")
        #expect(svg.text.hasPrefix("<svg") || svg.text.hasPrefix("<?xml"), "\(svg.text.prefix(100))")
        print("HardenedRoundThreeTests: the journal drawn in \(drawing.seconds) s, the state answered in \(stateSeconds) s meanwhile")
        #expect(stateSeconds < 1 && stateSeconds < drawing.seconds / 2, "state \(stateSeconds) s beside a drawing of \(drawing.seconds) s")
        // Stopped while it draws, it stops at once, as docs/serving.md promises.
        Thread { _ = try? ServedCredsh.curl(port: port, directory: directory, "GET", "/__credsh/journal?device=d0&format=svg", extra: auth) }.start()
        usleep(300_000)
        let stopping = Date()
        try expectEqual(served.stop().status, 0)
        #expect(Date().timeIntervalSince(stopping) < 3, "stopped after \(Date().timeIntervalSince(stopping)) s")
    }

    // MARK: Item 4: a stream never queues more than its bound

    /// A device's stream that never reads, and one run that publishes thousands of callbacks
    /// for it: the client gets at most 256 events, then the `closed` record, and the
    /// server's memory stays small (before: every event of the run queued, 50 MiB, no end).
    @Test func oneRunsFloodEndsTheStreamWithItsClosedRecord() throws {
        let served = try ServedCredsh(["--control", "--timeout", "60"])
        let token = try #require(served.token)
        try expectEqual(served.control("sdk relid\nkdf 1\nuser add alice password \"Passw0rd!\"\n").status, 200)
        let reader = try ServeRobustnessTests.RawConnection(port: served.port, receiveBuffer: 1024)
        reader.send("GET /sdk/relid/events?device=slow HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nAuthorization: Bearer \(token)\r\n\r\n")
        let opened = reader.read(seconds: 10) { $0.contains("retry: 2000\n\n") }
        #expect(opened.text.hasPrefix("HTTP/1.1 200"), "\(opened.text)")
        let run = try served.control("sdk relid\ndevice slow\nrepeat 200 {\n  login alice \"Passw0rd!\"\n  logout\n}\n")
        expectEqual(run.status, 200, "\(run.text.suffix(300))")
        try served.waitForLine(seconds: 20) { $0.contains("event stream closed: one control run had over 256 events for it") }
        let rest = reader.read(seconds: 20)
        #expect(rest.closed, "the stream is still open")
        let received = SDKEventStreamBoundTests.dechunked(opened.text + rest.text)
        let events = received.components(separatedBy: "event: callback\n").count - 1
        #expect(events > 0 && events <= 256, "\(events) events")
        #expect(received.hasSuffix("event: closed\ndata: " + #"{"reason":"one control run had over 256 events for this device: the stream is closed after the first 256 and the rest are dropped; reconnect"}"# + "\n\n"),
                "\(received.suffix(300))")
        let peak = try Self.peakKiB(served)
        #expect(peak < 64 * 1024, "the server's peak was \(peak / 1024) MiB")
        try expectEqual(served.stop().status, 0)
    }

    // MARK: Item 6: the wire says one thing everywhere

    @Test func aDeviceTwiceWhitespaceAroundAndTwoContentTypesAreTreatedAlikeOnEveryRoute() throws {
        let served = try ServedCredsh(["--control"])
        let auth = served.authorization
        // Two `device=` as two Credsh-Device are: refused, whichever route.
        for path in ["/__credsh/journal?device=a&device=b", "/sdk/relid/events?device=a&device=b&seconds=1"] {
            let answer = try served.curl("GET", path, extra: auth)
            expectEqual(answer.status, 400, "\(path): \(answer.text)")
            expectEqual(answer.text, "a request with 2 device= parameters: send one, the device the call is for\n", "\(path)")
        }
        // Spaces and tabs around a value are no part of it (RFC 9110), on both sides.
        let setUser = #"{"jsonrpc":"2.0","id":1,"method":"setUser","params":{"userID":"alice"}}"#
        for header in ["Credsh-Device: phone-1 ", "Credsh-Device:  phone-1", "Credsh-Device: \tphone-1\t "] {
            let answer = try SDKWireTests.rpc(served, "relid", setUser, extra: ["-H", header])
            expectEqual(answer.status, 200, "'\(header)': \(answer.text)")
            #expect(answer.text.contains(#""result""#), "'\(header)': \(answer.text)")
        }
        let journal = try served.curl("GET", "/__credsh/journal", extra: auth + ["-H", "Credsh-Device: phone-1 "])
        expectEqual(journal.status, 200, "\(journal.text)")
        #expect(journal.text.contains("call setUser userID=alice"), "\(journal.text)")
        // Two Content-Type headers are refused in either order, on every route.
        for pair in [("application/json", "text/plain"), ("text/plain", "application/json")] {
            let headers = ["-H", "Content-Type: \(pair.0)", "-H", "Content-Type: \(pair.1)"]
            let call = try served.curl("POST", "/sdk/relid", extra: ["--data-binary", setUser] + headers + auth)
            let run = try served.curl("POST", "/__credsh/run", extra: ["--data-binary", "state\n"] + headers + auth)
            let login = try served.curl("POST", "/aaa/login.json", extra: ["--data-binary", "login=a%40b.c&password=x"] + headers)
            for (name, answer) in [("call", call), ("run", run), ("login", login)] {
                expectEqual(answer.status, 400, "\(name) with \(pair): \(answer.text)")
            }
        }
        try served.waitForLine { $0.contains("POST /aaa/login.json 400 (more than one Content-Type header)") }
        // The id echoed byte for byte, `-0` too, in a result and in an error.
        let result = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":-0,"method":"setUser","params":{"userID":"alice"}}"#)
        #expect(result.text.hasPrefix(#"{"jsonrpc":"2.0","id":-0,"result":"#), "\(result.text)")
        let error = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":-0,"method":"setuser"}"#)
        #expect(error.text.hasPrefix(#"{"jsonrpc":"2.0","id":-0,"error":{"code":-32601"#), "\(error.text)")
        let zero = try SDKWireTests.rpc(served, "relid", #"{"jsonrpc":"2.0","id":0,"method":"setuser"}"#)
        #expect(zero.text.hasPrefix(#"{"jsonrpc":"2.0","id":0,"error""#), "\(zero.text)")
        // Every 404 names the paths that are there.
        let missing = try served.curl("GET", "/__credsh/nothing", extra: auth)
        expectEqual(missing.status, 404)
        expectEqual(missing.text, "the control API has /__credsh/run, /__credsh/state, /__credsh/reset, /__credsh/journal and /__credsh/coverage\n")
        try expectEqual(served.stop().status, 0)
    }

    // MARK: Smaller: a call with no fields says so

    @Test func aFieldOfACallWithoutFieldsIsToldSoNotAnEmptyList() throws {
        let check = try Credsh.run(["check", "-"], input: Data("sdk onewelcome\ncall changePin pin=1\n".utf8))
        expectEqual(check.status, 2, "\(check.stderr)")
        #expect(check.stderr.contains("changePin takes no field 'pin' (it has no fields)"), "\(check.stderr)")
        #expect(!check.stderr.contains("(its fields: )"), "\(check.stderr)")
    }
}
