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
    private var slots: [(any SimulatedSDK)?]
    public private(set) var activeIndex = 0

    public init(seed: UInt64 = 0, start: Int64 = VirtualClock.defaultStart) {
        world = World(clock: VirtualClock(start: start))
        slots = Self.sdkTypes.map { type in type.init(seed: Self.seed(seed, for: type.catalog.name)) }
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

    public var active: any SimulatedSDK { slots[activeIndex]! }
    public var activeCatalog: SDKCatalog { Self.sdkTypes[activeIndex].catalog }

    public static func index(of name: String) -> Int? { sdkTypes.firstIndex { $0.catalog.name == name } }

    /// The SDK called `name`, active or not: what the prompt's hints and history read of
    /// the other SDKs (their users), without naming any of them.
    public func sdk(named name: String) -> (any SimulatedSDK)? { Self.index(of: name).flatMap { slots[$0] } }

    public mutating func activate(_ name: String) throws(SimulationError) {
        guard let index = Self.index(of: name) else {
            throw SimulationError("no SDK '\(name)'; credsh simulates \(Self.catalogs.map(\.name).joined(separator: ", "))")
        }
        activeIndex = index
    }

    /// Runs `body` on the active SDK, changed in place.
    public mutating func withActive<R, E: Error>(
        _ body: (inout any SimulatedSDK, World) throws(E) -> R
    ) throws(E) -> R {
        var sdk = slots[activeIndex].take()!
        defer { slots[activeIndex] = sdk }
        return try body(&sdk, world)
    }

    // MARK: One SDK by its type (for the commands only it has)

    public func sdk<T: SimulatedSDK>(_ type: T.Type) -> T {
        slots[Self.index(of: T.catalog.name)!] as! T
    }

    /// Runs `body` on the SDK of type `T`, changed in place.
    public mutating func modify<T: SimulatedSDK, R, E: Error>(
        _ type: T.Type, _ body: (inout T, World) throws(E) -> R
    ) throws(E) -> R {
        let index = Self.index(of: T.catalog.name)!
        var sdk = slots[index].take() as! T
        defer { slots[index] = sdk }
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
