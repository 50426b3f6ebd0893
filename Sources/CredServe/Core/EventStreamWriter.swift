import NIOCore
import NIOHTTP1

/// One Server-Sent Events answer on a connection, the one way every server of credsh
/// writes one (the double's `GET /sdk/NAME/events`, the live page's `/events`): the head
/// (`text/event-stream`, never cached or buffered by a proxy), `retry: 2000` so that an
/// EventSource reconnects two seconds after the stream closes, then events as they come.
/// A client that does not take what it was sent is not written more; what comes
/// meanwhile waits by `backlog`, and goes out when the client reads again. Confined to
/// the connection's event loop.
final class EventStreamWriter {
    /// What waits while the client takes nothing.
    enum Backlog: Sendable {
        /// The latest event alone: each replaces the one before (the live page's snapshots,
        /// each whole).
        case latest
        /// Every event, up to `events` and `bytes`; one more and the stream is over its
        /// bound (`offer` says so) and what waited is dropped (the double's callbacks).
        case queue(events: Int, bytes: Int)
    }

    private let context: ChannelHandlerContext
    private let backlog: Backlog
    /// Asked before each event goes out, with the key its bytes are shared under: nil
    /// keeps it waiting as if the client were slow (the live page's bound on unread
    /// answers), else what to call once it went out.
    private let mayWrite: (ByteBuffer, String?) -> (() -> Void)?
    private var waiting: [(event: ByteBuffer, shared: String?)] = []
    private var waitingBytes = 0

    /// One event as the stream carries it: its `id` (when it has one), `event: NAME`, one
    /// `data` line (JSON, which has no line break of its own), and the blank line that ends it.
    static func frame(_ name: String, data: String, id: Int? = nil) -> String {
        (id.map { "id: \($0)\n" } ?? "") + "event: \(name)\ndata: \(data)\n\n"
    }

    /// Writes the head and `retry`; for HEAD the answer ends there and nil comes back.
    static func start(_ request: HTTPRequestHead, context: ChannelHandlerContext, backlog: Backlog,
                      mayWrite: @escaping (ByteBuffer, String?) -> (() -> Void)? = { _, _ in {} }) -> EventStreamWriter? {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream;charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Accel-Buffering", value: "no")
        if request.method == .HEAD { headers.add(name: "Content-Length", value: "0") }
        context.write(NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: request.version, status: .ok, headers: headers))), promise: nil)
        guard request.method != .HEAD else {
            context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
            return nil
        }
        let writer = EventStreamWriter(context: context, backlog: backlog, mayWrite: mayWrite)
        writer.write(ByteBuffer(string: "retry: 2000\n\n"), then: {})
        context.flush()
        return writer
    }

    private init(context: ChannelHandlerContext, backlog: Backlog, mayWrite: @escaping (ByteBuffer, String?) -> (() -> Void)?) {
        self.context = context
        self.backlog = backlog
        self.mayWrite = mayWrite
    }

    /// Sends each event now while the client takes what it was sent, else keeps it by the
    /// backlog; false when a queue went past its bound (what waited is dropped: the caller
    /// ends the stream). `shared`: the key the events' bytes are counted under as unread.
    func offer(_ events: [ByteBuffer], shared: String? = nil) -> Bool {
        for event in events {
            // A newer latest event may go ahead of the one waiting, which it replaces.
            var inOrder = waiting.isEmpty
            if case .latest = backlog { inOrder = true }
            if inOrder, context.channel.isWritable, let written = mayWrite(event, shared) {
                write(event, then: written)
                continue
            }
            switch backlog {
            case .latest:
                waiting = [(event, shared)]
                waitingBytes = event.readableBytes
            case .queue(let limit, let bytes):
                waiting.append((event, shared))
                waitingBytes += event.readableBytes
                if waiting.count > limit || waitingBytes > bytes {
                    dropWaiting()
                    return false
                }
            }
        }
        context.flush()
        return true
    }

    /// The client reads again (`channelWritabilityChanged`): what waited goes out, as far
    /// as it may.
    func resume() {
        guard context.channel.isWritable, !waiting.isEmpty else { return }
        switch backlog {
        case .latest:
            let latest = waiting[0]
            dropWaiting()
            _ = offer([latest.event], shared: latest.shared)
        case .queue:
            flushWaiting()
            context.flush()
        }
    }

    /// Writes what waits, whatever the client takes: before the stream ends.
    func flushWaiting() {
        for (event, _) in waiting { write(event, then: {}) }
        dropWaiting()
    }

    /// Ends the answer (the connection stays open for the next request).
    func end() {
        flushWaiting()
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)), promise: nil)
    }

    /// Writes a last event (`event: closed`), then closes the connection once the client
    /// took it, or after `seconds` if it never reads again.
    func close(notice: String, within seconds: Int64) {
        dropWaiting()
        let context = self.context
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let closing = context.eventLoop.scheduleTask(in: .seconds(seconds)) { bound.value.close(promise: nil) }
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: Self.frame("closed", data: notice))))))
            .assumeIsolated().whenComplete { _ in
                closing.cancel()
                context.close(promise: nil)
            }
    }

    /// Lets what waits go at once (the stream is over).
    func dropWaiting() {
        waiting.removeAll()
        waitingBytes = 0
    }

    private func write(_ event: ByteBuffer, then written: @escaping () -> Void) {
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(event)))).assumeIsolated().whenComplete { _ in written() }
    }
}
