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

/// The one way from the network to the simulation (docs/serving.md, "One request at a
/// time"): the queue between the event loops, which read requests from every connection,
/// and the one thread that owns the simulation (the prompt's, between keystrokes, or
/// `credsh serve`'s main thread). First in, first out: requests reach the simulation one
/// at a time, in the order they arrived whole. It holds at most one request per
/// connection (the pipelining handler reads a connection's next request only after the
/// previous one was answered), so its size is bounded by `ServeLimits.connections`.
///
/// A request is routed as it is posted, on its network thread (RequestRouting), so its
/// turn in the simulation holds only what needs the simulation.
final class ServeInbox: Sendable {
    /// 1 while events wait. Events are added and taken only with it held, so a waiter that
    /// takes them all and sets it to 0 cannot miss one posted meanwhile.
    private let state = ConditionLock(value: 0)
    private let events = NIOLockedValueBox<[ServeEvent]>([])
    private let routing = NIOLockedValueBox<RequestRouting?>(nil)

    func post(_ event: ServeEvent) {
        var event = event
        if case .request(var wire, let promise, let departure) = event, let routing = routing.withLockedValue({ $0 }) {
            routing.route(&wire)
            event = .request(wire, promise, departure)
        }
        state.lock()
        events.withLockedValue { $0.append(event) }
        state.unlock(withValue: 1)
    }

    /// Set by the session when it starts serving: how requests are routed as they come.
    func route(with routing: RequestRouting) {
        self.routing.withLockedValue { $0 = routing }
    }

    var hasWaiting: Bool {
        events.withLockedValue { !$0.isEmpty }
    }

    /// Everything waiting now, without waiting.
    func takeAll() -> [ServeEvent] {
        state.lock()
        defer { state.unlock(withValue: 0) }
        return events.withLockedValue { events in
            let taken = events
            events.removeAll(keepingCapacity: true)
            return taken
        }
    }

    /// Waits up to `seconds` for something to arrive, without taking it; whether it did.
    func wait(upTo seconds: Double) -> Bool {
        guard state.lock(whenValue: 1, timeoutSeconds: seconds) else { return false }
        state.unlock()
        return true
    }
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
