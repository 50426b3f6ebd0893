import CredLanguage
import Synchronization

/// A flag that a signal handler raises and the running thread looks at (Ctrl-C at the
/// prompt, SIGTERM to `credsh serve`).
///
/// It is an `Atomic`, not a global `var`: every access to a Swift variable is checked for
/// exclusivity at run time, and a handler runs on the very thread it interrupts. A signal
/// landing while that thread was between the start and the end of its own read of the
/// variable made the handler's write a second, overlapping access, and the process
/// trapped ("Fatal access conflict detected", about one SIGTERM in thirty in the middle
/// of a run). An atomic's load and store are single instructions with no access to check,
/// and are safe in a signal handler.
///
/// A flag must exist before its handler is installed (`lower()` first): a global is made
/// on its first use, and that must not be inside the handler.
public struct SignalFlag: ~Copyable, Sendable {
    private let raised = Atomic<Bool>(false)

    public init() {}

    /// From the handler.
    public func raise() { raised.store(true, ordering: .sequentiallyConsistent) }

    public func lower() { raised.store(false, ordering: .sequentiallyConsistent) }

    public var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }

    /// Whether it was raised, lowered in the same instruction: a signal that comes between
    /// a look and a lowering is not lost.
    public func take() -> Bool { raised.exchange(false, ordering: .sequentiallyConsistent) }
}
