import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// The sockets of `credsh serve`: one event-loop thread accepts connections, parses
/// HTTP/1.1 with SwiftNIO (keep-alive, pipelining, chunked bodies, header limits), and
/// posts each whole request to the inbox; the thread that owns the simulation answers it.
/// Everything here runs on the event loop except `start` and `stop`.
final class HTTPFrontEnd {
    let limits: ServeLimits
    let inbox: ServeInbox
    /// Paths whose body is a script (`/__credsh/run`), allowed `scriptBytes` instead of `bodyBytes`.
    let scriptPaths: Set<String>
    private let group: MultiThreadedEventLoopGroup
    private let connections: ConnectionRegistry
    private var listener: Channel?
    /// Bytes of answers handed to connections and not yet written to their sockets.
    private let inFlight = NIOLockedValueBox(0)

    /// Starts listening; throws when the address cannot be bound (in use, not local, …).
    init(host: String, port: Int, limits: ServeLimits, inbox: ServeInbox, scriptPaths: Set<String>) throws {
        self.limits = limits
        self.inbox = inbox
        self.scriptPaths = scriptPaths
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        connections = ConnectionRegistry(limit: limits.connections)
        let connections = self.connections
        let inFlight = self.inFlight
        let decoderLimits = {
            var decoder = NIOHTTPDecoderLimitConfiguration()
            decoder.maxHeaderFieldSize = limits.headerBytes
            decoder.maxHeaderListSize = limits.headerBytes
            decoder.maxHeaderFieldCount = limits.headerCount
            return decoder
        }()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let client = ClientAddress(channel.remoteAddress)
                    guard connections.add(channel) else {
                        inbox.post(.refused(ServeLogEntry(client: client.text, method: nil, path: nil, status: nil,
                                                          note: "closed: \(limits.connections) connections are open already", refusedByHTTP: true)))
                        throw ConnectionRegistry.Full()
                    }
                    let clock = RequestClock()
                    // The listening socket's address: what an absolute-form target must name.
                    let bound = channel.parent?.localAddress
                    let authority = ServerAuthority(boundHost: bound?.ipAddress ?? "", boundPort: bound?.port ?? -1)
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(IdleStateHandler(readTimeout: .seconds(limits.timeoutSeconds)))
                    try sync.addHandler(BackPressureHandler())
                    try sync.addHandler(ByteWatch(clock: clock))
                    try sync.configureHTTPServerPipeline(
                        withPipeliningAssistance: true, withErrorHandling: false,
                        withEncoderConfiguration: .init(), withDecoderLimitConfiguration: decoderLimits)
                    try sync.addHandler(ConnectionHandler(limits: limits, inbox: inbox, clock: clock, client: client,
                                                          scriptPaths: scriptPaths, inFlight: inFlight, authority: authority))
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
    var boundHost: String { listener?.localAddress?.ipAddress ?? "?" }
    var boundPort: Int { listener?.localAddress?.port ?? 0 }

    var openConnections: Int { connections.count }

    var answerBytesInFlight: Int { inFlight.withLockedValue { $0 } }

    /// Stops accepting, closes every connection, and ends the event loop. Requests still in
    /// the inbox are the caller's to drop (their connections are closed by then).
    func stop() {
        try? listener?.close().wait()
        listener = nil
        connections.closeAll()
        try? group.syncShutdownGracefully()
    }
}

/// The connections open now, so that `stop` can close them and a new one past the limit
/// can be turned away.
final class ConnectionRegistry: Sendable {
    struct Full: Error {}

    private let limit: Int
    private let open = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    init(limit: Int) { self.limit = limit }

    func add(_ channel: any Channel) -> Bool {
        let added = open.withLockedValue { open -> Bool in
            guard open.count < limit else { return false }
            open[ObjectIdentifier(channel)] = channel
            return true
        }
        if added {
            channel.closeFuture.whenComplete { [open] _ in
                _ = open.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
            }
        }
        return added
    }

    var count: Int { open.withLockedValue { $0.count } }

    func closeAll() {
        let channels = open.withLockedValue { Array($0.values) }
        for channel in channels { try? channel.close().wait() }
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

/// Whether bytes of a request have arrived whose end has not: set by `ByteWatch` on the
/// raw bytes, before the HTTP decoder has made anything of them, and cleared by
/// `ConnectionHandler` at the request's end. Confined to the connection's event loop.
final class RequestClock {
    var receiving = false
    /// Called when the first byte of a request arrives.
    var onFirstByte: (() -> Void)?
    /// Writes bytes straight to the socket, past the HTTP encoder and the pipelining
    /// handler: for refusals, which end the connection.
    var writeRaw: ((ByteBuffer) -> EventLoopFuture<Void>)?
}

/// Sits in front of the HTTP decoder: notices when a request starts arriving (so that a
/// slow one can be timed from its first byte), and writes refusals raw.
final class ByteWatch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let clock: RequestClock

    init(clock: RequestClock) { self.clock = clock }

    func handlerAdded(context: ChannelHandlerContext) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        clock.writeRaw = { bytes in bound.value.writeAndFlush(NIOAny(bytes)) }
    }

    func handlerRemoved(context: ChannelHandlerContext) { clock.writeRaw = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if !clock.receiving {
            clock.receiving = true
            clock.onFirstByte?()
        }
        context.fireChannelRead(data)
    }
}
