/// The REL-ID SDK's server calls over credsh's shared network (docs/relid.md, "Network").
/// S1's test 9 expects an update without a network, or with the server stopped, to show
/// "network/connection error details" in the error banner and clear the fields; the
/// codelabs name no error code for it, so the codes below are a simulator decision.
extension RelIDSDK {
    /// A server call that could not reach the server: its synchronous error, and a note
    /// that nothing changed there (no attempt spent, no password stored).
    static func unreachable(_ api: String, _ arguments: [(String, JSONValue)], _ fault: NetworkFault) -> [Outcome] {
        [.call(api: api, arguments: arguments, error: RelIDSyncError.from(fault)),
         .note("\(fault.rawValue): the request did not reach the server; nothing changed there")]
    }
}

extension RelIDSyncError {
    /// No connection on the device (simulator decision: the number and the words).
    public static let networkUnavailable = SyncError(code: 12, message: "Network not available. Please check your connection.")
    /// Online, but the server does not answer (simulator decision: the number and the words).
    public static let serverUnreachable = SyncError(code: 13, message: "Unable to connect to the server.")

    static func from(_ fault: NetworkFault) -> SyncError {
        switch fault {
        case .networkDown: return networkUnavailable
        case .serverDown: return serverUnreachable
        }
    }
}
