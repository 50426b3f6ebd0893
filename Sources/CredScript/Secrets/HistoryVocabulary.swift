import CredLanguage
import CredSimulator

/// The words a line that does not parse may keep in the history file, because none of
/// them can be a secret: the command table's words (command names, keywords such as
/// `password`, fixed choices, request paths, policy keys), every SDK's names (SDKs,
/// events, their fields and named values, user states, codes) and the user names the
/// simulation knows. Anything else on such a line may be a secret and is masked
/// (SecretMasker.maskUnparsed): `lgoin alice Passw0rd!` keeps `lgoin alice ***` once alice
/// exists, and `expect event EVENT` keeps every word for any SDK's event.
public struct HistoryVocabulary: Sendable {
    public let words: Set<String>

    public init(table: CommandTable = .standard, users: [String] = []) {
        words = Self.languageWords(table).union(users)
    }

    public func contains(_ word: String) -> Bool { words.contains(word) }

    /// The user names of every simulated SDK, so a user of another SDK is kept too.
    public static func users(of simulation: Simulation) -> [String] {
        SDKID.all.flatMap { simulation.sdk($0).userIDs }
    }

    private static func languageWords(_ table: CommandTable) -> Set<String> {
        var words: Set<String> = []
        for spec in table.commands {
            words.formUnion(spec.words)
            for parameter in spec.parameters {
                if let keyword = parameter.keyword { words.insert(keyword) }
                switch parameter.kind {
                case .choice(let choices): words.formUnion(choices)
                case .requestTarget(let paths, _): words.formUnion(paths)
                case .policyRules(let keys): words.formUnion(keys)
                default: break
                }
            }
        }
        for catalog in Simulation.catalogs {
            words.insert(catalog.name)
            words.formUnion(catalog.eventNames)
            words.formUnion(catalog.events.flatMap { $0.fields.map(\.name) })
            words.formUnion(catalog.userStateNames)
            words.formUnion(catalog.codes.map(\.name))
            if let flow = SDKFlows.flow(named: catalog.name) {
                words.formUnion(flow.valueNames.values.flatMap(\.values))
                words.formUnion(flow.apis.map(\.name))
                words.formUnion(flow.readableFieldNames.values.joined())
            }
        }
        return words
    }
}
