/// What `explain` says about a code or name an SDK uses: what it means, where it shows
/// up, what the app should do, and whether that is the vendor's behaviour or a choice
/// credsh made where the sources are silent (each SDK's page in docs/ marks the same).
public struct CodeExplanation: Sendable {
    /// What sort of thing it is: "status code", "sync error", "error code", "input mode", "HTTP status".
    public let kind: String
    /// The number, when it has one; input modes and delegate errors have only a name.
    public let code: Int?
    public let name: String
    public let meaning: String
    public let flow: String
    public let appShould: String
    /// "vendor (where it comes from)" or "simulator decision (why)".
    public let origin: String

    public init(kind: String, code: Int?, name: String, meaning: String, flow: String, appShould: String, origin: String) {
        self.kind = kind
        self.code = code
        self.name = name
        self.meaning = meaning
        self.flow = flow
        self.appShould = appShould
        self.origin = origin
    }

    /// Whether credsh decided this where the vendor's sources are silent.
    public var isSimulatorDecision: Bool { origin.contains("simulator decision") }
}
