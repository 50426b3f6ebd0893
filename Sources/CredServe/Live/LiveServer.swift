import CredLanguage
import CredScript
import NIOConcurrencyHelpers
import NIOCore

/// The live page's server (docs/teaching.md): `/` the page, `/events` the snapshots as
/// Server-Sent Events, `/diagram.svg` the picture so far (LiveRoutes). The same front end
/// as `credsh serve` (HTTPFrontEnd: one connection handler, the same HTTP limits and
/// refusals, keep-alive); what differs is its service: a request is answered on the
/// spot from the latest snapshot alone, so a page never waits for the session and the
/// session never waits for a page.
///
/// Who may look: as the control API (ControlAccess): a Host that is an IP address or
/// localhost with the bound port (no DNS rebinding), and the run's token, which the URL
/// printed at start carries. The page shows what the teacher types, secrets too when
/// they are shown.
///
/// Bounds: `maximumConnections` open at once (one more is closed as it is accepted); a
/// request must arrive whole within `requestSeconds` (408), and a kept-alive connection
/// silent that long is closed; a page that does not read is sent nothing more until it
/// does, and then only the latest snapshot (each stream holds at most one snapshot not
/// yet taken by its client, and every stream shares the bytes of that one snapshot). The
/// page is rendered once per snapshot and its bytes shared by every answer; answers
/// written but not yet taken by their clients hold at most `unreadAnswerBytes` in all
/// (plus one answer), past which a request is answered 503 (docs/scripts.md, "Bounds").
/// Requests pipelined on a connection are answered in order, the next only once the
/// previous one was handed to the socket; one that never reads stops being read.
public final class LiveServer: @unchecked Sendable {
    public static let maximumConnections = 100
    public static let requestSeconds: Int64 = 10
    /// Bytes of answers (pages, pictures) handed to connections whose clients have not
    /// taken them yet, all connections together, as the control API's bound.
    public static let unreadAnswerBytes = 16 * 1024 * 1024
    /// Request line and headers, in bytes.
    static let headerBytes = 16 * 1024

    /// The live page's bounds, in the one shape every server of credsh takes (ServeLimits).
    /// One event-loop thread: its answers are a shared buffer each.
    static let limits: ServeLimits = {
        var limits = ServeLimits()
        limits.connections = maximumConnections
        limits.timeoutSeconds = requestSeconds
        limits.headerBytes = headerBytes
        limits.answerBytesInFlight = unreadAnswerBytes
        limits.networkThreads = 1
        return limits
    }()

    public let token: String
    private let frontEnd: HTTPFrontEnd
    let hub: LiveHub

    /// Starts listening on `host:port` (0: any free port); throws when it cannot bind.
    public init(host: String, port: Int, token: String? = nil, initial: LiveSnapshot) throws(HostError) {
        let token = token ?? ControlAccess.randomToken()
        self.token = token
        let unread = UnreadAnswers()
        let hub = LiveHub(initial, token: token, unread: unread)
        self.hub = hub
        let bodyBytes = Self.limits.bodyBytes
        // A GET's body means nothing here: read within a form's bound, and not kept.
        let service = HTTPFrontEnd.Service(
            answer: { request, authority, promise, _ in promise.succeed(LiveRoutes.answer(request, hub: hub, authority: authority)) },
            log: { _ in },
            bodyLimit: { _, _ in bodyBytes })
        do {
            frontEnd = try HTTPFrontEnd(host: host, port: port, limits: Self.limits, unread: unread, service: service)
        } catch {
            throw HostError("cannot serve the live page on \(host):\(port): \(ServeSession.describe(error))")
        }
    }

    /// `http://127.0.0.1:8090/?token=…`: what to open (the token is in it).
    public var url: String {
        let (ip, port) = (frontEnd.boundHost, frontEnd.boundPort)
        let host = ip.contains(":") ? "[\(ip)]" : ip
        return "http://\(host):\(port)/?token=\(token)"
    }

