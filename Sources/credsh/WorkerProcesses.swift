#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredLanguage
import CredScript
import CredCommandLine
import CredSuite

/// `credsh test`'s worker processes: the same binary as `credsh test-one --worker`, each
/// running many scripts one after another (WorkerWire), as pytest-xdist's and Go's test
/// workers do, so a script costs its run and not a process start. Whatever kills a
/// worker's run — a trap, a signal, memory — is the error of the script it was running
/// (ScriptVerdict.crashed); that worker is gone, and the next script starts another.
/// At most one worker per job runs at a time: a job takes an idle one, or starts one.
final class WorkerProcesses: @unchecked Sendable {
    /// The worker's command line; its last argument is the room its process title is
    /// written in (WorkerTitle), which `ps` and `pgrep -f` show.
    private let arguments: [String]
    private var idle: [Worker] = []
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(_ settings: ScriptTest.Settings) {
        arguments = TestOneOptions.workerArguments(settings, room: WorkerTitle.room)
        pthread_mutex_init(lock, nil)
    }

    /// Runs the script at `path` in a worker; its verdicts, or one saying its run died.
    func run(_ path: String) -> [ScriptVerdict] {
        let started = Stopwatch.now()
        // A worker taken from the idle ones may have died since its last script: then the
        // request cannot be written, this script never reached it, and a new worker runs it.
        if let worker = takeIdle() {
            if worker.send(path) { return answer(worker, path, started: started) }
            _ = worker.end()
        }
        guard let worker = Worker(arguments), worker.send(path) else {
            return [.crashed(path, waitStatus: nil, seconds: Stopwatch.now() - started)]
        }
        return answer(worker, path, started: started)
    }

    private func answer(_ worker: Worker, _ path: String, started: Double) -> [ScriptVerdict] {
        if let line = worker.receive(), let verdicts = VerdictWire.decode(line, path: path) {
            putIdle(worker)
            return verdicts
        }
        // No whole answer: the worker died while running this script (or said something
        // that is no verdict, and is ended so).
        return [.crashed(path, waitStatus: worker.end(), seconds: Stopwatch.now() - started)]
    }

    /// Ends the idle workers: each reads the end of its requests, and exits.
    func stop() {
        pthread_mutex_lock(lock)
        let workers = idle
        idle.removeAll()
        pthread_mutex_unlock(lock)
        for worker in workers { worker.closeRequests() }
        for worker in workers { _ = worker.end() }
    }

    /// `credsh test-one --worker`: the worker's side. Requests come on descriptor 3,
    /// answers go to standard output, each written whole at once.
    static func serve(_ settings: ScriptTest.Settings) -> Int32 {
        watchForTheRunnersEnd()
        var buffer = [UInt8](repeating: 0, count: 1 << 12)
        let streams = StandardStreams()
        streams.onClosedOutput = { 0 }  // the runner has gone: nothing to answer
        WorkerWire.serve(settings, read: {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(3, $0.baseAddress, $0.count) }
                if count > 0 { return Array(buffer[0..<count]) }
                if count < 0, errno == EINTR { continue }
                return nil
            }
        }, answer: { line in
            streams.write(line)
            streams.flush()
            return true
        }, starting: { path in WorkerTitle.show("test-one " + path) })
        return 0
    }

    /// A worker whose runner is gone (killed with SIGKILL, which no handler sees) exits at
    /// once, not when its script ends (a long one runs to its step budget): a thread waits
    /// for the request pipe's hang-up, which comes when the runner's end of it closes,
    /// however the runner ended; the runner is the only holder of that end (it is
    /// close-on-exec). A runner that ends normally closes it too, after the last answer,
    /// when the worker has nothing left to do. Bound: the thread wakes once per hang-up or
    /// interrupted wait.
    private static func watchForTheRunnersEnd() {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { _ in
            var requests = pollfd(fd: 3, events: 0, revents: 0)
            while true {
                let ready = poll(&requests, 1, -1)
                if ready > 0, requests.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { _exit(0) }
                if ready < 0, errno != EINTR { return nil }
            }
        }, nil)
        if started == 0 { pthread_detach(thread) }
    }

    private func takeIdle() -> Worker? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return idle.popLast()
    }

    private func putIdle(_ worker: Worker) {
        pthread_mutex_lock(lock)
        idle.append(worker)
        pthread_mutex_unlock(lock)
    }
}

/// One worker process: the pipe its requests go into (its descriptor 3), and the one its
/// answers come out of (its standard output). Standard input is /dev/null, standard error
/// is dropped (a crashing worker's backtrace is not the report).
private final class Worker {
    private let process: pid_t
    private var requests: Int32
    private let answers: Int32
    private var received = WorkerWire.Frames(separator: UInt8(ascii: "\n"))

