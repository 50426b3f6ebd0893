import CredLanguage
import CredScript
import CredSimulator
import NIOCore

/// The Server-Sent Event streams of `GET /sdk/NAME/events` (docs/double.md, "Events
/// without a call"), by SDK and device: each callback that reaches a device without a call
/// of its own (a steering line run for it by the control API) is sent to every stream of
/// that SDK and device as `event: callback` / `data: {record}`. Each stream lives on its
/// connection's event loop (StreamFollowers), and `publish`, called from whoever runs the
/// simulation, hands each stream its event on its own loop.
///
/// Bounds: a stream holds at most `queueLimit` events (and `queueBytes`) its client has
/// not taken; one more and the stream is closed (its EventSource reconnects after `retry`)
/// and the log says so. One control run hands a device's streams at most `queueLimit`
/// events (CallbackDelivery): they are written at once, so more could only wait; past
/// them its streams end the same way. Streams are connections, so
/// `ServeLimits.connections` bounds how many there are: 256 × 256 KiB at most.
final class EventStreams: Sendable {
    static let queueLimit = 256
    /// The bytes of the events a stream holds untaken: 256 KiB, a thousand bytes an event.
    static let queueBytes = 256 << 10

    struct Key: Hashable, Sendable {
        let sdk: String
        let device: String
    }

    /// What an answer that opens a stream carries (WireResponse.stream): every event
    /// published to `key`, each waiting in a queue while its client takes nothing.
    struct Opening: EventSource {
        let hub: EventStreams
        let key: Key
        let seconds: Int?

        var backlog: EventStreamWriter.Backlog { .queue(events: EventStreams.queueLimit, bytes: EventStreams.queueBytes) }

        func follow(_ stream: ConnectionHandler, on loop: any EventLoop) { hub.follow(key, stream, on: loop) }

        func unfollow(_ stream: ConnectionHandler) { hub.unfollow(key, stream) }
    }

    private let streams = StreamFollowers<Key>()

    /// Called on `stream`'s own event loop, `loop`.
    func follow(_ key: Key, _ stream: ConnectionHandler, on loop: any EventLoop) {
        streams.follow(key, stream, on: loop)
    }

    func unfollow(_ key: Key, _ stream: ConnectionHandler) {
        streams.unfollow(key, stream)
    }

    /// Whether any stream follows `key` now: a run keeps no event nobody would get.
    func isFollowed(_ key: Key) -> Bool {
        streams.count(key) > 0
    }

    /// Sends each record as one event to every stream of `key`; returns at once, whether
    /// any stream was open to take them. `overflowed`: the run had more for them
    /// (CallbackDelivery), so after these the streams end with their `closed` record.
    @discardableResult
    func publish(_ key: Key, records: [JSONValue], overflowed: Bool = false) -> Bool {
        guard (!records.isEmpty || overflowed), isFollowed(key) else { return false }
        // One buffer an event, shared by every stream: each stream counts what it holds
        // untaken. Each record passed the run's edge as the control run emitted it
        // (CaptureHost.observe sees what RunEvents publishes), the control token included.
        let events = records.map { ByteBuffer(string: EventStreamWriter.frame("callback", data: $0.serialized)) }
        return streams.offer(key, events, overflowed: overflowed)
    }
}

/// Which callbacks of a control run reach a device without a call of its own: every
/// event record except those of a `call` line (the test's own call, answered in the
/// run's output). A `call` line's call is the one the device's journal gained; its
/// events share its line.
final class CallbackDelivery {
    private var journaled: [DeviceID: Int] = [:]
    private let before: Simulation
    /// The line of the last call that went into a journal.
    private var callLine: RecordOrigin?
    private(set) var pending: [EventStreams.Key: [JSONValue]] = [:]
    /// The same callbacks as outcomes, for what the apps met (AppCoverage).
    private(set) var pendingOutcomes: [EventStreams.Key: [Outcome]] = [:]
    /// The keys that had more than `EventStreams.queueLimit` events in this run: the rest
    /// were not kept, and their streams are closed after the first ones.
    private(set) var overflowed: Set<EventStreams.Key> = []
    private let renderer = JSONLinesRenderer()
    /// Whether a stream follows a key: events for none are not kept.
    private let isFollowed: (EventStreams.Key) -> Bool

    init(before: Simulation, isFollowed: @escaping (EventStreams.Key) -> Bool) {
        self.before = before
        self.isFollowed = isFollowed
    }

    private func count(_ journal: DeviceJournal) -> Int { journal.entries.count + journal.dropped }

    func see(_ record: OutputRecord, origin: RecordOrigin?, simulation: Simulation) {
        guard case .outcome(let outcome, let sdk) = record else { return }
        let device = simulation.device
        switch outcome {
        case .call:
            let now = count(simulation.journal)
            let was = journaled[device] ?? count(before.journal(of: device))
            journaled[device] = now
            callLine = now != was ? origin : nil
        case .event:
            if let callLine, callLine == origin { return }
            let key = EventStreams.Key(sdk: sdk.name, device: device.name)
            guard !overflowed.contains(key), isFollowed(key) else { return }
            guard pending[key, default: []].count < EventStreams.queueLimit else {
                overflowed.insert(key)
                return
            }
            guard case .object(let members) = renderer.object(for: record) else { return }
            pending[key, default: []].append(.object(members.filter { $0.0 != "sdk" && $0.0 != "file" && $0.0 != "line" }))
            pendingOutcomes[key, default: []].append(outcome)
        default:
            break
        }
    }
}
