import NIOCore
import NIOHTTP1

/// One connection's requests, after SwiftNIO has parsed them and its pipelining handler has
/// put them in order (the next request of a connection arrives here only once the previous
/// one was answered): the one connection handler of every server of credsh (`serve`, the
/// live page). Each whole request goes to the server's service (HTTPFrontEnd.Service:
/// serve's inbox, the live page's snapshot); its answer comes back through a promise.
/// Requests past a limit are refused here and never reach the service.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ServeLimits
    private let service: HTTPFrontEnd.Service
    private let clock: RequestClock
    private let client: ClientAddress
    private let unread: UnreadAnswers
    private let drawing: AnswerDrawing
    /// What names this server in an absolute-form request target.
    private let authority: ServerAuthority

    private var head: HTTPRequestHead?
    /// The head's target split once (WireRequest.split): its path and query.
    private var target: (path: String, query: String) = ("", "")
    private var body: [UInt8] = []
    private var bodyLimit = 0
    /// A refusal was sent and the connection is closing: whatever else arrives is ignored.
    private var refusing = false
    /// A request is with the simulation: the client is allowed to wait silently.
    private var awaitingAnswer = false
    private var deadline: Scheduled<Void>?
    /// The request with the simulation now, told when the client goes away before its answer.
    private var departure: ClientDeparture?
    /// The event stream this connection became (`GET /sdk/NAME/events`, the live page's
    /// `/events`): it sends, it answers nothing more, and it is not closed for silence.
    private var stream: (any EventSource)?
    private var streamEnd: Scheduled<Void>?
    /// What writes it, holding the events its client has not taken yet (by the source's backlog).
    private var streamWriter: EventStreamWriter?

    init(limits: ServeLimits, service: HTTPFrontEnd.Service, clock: RequestClock, client: ClientAddress,
         unread: UnreadAnswers, drawing: AnswerDrawing, authority: ServerAuthority) {
        self.authority = authority
        self.drawing = drawing
        self.unread = unread
        self.limits = limits
        self.service = service
        self.clock = clock
        self.client = client
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        clock.onFirstByte = { handler.value.armDeadline(context: bound.value) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        clock.onFirstByte = nil
        deadline?.cancel()
        endStream()
    }

    // MARK: Requests

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body.removeAll(keepingCapacity: true)
            if let refusal = RequestFraming.refusal(for: head, authority: authority) {
                refuse(refusal.status, refusal.reason, detail: refusal.detail, context: context)
                return
            }
            target = WireRequest.split(target: head.uri)
            bodyLimit = service.bodyLimit(head.method.rawValue, target.path)
            if let length = head.headers.first(name: "content-length").flatMap(Int.init), length > bodyLimit {
                refuse(413, "Payload Too Large", detail: "a body of \(length) bytes; at most \(bodyLimit)", context: context)
                return
            }
            if head.headers[canonicalForm: "expect"].contains(where: { $0.lowercased() == "100-continue" }) {
                context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .continue))), promise: nil)
            }
        case .body(let bytes):
            guard body.count + bytes.readableBytes <= bodyLimit else {
                refuse(413, "Payload Too Large", detail: "a body over \(bodyLimit) bytes", context: context)
                return
            }
            body.append(contentsOf: bytes.readableBytesView)
        case .end:
            clock.receiving = false
            deadline?.cancel()
            deadline = nil
            guard let head else { return }
            self.head = nil
            submit(head, context: context)
        }
    }

    private func submit(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        let (path, query) = target
        let request = WireRequest(method: head.method.rawValue, path: path, query: query,
                                  headers: head.headers.map { ($0.name, WireRequest.trimmed($0.value)) }, body: body,
                                  clientHost: client.host, client: client.text)
        body = []
        awaitingAnswer = true
        let departure = ClientDeparture()
        self.departure = departure
        let promise = context.eventLoop.makePromise(of: WireResponse?.self)
        promise.futureResult.assumeIsolated().whenComplete { result in
            self.awaitingAnswer = false
            self.departure = nil
            guard case .success(let response?) = result else {
                context.close(promise: nil)  // no answer: the network or the server is "down"
                return
            }
            self.send(response, to: head, context: context)
        }
        service.answer(request, authority, promise, departure)
    }

    /// The connection closed (the client went away, or the server is stopping): a request
    /// still waiting for its answer is abandoned, so a control run for it does not start,
    /// or stops at its next statement (ControlAPI).
    func channelInactive(context: ChannelHandlerContext) {
        departure?.markLeft()
        endStream()
        context.fireChannelInactive()
    }

    /// Writes an answer through the HTTP encoder; closes the connection after it when the
    /// client asked for that (or spoke HTTP/1.0 without keep-alive).
    private func send(_ response: WireResponse, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        if let stream = response.stream { return startStream(stream, response, to: request, context: context) }
        if let make = response.drawing { return draw(make, to: request, context: context) }
        let body = response.bodyBuffer  // serialized here, once, for a JSON answer
        let keepAlive = request.isKeepAlive
        var headers = HTTPHeaders()
        if !response.contentType.isEmpty { headers.add(name: "Content-Type", value: response.contentType) }
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        if !keepAlive {
            headers.add(name: "Connection", value: "close")
        } else if request.version == .http1_0 {
            headers.add(name: "Connection", value: "keep-alive")
        }
        // `.custom`: NIO's init by code keeps only its own phrase for a known status, and
        // the reason phrase is the message, as Jetty 9.3 sends it (docs/susi.md, "The wire").
        let status = HTTPResponseStatus.custom(code: UInt(response.status), reasonPhrase: response.reason)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: request.version, status: status, headers: headers))), promise: nil)
        let size = request.method == .HEAD ? 0 : body.readableBytes
        if size > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        // Counted until the socket took it (or the connection closed): what clients that
        // do not read make the server hold. A shared body is in memory once, counted once.
        let shared = size > 0 ? response.shared : nil
        unread.add(size, shared: shared)
        written.whenComplete { [unread] _ in unread.remove(size, shared: shared) }
        if !keepAlive {
            written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    /// An answer made by the drawing thread (AnswerDrawing), written when it is made; the
    /// connection waits for it as for any answer (not closed for silence meanwhile).
    private func draw(_ make: @escaping @Sendable () -> WireResponse, to request: HTTPRequestHead, context: ChannelHandlerContext) {
        awaitingAnswer = true
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        drawing.draw(on: context.eventLoop, make).whenComplete { result in
            handler.value.awaitingAnswer = false
            guard case .success(let response) = result else { return bound.value.close(promise: nil) }
            handler.value.send(response, to: request, context: bound.value)
        }
    }

    // MARK: Event streams

    private func startStream(_ stream: any EventSource, _ response: WireResponse,
                             to request: HTTPRequestHead, context: ChannelHandlerContext) {
        guard let writer = EventStreamWriter.start(request, context: context, backlog: stream.backlog,
                                                   mayWrite: { stream.mayWrite($0, shared: $1) }) else { return }
        self.stream = stream
        streamWriter = writer
        stream.follow(self, on: context.eventLoop)
        if let seconds = stream.seconds {
            let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
            streamEnd = context.eventLoop.scheduleTask(in: .seconds(Int64(seconds))) { handler.value.finishStream() }
        }
    }

    /// `?seconds=N` ran out: what waits goes out, then the answer ends (the connection
    /// stays open for the client's next request).
    private func finishStream() {
        guard let writer = streamWriter else { return }
        writer.end()
        endStream()
    }

    /// On the event loop: sends each event now while the client takes what it was sent,
    /// else keeps it by the source's backlog. Past a queue's bound (the double's:
    /// `EventStreams.queueLimit` events or `queueBytes`) the events kept are dropped, the
    /// stream ends with an `event: closed` saying why, and the log says so. `overflowed`:
    /// the run that made these had more for this device, so the stream ends after them
    /// the same way, saying that. The connection closes once its client has taken that
    /// notice, or after the timeout (ServeLimits.timeoutSeconds) if it never reads again;
    /// its EventSource reconnects. `shared`: the key the events' bytes are counted under
    /// as unread (the live page's snapshot, `event 12`).
    func offer(_ events: [ByteBuffer], shared: String? = nil, overflowed: Bool = false) {
        guard stream != nil, let writer = streamWriter else { return }
        guard writer.offer(events, shared: shared) else {
            return close(writer, notice: Self.overflowNotice,
                         log: "event stream closed: its client left over \(EventStreams.queueLimit) events untaken")
        }
        if overflowed {
            writer.flushWaiting()
            return close(writer, notice: Self.runOverflowNotice,
                         log: "event stream closed: one control run had over \(EventStreams.queueLimit) events for it")
        }
    }

    /// Ends a stream with its `closed` record and lets its memory go at once.
    private func close(_ writer: EventStreamWriter, notice: String, log: String) {
        service.log(ServeLogEntry(client: client.text, method: "GET", path: nil, status: nil, note: log, refusedByHTTP: true))
        endStream()
        writer.close(notice: notice, within: limits.timeoutSeconds)
    }

    /// What a stream closed for its client's slowness says last (docs/double.md).
    static let overflowNotice = #"{"reason":"over \#(EventStreams.queueLimit) events waited untaken: the stream is closed and the events that waited are dropped; reconnect"}"#
    /// What a stream closed for one run's flood says last (docs/double.md).
    static let runOverflowNotice = #"{"reason":"one control run had over \#(EventStreams.queueLimit) events for this device: the stream is closed after the first \#(EventStreams.queueLimit) and the rest are dropped; reconnect"}"#

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if stream != nil { streamWriter?.resume() }
        context.fireChannelWritabilityChanged()
    }

    private func endStream() {
        guard let stream else { return }
        stream.unfollow(self)
        self.stream = nil
        streamEnd?.cancel()
        streamEnd = nil
        streamWriter?.dropWaiting()
        streamWriter = nil
    }

    // MARK: Refusals

    /// Answers `status` with Jetty's page for a bad message, straight to the socket, logs it,
    /// and closes the connection: after a malformed or oversized request the rest of the
    /// stream cannot be trusted to start a new request.
    private func refuse(_ status: Int, _ reason: String, detail: String, context: ChannelHandlerContext) {
        guard !refusing else { return }
        refusing = true
        deadline?.cancel()
        let response = WireResponse.refusal(status, reason)
        var text = "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(response.contentType)\r\n"
        text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count + response.body.count)
        buffer.writeString(text)
        buffer.writeBytes(response.body)
        let path = head.map { WireRequest.split(target: $0.uri).path }
        service.log(ServeLogEntry(client: client.text, method: head?.method.rawValue, path: path, status: status, note: detail, refusedByHTTP: true))
        // Closing at once, with the client still sending, would make the kernel answer its
        // next bytes with a reset, which can destroy the refusal before the client reads it.
        // So: end the output, drain what still comes for a moment, then close.
        let channel = context.channel
        let linger = Self.lingerMilliseconds
        guard let write = clock.writeRaw else { return context.close(promise: nil) }
        write(buffer).whenComplete { _ in
            channel.close(mode: .output, promise: nil)
            channel.eventLoop.scheduleTask(in: .milliseconds(linger)) { channel.close(promise: nil) }
        }
    }

    /// How long a refused connection is drained before it is closed, in milliseconds.
    static let lingerMilliseconds: Int64 = 1_000

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard !refusing else { return }  // the decoder's complaints about bytes after a refusal
        guard let error = error as? HTTPParserError else {
            context.close(promise: nil)
            return
        }
        if error == .invalidEOFState {
            // The client went away in the middle of a request: nobody to answer.
            refusing = true
            deadline?.cancel()
            let path = head.map { WireRequest.split(target: $0.uri).path }
            service.log(ServeLogEntry(client: client.text, method: head?.method.rawValue, path: path, status: nil,
                                      note: "closed by the client in the middle of a request", refusedByHTTP: true))
            context.close(promise: nil)
        } else if error == .headerOverflow {
            refuse(431, "Request Header Fields Too Large",
                   detail: "request line and headers over \(limits.headerBytes) bytes or \(limits.headerCount) fields", context: context)
        } else {
            refuse(400, "Bad Request", detail: "malformed request: \(error)", context: context)
        }
    }

    // MARK: Slow and silent clients

    /// A request must arrive whole within the timeout of its first byte.
    fileprivate func armDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .seconds(limits.timeoutSeconds)) {
            handler.value.requestTimedOut(context: bound.value)
        }
    }

    private func requestTimedOut(context: ChannelHandlerContext) {
        guard clock.receiving, !awaitingAnswer else { return }
        refuse(408, "Request Timeout", detail: "no whole request within \(limits.timeoutSeconds) s of its first byte", context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        if awaitingAnswer || refusing || stream != nil { return }
        if clock.receiving {
            refuse(408, "Request Timeout", detail: "silent for \(limits.timeoutSeconds) s in the middle of a request", context: context)
        } else {
            context.close(promise: nil)  // an idle keep-alive connection
        }
    }
}
