/// Counts the KDF rounds run for whoever binds it (`KDFMeter.$current.withValue`), so a
/// caller that bounds work can charge for hashing: one command at the KDF's maximum
/// costs as much as a hundred thousand cheap ones (docs/scripts.md, "Bounds"). It only observes:
/// no result of the simulation depends on it.
public final class KDFMeter: @unchecked Sendable {
    /// The meter of the run on this thread or task, if one is bound. Each run binds its
    /// own, so parallel runs never count each other's work.
    @TaskLocal public static var current: KDFMeter?

    private var rounds = 0

    public init() {}

    func add(_ count: Int) { rounds &+= count }

    /// The rounds counted since the last call.
    public func take() -> Int {
        defer { rounds = 0 }
        return rounds
    }
}
