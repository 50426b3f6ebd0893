/// How deep a run is now, one count per bound (docs/scripts.md, "Bounds").
struct RunDepth {
    /// Files `source` is running, one inside the other (Evaluator.maximumSourceDepth).
    var sources = 0
    /// Procedure calls running (Evaluator.maximumCallDepth).
    var calls = 0
    /// Blocks, calls and sourced files running, together (Evaluator.maximumRunNesting).
    var nesting = 0
    /// `repeat` and `for` blocks running: at the prompt, one stops at its first failure.
    var blocks = 0
}
