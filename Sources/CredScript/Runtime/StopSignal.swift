#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Set from a signal handler (SIGTERM or SIGINT to `credsh serve`): every evaluator of the
/// process stops at its next statement, as a Ctrl-C stops one at the prompt, so a script
/// running for a control-API client does not hold the server past the signal. Statements
/// themselves are bounded (patterns are linear, work is charged by its size), so "the next
/// statement" comes within a fraction of a second.
public enum StopSignal {
    /// Called by the signal handler: only an assignment, which is async-signal-safe.
    public static func raise() { stopSignalRaised = 1 }
    /// Called before the handler is installed, so the flag exists before a signal can come.
    public static func prepare() { stopSignalRaised = 0 }
    static var isRaised: Bool { stopSignalRaised != 0 }
}

nonisolated(unsafe) private var stopSignalRaised: sig_atomic_t = 0
