import Foundation

/// Delivers a call's callbacks after the call has returned, one at a time and in order,
/// on one serial queue, as the vendor SDKs deliver theirs (later, off the caller's stack).
/// `waitUntilDelivered` lets a test (or a command-line app) wait for them, including the
/// callbacks of calls the app's callbacks make in turn.
public final class CallbackDelivery: @unchecked Sendable {
    public var queue: DispatchQueue
    private let lock = NSLock()
    private var pending = 0
    /// The device's event stream whose callbacks come through here too, if one is followed.
    private var stream: CredshEventStream?

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

    /// Follows `stream` (one followed before is stopped) and opens it; true when open.
    public func follow(_ stream: CredshEventStream) -> Bool {
        lock.lock()
        let previous = self.stream
        self.stream = stream
        lock.unlock()
        previous?.stop()
        return stream.start() == 200
    }

    /// Stops the stream followed, if any.
    public func stopFollowing() {
        lock.lock()
        let previous = stream
        stream = nil
        lock.unlock()
        previous?.stop()
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

/// An object of a client module whose callbacks come through a `CallbackDelivery` (RDNA,
/// UserClient, the Fiori stand-ins): a test or a command-line app waits for them the same
/// way on each.
public protocol CredshCallbackSource: AnyObject {
    var callbackDelivery: CallbackDelivery { get }
}

extension CredshCallbackSource {
    /// Waits (at most `seconds`) until every callback queued so far, and those the app's
    /// callbacks caused by calling again, has been delivered; false when time ran out.
    @discardableResult
    public func waitForCallbacks(seconds: Double = 10) -> Bool { callbackDelivery.waitUntilDelivered(seconds: seconds) }
}

/// One that also follows the device's event stream (`startEventStream`, its own: each
/// hands the events to its own delegates).
public protocol CredshEventStreaming: CredshCallbackSource {}

extension CredshEventStreaming {
    /// Closes the device's event stream, if one is open.
    public func stopEventStream() { callbackDelivery.stopFollowing() }
}
