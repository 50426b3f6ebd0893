import CredLanguage
import CredScript
import CredSimulator

/// A world per test (docs/double.md, "A world per test"): the scenario a server started
/// with is kept, and `POST /__credsh/reset` puts it back.
extension ServeSession {
    /// The world as it is now is the scenario: what a reset puts back, and what a device
    /// seen for the first time starts from. `serve start` fixes it when it starts, and
    /// `credsh serve` again once its setup scripts have run.
    public func fixScenario() {
        evaluator.simulation.fixScenario()
        scenario = evaluator.simulation
    }

    /// Puts the scenario back: the accounts, the policy, the clock, the network, every
    /// device's SDK side and journal, the active SDK and the seeded randomness, as they
    /// were when it was fixed. What is the server's own and spans the whole run stays: the
    /// counts of what was served, the secrets known (so the log and every answer still mask
    /// them), the open event streams and the control token. A count of the run's own that a
    /// reset must not clear belongs there too, not in the simulation.
    func resetToScenario() {
        guard let scenario else { return }
        evaluator.simulation = scenario
        // The hits are the run's and stay; no transition joins one test's callbacks to the next's.
        appCoverage?.startSequencesAfresh()
    }
}
