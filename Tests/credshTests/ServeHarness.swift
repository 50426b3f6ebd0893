import CredLanguage
import CredScript
import CredSimulator
import Foundation

/// `credsh serve` running in the background for a test, on a free loopback port, and
/// curl to talk to it. Every wait is bounded; `stop` sends SIGINT and waits for the exit.
final class ServedCredsh {
    let process = Process()
    let directory: URL
    private let output = LineBuffer()
    private(set) var port = 0
    /// The control API's token, as printed at start (with `--control`).
    private(set) var token: String?

    struct Answer {
        let status: Int
        let headers: [(String, String)]
        let body: Data
        /// curl's exit code: 0, or 52 for an empty reply, 7 for a refused connection, …
        let curlExit: Int32

        var text: String { String(decoding: body, as: UTF8.self) }
        func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
        var json: JSONValue? { try? JSONValue.parse(text) }
    }

    /// Starts `credsh serve --port 0 ARGUMENTS… SCRIPTS…`, the scripts written to files first.
    init(_ arguments: [String] = [], scripts: [String] = []) throws {
        directory = try Credsh.temporaryDirectory()
        var files: [String] = []
        for (index, script) in scripts.enumerated() {
            files.append(try Credsh.write(script, "setup\(index).credscript", in: directory).path)
        }
        process.executableURL = Credsh.binary
        process.arguments = ["serve", "--port", "0"] + arguments + files
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": directory.path]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = stdout
        process.standardInput = FileHandle.nullDevice
        try Credsh.launch(process)
        let output = self.output
        Thread.detachNewThread {
            let handle = stdout.fileHandleForReading
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                output.append(data)
            }
            output.close()
        }
        // Any address it was told to listen on (`--host 0.0.0.0`); curl talks to loopback.
        let address = #"http://[^ "/]+:\d+"#
        let line = try waitForLine { $0.range(of: address, options: .regularExpression) != nil }
        guard let range = line.range(of: address, options: .regularExpression),
              let port = Int(line[range].split(separator: ":").last ?? "") else {
            throw HarnessError("no address in \(line)")
        }
        self.port = port
        if arguments.contains("--control") {
            let tokenLine = try waitForLine { $0.hasPrefix("control API token: ") || $0.hasPrefix(#"{"serving":"#) }
            if tokenLine.hasPrefix("{") {
                if case .string(let given)? = (try? JSONValue.parse(tokenLine))?["token"] { token = given }
            } else {
                token = tokenLine.dropFirst("control API token: ".count).split(separator: " ").first.map(String.init)
            }
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    struct HarnessError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// Everything credsh printed so far.
    var log: String { output.text }

    /// The server's resident memory now, in KiB (Linux's /proc).
    var residentKiB: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// The names of the server's threads now (Linux's /proc): SwiftNIO's event loops are `NIO-ELT-…`.
    var threadNames: [String] {
        let tasks = "/proc/\(process.processIdentifier)/task"
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return ids.compactMap { try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// The CPU time (user and system) the server spent so far, in seconds (Linux's /proc).
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command's name: state is field 3, utime and stime fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Waits (at most `seconds`) for a line of output that `matches`; returns it.
    @discardableResult
    func waitForLine(seconds: Double = 60, _ matches: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let line = output.text.split(separator: "\n").map(String.init).first(where: matches) { return line }
            if output.closed { break }
            usleep(20_000)
        }
        throw HarnessError("credsh serve did not print the line awaited; it printed:\n\(output.text)")
    }

    /// Runs curl against the server (`path` may carry a query string); `form` makes it a
    /// POST with that body. Time-bounded.
    func curl(_ method: String, _ path: String, form: String? = nil, extra: [String] = []) throws -> Answer {
        try Self.curl(port: port, directory: directory, method, path, form: form, extra: extra)
    }

    static func curl(port: Int, directory: URL, _ method: String, _ path: String, form: String? = nil, extra: [String] = []) throws -> Answer {
        let headersFile = directory.appendingPathComponent("headers-\(UUID().uuidString)")
        let bodyFile = directory.appendingPathComponent("body-\(UUID().uuidString)")
        var arguments = ["-s", "--max-time", "20", "-A", "credsh-test", "-X", method, "-D", headersFile.path, "-o", bodyFile.path]
        if let form { arguments += ["--data-binary", form, "-H", "Content-Type: application/x-www-form-urlencoded"] }
        if method == "HEAD" { arguments = arguments.filter { $0 != "-X" && $0 != "HEAD" } + ["-I"] }
        arguments += extra + ["http://127.0.0.1:\(port)\(path)"]
        let result = try Credsh.run(arguments, timeout: 30, executable: URL(fileURLWithPath: "/usr/bin/curl"))
        let headerText = (try? String(contentsOf: headersFile, encoding: .isoLatin1)) ?? ""
        // After a `100 Continue` comes the real head: keep the last one.
        let heads = headerText.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
        let lines = (heads.last ?? "").components(separatedBy: "\r\n")
        let status = lines.first.flatMap { $0.split(separator: " ").dropFirst().first }.flatMap { Int($0) } ?? 0
        let headers = lines.dropFirst().compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let body = method == "HEAD" ? Data() : (try? Data(contentsOf: bodyFile)) ?? Data()  // -I writes the head there
        return Answer(status: status, headers: headers, body: body, curlExit: result.status)
    }

    /// A script run through the control API (the server needs `--control`), with its token.
    func control(_ script: String) throws -> Answer {
        try curl("POST", "/__credsh/run", extra: ["--data-binary", script, "-H", "Content-Type: text/plain"] + authorization)
    }

    /// An events stream read by curl in the background into a file, once it is open
    /// (its first bytes came, within 10 s); the stream should end by itself (`seconds=`).
    func openStream(_ path: String) throws -> (process: Process, output: URL) {
        let output = directory.appendingPathComponent("stream-\(UUID().uuidString)")
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        curl.arguments = ["-s", "-N", "--max-time", "20", "-o", output.path, "http://127.0.0.1:\(port)\(path)"] + authorization
        try curl.run()
        let deadline = Date().addingTimeInterval(10)
        while ((try? Data(contentsOf: output))?.count ?? 0) == 0, Date() < deadline { usleep(20_000) }
        return (curl, output)
    }

    /// curl's arguments that send the token, when there is one.
    var authorization: [String] { token.map { ["-H", "Authorization: Bearer \($0)"] } ?? [] }

    /// Sends SIGINT and waits for the exit; returns the exit status and the whole output.
    func stop(signal number: Int32 = SIGINT) throws -> (status: Int32, output: String) {
        kill(process.processIdentifier, number)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            throw HarnessError("credsh serve did not stop within 30 s of signal \(number)")
        }
        while !output.closed { usleep(10_000) }
        return (process.terminationStatus, output.text)
    }
}

/// Output read on another thread, handed to the test under a lock.
final class LineBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var isClosed = false

    func append(_ more: Data) { lock.withLock { data.append(more) } }
    func close() { lock.withLock { isClosed = true } }
    var closed: Bool { lock.withLock { isClosed } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// The same simulation in this process: the setup scripts run through an evaluator, then
/// requests answered by its SUSI server, to compare with what came over the wire.
final class InProcessSusi {
    final class QuietHost: ScriptHost {
        var errors: [String] = []
        func emit(_ record: OutputRecord, from origin: RecordOrigin?) {}
        func report(_ diagnostic: Diagnostic, source: SourceFile?) { errors.append(diagnostic.headline) }
        func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile { throw HostError("no files") }
        func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
        func appendRecording(_ text: String) {}
        func endRecording() {}
    }

    let host = QuietHost()
    let evaluator: Evaluator

    init(scripts: [String], seed: UInt64 = 0) throws {
        var simulation = Simulation(seed: seed)
        try simulation.activate(named: "susi")  // as `credsh serve` does
        evaluator = Evaluator(simulation: simulation, host: host)
        for script in scripts { run(script) }
    }

    func run(_ script: String) {
        evaluator.run(SourceFile(name: "in-process", text: script))
    }

    /// The answer the served SDK gives `request` in this process.
    func answer(_ request: HTTPRequest) -> HTTPAnswer? {
        evaluator.simulation.serve(request)?.answer
    }
}
