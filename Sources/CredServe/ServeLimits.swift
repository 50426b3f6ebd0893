/// The bounds every connection of `credsh serve` lives within (README, "Serving over
/// HTTP"). A request past one of them is answered with the status named here and its
/// connection closed; nothing a client sends can make the server hold more than
/// `connections` × (`headerBytes` + `scriptBytes`) bytes of requests at once.
public struct ServeLimits: Sendable {
    /// The request line and the headers together, in bytes; more answers 431.
    public var headerBytes = 16 * 1024
    /// Header fields in one request; more answers 431.
    public var headerCount = 100
    /// The body of a SUSI request (a form), in bytes; more answers 413.
    public var bodyBytes = 64 * 1024
    /// The body of `POST /__credsh/run` (a script), in bytes; more answers 413.
    public var scriptBytes = 1024 * 1024
    /// Seconds a client may take to send one whole request once its first byte arrived
    /// (more answers 408), and may stay silent between requests (then the connection is
    /// closed without a word).
    public var timeoutSeconds: Int64 = 10
    /// Connections open at once; one more is closed as soon as it is accepted.
    public var connections = 256

    public init() {}
}
