import CredLanguage
import CredSimulator

/// A command as the runtime knows it: its syntax (CommandSpec, the language's, which the
/// parser, `help` and completion read) and what running it does.
struct Command: Sendable {
    typealias Perform = @Sendable (CommandContext) throws(CommandFailure) -> [Outcome]

    let spec: CommandSpec
    let perform: Perform

    init(_ name: String, _ parameters: [Parameter] = [], group: String, sdk: SDKID? = nil, role: CommandSpec.Role = .action,
         summary: String, example: String, syntaxUsage: String? = nil, check: StaticCheck? = nil,
         perform: @escaping Perform) {
        spec = CommandSpec(name, parameters, group: group, sdk: sdk, role: role, summary: summary, example: example,
                           syntaxUsage: syntaxUsage, check: check)
        self.perform = perform
    }
}
