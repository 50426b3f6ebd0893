/// The numbers a script gives a policy (lengths, counts of character classes, limits):
/// bounded where they are read, and summed without a trap, so that no number written in a
/// script can crash the simulator (a sum that overflows `Int` stops the process).
public enum PolicyNumber {
    /// The most any count of a policy may be: far beyond a password anyone types, and
    /// small enough that a policy's counts added together never come near `Int.max`.
    public static let maximum = 1_000_000

    /// The sum, or nil when it does not fit in an `Int`: a caller refuses the policy then.
    public static func sum(_ values: [Int]) -> Int? {
        var total = 0
        for value in values {
            let (next, overflow) = total.addingReportingOverflow(value)
            if overflow { return nil }
            total = next
        }
        return total
    }
}
