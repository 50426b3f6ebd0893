/// One of credsh's subcommands as a value: what it accepts (its syntax, which also
/// prints its help) and what it does with a command line it accepted. `Subcommands.all`
/// lists them; the root help, `credsh help NAME` and the dispatch are all made from
/// that list, so none of them can name a subcommand that is not there or miss one.
struct Subcommand: Sendable {
    let name: String
    /// Made when asked for: only the subcommand that runs builds its syntax (its help
    /// text included), so start-up pays for one, not all (measured with callgrind).
    private let makeSyntax: @Sendable () -> CommandSyntax
    /// Whether positional arguments must be given (`check` and `diagram` need files).
    var requiresArguments = false
    /// Shown in the root help; `reference` and `test-one` serve credsh's own tools.
    var listed = true
    /// Runs the subcommand on an accepted command line; returns the exit code.
    let run: @Sendable (ParsedArguments, CommandSyntax) throws(UsageError) -> Int32

    init(_ name: String, syntax: @escaping @autoclosure @Sendable () -> CommandSyntax, requiresArguments: Bool = false, listed: Bool = true,
         run: @escaping @Sendable (ParsedArguments, CommandSyntax) throws(UsageError) -> Int32) {
        self.name = name
        self.makeSyntax = syntax
        self.requiresArguments = requiresArguments
        self.listed = listed
        self.run = run
    }

    /// What it accepts; its name is the subcommand's.
    var syntax: CommandSyntax {
        let syntax = makeSyntax()
        assert(syntax.name == name, "a subcommand's syntax has its name")
        return syntax
    }

    /// Its line under USAGE in the root help.
    var synopsis: String {
        var parts = ["credsh", name == Subcommands.defaultName ? "[\(name)]" : name]
        if let arguments = syntax.arguments {
            parts.append(requiresArguments ? arguments.placeholder : "[\(arguments.placeholder)]")
        }
        if !syntax.options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }
}
