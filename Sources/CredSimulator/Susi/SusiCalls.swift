/// SUSI.AI keeps its real HTTP API (`credsh serve`): the double lists no calls for it, so
/// the validator lets none through (docs/double.md, "Calls").
extension SusiSimulator {
    /// The device keeps the app's signed-in user and token; the accounts, tokens issued and
    /// policy are the server's, shared.
    public struct DeviceSide: Sendable {
        var app: SusiApp
    }

    public var deviceSide: DeviceSide {
        get { DeviceSide(app: app) }
        set { app = newValue.app }
    }

    public mutating func perform(_ call: ValidatedCall, world: World) -> [Outcome] {
        call.ignored("susi offers its HTTP API, not SDK calls")
    }
}
