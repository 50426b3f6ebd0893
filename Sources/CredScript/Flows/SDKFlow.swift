import CredSimulator

/// What one simulated SDK adds to the language, from its own folder `Flows/<SDK>/`: its
/// commands, and how its events read. Everything else the language shows about an SDK
/// comes from the SDK's catalog.
protocol SDKFlow: Sendable {
    static var catalog: SDKCatalog { get }
    /// The commands only this SDK has (each with `sdk: catalog.name`).
    static var commands: [CommandSpec] { get }
    /// How the fields of an event or a call read in the text output, when the generic
    /// `key=value` is not the clearest; nil for the generic form.
    static func fieldTexts(_ fields: [(String, JSONValue)]) -> [String]?
    /// Names a script may write instead of an integer field's value
    /// (`challengeMode=RDNA_OP_UPDATE_ON_EXPIRY`), by field.
    static var valueNames: [String: [Int: String]] { get }
    /// Who a sequence diagram shows and who sends each call and event to whom, and where
    /// a flow ends (each SDK's `<SDK>Cast.swift`).
    static var cast: FlowCast { get }
    /// What each API call does, for `explain NAME`.
    static var apis: [APISummary] { get }
}

extension SDKFlow {
    static func fieldTexts(_ fields: [(String, JSONValue)]) -> [String]? { nil }
    static var valueNames: [String: [Int: String]] { [:] }
    static var cast: FlowCast { .standard(sdkName: catalog.name + " SDK") }
    static var apis: [APISummary] { [] }
}

/// Every SDK's contribution, in the order of `Simulation.sdkTypes`.
enum SDKFlows {
    static let all: [any SDKFlow.Type] = [
        RelIDFlow.self,
        OneWelcomeFlow.self,
        FioriFlow.self,
        SusiFlow.self,
    ]

    static func flow(named name: String) -> (any SDKFlow.Type)? { all.first { $0.catalog.name == name } }
}
