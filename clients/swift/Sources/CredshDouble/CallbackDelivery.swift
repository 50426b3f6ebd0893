import Foundation

/// Delivers a call's callbacks after the call has returned, one at a time and in order,
/// on one serial queue, as the vendor SDKs deliver theirs (later, off the caller's stack).
/// `waitUntilDelivered` lets a test (or a command-line app) wait for them, including the
/// callbacks of calls the app's callbacks make in turn.
public final class CallbackDelivery: @unchecked Sendable {
    public var queue: DispatchQueue
    private let lock = NSLock()
    private var pending = 0

    public init(label: String) { queue = DispatchQueue(label: label) }

    public func deliver(_ blocks: [() -> Void]) {
        guard !blocks.isEmpty else { return }
        lock.lock()
        pending += blocks.count
        lock.unlock()
        for block in blocks {
            queue.async { [self] in
                block()
                lock.lock()
                pending -= 1
                lock.unlock()
            }
        }
    }

    /// Waits at most `seconds`; false when callbacks were still queued then. Must not be
    /// called on `queue` itself.
    @discardableResult
    public func waitUntilDelivered(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            queue.sync {}
            lock.lock()
            let left = pending
            lock.unlock()
            if left == 0 { return true }
            usleep(1_000)
        }
        return false
    }
}
