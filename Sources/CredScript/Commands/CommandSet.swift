import CredLanguage
import CredSimulator

/// The commands a run can read and run: the table the parser reads (CredLanguage's
/// CommandTable, with each SDK's vocabulary) and, for each of its entries, what running it
/// does.
public struct CommandSet: Sendable {
    public let table: CommandTable
    /// Each command's implementation, by its entry in the table (entries are made once and
    /// live as long as the process, so an entry's identity is never reused).
    private let implementations: [ObjectIdentifier: Command.Perform]

    init(_ commands: [Command], vocabularies: [any SDKVocabulary.Type]) {
        table = CommandTable(commands: commands.map(\.spec), vocabularies: vocabularies)
        implementations = Dictionary(commands.map { (ObjectIdentifier($0.spec), $0.perform) }, uniquingKeysWith: { first, _ in first })
    }

    /// What running `spec` does; nil for an entry of another table (a parser test's).
    func implementation(of spec: CommandSpec) -> Command.Perform? { implementations[ObjectIdentifier(spec)] }

    /// Every command: the language's own, then each SDK's, in the order of `Simulation.sdkTypes`.
    public static let standard = CommandSet(
        SharedCommands.all + ClassroomCommands.all + SDKFlows.all.flatMap { $0.commands }
            + ExpectCommands.all + DoubleCommands.all + LanguageCommands.all,
        vocabularies: SDKFlows.all)
}

extension CommandTable {
    /// The table of every command (CommandSet.standard's).
    public static var standard: CommandTable { CommandSet.standard.table }
}

extension ScriptReader {
    /// Reads `source` with the standard table.
    public init(_ source: SourceFile, sdk: SDKID = .first) {
        self.init(source, table: .standard, sdk: sdk)
    }
}
