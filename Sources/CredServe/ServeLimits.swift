import NIOCore

/// The bounds every connection of `credsh serve` lives within (docs/serving.md). A
/// request past one of them is answered with the status named here and its
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
    /// Bytes of answers written to connections but not yet taken by their clients, all
    /// connections together. Past it a control run is answered 503 without running: 60
    /// clients that send scripts with large outputs and never read cannot make the server
    /// hold more than this (plus one answer) in answers.
    public var answerBytesInFlight = 16 * 1024 * 1024
    /// Seconds one control run may take (`POST /__credsh/run`); then it stops as an
    /// interrupted run does, and every other client has waited at most this long.
    public var controlRunSeconds = 5.0
    /// Statements one control run may execute (the prompt's and a script's budget is 10M).
    public var controlStepBudget = 1_000_000
    /// Threads that read, parse, route and write connections (HTTP, the access checks,
    /// JSON) with `--control`, which serves the SDK double: two where the machine has two
    /// cores, so both read and write while the serving thread runs the calls, one at a
    /// time whatever the number. Without `--control` there is one: the served SDK's
    /// requests wait for each other's PBKDF2 anyway (docs/serving.md, "One request at a
    /// time"; docs/double.md, "Speed").
    public var networkThreads = min(2, System.coreCount)

    public init() {}

    /// The HTTP layer's share of these (HTTPListener).
    var connection: ConnectionLimits {
        ConnectionLimits(connections: connections, timeoutSeconds: timeoutSeconds, headerBytes: headerBytes, headerCount: headerCount)
    }
}
