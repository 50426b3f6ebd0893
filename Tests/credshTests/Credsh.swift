import Foundation

/// Runs the built `credsh` binary as a user would, for tests of the executable.
enum Credsh {
    static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    /// The binary built next to this test bundle, or the one `CREDSH_BINARY` names (CI
    /// runs these tests once more against the static executable `make build` makes).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CREDSH_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: packageRoot).standardizedFileURL
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [beside, beside.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("credsh")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return packageRoot.appendingPathComponent(".build/debug/credsh")
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// The harness killed credsh because it ran past its time bound.
        var timedOut = false
        /// Wall time, in seconds.
        var seconds = 0.0
    }

    /// Runs credsh with `arguments`, `input` on stdin, in the package root, with a
    /// pinned environment so the bytes are stable. Past `timeout` seconds the harness
    /// kills it (the result says so), so no test can hang on a bug.
    static func run(_ arguments: [String], input: Data? = nil, environment extra: [String: String] = [:],
                    directory: URL? = nil, timeout: Double = 120, executable: URL? = nil) throws -> Result {
        let started = Date()
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        environment.merge(extra) { $1 }
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try launch(process)
        let killed = DataBox()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [process] in
            if process.isRunning {
                killed.data = Data([1])
                kill(process.processIdentifier, SIGKILL)
            }
        }
        // Read stderr on another thread while stdout is read here, so neither pipe fills and blocks credsh.
        let errors = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = stderr.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let writer = stdin.fileHandleForWriting
        Thread.detachNewThread {
            // credsh may exit before reading all of it (an error on line 1): the rest is dropped.
            if let input { Self.writeIgnoringBrokenPipe(input, to: writer) }
            try? writer.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self),
                      timedOut: !killed.data.isEmpty, seconds: Date().timeIntervalSince(started))
    }

    /// Starts `process`, one launch at a time across the test process. Foundation's
    /// Process.run on Linux crashed (a bad pointer in its memcpy of the launch arguments)
    /// when many tests started processes at once; the launch is short, the run is not
    /// serialised.
    static func launch(_ process: Process) throws {
        launchLock.lock()
        defer { launchLock.unlock() }
        try process.run()
    }

    private static let launchLock = NSLock()

    /// Regression: a credsh that exited before reading its whole input made the write of
    /// the rest raise SIGPIPE, which killed the whole test process (signal 13), in CI
    /// against the fast release binary. The signal is blocked on the writing thread alone
    /// (ignoring it in the process would be inherited by every credsh the tests start,
    /// and hide a credsh that dies of it) and taken off if it came, so the write just fails.
    static func writeIgnoringBrokenPipe(_ data: Data, to writer: FileHandle) {
        var brokenPipe = sigset_t(), previous = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try? writer.write(contentsOf: data)
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
            var taken: Int32 = 0
            sigwait(&brokenPipe, &taken)
        }
    }

    static func run(_ arguments: [String], script: String) throws -> Result {
        try run(arguments, input: Data(script.utf8))
    }

    /// A shell command line (bash), with the binary's path in `$CREDSH`, time-bounded.
    static func shell(_ command: String, directory: URL? = nil, timeout: Double = 60) throws -> Result {
        try run(["-c", command], environment: ["CREDSH": binary.path], directory: directory, timeout: timeout,
                executable: URL(fileURLWithPath: "/bin/bash"))
    }

    /// Writes `text` to `name` in `directory`, making folders on the way.
    @discardableResult
    static func write(_ text: String, _ name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A fresh temporary directory for a test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("credsh-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Data handed from a reading thread to the test, after `DispatchGroup.wait()`.
final class DataBox: @unchecked Sendable {
    var data = Data()
}
