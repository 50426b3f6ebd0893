import CredLanguage
import CredScript
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live page's server (docs/teaching.md): `/` the page, `/events` the
/// snapshots as Server-Sent Events, `/diagram.svg` the picture so far. It answers from
/// the latest snapshot alone, on its own event-loop thread, so a page never waits for the
/// session and the session never waits for a page.
///
/// Who may look: as the control API (ControlAccess): a Host that is an IP address or
/// localhost with the bound port (no DNS rebinding), and the run's token, which the URL
/// printed at start carries. The page shows what the teacher types, secrets too when
/// they are shown.
///
/// Bounds: `maximumConnections` open at once (one more is closed as it is accepted); a
/// request must arrive whole within `requestSeconds`; a page that does not read is sent
/// nothing more until it does, and then only the latest snapshot (each stream holds at
/// most one snapshot not yet taken by its client, and every stream shares the bytes of
/// that one snapshot). A connection gets one answer and is closed: nothing more is read
/// from it once its request is whole, so requests pipelined behind it are never answered
/// and hold nothing. The page is rendered once per snapshot and its bytes shared by every
/// answer; answers written but not yet taken by their clients hold at most
/// `unreadAnswerBytes` in all (plus one answer), past which a request is answered 503
/// (docs/scripts.md, "Bounds").
public final class LiveServer: @unchecked Sendable {
    public static let maximumConnections = 100
    public static let requestSeconds: Int64 = 10
    /// Bytes of answers (pages, pictures) handed to connections whose clients have not
    /// taken them yet, all connections together, as the control API's bound.
    public static let unreadAnswerBytes = 16 * 1024 * 1024
    /// Request line and headers, in bytes.
    static let headerBytes = 16 * 1024

    /// The live page's bounds, in the one shape every server of credsh takes (ServeLimits).
    static let limits: ServeLimits = {
        var limits = ServeLimits()
        limits.connections = maximumConnections
        limits.timeoutSeconds = requestSeconds
        limits.headerBytes = headerBytes
        return limits
    }()

    public let token: String
    private let listener: HTTPListener
    let hub: LiveHub

    /// Starts listening on `host:port` (0: any free port); throws when it cannot bind.
    public init(host: String, port: Int, token: String? = nil, initial: LiveSnapshot) throws(HostError) {
        let token = token ?? ControlAccess.randomToken()
        self.token = token
        let hub = LiveHub(initial, token: token)
        self.hub = hub
        do {
            listener = try HTTPListener(
                host: host, port: port, limits: Self.limits.connection, pipeline: .init(pipelining: false, errorHandling: true),
                handlers: { _, client, authority in
                    var access = ControlAccess(token: token, boundHost: authority.boundHost, boundPort: authority.boundPort)
                    access.service = "the live page"
                    access.printedBy = "credsh"
                    return (before: [], after: [LiveConnection(hub: hub, middleware: AccessMiddleware(access), client: client)])
                })
        } catch {
            throw HostError("cannot serve the live page on \(host):\(port): \(ServeSession.describe(error))")
        }
    }

    /// `http://127.0.0.1:8090/?token=…`: what to open (the token is in it).
    public var url: String {
        guard let ip = listener.boundHost, let port = listener.boundPort else { return "?" }
        let host = ip.contains(":") ? "[\(ip)]" : ip
        return "http://\(host):\(port)/?token=\(token)"
    }

    public var port: Int { listener.boundPort ?? 0 }

    /// Pages following the stream now.
    public var followers: Int { hub.followerCount }
    public var openConnections: Int { listener.openConnections }

    /// Sends `snapshot` to every page and keeps it for the next ones. Called from the
    /// session's thread; returns at once.
    public func publish(_ snapshot: LiveSnapshot) {
        guard let loop = listener.eventLoop else { return }
        hub.store(snapshot)
        let hub = self.hub
        loop.execute { hub.broadcast() }
    }

    /// Stops listening and closes every page's connection.
    public func stop() { listener.stop() }
}

/// The latest snapshot, rendered once for every page, and the pages following it. The
/// snapshot is stored under a lock by the session's thread; the followers live on the
/// event loop alone.
final class LiveHub: @unchecked Sendable {
    struct Rendered {
        var snapshot: LiveSnapshot
        var event: ByteBuffer
        var svg: ByteBuffer
        /// The page with this snapshot drawn in, rendered when first asked for.
        var page: ByteBuffer?
    }

    let token: String
    private let latest: NIOLockedValueBox<Rendered>
    /// Answers handed to connections and not yet written to their sockets: their bytes,
    /// each shared body counted once however many connections hold it, by key.
    private let unread = NIOLockedValueBox(UnreadAnswers())

