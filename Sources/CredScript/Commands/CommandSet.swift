import CredLanguage
import CredSimulator

/// The commands a run can read and run: the table the parser reads (CredLanguage's
/// CommandTable, with each SDK's vocabulary) and, for each of its entries, what running it
/// does.
public struct CommandSet: Sendable {
    public let table: CommandTable
    /// Each command, at its entry's number (CommandID): the numbers are given as the
    /// entries are made, so the standard ones are about the first few hundred.
    private let implementations: [Command?]

    init(_ commands: [Command], vocabularies: [any SDKVocabulary.Type]) {
        table = CommandTable(commands: commands.map { $0.spec }, vocabularies: vocabularies)
        var implementations = [Command?](repeating: nil, count: (commands.map { $0.spec.id.value }.max() ?? 0) + 1)
        for command in commands { implementations[command.spec.id.value] = command }
        self.implementations = implementations
    }

    /// What running `spec` does; nil for an entry of another table (a parser test's).
    func implementation(of spec: CommandSpec) -> Command.Perform? {
        implementations.indices.contains(spec.id.value) ? implementations[spec.id.value]?.perform : nil
    }

    /// Every command: the language's own, then each SDK's, in the order of `Simulation.sdkTypes`.
    public static let standard = CommandSet(
        SharedCommands.all + ClassroomCommands.all + SDKFlows.all.flatMap { $0.commands }
            + ExpectCommands.all + DoubleCommands.all + LanguageCommands.all,
        vocabularies: SDKFlows.all.map { flow -> any SDKVocabulary.Type in flow })
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
