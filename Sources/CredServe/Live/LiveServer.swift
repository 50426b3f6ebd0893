import CredScript
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The live page's server (README, "Teaching with credsh"): `/` the page, `/events` the
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
/// that one snapshot).
public final class LiveServer: @unchecked Sendable {
    public static let maximumConnections = 100
    public static let requestSeconds: Int64 = 10
    /// Request line and headers, in bytes.
    static let headerBytes = 16 * 1024

    public let token: String
    private let group: MultiThreadedEventLoopGroup
    private var listener: Channel?
    let hub: LiveHub
    private let connections: ConnectionRegistry
    private let access: ControlAccess

    /// Starts listening on `host:port` (0: any free port); throws when it cannot bind.
    public init(host: String, port: Int, token: String? = nil, initial: LiveSnapshot) throws(HostError) {
        let token = token ?? ControlAccess.randomToken()
        self.token = token
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let hub = LiveHub(initial, token: token)
        self.hub = hub
        let connections = ConnectionRegistry(limit: Self.maximumConnections)
        self.connections = connections
        let accessBox = NIOLockedValueBox<ControlAccess?>(nil)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard connections.add(channel), let access = accessBox.withLockedValue({ $0 }) else { throw ConnectionRegistry.Full() }
                    var limits = NIOHTTPDecoderLimitConfiguration()
                    limits.maxHeaderFieldSize = Self.headerBytes
                    limits.maxHeaderListSize = Self.headerBytes
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(IdleStateHandler(readTimeout: .seconds(Self.requestSeconds)))
                    try sync.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: true,
                                                         withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
                    try sync.addHandler(LiveConnection(hub: hub, access: access, client: ClientAddress(channel.remoteAddress)))
                }
            }
        do {
            listener = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw HostError("cannot serve the live page on \(host):\(port): \(ServeSession.describe(error))")
        }
        var access = ControlAccess(token: token, boundHost: listener?.localAddress?.ipAddress ?? host,
                                   boundPort: listener?.localAddress?.port ?? port)
        access.service = "the live page"
        access.printedBy = "credsh"
        self.access = access
        accessBox.withLockedValue { $0 = access }
    }

    /// `http://127.0.0.1:8090/?token=…`: what to open (the token is in it).
    public var url: String {
        guard let address = listener?.localAddress, let ip = address.ipAddress, let port = address.port else { return "?" }
        let host = ip.contains(":") ? "[\(ip)]" : ip
        return "http://\(host):\(port)/?token=\(token)"
    }

    public var port: Int { listener?.localAddress?.port ?? 0 }

    /// Pages following the stream now.
    public var followers: Int { hub.followerCount }
    public var openConnections: Int { connections.count }

    /// Sends `snapshot` to every page and keeps it for the next ones. Called from the
    /// session's thread; returns at once.
    public func publish(_ snapshot: LiveSnapshot) {
        guard let loop = listener?.eventLoop else { return }
        hub.store(snapshot)
        let hub = self.hub
        loop.execute { hub.broadcast() }
    }

    /// Stops listening and closes every page's connection.
    public func stop() {
        try? listener?.close().wait()
        listener = nil
        connections.closeAll()
        try? group.syncShutdownGracefully()
    }
}

/// The latest snapshot, rendered once for every page, and the pages following it. The
/// snapshot is stored under a lock by the session's thread; the followers live on the
/// event loop alone.
final class LiveHub: @unchecked Sendable {
    struct Rendered {
        var snapshot: LiveSnapshot
        var event: ByteBuffer
        var svg: ByteBuffer
    }

    let token: String
    private let latest: NIOLockedValueBox<Rendered>
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
        let event = current.event
        for follower in followers.values { follower.offer(event) }
    }
}

/// One connection to the live page's server: a GET of the page, the picture, or the
/// stream, which then stays open and is written each new snapshot.
final class LiveConnection: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let hub: LiveHub
    private let access: ControlAccess
    private let client: ClientAddress
    private var head: HTTPRequestHead?
    private var context: ChannelHandlerContext?
    /// The connection is a stream now: it sends, it does not wait for requests.
    private var streaming = false
    /// The connection was answered and is closing: nothing more is read.
    private var answered = false
    /// A snapshot came while the client was not reading: the latest goes out once it reads.
    private var waiting: ByteBuffer?

    init(hub: LiveHub, access: ControlAccess, client: ClientAddress) {
        self.hub = hub
        self.access = access
        self.client = client
    }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func handlerRemoved(context: ChannelHandlerContext) {
        if streaming { hub.unfollow(self) }
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        if streaming { hub.unfollow(self) }
        streaming = false
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !streaming, !answered else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Only GET and HEAD: anything else is answered now, without waiting for a body.
            guard head.method == .GET || head.method == .HEAD else {
                answered = true  // whatever else arrives is ignored until the connection closes
                return send(405, "Method Not Allowed", type: "text/plain;charset=utf-8", body: ByteBuffer(string: "the live page answers GET only\n"),
                            extra: [("Allow", "GET, HEAD")], head: head, context: context)
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
        if let refusal = access.refusal(request) {
            return send(refusal.status, refusal.reason, type: refusal.contentType, body: ByteBuffer(bytes: refusal.body),
                        extra: refusal.headers, head: head, context: context)
        }
        let current = hub.current
        switch path {
        case "/", "/index.html":
            send(200, "OK", type: "text/html;charset=utf-8", body: ByteBuffer(string: LivePage.html(current.snapshot, token: hub.token)),
                 extra: [("Content-Security-Policy", LivePage.contentSecurityPolicy)], head: head, context: context)
        case "/diagram.svg":
            send(200, "OK", type: "image/svg+xml;charset=utf-8", body: current.svg,
                 extra: [("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")], head: head, context: context)
        case "/events":
            startStream(head, first: current.event, context: context)
        default:
            send(404, "Not Found", type: "text/plain;charset=utf-8", body: ByteBuffer(string: "the live page has /, /events and /diagram.svg\n"),
                 extra: [], head: head, context: context)
        }
    }

    /// A whole answer, then the connection closes (a page asks rarely; keep-alive buys nothing).
    private func send(_ status: Int, _ reason: String, type: String, body: ByteBuffer, extra: [(String, String)],
                      head: HTTPRequestHead, context: ChannelHandlerContext) {
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
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    private func startStream(_ head: HTTPRequestHead, first: ByteBuffer, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream;charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Accel-Buffering", value: "no")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        guard head.method != .HEAD else {
            context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            return
        }
        streaming = true
        hub.follow(self)
        // Two seconds before the browser reconnects, should the session restart its server.
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "retry: 2000\n\n")))), promise: nil)
        offer(first)
    }

    /// Writes the snapshot now if the client takes what it was sent; otherwise keeps it (in
    /// place of any older one) until it does.
    func offer(_ event: ByteBuffer) {
        guard streaming, let context else { return }
        guard context.channel.isWritable else {
            waiting = event
            return
        }
        waiting = nil
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(event))), promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let waiting { offer(waiting) }
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
