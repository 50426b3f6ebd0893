import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The one bootstrap of credsh's HTTP servers (`serve`, the live page: HTTPFrontEnd):
/// `threads` event-loop threads (a connection stays on the one that took it) accept
/// connections up to `limits.connections` (one more is closed as it is accepted, after
/// `onFull`), gives each the read timeout and HTTP/1.1 parsing within the header limits,
/// its requests answered in order, one at a time (NIO's pipelining handler; a malformed
/// one is the handlers' to refuse), then the server's own handlers (`handlers`).
/// `start` and `stop` run off the event loop.
final class HTTPListener {
    let limits: ConnectionLimits
    private let group: MultiThreadedEventLoopGroup
    private let connections: ConnectionRegistry
    private var listener: Channel?

    /// Starts listening on `host:port` (0: any free port); throws when it cannot bind.
    /// `handlers`: a connection's own, `before` the HTTP decoder (raw bytes) and `after` it.
    init(host: String, port: Int, limits: ConnectionLimits, threads: Int, onFull: @escaping @Sendable (ClientAddress) -> Void = { _ in },
         handlers: @escaping @Sendable (Channel, ClientAddress, ServerAuthority) -> (before: [any ChannelHandler], after: [any ChannelHandler])) throws {
        self.limits = limits
        group = MultiThreadedEventLoopGroup(numberOfThreads: max(1, threads))
        let connections = ConnectionRegistry(limit: limits.connections)
        self.connections = connections
        var decoder = NIOHTTPDecoderLimitConfiguration()
        decoder.maxHeaderFieldSize = limits.headerBytes
        decoder.maxHeaderListSize = limits.headerBytes
        decoder.maxHeaderFieldCount = limits.headerCount
        let decoderLimits = decoder
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelInitializer { server in
                server.eventLoop.makeCompletedFuture { try server.pipeline.syncOperations.addHandler(AcceptOrder(connections: connections)) }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let client = ClientAddress(channel.remoteAddress)
                    guard connections.wasAdmitted(channel) else {
                        onFull(client)
                        throw ConnectionRegistry.Full()
                    }
                    // The listening socket's address: what Host and an absolute-form target must name.
                    let bound = channel.parent?.localAddress
                    let authority = ServerAuthority(boundHost: bound?.ipAddress ?? "", boundPort: bound?.port ?? -1)
                    let sync = channel.pipeline.syncOperations
                    let own = handlers(channel, client, authority)
                    try sync.addHandler(IdleStateHandler(readTimeout: .seconds(limits.timeoutSeconds)))
                    for handler in own.before { try sync.addHandler(handler) }
                    try sync.configureHTTPServerPipeline(
                        withPipeliningAssistance: true, withErrorHandling: false,
                        withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
                    for handler in own.after { try sync.addHandler(handler) }
                }
            }
        do {
            listener = try bootstrap.bind(host: host, port: port).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
    }

    /// The address bound: `127.0.0.1:8080`, `[::1]:8080`.
    var boundAddress: String {
        guard let address = listener?.localAddress, let ip = address.ipAddress, let port = address.port else { return "?" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }

    /// The address bound without its port (`127.0.0.1`, `::1`, `0.0.0.0`), and the port.
    var boundHost: String? { listener?.localAddress?.ipAddress }
    var boundPort: Int? { listener?.localAddress?.port }

    var openConnections: Int { connections.count }

    /// Stops accepting, closes every connection, and ends the event loop.
    func stop() {
        try? listener?.close().wait()
        listener = nil
        connections.closeAll()
        try? group.syncShutdownGracefully()
    }
}

/// The connections open now, so that `stop` can close them and a new one past the limit
/// can be turned away: which one is past it is decided in the order they were accepted
/// (`admit`, on the accepting loop), whichever loop then sets each up (`wasAdmitted`).
final class ConnectionRegistry: Sendable {
    struct Full: Error {}

    private struct Open {
        var channels: [ObjectIdentifier: any Channel] = [:]
        /// Accepted past the limit, not set up yet.
        var turnedAway: Set<ObjectIdentifier> = []
    }

    private let limit: Int
    private let open = NIOLockedValueBox(Open())

    init(limit: Int) { self.limit = limit }

    /// Counts a connection just accepted, or turns it away when `limit` are open.
    func admit(_ channel: any Channel) {
        let id = ObjectIdentifier(channel)
        let added = open.withLockedValue { open -> Bool in
            guard open.channels.count < limit else {
                open.turnedAway.insert(id)
                return false
            }
            open.channels[id] = channel
            return true
        }
        channel.closeFuture.whenComplete { [open] _ in
            open.withLockedValue { open in
                if added { open.channels[id] = nil } else { open.turnedAway.remove(id) }
            }
        }
    }

    /// Whether `admit` counted it (else it is to be closed as it is set up).
    func wasAdmitted(_ channel: any Channel) -> Bool {
        open.withLockedValue { !$0.turnedAway.contains(ObjectIdentifier(channel)) }
    }

    var count: Int { open.withLockedValue { $0.channels.count } }

    func closeAll() {
        let channels = open.withLockedValue { Array($0.channels.values) }
        for channel in channels { try? channel.close().wait() }
    }
}

/// On the listening socket: hands each accepted connection to the registry in the order
/// of acceptance, before it goes to its event loop to be set up.
private final class AcceptOrder: ChannelInboundHandler, Sendable {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    let connections: ConnectionRegistry

    init(connections: ConnectionRegistry) { self.connections = connections }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connections.admit(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}

/// The peer of a connection, for the servlet (`clientHost`) and the log.
struct ClientAddress: Sendable {
    let host: String
    let text: String

    init(_ address: SocketAddress?) {
        let ip = address?.ipAddress ?? "unknown"
        host = ip
        if let port = address?.port {
            text = ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
        } else {
            text = ip
        }
    }
}
