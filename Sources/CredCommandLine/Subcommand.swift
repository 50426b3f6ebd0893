/// One of credsh's subcommands as a value: what it accepts (its syntax, which also
/// prints its help) and what it does with a command line it accepted. the executable's table
/// (CommandLineProgram) lists them; the root help, `credsh help NAME` and the dispatch are all made from
/// that list, so none of them can name a subcommand that is not there or miss one.
package struct Subcommand: Sendable {
    package let name: String
    /// Made when asked for: only the subcommand that runs builds its syntax (its help
    /// text included), so start-up pays for one, not all (measured with callgrind).
    private let makeSyntax: @Sendable () -> CommandSyntax
    /// Whether positional arguments must be given (`check` and `diagram` need files).
    package var requiresArguments = false
    /// Shown in the root help; `reference` and `test-one` serve credsh's own tools.
    package var listed = true
    /// Runs the subcommand on an accepted command line; returns the exit code.
    package let run: @Sendable (ParsedArguments, CommandSyntax) throws(UsageError) -> Int32

    package init(_ name: String, syntax: @escaping @autoclosure @Sendable () -> CommandSyntax, requiresArguments: Bool = false, listed: Bool = true,
         run: @escaping @Sendable (ParsedArguments, CommandSyntax) throws(UsageError) -> Int32) {
        self.name = name
        self.makeSyntax = syntax
        self.requiresArguments = requiresArguments
        self.listed = listed
        self.run = run
    }

    /// What it accepts; its name is the subcommand's.
    package var syntax: CommandSyntax {
        var syntax = makeSyntax()
        assert(syntax.name == name, "a subcommand's syntax has its name")
        syntax.argumentsRequired = requiresArguments
        return syntax
    }

    /// Its line under USAGE in the root help (the default subcommand's name in brackets).
    package func synopsis(defaultName: String) -> String {
        var parts = ["credsh", name == defaultName ? "[\(name)]" : name]
        if let arguments = syntax.arguments {
            parts.append(requiresArguments ? arguments.placeholder : "[\(arguments.placeholder)]")
        }
        if !syntax.options.isEmpty { parts.append("[options]") }
        return parts.joined(separator: " ")
    }
}

/// The executable as its manual page and completion scripts describe it: its subcommands
/// (the table it dispatches by), the one that runs when none is named, its version and
/// what its exit codes mean.
package struct CommandLineProgram: Sendable {
    package let subcommands: [Subcommand]
    package let defaultName: String
    package let version: String
    /// The `EXIT CODES:` block of the root help, a code and its meaning on each line after the first.
    package let exitCodes: String

    package init(subcommands: [Subcommand], defaultName: String, version: String, exitCodes: String) {
        self.subcommands = subcommands
        self.defaultName = defaultName
        self.version = version
        self.exitCodes = exitCodes
    }
}
