/// The scenario a server started with, and the steering runs since it (docs/double.md,
/// "A world per test" and "Steered tests replay"). `credsh serve` fixes the scenario once its
/// setup has run; a reset goes back to the simulation as it was then.
extension Simulation {
    /// From now on a device seen for the first time starts from `default`'s SDK side as it
    /// is now, whatever runs later (a control run that logs a user in on `default`), and
    /// the steering runs kept since the scenario start again from none.
    public mutating func fixScenario() {
        scenarioDevice = device == .standard ? current() : parked[.standard]
        steeringSinceScenario = DeviceJournal()
    }

    /// Keeps a control run in the journal of every device seen, at its place among the
    /// calls, and for the devices first seen later (`enter(device:)`): a server-side line
    /// (`expire`, `server down`, `clock advance`) changes what every device's app meets.
    public mutating func recordSteering(_ run: SteeringRun) {
        for id in deviceIDs { journals[id, default: DeviceJournal()].appendSteering(run) }
        steeringSinceScenario.appendSteering(run)
    }
}
