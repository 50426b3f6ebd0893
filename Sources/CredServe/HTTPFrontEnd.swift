import NIOCore
import NIOHTTP1
import NIOPosix

/// The sockets of every server of credsh (`credsh serve`, the live page): event-loop
/// threads (ServeLimits.networkThreads) accept connections, parse HTTP/1.1 with SwiftNIO
/// (keep-alive, pipelining, chunked bodies, header limits) within the limits, and hand
/// each whole request to the server's `Service`, whose answer they write
/// (ConnectionHandler). Everything here runs on a connection's event loop except `start`
/// and `stop`.
final class HTTPFrontEnd {
    /// What one server makes of its requests: the one thing that differs between
    /// `credsh serve` and the live page.
    struct Service: Sendable {
        /// Hands a whole request over for its answer, which the promise takes (nil: the
        /// connection closes without one). `authority` names this server (ServerAuthority);
        /// `departure` says when the client has gone meanwhile. `credsh serve` posts it to
        /// the inbox for the simulation's turn; the live page answers it at once from its
        /// latest snapshot.
        var answer: @Sendable (_ request: WireRequest, _ authority: ServerAuthority, EventLoopPromise<WireResponse?>,
                               _ departure: ClientDeparture) -> Void
        /// What the HTTP layer refused, and the streams it closed: for the log (serve's
        /// inbox; the live page keeps no log).
        var log: @Sendable (ServeLogEntry) -> Void
        /// The bytes a request's body may have, by method and path (the route's).
        var bodyLimit: @Sendable (_ method: String, _ path: String) -> Int
    }

    let limits: ServeLimits
    private let listener: HTTPListener
    /// Answers handed to connections and not yet written to their sockets.
    let unread: UnreadAnswers
    /// Where the answers too long to make in the simulation's turn are made.
    private let drawing: AnswerDrawing

    /// Starts listening; throws when the address cannot be bound (in use, not local, …).
    init(host: String, port: Int, limits: ServeLimits, unread: UnreadAnswers = UnreadAnswers(), service: Service) throws {
        self.limits = limits
        self.unread = unread
        let drawing = AnswerDrawing(limits: limits, unread: unread)
        self.drawing = drawing
        listener = try HTTPListener(
            host: host, port: port, limits: limits.connection, threads: limits.networkThreads,
            onFull: { client in
                service.log(ServeLogEntry(client: client.text, method: nil, path: nil, status: nil,
                                          note: "closed: \(limits.connections) connections are open already", refusedByHTTP: true))
            },
            handlers: { _, client, authority in
                let clock = RequestClock()
                return (before: [BackPressureHandler(), ByteWatch(clock: clock)],
                        after: [ConnectionHandler(limits: limits, service: service, clock: clock, client: client,
                                                  unread: unread, drawing: drawing, authority: authority)])
            })
    }

    /// The address bound: `127.0.0.1:8080`, `[::1]:8080`.
    var boundAddress: String { listener.boundAddress }

    /// The address bound without its port (`127.0.0.1`, `::1`, `0.0.0.0`), and the port.
    var boundHost: String { listener.boundHost ?? "?" }
    var boundPort: Int { listener.boundPort ?? 0 }

    var openConnections: Int { listener.openConnections }

    /// Stops accepting, closes every connection, and ends the event loop. Requests still in
    /// the inbox are the caller's to drop (their connections are closed by then).
    func stop() {
        listener.stop()
        drawing.stop()
    }
}

/// Whether bytes of a request have arrived whose end has not: set by `ByteWatch` on the
/// raw bytes, before the HTTP decoder has made anything of them, and cleared by
/// `ConnectionHandler` at the request's end. Confined to the connection's event loop.
final class RequestClock {
    var receiving = false
    /// Called when the first byte of a request arrived and the request is not whole yet.
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
        let starting = !clock.receiving
        if starting { clock.receiving = true }
        context.fireChannelRead(data)
        // The deadline runs from this first byte; a request that arrived whole in the read
        // that began it (nearly every one) is done by now and needs none, so none is
        // scheduled and cancelled for it.
        if starting, clock.receiving { clock.onFirstByte?() }
    }
}
