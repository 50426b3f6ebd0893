import CredLanguage
/// Where a run is now: how deep, one count per bound (docs/scripts.md, "Bounds"), the statement
/// running and the calls around it, and whether what runs here is written down for a
/// replay statement by statement.
struct RunPlace {
    /// Files `source` is running, one inside the other (Limits.sourceDepth).
    var sources = 0
    /// Procedure calls running (Limits.callDepth).
    var calls = 0
    /// Blocks, calls and sourced files running, together (Limits.runNesting).
    var nesting = 0
    /// `repeat` and `for` blocks running: at the prompt, one stops at its first failure.
    var blocks = 0
    /// Where each running procedure call and `source` line was written, outermost first:
    /// a failure inside shows the chain (`called from suite.credscript:13:1`).
    var callChain: [(file: String, position: SourcePosition)] = []
    /// The statement running now: what its records say they came from.
    var origin: RecordOrigin?
    /// What runs is written down for a replay: a run event (`ran`, `served`) for the
    /// session journal that follows the prompt. Off inside a block, which is written down
    /// as one piece (Evaluator+Repeat), and inside a sourced file, whose `source` line is.
    var journals = false
    /// Inside a block whose run the journal needs statement by statement.
    var tracksReplay = false
}
