import Foundation
import Testing
import Expectations

/// Where `credsh serve` listens: loopback unless `--host` says otherwise, and a warning
/// when it says otherwise.
@Suite struct ServeAddressTests {
    /// The local addresses of the sockets listening on `port`, as /proc/net/tcp writes
    /// them (`0100007F` is 127.0.0.1, `00000000` is 0.0.0.0).
    static func listeningAddresses(port: Int) throws -> [String] {
        let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
        let hexPort = String(port, radix: 16, uppercase: true)
        let wanted = String(repeating: "0", count: max(0, 4 - hexPort.count)) + hexPort
        return table.split(separator: "\n").dropFirst().compactMap { line in
            let columns = line.split(separator: " ")
            guard columns.count > 3, columns[3] == "0A" else { return nil }  // 0A: LISTEN
            let local = columns[1].split(separator: ":")
            return local.count == 2 && local[1] == wanted ? String(local[0]) : nil
        }
    }

    @Test func itListensOnLoopbackByDefault() throws {
        let served = try ServedCredsh()
        #expect(served.log.contains("serving SUSI at http://127.0.0.1:\(served.port) "))
        try expectEqual(Self.listeningAddresses(port: served.port), ["0100007F"], "127.0.0.1 only")
        try expectEqual(served.curl("GET", "/aaa/login.json").status, 400)
        let (status, log) = try served.stop()
        expectEqual(status, 0)
        #expect(!log.contains("not a loopback address"))
    }

    @Test func anotherAddressIsServedWithAWarning() throws {
        let served = try ServedCredsh(["--host", "0.0.0.0"])
        let warning = try served.waitForLine { $0.contains("not a loopback address") }
        expectEqual(warning, "credsh: 0.0.0.0 is not a loopback address: whoever can reach it can log in and change passwords here")
        #expect(served.log.contains("serving SUSI at http://0.0.0.0:\(served.port) "))
        try expectEqual(Self.listeningAddresses(port: served.port), ["00000000"], "every address")
        try expectEqual(served.curl("GET", "/aaa/login.json").status, 400)
        try expectEqual(served.stop().status, 0)
    }
}
