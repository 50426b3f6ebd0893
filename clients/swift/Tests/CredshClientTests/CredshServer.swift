import CredshDouble
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real release `credsh serve --control` for one test: the binary from `CREDSH`, or
/// `../../.build/release/credsh` from this package; the scenario written to a file and
/// given to serve; the address and the token read from serve's first line (`--format
/// json`: `{"serving":URL,"control":true,"token":…}`). Every wait is bounded; the server
/// is stopped with SIGINT (SIGKILL past 10 s) when the test ends.
final class CredshServer: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    let token: String
    private let output = Lines()
    private let directory: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static var binary: URL {
        if let given = ProcessInfo.processInfo.environment["CREDSH"], !given.isEmpty { return URL(fileURLWithPath: given) }
        // Tests/CredshClientTests/CredshServer.swift → clients/swift → the repository.
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return package.appendingPathComponent("../../.build/release/credsh").standardizedFileURL
    }

    init(scenario: String) throws {
        let binary = Self.binary
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(description: "no credsh binary at \(binary.path): run `make build` in the repository (or set CREDSH)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("credsh-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("scenario.credscript")
        try Data(scenario.utf8).write(to: script)
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--control", "--format", "json", script.path]
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let output = self.output
        Thread.detachNewThread {
            let handle = pipe.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                output.append(data)
            }
            output.close()
        }
        let deadline = Date().addingTimeInterval(30)
        var banner: [String: Any]?
        while Date() < deadline, banner == nil {
            banner = output.lines.lazy.compactMap { line in
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            }.first { $0["serving"] != nil }
            if banner == nil {
                if output.closed { break }
                usleep(10_000)
            }
        }
        guard let banner, let address = banner["serving"] as? String, let url = URL(string: address),
              let token = banner["token"] as? String else {
            if process.isRunning { process.interrupt() }
            throw Failure(description: "credsh serve printed no address and token; it printed:\n\(output.text)")
        }
        baseURL = url
        self.token = token
        // Requests wait until the scenario has run; a scenario that failed closes the port.
        if case .failure(let error) = control.run("\n") {
            stop()
            throw Failure(description: "credsh serve did not serve after its scenario (\(error)); it printed:\n\(output.text)")
        }
    }

    deinit { stop() }

    func configuration(device: String = "default") -> CredshConfiguration {
        CredshConfiguration(baseURL: baseURL, token: token, device: device)
    }

    var control: CredshControl { CredshControl(configuration: configuration()) }

    /// Runs control-API lines; the run's failures, if any, in the error.
    @discardableResult
    func run(_ script: String) throws -> CredshControl.Run {
        switch control.run(script) {
        case .failure(let error): throw Failure(description: "control API: \(error)")
        case .success(let run): return run
        }
    }

    /// Everything serve printed (its log: one line per request).
    var log: String { output.text }

    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// serve's output, as it arrives.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()
        private var ended = false

        func append(_ more: Data) {
            lock.lock(); data.append(more); lock.unlock()
        }
        func close() {
            lock.lock(); ended = true; lock.unlock()
        }
        var closed: Bool { lock.lock(); defer { lock.unlock() }; return ended }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
        var lines: [String] { text.split(separator: "\n").map(String.init) }
    }
}
