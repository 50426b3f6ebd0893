/// Which simulated SDK: a place in the registry (`Simulation.sdkTypes`), made only from
/// it — from a name as a user typed it, from an SDK's type, or as the first — so every
/// value names an SDK that exists, and what uses one needs no check of it. Names stay for
/// what people read and type (`sdk relid`, `"sdk":"relid"` in JSON).
public struct SDKID: Hashable, Sendable {
    let index: Int
    /// Its catalog's name (SimulatedSDK.name).
    public let name: String

    private init(index: Int) {
        self.index = index
        name = Simulation.sdkTypes[index].name
    }

    public static func == (a: SDKID, b: SDKID) -> Bool { a.index == b.index }
    public func hash(into hasher: inout Hasher) { hasher.combine(index) }

    /// The SDK a simulation starts with: the registry's first.
    public static let first = SDKID(index: 0)

    /// Every SDK, in the registry's order.
    public static var all: [SDKID] { Simulation.sdkTypes.indices.map { SDKID(index: $0) } }

    /// The SDK called `name`; nil when there is none.
    public init?(named name: String) {
        guard let index = Simulation.sdkTypes.firstIndex(where: { $0.name == name }) else { return nil }
        self.init(index: index)
    }

    /// The SDK simulated by `type`; nil when the registry does not list it.
    public init?(_ type: any SimulatedSDK.Type) {
        guard let index = Simulation.sdkTypes.firstIndex(where: { ObjectIdentifier($0) == ObjectIdentifier(type) }) else { return nil }
        self.init(index: index)
    }

    public var type: any SimulatedSDK.Type { Simulation.sdkTypes[index] }
    public var catalog: SDKCatalog { type.catalog }
}
