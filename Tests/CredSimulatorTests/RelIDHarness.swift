@testable import CredSimulator

/// The REL-ID simulator with a clock of its own, so the flow tests read as the app
/// acts: `sim.login("alice")`, `sim.updatePassword(…)`.
struct RelIDHarness {
    var simulator: RelIDSimulator
    var world = World()

    init(seed: UInt64) { simulator = RelIDSimulator(seed: seed) }

    var now: Int64 { world.now }
    var clock: VirtualClock {
        get { world.clock }
        set { world.clock = newValue }
    }
    var server: IdentityServer {
        get { simulator.server }
        set { simulator.server = newValue }
    }
    var relid: RelIDSDK { simulator.sdk }

    mutating func login(_ user: String, password: String? = nil) throws(SimulationError) -> [Outcome] {
        try simulator.login(user, password: password, now: now, fault: world.network.fault)
    }
    mutating func submitPassword(_ password: String, confirm: String? = nil) throws(SimulationError) -> [Outcome] {
        try simulator.submitPassword(password, confirm: confirm, now: now, fault: world.network.fault)
    }
    mutating func updatePassword(current: String, new: String, confirm: String? = nil) -> [Outcome] {
        simulator.updatePassword(current: current, new: new, confirm: confirm, now: now, fault: world.network.fault)
    }
    mutating func getAllChallenges() -> [Outcome] { simulator.getAllChallenges(fault: world.network.fault) }
    mutating func initiateUpdate(credential: String) -> [Outcome] { simulator.initiateUpdate(credential: credential, fault: world.network.fault) }
    mutating func logout() -> [Outcome] { simulator.logout(fault: world.network.fault) }
    mutating func cancel() throws(SimulationError) -> [Outcome] { try simulator.cancel() }
    func states(of user: String) -> [String]? { simulator.states(of: user, world: world) }
}
