import Foundation
import Testing
import Expectations

/// docs/double.md, "Events without a call": a device's event stream holds at most 256
/// events its client has not taken. A client that stops reading gets its stream closed
/// once one more waits, with a last event saying why; the log says so too, and the server
/// stays small and answers at once.
@Suite struct SDKEventStreamBoundTests {
    /// A loopback connection whose receive buffer is as small as the kernel allows, so
    /// that what the server writes backs up into the server soon after the client stops reading.
    static func slowReader(port: Int) throws -> ServeRobustnessTests.RawConnection {
        let connection = try ServeRobustnessTests.RawConnection(port: port, receiveBuffer: 1024)
        return connection
    }

    /// The body of an answer in chunked transfer coding, its chunks put together (the
    /// stream is cut off without the last, empty chunk).
    static func dechunked(_ answer: String) -> String {
        guard let head = answer.range(of: "\r\n\r\n") else { return "" }
        var rest = Array(answer[head.upperBound...].utf8)[...]
        var body: [UInt8] = []
        while let end = rest.firstRange(of: Array("\r\n".utf8)),
              let size = Int(String(decoding: rest[..<end.lowerBound], as: UTF8.self), radix: 16), size > 0 {
            let start = end.upperBound
            guard rest.endIndex - start >= size else { break }
            body += rest[start..<(start + size)]
            rest = rest[(start + size)...].dropFirst(2)
        }
        return String(decoding: body, as: UTF8.self)
    }

    @Test func aStreamWhoseClientStopsReadingIsClosedPastTheBoundAndTheServerStaysSmall() throws {
        // A minute before a stream whose notice is not taken is closed anyway: on a loaded
        // machine the run that overflowed it may outlast the default 10 s before this
        // client reads again, and then the notice would be cut off with the connection.
        let served = try ServedCredsh(["--control", "--timeout", "60"])
        let token = try #require(served.token)
        try expectEqual(served.control("sdk relid\nkdf 1\nuser add alice password \"Passw0rd!\"\n").status, 200)
        let reader = try Self.slowReader(port: served.port)
        reader.send("GET /sdk/relid/events?device=slow HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\nAuthorization: Bearer \(token)\r\n\r\n")
        let opened = reader.read(seconds: 10) { $0.contains("retry: 2000\n\n") }
        #expect(opened.text.hasPrefix("HTTP/1.1 200") && opened.text.contains("text/event-stream"), "\(opened.text)")
        let before = try #require(served.residentKiB)

        // The client reads no more; steering lines make callbacks for its device, a few
        // hundred a run, until the server gives up on it (bounded: 200 runs).
        let steer = "sdk relid\ndevice slow\nrepeat 40 {\n  login alice \"Passw0rd!\"\n  logout\n}\n"
        var runs = 0
        while !served.log.contains("event stream closed"), runs < 200 {
            let run = try served.control(steer)
            expectEqual(run.status, 200, "\(run.text.prefix(500))")
            runs += 1
        }
        #expect(served.log.contains("event stream closed: its client left over 256 events untaken"), "after \(runs) runs:\n\(served.log.suffix(2000))")

        // The client, reading again, gets what was written before, whole events, then the
        // notice saying why the stream ends, then the end.
        let rest = reader.read(seconds: 20)
        #expect(rest.closed, "the stream is still open after \(rest.text.utf8.count) bytes")
        let received = Self.dechunked(opened.text + rest.text)
        #expect(received.hasPrefix("retry: 2000\n\nevent: callback\ndata: {\"event\":"), "\(received.prefix(400))")
        let notice = "event: closed\ndata: {\"reason\":\"over 256 events waited untaken: the stream is closed and the events that waited are dropped; reconnect\"}\n\n"
        #expect(received.hasSuffix(notice), "\(received.suffix(400))")
        #expect(received.components(separatedBy: "\n\n").dropFirst().filter { !$0.isEmpty }.allSatisfy { $0.hasPrefix("event: ") }, "events arrive whole")
        #expect(!received.contains("Passw0rd!"))

        // Small and responsive: the events it gave up on are gone with the stream.
        let after = try #require(served.residentKiB)
        print("SDKEventStreamBoundTests: \(runs) runs; server RSS \(before) KiB before, \(after) KiB after")
        #expect(after - before < 32 * 1024, "the server grew from \(before) KiB to \(after) KiB")
        let started = Date()
        let answer = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: "other")
        expectEqual(SDKWireTests.events(answer), ["getPassword"], "\(answer.serialized)")
        #expect(Date().timeIntervalSince(started) < 5)
        // A new stream for the device opens and gets its callbacks again.
        let again = try served.curl("GET", "/sdk/relid/events?device=slow&seconds=1", extra: served.authorization)
        #expect(again.status == 200 && again.text.hasPrefix("retry: 2000"))
        let (status, log) = try served.stop()
        #expect(status == 0 && !log.contains(" 500") && !log.contains("Passw0rd!"))
    }
}