    struct UnreadAnswers {
        var bytes = 0
        /// How many connections hold each shared body (`page 12`, `svg 12`), and its size.
        var holders: [String: (count: Int, size: Int)] = [:]
    }
    /// Event-loop confined: the streams open now.
    private var followers: [ObjectIdentifier: LiveConnection] = [:]
    private let count = NIOLockedValueBox(0)

    init(_ snapshot: LiveSnapshot, token: String) {
        self.token = token
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

    /// Counts an answer's body as unread until `release`; false (nothing counted) when the
    /// answers not yet taken hold `LiveServer.unreadAnswerBytes` already. A body shared by
    /// several answers (`shared`: the same page or picture of one snapshot) is counted
    /// once: it is in memory once, so a class of 30 loading the page at once costs one page.
    func reserve(_ bytes: Int, shared key: String?) -> Bool {
        unread.withLockedValue { unread in
            if let key, let held = unread.holders[key] {
                unread.holders[key] = (held.count + 1, held.size)
                return true
            }
            guard unread.bytes < LiveServer.unreadAnswerBytes else { return false }
            unread.bytes += bytes
            if let key { unread.holders[key] = (1, bytes) }
            return true
        }
    }

    func release(_ bytes: Int, shared key: String?) {
        unread.withLockedValue { unread in
            guard let key else { return unread.bytes -= bytes }
            guard let held = unread.holders[key] else { return }
            if held.count > 1 {
                unread.holders[key] = (held.count - 1, held.size)
            } else {
                unread.holders[key] = nil
                unread.bytes -= held.size
            }
        }
    }


    var followerCount: Int { count.withLockedValue { $0 } }

    func follow(_ connection: LiveConnection) {
        followers[ObjectIdentifier(connection)] = connection
        count.withLockedValue { $0 = followers.count }
    }

    func unfollow(_ connection: LiveConnection) {
        followers.removeValue(forKey: ObjectIdentifier(connection))
        count.withLockedValue { $0 = followers.count }
    }

    /// On the event loop: offers the latest snapshot to every stream.
    func broadcast() {
        let latest = current
        for follower in followers.values { follower.offer(latest.event, sequence: latest.snapshot.sequence) }
    }
}

/// One connection to the live page's server: a GET of the page, the picture, or the
/// stream, which then stays open and is written each new snapshot.
final class LiveConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let hub: LiveHub
    /// The access rules, in front of every route (all of them behind the token).
    private let middleware: AccessMiddleware
    private let client: ClientAddress
    private var head: HTTPRequestHead?
    /// The connection is a stream now: it sends, it does not wait for requests.
    private var streaming = false
    /// What writes the stream, holding the latest snapshot its client has not taken.
    private var writer: EventStreamWriter?
    /// The connection was answered and is closing: nothing more is read.
    private var answered = false