    public var port: Int { frontEnd.boundPort }

    /// Pages following the stream now.
    public var followers: Int { hub.followerCount }
    public var openConnections: Int { frontEnd.openConnections }

    /// Sends `snapshot` to every page and keeps it for the next ones. Called from the
    /// session's thread; returns at once.
    public func publish(_ snapshot: LiveSnapshot) {
        hub.store(snapshot)
        hub.broadcast()
    }

    /// Stops listening and closes every page's connection.
    public func stop() { frontEnd.stop() }
}

/// The latest snapshot, rendered once for every page, and the pages following it: the
/// source of every `/events` stream (EventSource), each holding only the latest snapshot
/// its client has not taken. The snapshot is stored under a lock by the session's
/// thread; each follower is touched on its own event loop (StreamFollowers).
final class LiveHub: EventSource {
    struct Rendered: Sendable {
        var snapshot: LiveSnapshot
        var event: ByteBuffer
        var svg: ByteBuffer
        /// The page with this snapshot drawn in, rendered when first asked for.
        var page: ByteBuffer?
    }

    let token: String
    let unread: UnreadAnswers
    private let latest: NIOLockedValueBox<Rendered>
    /// Every stream follows the one latest snapshot.
    private enum Followed: Hashable, Sendable { case latest }
    private let followers = StreamFollowers<Followed>()

    init(_ snapshot: LiveSnapshot, token: String, unread: UnreadAnswers) {
        self.token = token
        self.unread = unread
        latest = NIOLockedValueBox(Self.render(snapshot))
    }

    static func render(_ snapshot: LiveSnapshot) -> Rendered {
        Rendered(snapshot: snapshot, event: ByteBuffer(string: snapshot.eventText), svg: ByteBuffer(string: snapshot.svg))
    }

    func store(_ snapshot: LiveSnapshot) {
        let rendered = Self.render(snapshot)
        latest.withLockedValue { $0 = rendered }
    }

    var current: Rendered { latest.withLockedValue { $0 } }

    /// The page of the latest snapshot: rendered once per snapshot (on the event loop, when
    /// first asked for), and its bytes shared by every answer until the next snapshot.
    func page() -> (ByteBuffer, sequence: Int) {
        let rendered = current
        let sequence = rendered.snapshot.sequence
        if let page = rendered.page { return (page, sequence) }
        let page = ByteBuffer(string: LivePage.html(rendered.snapshot, token: token))
        latest.withLockedValue { if $0.snapshot.sequence == sequence { $0.page = page } }
        return (page, sequence)
    }

    // MARK: The streams (EventSource)

    var backlog: EventStreamWriter.Backlog { .latest }
    var seconds: Int? { nil }

    var followerCount: Int { followers.count(.latest) }

    /// The stream gets the latest snapshot at once, then each new one.
    func follow(_ stream: ConnectionHandler, on loop: any EventLoop) {
        followers.follow(.latest, stream, on: loop)
        let latest = current
        stream.offer([latest.event], shared: Self.eventKey(latest.snapshot.sequence))
    }

    func unfollow(_ stream: ConnectionHandler) {
        followers.unfollow(.latest, stream)
    }

    /// A snapshot's bytes are shared by every stream, and counted once as unread: a stream
    /// holds it back while the answers not yet taken hold `LiveServer.unreadAnswerBytes`.
    func mayWrite(_ event: ByteBuffer, shared: String?) -> (() -> Void)? {
        let size = event.readableBytes
        guard unread.reserve(size, shared: shared, within: LiveServer.unreadAnswerBytes) else { return nil }
        return { [unread] in unread.remove(size, shared: shared) }
    }

    static func eventKey(_ sequence: Int) -> String { "event \(sequence)" }

    /// Offers the latest snapshot to every stream, each on its own event loop.
    func broadcast() {
        let latest = current
        followers.offer(.latest, [latest.event], shared: Self.eventKey(latest.snapshot.sequence))
    }
}
