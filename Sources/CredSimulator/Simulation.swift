/// The whole simulated world a script runs against: the shared clock and network, and
/// one value per simulated SDK, one of which is active. A value: create as many as you like.
public struct Simulation: Sendable {
    /// Every SDK credsh simulates, the default first. Adding an SDK is a folder and a line here.
    public static let sdkTypes: [any SimulatedSDK.Type] = [
        RelIDSimulator.self,
        OneWelcomeSimulator.self,
        FioriSimulator.self,
        SusiSimulator.self,
    ]

    public static var catalogs: [SDKCatalog] { sdkTypes.map { $0.catalog } }

    public var world: World
    /// One slot per SDK, in `sdkTypes` order. A slot is empty only while its SDK is being
    /// changed (see `modify`), so that the SDK's storage stays uniquely referenced and is
    /// changed in place rather than copied.
    var slots: [(any SimulatedSDK)?]
    /// The device in front: the slots hold its SDK side (Simulation+Devices.swift).
    public internal(set) var device = DeviceID.standard
    /// Every other device's SDK side and network.
    var parked: [DeviceID: ParkedDevice] = [:]
    /// Each device's journal of calls; a device that never called has none.
    var journals: [DeviceID: DeviceJournal] = [:]
    /// What a device seen for the first time starts from, once `fixScenario` has fixed it;
    /// nil: a copy of `default` at that moment (Simulation+Scenario.swift).
    var scenarioDevice: ParkedDevice?
    /// The steering runs since the scenario: a device first seen starts its journal with
    /// them (Simulation+Scenario.swift).
    var steeringSinceScenario = DeviceJournal()
    /// The SDK the shared commands drive now (`sdk NAME` changes it).
    public private(set) var activeSDK = SDKID.first

    public init(seed: UInt64 = 0, start: Int64 = VirtualClock.defaultStart) {
        world = World(clock: VirtualClock(start: start))
        slots = Self.sdkTypes.map { type in type.init(seed: Self.seed(seed, for: type.name)) }
    }

    /// Each SDK draws from its own generator, so adding a user to one never changes
    /// another's salts or tokens.
    static func seed(_ seed: UInt64, for name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return seed ^ hash
    }

    public var now: Int64 { world.now }
    public var clock: VirtualClock {
        get { world.clock }
        set { world.clock = newValue }
    }

    // MARK: The active SDK

    // A slot is empty only inside `withActive` and `modify`, which put it back before
    // anything else can read it: the unwraps below cannot fail (a trap if they ever did).
    public var active: any SimulatedSDK { slots[activeSDK.index]! }
    public var activeCatalog: SDKCatalog { activeSDK.catalog }
    /// What `state` shows: the active SDK, its own state (SimulatedSDK.describeState), the
    /// network when it is not the default, and the time.
    public var stateLines: [String] {
        var lines = [Self.sdkLines[activeSDK.index]]
        active.describeState(world: world, into: &lines)
        if world.network != NetworkConditions() {
            lines.append("network: \(world.network.networkUp ? "up" : "down"), server: \(world.network.serverUp ? "up" : "down")")
        }
        lines.append(UTCTimestamp.format(now, prefix: "clock: "))
        return lines
    }

    /// `sdk: NAME` for each SDK, `state`'s first line, made once.
    private static let sdkLines = sdkTypes.map { "sdk: " + $0.name }

    /// The SDK `id` names, active or not: what the prompt's hints and history read of the
    /// other SDKs (their users), without naming any of them.
    public func sdk(_ id: SDKID) -> any SimulatedSDK { slots[id.index]! }

    public mutating func activate(_ id: SDKID) { activeSDK = id }

    /// `sdk NAME`: the SDK called `name`, as a user typed it.
    public mutating func activate(named name: String) throws(SimulationError) {
        guard let id = SDKID(named: name) else {
            throw SimulationError("no SDK '\(name)'; credsh simulates \(Self.catalogs.map(\.name).joined(separator: ", "))")
        }
        activeSDK = id
    }

    /// Runs `body` on the active SDK, changed in place.
    public mutating func withActive<R, E: Error>(
        _ body: (inout any SimulatedSDK, World) throws(E) -> R
    ) throws(E) -> R {
        let index = activeSDK.index
        var sdk = slots[index].take()!
        defer { slots[index] = sdk }
        return try body(&sdk, world)
    }

    // MARK: One SDK by its type (for the commands only it has)

    // The slot of a registered type holds a value of that type (`init` fills each slot
    // from `sdkTypes`), so the conditional casts below always succeed; a type the registry
    // does not list is a programming error that SDKSeamTests rules out for every SDK.

    public func sdk<T: SimulatedSDK>(_ type: T.Type) -> T {
        guard let id = SDKID(type), let sdk = slots[id.index] as? T else { preconditionFailure("\(T.self) is not in Simulation.sdkTypes") }
        return sdk
    }

    /// Runs `body` on the SDK of type `T`, changed in place.
    public mutating func modify<T: SimulatedSDK, R, E: Error>(
        _ type: T.Type, _ body: (inout T, World) throws(E) -> R
    ) throws(E) -> R {
        guard let id = SDKID(type), var sdk = slots[id.index].take() as? T else { preconditionFailure("\(T.self) is not in Simulation.sdkTypes") }
        defer { slots[id.index] = sdk }
        return try body(&sdk, world)
    }

    // MARK: Serving real HTTP clients

    /// The SDK whose server `credsh serve` serves: the first of `sdkTypes` that serves HTTP.
    public static let servedType: (any HTTPServedSDK.Type)? = sdkTypes.lazy.compactMap { $0 as? any HTTPServedSDK.Type }.first

    /// Answers a real client's request with the served SDK, changed in place; nil when no
    /// SDK serves HTTP.
    public mutating func serve(_ request: HTTPRequest) -> ServedExchange? {
        guard let type = Self.servedType else { return nil }
        return serve(request, with: type)
    }

    private mutating func serve<T: HTTPServedSDK>(_ request: HTTPRequest, with type: T.Type) -> ServedExchange {
        modify(type) { sdk, world in sdk.serve(request, world: world) }
    }
}