    init(hub: LiveHub, middleware: AccessMiddleware, client: ClientAddress) {
        self.hub = hub
        self.middleware = middleware
        self.client = client
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        if streaming { hub.unfollow(self) }
        writer = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        if streaming { hub.unfollow(self) }
        streaming = false
        writer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !streaming, !answered else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Only GET and HEAD (Router): anything else is answered now, without waiting for a body.
            if case .wrongMethod = Self.router.match(method: head.method.rawValue, path: WireRequest.split(target: head.uri).path) {
                return answer(head, context: context)
            }
            self.head = head
        case .body: break  // a GET's body means nothing here, and is not kept
        case .end:
            guard let head else { return }
            self.head = nil
            answer(head, context: context)
        }
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let (path, query) = WireRequest.split(target: head.uri)
        let request = WireRequest(method: head.method.rawValue, path: path, query: query,
                                  headers: head.headers.map { ($0.name, $0.value) }, body: [],
                                  clientHost: client.host, client: client.text)
        // The page, the picture and the stream are written here (nil); a refusal, the
        // middleware's or a route's, comes back to be sent.
        let refusal = Self.router.respond(to: request, method: head.method.rawValue, path: path, through: middleware) { match, _ in
            switch match {
            case .wrongMethod(let allowed, _, _):
                return Refusals.wrongMethod("the live page answers GET only\n", allowed: allowed)
            case .found(let route, _) where route.handler != .unknown:
                answerRoute(route.handler, head, context: context)
                return nil
            case .found, .notFound:
                return Self.notFound
            }
        }
        guard let refusal else { return }
        send(refusal.status, refusal.reason, type: refusal.contentType, body: ByteBuffer(bytes: refusal.body),
             extra: refusal.headers, head: head, context: context)
    }

    static let notFound = Refusals.plain(404, "Not Found", "the live page has /, /events and /diagram.svg\n")

    /// The page, the picture or the stream, past the middleware.
    private func answerRoute(_ path: LivePath, _ head: HTTPRequestHead, context: ChannelHandlerContext) {
        switch path {
        case .page:
            let (page, sequence) = hub.page()
            send(200, "OK", type: "text/html;charset=utf-8", body: page, shared: "page \(sequence)",
                 extra: [("Content-Security-Policy", LivePage.contentSecurityPolicy)], head: head, context: context)
        case .diagram:
            let current = hub.current
            send(200, "OK", type: "image/svg+xml;charset=utf-8", body: current.svg, shared: "svg \(current.snapshot.sequence)",
                 extra: [("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")], head: head, context: context)
        case .events:
            answered = true
            let current = hub.current
            startStream(head, first: (current.event, current.snapshot.sequence), context: context)
        case .unknown:
            break
        }
    }

    /// What the live page answers, by path: GET and HEAD only, everything behind the token.
    enum LivePath: Sendable { case page, diagram, events, unknown }

    static let router = Router<LivePath>([
        Route(["GET", "HEAD"], "/", access: .token, .page),
        Route(["GET", "HEAD"], "/index.html", access: .token, .page),
        Route(["GET", "HEAD"], "/diagram.svg", access: .token, .diagram),
        Route(["GET", "HEAD"], "/events", access: .token, .events),
        Route(["GET", "HEAD"], "/*", access: .token, .unknown),
    ])

    /// A whole answer, then the connection closes (a page asks rarely; keep-alive buys nothing).
    /// Nothing more is read from the connection: a request pipelined behind this one is
    /// never answered, so a client that sends many and reads none holds one answer at most.
    /// Past the bound of unread answers in all, a short 503 goes instead.
    private func send(_ status: Int, _ reason: String, type: String, body: ByteBuffer, shared: String? = nil,
                      extra: [(String, String)], head: HTTPRequestHead, context: ChannelHandlerContext) {
        answered = true
        context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
        let size = head.method == .HEAD ? 0 : body.readableBytes
        // A HEAD sends no body: it holds none of the shared one (which a GET must still count).
        let shared = size > 0 ? shared : nil
        guard hub.reserve(size, shared: shared) else {
            // Not counted: it is short, and one per connection at most.
            return write(503, "Service Unavailable", type: "text/plain;charset=utf-8",
                         body: ByteBuffer(string: "too many answers are waiting for their clients to read them; try again\n"),
                         extra: [("Retry-After", "1")], head: head, counted: nil, context: context)
        }
        write(status, reason, type: type, body: body, extra: extra, head: head, counted: (size, shared), context: context)
    }

    /// Writes the answer and closes the connection once it is written; what was reserved
    /// as unread (`counted`) is released then.
    private func write(_ status: Int, _ reason: String, type: String, body: ByteBuffer, extra: [(String, String)],
                       head: HTTPRequestHead, counted: (size: Int, shared: String?)?, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Connection", value: "close")
        for (name, value) in extra { headers.add(name: name, value: value) }
        let status = HTTPResponseStatus(statusCode: status, reasonPhrase: reason)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let hub = self.hub
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            if let counted { hub.release(counted.size, shared: counted.shared) }
            context.close(promise: nil)
        }
    }

    private func startStream(_ head: HTTPRequestHead, first: (event: ByteBuffer, sequence: Int), context: ChannelHandlerContext) {
        // The snapshot's bytes are shared by every stream, and counted once as unread (LiveHub.reserve).
        let hub = self.hub
        let writer = EventStreamWriter.start(head, context: context, backlog: .latest, closingAfterHEAD: true) { [unowned self] event in
            let key = "event \(self.sequence)"
            let size = event.readableBytes
            guard hub.reserve(size, shared: key) else { return nil }
            return { hub.release(size, shared: key) }
        }
        guard let writer else { return }
        self.writer = writer
        streaming = true
        hub.follow(self)
        offer(first.event, sequence: first.sequence)
    }

    /// The sequence of the snapshot offered last: the only one that may wait (`.latest`).
    private var sequence = 0

    /// Writes the snapshot now if the client takes what it was sent and the unread answers
    /// leave room; otherwise keeps it (in place of any older one) until the client reads,
    /// or the next snapshot comes.
    func offer(_ event: ByteBuffer, sequence: Int) {
        guard streaming, let writer else { return }
        self.sequence = sequence
        _ = writer.offer([event])
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        writer?.resume()
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            return context.fireUserInboundEventTriggered(event)
        }
        // A stream's client sends nothing: only a connection still waiting for its request is closed.
        if !streaming { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
