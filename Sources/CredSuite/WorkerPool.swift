#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Runs numbered jobs on a few threads and hands their results back in number order,
/// each as soon as it and every one before it are done, so what is printed does not
/// depend on how many threads there are. POSIX threads directly: nothing to start up
/// before the first job.
package enum WorkerPool {
    package static func run<Result: Sendable>(count: Int, threads: Int, job: @escaping @Sendable (Int) -> Result,
                                      deliver: (Int, Result) -> Void) {
        let threads = max(1, min(threads, count))
        if threads == 1 {
            for index in 0..<count { deliver(index, job(index)) }
            return
        }
        let board = ResultBoard<Result>(count: count)
        var started: [pthread_t] = []
        for _ in 0..<threads {
            let work = Work {
                while let index = board.claim() { board.post(index, job(index)) }
            }
            if let thread = Thread.start(work) { started.append(thread) }
        }
        if started.isEmpty {  // no thread could be started: do it all here
            for index in 0..<count { deliver(index, job(index)) }
            return
        }
        for index in 0..<count { deliver(index, board.take(index)) }
        for thread in started { pthread_join(thread, nil) }
    }
}

/// The jobs' shared state: which job is next, and the results not yet handed back.
private final class ResultBoard<Result: Sendable>: @unchecked Sendable {
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let posted = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var next = 0
    private var results: [Result?]

    package init(count: Int) {
        results = Array(repeating: nil, count: count)
        pthread_mutex_init(lock, nil)
        pthread_cond_init(posted, nil)
    }

    deinit {
        pthread_cond_destroy(posted)
        pthread_mutex_destroy(lock)
        lock.deallocate()
        posted.deallocate()
    }

    package func claim() -> Int? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        guard next < results.count else { return nil }
        next += 1
        return next - 1
    }

    package func post(_ index: Int, _ result: Result) {
        pthread_mutex_lock(lock)
        results[index] = result
        pthread_cond_broadcast(posted)
        pthread_mutex_unlock(lock)
    }

    /// Waits for job `index`'s result and takes it off the board.
    package func take(_ index: Int) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while case .none = results[index] { pthread_cond_wait(posted, lock) }
        let result = results[index]!
        results[index] = nil
        return result
    }
}

private final class Work: @unchecked Sendable {
    package let body: @Sendable () -> Void
    package init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

private enum Thread {
    /// The stack a script's evaluation gets, as generous as the main thread's.
    package static let stackBytes = 16 << 20

    package static func start(_ work: Work) -> pthread_t? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackBytes)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(work).toOpaque()
        let status = pthread_create(&thread, &attributes, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
