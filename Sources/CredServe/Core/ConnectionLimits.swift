/// What every connection of an HTTPListener lives within: the HTTP layer's share of a
/// server's bounds (ServeLimits for `serve`, LiveServer's own for the live page).
struct ConnectionLimits: Sendable {
    /// Connections open at once; one more is closed as soon as it is accepted.
    var connections: Int
    /// Seconds a connection may stay silent (IdleStateHandler's read timeout).
    var timeoutSeconds: Int64
    /// The request line and the headers together, in bytes, and how many fields.
    var headerBytes: Int
    var headerCount: Int
}
