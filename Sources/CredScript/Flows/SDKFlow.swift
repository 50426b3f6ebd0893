import CredLanguage
import CredSimulator

/// What one simulated SDK adds to the language, from its own folder `Flows/<SDK>/`: its
/// commands, and how its events read. Everything else the language shows about an SDK
/// comes from the SDK's catalog.
protocol SDKFlow: SDKVocabulary {
    /// The SDK it speaks for. Its name and its place in the registry are known without
    /// building its catalog: the command table, built at every start-up, names each
    /// command's SDK and heading, and the catalogs cost a seventh of an empty script (callgrind).
    static var simulator: any SimulatedSDK.Type { get }
    /// The commands only this SDK has (each with `sdk: sdkID`).
    static var commands: [Command] { get }
    /// The fields of an event or a call as the text output shows them and `expect`
    /// matches them, when a payload field reads better as another (REL-ID shows the policy
    /// inside `challengeInfo` as `policy={…}`). Every shown `key=value` can be written
    /// back as an expectation.
    /// The names it adds (`readableFieldNames`) and the value names (`valueNames`) are
    /// the SDK's vocabulary, which the resolver reads through the command table.
    static func readableFields(_ fields: [(String, JSONValue)]) -> [(String, JSONValue)]
    /// Who a sequence diagram shows and who sends each call and event to whom, and where
    /// a flow ends (each SDK's `<SDK>Cast.swift`).
    static var cast: FlowCast { get }
    /// What each API call does, for `explain NAME`.
    static var apis: [APISummary] { get }
    /// This SDK's own terms, and its words about the shared ones (`attempts`: which
    /// field counts them), for `glossary` (each SDK's `<SDK>Glossary.swift`).
    static var glossary: [GlossaryEntry] { get }
    /// The rules this SDK's policy refusals name (`expect note rule=KEY`); none when its
    /// refusals carry no simulator note.
    static var policyRuleNames: [String] { get }
    /// How this SDK writes a shared command (`update 52817 73914`), for `help COMMAND`
    /// while it is active, by command name.
    static var examples: [String: String] { get }
    /// What to do first when a call fails with one of this SDK's error codes, for the
    /// hint after the error (`initiate Password` before `update`), by code.
    static var failureHints: [Int: String] { get }
    /// The hint for a code when nobody is signed in, where it differs (a step the hint of
    /// `failureHints` names would fail for want of a login: say to log in first).
    static var signedOutFailureHints: [Int: String] { get }

    /// Flow coverage (`credsh test --coverage`, docs/coverage.md): everything this SDK's
    /// outcomes can hit, built from its catalog, with the transitions its docs page describes.
    static var coverageModel: CoverageModel { get }
    /// What one of this SDK's outcomes hit: which field carries which kind of code is
    /// this SDK's knowledge, so it lives here and not in shared code.
    static func coverage(of outcome: Outcome) -> OutcomeCoverage

    /// The line of this SDK's commands that sends, from the device, the request a real
    /// HTTP client sent (`credsh serve`), for a recording; nil when it has none.
    static func replayLine(method: String, path: String, parameters: [(String, String)]) -> String?
}

extension SDKFlow {
    /// Everything else the language shows about the SDK (SimulatedSDK.catalog).
    static var catalog: SDKCatalog { simulator.catalog }

    /// The SDK this flow speaks for, in the registry (SDKSeamTests checks every flow's SDK
    /// is registered).
    static var sdkID: SDKID {
        guard let id = SDKID(simulator) else { preconditionFailure("\(simulator.name) is not in Simulation.sdkTypes") }
        return id
    }

    static func readableFields(_ fields: [(String, JSONValue)]) -> [(String, JSONValue)] { fields }
    static var readableFieldNames: [String: [String]] { [:] }
    static var valueNames: [String: [Int: String]] { [:] }
    static var cast: FlowCast { .standard(sdkName: catalog.name + " SDK") }
    static var apis: [APISummary] { [] }
    static var glossary: [GlossaryEntry] { [] }
    static var policyRuleNames: [String] { [] }
    static var examples: [String: String] { [:] }
    static var failureHints: [Int: String] { [:] }
    static var signedOutFailureHints: [Int: String] { [:] }
    static func replayLine(method: String, path: String, parameters: [(String, String)]) -> String? { nil }
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
    static func flow(for sdk: SDKID) -> (any SDKFlow.Type)? { byID[sdk] }

    /// Each flow by its SDK, looked up once per outcome shown.
    private static let byID: [SDKID: any SDKFlow.Type] = Dictionary(all.map { ($0.sdkID, $0) }, uniquingKeysWith: { first, _ in first })
    /// Each SDK's cast, built once: the text output asks it for every event.
    private static let casts: [SDKID: FlowCast] = Dictionary(SDKID.all.map { ($0, flow(for: $0)?.cast ?? .standard(sdkName: "\($0.name) SDK")) },
                                                            uniquingKeysWith: { first, _ in first })

    /// Calls and events after which one of the SDK's flows is over (its cast's: `--compact`
    /// shows the next challenge in full again).
    static func flowEnds(of sdk: SDKID) -> Set<String> { cast(of: sdk).flowEnds }
    /// Events of the SDK that are requests going out rather than answers (SUSI's `request`).
    static func requests(of sdk: SDKID) -> Set<String> { cast(of: sdk).requests }
    /// Who takes part in the SDK's flows (FlowCast); every registered SDK has one.
    static func cast(of sdk: SDKID) -> FlowCast { casts[sdk] ?? .standard(sdkName: "\(sdk.name) SDK") }

    /// The fields a script may name for an event of an SDK: the payload's, and the readable ones.
    static func fieldNames(of event: EventSpec, sdk: String) -> [String] {
        event.fields.map(\.name) + (flow(named: sdk)?.readableFieldNames[event.name] ?? [])
    }
}
