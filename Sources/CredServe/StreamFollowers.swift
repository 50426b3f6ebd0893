import NIOConcurrencyHelpers
import NIOCore

/// The event streams open now, by what they follow (`Key`), each with the event loop it
/// must be touched on: a connection's loop follows and unfollows it, and whoever has
/// events (the serving thread, the session) hands them over on that loop. The table is
/// shared under a lock, since a server may have more than one loop
/// (ServeLimits.networkThreads). The double's streams follow a device (EventStreams);
/// the live page's all follow its one latest snapshot (LiveHub).
final class StreamFollowers<Key: Hashable & Sendable>: Sendable {
    private struct Follower: @unchecked Sendable {
        let stream: ConnectionHandler
        let loop: any EventLoop
    }

    private let table = NIOLockedValueBox<[Key: [ObjectIdentifier: Follower]]>([:])

    init() {}

    /// Called on `stream`'s own event loop, `loop`.
    func follow(_ key: Key, _ stream: ConnectionHandler, on loop: any EventLoop) {
        loop.preconditionInEventLoop()
        table.withLockedValue { $0[key, default: [:]][ObjectIdentifier(stream)] = Follower(stream: stream, loop: loop) }
    }

    func unfollow(_ key: Key, _ stream: ConnectionHandler) {
        table.withLockedValue { table in
            table[key]?[ObjectIdentifier(stream)] = nil
            if table[key]?.isEmpty == true { table[key] = nil }
        }
    }

    /// How many streams follow `key` now.
    func count(_ key: Key) -> Int {
        table.withLockedValue { $0[key]?.count ?? 0 }
    }

    /// Hands `events` to every stream of `key` (ConnectionHandler.offer), each on its own
    /// loop; returns at once, whether any stream was there to take them. A stream that
    /// ended meanwhile takes nothing.
    @discardableResult
    func offer(_ key: Key, _ events: [ByteBuffer], shared: String? = nil, overflowed: Bool = false) -> Bool {
        let followers = table.withLockedValue { $0[key].map { Array($0.values) } ?? [] }
        for follower in followers {
            follower.loop.execute { follower.stream.offer(events, shared: shared, overflowed: overflowed) }
        }
        return !followers.isEmpty
    }
}
