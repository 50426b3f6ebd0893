import CredLanguage
import CredSimulator

/// What a run has spent of its step budget (docs/scripts.md, "Bounds"): statements executed, KDF
/// rounds hashed (Evaluator.kdfRoundsPerStep to a step) and bytes of text handled
/// (Evaluator.bytesPerStep to a step). The next statement finds the budget spent if it was.
struct StepBudget {
    /// Steps spent so far in this run.
    var steps = 0
    /// Counts the KDF rounds hashed while the run runs (PasswordHasher adds to it).
    let kdfMeter = KDFMeter()
    /// Rounds hashed that do not yet make up a step.
    private var kdfRoundsUncharged = 0

    /// Charges KDF rounds a command hashed (taken from `kdfMeter` by the caller, outside
    /// any access to the budget: a call into the meter inside one would make every access
    /// to the evaluator's budget a checked one).
    mutating func charge(kdfRounds rounds: Int) {
        kdfRoundsUncharged += rounds
        steps += kdfRoundsUncharged / Evaluator.kdfRoundsPerStep
        kdfRoundsUncharged %= Evaluator.kdfRoundsPerStep
    }

    /// Spends the step of one statement; the steps spent so far.
    mutating func spendStatement() -> Int {
        steps += 1
        return steps
    }

    /// Charges work over `count` bytes of text.
    mutating func chargeBytes(_ count: Int) {
        steps += count / Evaluator.bytesPerStep
    }
}

/// What stops a run between statements besides its failures: Ctrl-C at the prompt, a
/// control run's time limit or its client leaving, and what the run says then.
struct Interruption {
    var requested: () -> Bool = { false }
    var reason = "interrupted"
}
