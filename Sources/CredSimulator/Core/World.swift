/// What every simulated SDK shares: one virtual clock and one network. Each SDK keeps
/// its own users and state; time and faults are the same for all of them
/// (docs/simulator.md, "Simulator decisions").
public struct World: Sendable {
    public var clock: VirtualClock
    public var network = NetworkConditions()

    public init(clock: VirtualClock = VirtualClock()) { self.clock = clock }

    public var now: Int64 { clock.now }
}

/// Whether the device reaches the network, and whether the server answers. Both stay as
/// set until set again (`network down` … `network up`).
public struct NetworkConditions: Equatable, Sendable {
    public var networkUp = true
    public var serverUp = true

    public init() {}

    /// The fault a request meets now, if any; no network hides whether the server is up.
    public var fault: NetworkFault? {
        if !networkUp { return .networkDown }
        if !serverUp { return .serverDown }
        return nil
    }
}

public enum NetworkFault: String, Equatable, Sendable {
    /// The device has no connection: the request never leaves it.
    case networkDown = "network down"
    /// The device is online but the server does not answer.
    case serverDown = "server down"
}
