import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
        var environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": NSTemporaryDirectory()]
        environment.merge(extra) { $1 }
        let child = try Spawned(executable: (executable ?? binary).path, arguments: arguments,
                                environment: environment, directory: (directory ?? packageRoot).path)
        let killed = DataBox()
        let finished = DataBox()
        let lock = NSLock()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            lock.lock()
            defer { lock.unlock() }
            if finished.data.isEmpty {
                killed.data = Data([1])
                kill(child.pid, SIGKILL)
            }
        }
        // Read stderr on another thread while stdout is read here, so neither pipe fills and blocks credsh.
        let errors = DataBox()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errors.data = Spawned.readAll(child.stderr)
            group.leave()
        }
        Thread.detachNewThread {
            // credsh may exit before reading all of it (an error on line 1): the rest is dropped.
            if let input { Self.writeIgnoringBrokenPipe(input, to: child.stdin) }
            close(child.stdin)
        }
        let out = Spawned.readAll(child.stdout)
        group.wait()
        let status = child.wait()
        lock.lock()
        finished.data = Data([1])
        lock.unlock()
        return Result(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: errors.data, as: UTF8.self),
                      timedOut: !killed.data.isEmpty, seconds: Date().timeIntervalSince(started))
    }

    /// Starts `process`, one launch at a time across the test process (ServeHarness still
    /// uses Foundation's Process, whose launch crashed when several ran at once).
    static func launch(_ process: Process) throws {
        launchLock.lock()
        defer { launchLock.unlock() }
        try process.run()
    }

    static let launchLock = NSLock()

    /// Regression: a credsh that exited before reading its whole input made the write of
    /// the rest raise SIGPIPE, which killed the whole test process (signal 13), in CI
    /// against the fast release binary. The signal is blocked on the writing thread alone
    /// (ignoring it in the process would be inherited by every credsh the tests start,
    /// and hide a credsh that dies of it) and taken off if it came, so the write just fails.
    static func writeIgnoringBrokenPipe(_ data: Data, to fd: Int32) {
        var brokenPipe = sigset_t(), previous = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written > 0 { offset += written } else if written < 0, errno == EINTR { continue } else { break }
            }
        }
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

/// A child process started with posix_spawn, its standard streams on pipes. Foundation's
/// Process crashed in the test process now and then (a bad pointer in Process.run's
/// memcpy; EINTR turned into a fatal error by FileHandle), failing whole CI runs; this
/// is the few system calls the tests need, with EINTR retried.
struct Spawned {
    let pid: pid_t
    let stdin: Int32
    let stdout: Int32
    let stderr: Int32

    init(executable: String, arguments: [String], environment: [String: String], directory: String) throws {
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        guard Self.pipe2(&input, O_CLOEXEC) == 0, Self.pipe2(&output, O_CLOEXEC) == 0, Self.pipe2(&errors, O_CLOEXEC) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        _ = Self.addChdir(&actions, directory)
        let argv = [executable] + arguments
        let envp = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = Self.withCStrings(argv) { argvPointers in
            Self.withCStrings(envp) { envpPointers in posix_spawn(&pid, executable, &actions, nil, argvPointers, envpPointers) }
        }
        close(input[0]); close(output[1]); close(errors[1])
        guard status == 0 else {
            close(input[1]); close(output[0]); close(errors[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)
        }
        self.pid = pid
        stdin = input[1]
        stdout = output[0]
        stderr = errors[0]
    }

    /// Everything until end of file, then the descriptor is closed.
    static func readAll(_ fd: Int32) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count > 0 { data.append(contentsOf: buffer[0..<count]) } else if count < 0, errno == EINTR { continue } else { break }
        }
        close(fd)
        return data
    }

    /// The exit status, or the signal's number for a child a signal ended (as
    /// Foundation's Process.terminationStatus says).
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : signal
    }

    // Two GNU calls Swift's Glibc module does not declare (they need _GNU_SOURCE), taken
    // from the C library itself: a close-on-exec pipe made in one step (no other thread's
    // child can inherit it), and a working directory for the child alone.
    private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
    private typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
    private static let pipe2: Pipe2 = unsafeBitCast(dlsym(nil, "pipe2")!, to: Pipe2.self)
    private static let addChdir: AddChdir = unsafeBitCast(dlsym(nil, "posix_spawn_file_actions_addchdir_np")!, to: AddChdir.self)

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
