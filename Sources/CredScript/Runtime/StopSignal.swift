import CredLanguage
/// Raised from a signal handler (SIGTERM or SIGINT to `credsh serve`): every evaluator of
/// the process stops at its next statement, as a Ctrl-C stops one at the prompt, so a script
/// running for a control-API client does not hold the server past the signal. Statements
/// themselves are bounded (patterns are linear, work is charged by its size), so "the next
/// statement" comes within a fraction of a second.
public enum StopSignal {
    /// Called by the signal handler: an atomic store, which is async-signal-safe (SignalFlag).
    public static func raise() { stopSignal.raise() }
    /// Called before the handler is installed, so the flag exists before a signal can come.
    public static func prepare() { stopSignal.lower() }
    public static var isRaised: Bool { stopSignal.isRaised }
}

private let stopSignal = SignalFlag()
