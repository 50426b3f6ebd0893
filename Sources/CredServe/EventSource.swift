import NIOCore

/// What an answer that opens a stream of Server-Sent Events carries (WireResponse.stream):
/// where its events come from and how those its client has not taken wait. Two sources:
/// the SDK double's callbacks of one device (EventStreams.Opening) and the live page's
/// snapshots (LiveHub). The connection (ConnectionHandler) writes either the same way.
protocol EventSource: Sendable {
    var backlog: EventStreamWriter.Backlog { get }
    /// The stream ends after this many seconds, the connection staying open for the
    /// client's next request; nil: when the client goes.
    var seconds: Int? { get }
    /// Starts handing `stream` its events (`ConnectionHandler.offer`) on `loop`, its own
    /// event loop, on which this is called; what is current already may be offered at once.
    func follow(_ stream: ConnectionHandler, on loop: any EventLoop)
    func unfollow(_ stream: ConnectionHandler)
    /// Asked before each event goes out (EventStreamWriter): nil keeps it waiting as if the
    /// client were slow, else what to call once it went out. `shared`: the key its bytes
    /// are counted under as unread (UnreadAnswers), nil when they are not shared.
    func mayWrite(_ event: ByteBuffer, shared: String?) -> (() -> Void)?
}

extension EventSource {
    func mayWrite(_ event: ByteBuffer, shared: String?) -> (() -> Void)? { {} }
}