    init?(_ arguments: [String]) {
        // The pipes are made, marked close-on-exec and handed to the worker under one lock:
        // a worker started on another thread meanwhile would inherit them, and then a
        // dead worker's answers would never end.
        pthread_mutex_lock(spawnLock)
        defer { pthread_mutex_unlock(spawnLock) }
        guard let requestsPipe = Self.pipeAbove(3) else { return nil }
        guard let answersPipe = Self.pipeAbove(3) else {
            close(requestsPipe.read)
            close(requestsPipe.write)
            return nil
        }
        let (requestsRead, requestsWrite) = requestsPipe
        let (answersRead, answersWrite) = answersPipe
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, answersWrite, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, requestsRead, 3)
        // No backtrace from a crashing worker: the Swift runtime's takes seconds to symbolicate.
        let environment = Self.inheritedEnvironment().filter { !$0.hasPrefix("SWIFT_BACKTRACE=") } + ["SWIFT_BACKTRACE=enable=no"]
        var child: pid_t = 0
        let status = Self.withCStrings(arguments) { argv in
            Self.withCStrings(environment) { envp in posix_spawn(&child, Self.executable, &actions, nil, argv, envp) }
        }
        close(requestsRead)
        close(answersWrite)
        guard status == 0 else {
            close(requestsWrite)
            close(answersRead)
            return nil
        }
        process = child
        requests = requestsWrite
        answers = answersRead
    }

    /// Writes the request for `path`; false when the worker is gone.
    func send(_ path: String) -> Bool {
        guard requests >= 0 else { return false }
        let bytes = WorkerWire.request(path)
        return bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(requests, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false  // EPIPE: SIGPIPE is ignored (main.swift)
                }
                offset += written
            }
            return true
        }
    }

    /// The answer's line; nil when the worker's output ended first.
    func receive() -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        // Bound: until the line's end, or the end of the worker's output.
        while true {
            if let line = received.next() { return line }
            let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if count > 0 {
                received.append(Array(buffer[0..<count]))
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return nil
            }
        }
    }

    func closeRequests() {
        if requests >= 0 { close(requests) }
        requests = -1
    }

    /// Ends the worker and waits for it: its wait status, nil when it cannot be had. A
    /// worker exits at the end of its requests, and one whose answers ended is dying; one
    /// still there after `graceMilliseconds` (it said something that is no verdict) is killed.
    func end() -> Int32? {
        closeRequests()
        close(answers)
        var status: Int32 = 0
        // Bound: graceMilliseconds polls, then one wait for a killed process.
        for _ in 0..<Self.graceMilliseconds {
            let ended = waitpid(process, &status, WNOHANG)
            if ended == process { return status }
            if ended < 0, errno != EINTR { return nil }
            usleep(1000)
        }
        kill(process, SIGKILL)
        while waitpid(process, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        return status
    }

    static let graceMilliseconds = 2_000

    /// A pipe whose two ends are above `floor` (so that handing one on as descriptor 3
    /// never meets itself) and close-on-exec.
    private static func pipeAbove(_ floor: Int32) -> (read: Int32, write: Int32)? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        var lifted: [Int32] = []
        for fd in fds {
            let moved = fcntl(fd, F_DUPFD_CLOEXEC, floor + 1)
            close(fd)
            lifted.append(moved)
        }
        guard lifted.allSatisfy({ $0 >= 0 }) else {
            for fd in lifted where fd >= 0 { close(fd) }
            return nil
        }
        return (lifted[0], lifted[1])
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

    private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

nonisolated(unsafe) private let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
}()

/// A worker's process title: the script it runs, written over the last argument of its
/// command line (as PostgreSQL's backends show their query), so `ps` and `pgrep -f
/// 'test-one .*NAME'` find the worker of a script as they found its own process before.
enum WorkerTitle {
    /// The room: this many spaces, handed to the worker as its last argument.
    static let room = String(repeating: " ", count: 512)

    /// Writes `text` into the room (cut to fit; the rest spaces), or does nothing when the
    /// last argument is not the room.
    static func show(_ text: String) {
        let argc = Int(CommandLine.argc)
        guard argc > 1, let last = CommandLine.unsafeArgv[argc - 1] else { return }
        let length = strlen(last)
        guard length == room.utf8.count else { return }
        let bytes = Array(text.utf8.prefix(length))
        for index in 0..<length { last[index] = index < bytes.count ? CChar(bitPattern: bytes[index]) : 0x20 }
    }
}
