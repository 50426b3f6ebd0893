import NIOConcurrencyHelpers

/// The bytes of answers a server has handed to its connections and their clients have not
/// taken yet, all connections together: what clients that do not read make it hold. A
/// body shared by several answers (the live page's page of one snapshot, under a key such
/// as `page 12`) is in memory once, so it is counted once however many answers hold it.
final class UnreadAnswers: Sendable {
    private struct Held {
        var bytes = 0
        /// How many answers hold each shared body, and its size.
        var shared: [String: (count: Int, size: Int)] = [:]
    }

    private let held = NIOLockedValueBox(Held())

    init() {}

    var bytes: Int { held.withLockedValue { $0.bytes } }

    /// Whether one more answer may be held: while the bytes held are under `limit` (so
    /// at most one answer past it), or always when its shared body is held already.
    func hasRoom(within limit: Int, shared key: String? = nil) -> Bool {
        held.withLockedValue { held in key.map { held.shared[$0] != nil } == true || held.bytes < limit }
    }

    /// `hasRoom` and `add` at once: false, and nothing counted, when there is no room.
    func reserve(_ size: Int, shared key: String? = nil, within limit: Int) -> Bool {
        held.withLockedValue { held in
            guard key.map({ held.shared[$0] != nil }) == true || held.bytes < limit else { return false }
            Self.add(size, shared: key, to: &held)
            return true
        }
    }

    /// Counts an answer as held until `remove` is called with the same size and key.
    func add(_ size: Int, shared key: String? = nil) {
        held.withLockedValue { Self.add(size, shared: key, to: &$0) }
    }

    func remove(_ size: Int, shared key: String? = nil) {
        held.withLockedValue { held in
            guard let key else { return held.bytes -= size }
            guard let holders = held.shared[key] else { return }
            if holders.count > 1 {
                held.shared[key] = (holders.count - 1, holders.size)
            } else {
                held.shared[key] = nil
                held.bytes -= holders.size
            }
        }
    }

    private static func add(_ size: Int, shared key: String?, to held: inout Held) {
        guard let key else { return held.bytes += size }
        if let holders = held.shared[key] {
            held.shared[key] = (holders.count + 1, holders.size)
        } else {
            held.shared[key] = (1, size)
            held.bytes += size
        }
    }
}
