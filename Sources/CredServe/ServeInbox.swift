import NIOConcurrencyHelpers
import NIOCore

/// What the network side hands the thread that owns the simulation.
enum ServeEvent: Sendable {
    /// A whole request; the promise takes the answer, or nil to close the connection
    /// without one. `departure` says when its client has closed the connection meanwhile.
    case request(WireRequest, EventLoopPromise<WireResponse?>, ClientDeparture)
    /// A request answered by the HTTP layer itself (malformed, too large, too slow),
    /// which never reached the simulation: for the log only.
    case refused(ServeLogEntry)
}

/// The queue between the event loop, which reads requests from every connection, and the
/// one thread that owns the simulation (the prompt's, or `credsh serve`'s main thread).
/// First in, first out: requests reach the simulation one at a time, in the order they
/// arrived whole. It holds at most one request per connection (the pipelining handler
/// reads a connection's next request only after the previous one was answered), so its
/// size is bounded by `ServeLimits.connections`.
///
/// While `credsh serve` serves (ServeSession.serve(until:)), `answerAtOnce` may answer a
/// request on the event loop itself, without the two thread switches of a hand-off; it
/// declines (and the request waits here) whenever that would not keep the order.
final class ServeInbox: Sendable {
    private let state = ConditionLock(value: 0)
    private nonisolated(unsafe) var events: [ServeEvent] = []
    private let answerer = NIOLockedValueBox<(any AnswerAtOnce)?>(nil)

    func post(_ event: ServeEvent) {
        if let answerer = answerer.withLockedValue({ $0 }), answerer.answer(event) { return }
        state.lock()
        events.append(event)
        state.unlock(withValue: 1)
    }

    /// Set (or cleared, nil) by the thread that owns the simulation: what answers a request
    /// at once on the event loop, returning false when it leaves it to wait here.
    func answerAtOnce(_ answerer: (any AnswerAtOnce)?) {
        self.answerer.withLockedValue { $0 = answerer }
    }

    var hasWaiting: Bool {
        state.lock()
        defer { state.unlock() }
        return !events.isEmpty
    }

    /// Everything waiting now, without waiting.
    func takeAll() -> [ServeEvent] {
        state.lock()
        defer { state.unlock(withValue: 0) }
        let taken = events
        events.removeAll(keepingCapacity: true)
        return taken
    }

    /// Waits up to `seconds` for something to arrive, without taking it; whether it did.
    func wait(upTo seconds: Double) -> Bool {
        guard state.lock(whenValue: 1, timeoutSeconds: seconds) else { return false }
        state.unlock()
        return true
    }
}

/// What answers a request at once on the event loop (ServeInbox.answerAtOnce); false
/// leaves it to wait in the inbox. An object, not a closure: a closure kept in the lock's
/// generic box came back wrapped in conversion thunks that called each other until the
/// stack overflowed.
protocol AnswerAtOnce: AnyObject, Sendable {
    func answer(_ event: ServeEvent) -> Bool
}

/// Whether the client of a request still waiting for its answer has closed its connection:
/// set on the event loop (`channelInactive`), read by the thread that owns the simulation
/// before a control run starts and between its statements, so that a run nobody waits for
/// any more does not hold every other client up (issue 31, item 6).
final class ClientDeparture: Sendable {
    private let left = NIOLockedValueBox(false)

    init() {}

    func markLeft() { left.withLockedValue { $0 = true } }

    var hasLeft: Bool { left.withLockedValue { $0 } }
}
