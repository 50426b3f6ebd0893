/// The bounds of the language that both reading and running a script check (docs/scripts.md,
/// "Bounds"): the reader refuses a literal past them before anything runs, the run stops
/// at them as it goes. One value, read by both.
public struct Limits: Sendable {
    /// The largest count `repeat` takes.
    public let repeatCount: Int
    /// How deep `source` nests (files sourcing files).
    public let sourceDepth: Int
    /// How deep procedure calls nest (a procedure that calls itself stops there).
    public let callDepth: Int
    /// How deep blocks, procedure calls and sourced files nest together as a run goes
    /// (each bound alone allows more: 32 calls each 64 blocks deep): past it the run stops
    /// with a runtime error rather than overflow the stack.
    public let runNesting: Int

    /// Failures a run reports in full (under `--keep-going`); later ones are only counted.
    public static let reportedFailures = 100

    public static let standard = Limits(repeatCount: 1_000_000, sourceDepth: 32, callDepth: 32, runNesting: 256)
}
