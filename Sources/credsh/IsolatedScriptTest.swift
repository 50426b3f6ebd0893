#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredScript
import CredSimulator

/// `credsh test` runs each script in a child process of its own (`credsh test-one FILE`,
/// the same binary), so that whatever kills one script's run — a trap, a signal, memory —
/// is that script's error, and every other script is still run and reported. The child
/// prints its verdict as one JSON object (VerdictWire); the parent reads it whole, then
/// waits for the child. One process start per script: about as much as its simulation.
enum IsolatedScriptTest {
    static func run(_ path: String, _ settings: ScriptTest.Settings) -> [ScriptVerdict] {
        let started = Stopwatch.now()
        var arguments = ["credsh", "test-one", "--seed", String(settings.seed), "--max-steps", String(settings.maxSteps)]
        if settings.keepGoing { arguments.append("--keep-going") }
        if settings.update { arguments.append("--update") }
        if settings.coverage { arguments.append("--coverage") }
        if settings.diagrams { arguments.append("--diagrams") }
        if let filter = settings.filter { arguments += ["--filter", filter] }
        arguments += settings.outside.arguments
        arguments += ["--", path]
        let (output, status) = spawn(arguments)
        let seconds = Stopwatch.now() - started
        if let status, let verdicts = VerdictWire.decode(output, path: path), status == 0 { return verdicts }
        return [crashed(path, status: status, seconds: seconds)]
    }

    /// The verdict of a script whose run ended without one: an error of that script (3).
    private static func crashed(_ path: String, status: Int32?, seconds: Double) -> ScriptVerdict {
        let how: String
        if let status, status & 0x7F != 0 {
            let signal = status & 0x7F
            how = "was killed by signal \(signal)\(signalName(signal).map { " (\($0))" } ?? "")"
        } else if let status {
            how = "ended with exit status \((status >> 8) & 0xFF) and no verdict"
        } else {
            how = "could not be started"
        }
        let message = "the run of this script \(how): a crash in credsh (please report it); the other scripts ran on"
        let diagnostic = Diagnostic(.runDied, message, file: path, at: SourcePosition(line: 1, column: 1, offset: 0, lineStart: 0))
        return ScriptVerdict(path: path, expectations: 0, problems: [.init(diagnostic: diagnostic, text: "credsh: \(TerminalSafe.text(path)): \(message) \(diagnostic.tag)\n")],
                             omitted: 0, transcript: .none, exitCode: 3, seconds: seconds)
    }

    private static func signalName(_ signal: Int32) -> String? {
        switch signal {
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL, perhaps out of memory"
        case SIGSEGV: return "SIGSEGV"
        default: return nil
        }
    }

    /// Runs this executable with `arguments`; its standard output, and its wait status
    /// (nil when it could not be started). Standard input is /dev/null; standard error is
    /// dropped (a crashing child's backtrace is not the report). The pipe is close-on-exec,
    /// so children started at the same time on other threads do not hold it open.
    private static func spawn(_ arguments: [String]) -> ([UInt8], Int32?) {
        // Creating the pipe, marking it close-on-exec and starting the child happen under one
        // lock: a child started on another thread meanwhile would inherit the write end.
        pthread_mutex_lock(spawnLock)
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            pthread_mutex_unlock(spawnLock)
            return ([], nil)
        }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // No backtrace from a crashing child: the Swift runtime's takes seconds to symbolicate.
        var environment = inheritedEnvironment().filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
        var child: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(environment) { envp in posix_spawn(&child, executable, &actions, nil, argv, envp) }
        }
        environment.removeAll()
        close(fds[1])
        pthread_mutex_unlock(spawnLock)
        guard status == 0 else {
            close(fds[0])
            return ([], nil)
        }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        close(fds[0])
        var waitStatus: Int32 = 0
        while waitpid(child, &waitStatus, 0) < 0 {
            guard errno == EINTR else { return (output, nil) }
        }
        return (output, waitStatus)
    }

    /// This very binary: /proc/self/exe on Linux (whatever path started it), else argv[0].
    private static let executable: String = access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : CommandLine.arguments[0]

    private static func inheritedEnvironment() -> [String] {
        var list: [String] = []
        var entry = environ
        while let text = entry.pointee {
            list.append(String(cString: text))
            entry += 1
        }
        return list
    }

    nonisolated(unsafe) private static let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
