import CredLanguage
import CredSimulator

/// Why a command's implementation did not finish: a closed set, each case with its own
/// meaning for the run, so that no error of an unknown type has to be turned into text.
public enum CommandFailure: Error, Sendable {
    /// The command could not run (no such user, nothing pending, a form the app refuses
    /// before calling the SDK): shown as `✗ error: …`, acknowledged by `expect error`,
    /// otherwise a runtime failure of the script (exit 3).
    /// `code`: which kind of refusal (DiagnosticCode(refusal:)), the code the run's failure
    /// carries when no `expect error` follows.
    case cannotRun(String, code: DiagnosticCode = .commandCannotRun)
    /// A bad value at a place in the source (an undefined variable, a file that cannot be
    /// read), or an expectation that did not hold: not something `expect error` covers;
    /// its kind gives the exit code (1 expectation, 3 runtime, 4 I/O).
    case diagnostic(Diagnostic)

    public init(_ error: SimulationError) { self = .cannotRun(error.message, code: DiagnosticCode(refusal: error.kind)) }
    public init(_ diagnostic: Diagnostic) { self = .diagnostic(diagnostic) }
}

/// Runs simulator work inside a command: its refusal is the command's (`cannotRun`).
func refusing<R>(_ body: () throws(SimulationError) -> R) throws(CommandFailure) -> R {
    do { return try body() } catch { throw CommandFailure(error) }
}
