/// What one subcommand accepts, written once and used both to parse its arguments and
/// to print its help. credsh parses its own command line (rather than with a library)
/// so that parsing stays linear in the number of arguments, costs nothing measurable at
/// start-up, and says exactly what is wrong with a value.
package struct CommandSyntax: Sendable {
    package struct Option: Sendable {
        /// The long name without its dashes: `seed` for `--seed`.
        package let long: String
        package var short: Character? = nil
        /// The placeholder of the value it takes (`<seed>`); nil for a flag.
        package var value: String? = nil
        /// Given more than once, each value counts (`--var`), not only the last.
        package var repeats = false
        /// Written only when help is printed: a help made from a registry (`--format`'s
        /// list) costs nothing at start-up.
        private let makeHelp: @Sendable () -> String
        /// The words its value is one of (`--format`'s formats), from the same registry as
        /// its help, made only when a completion script is written; nil when it takes any.
        private let makeWords: (@Sendable () -> [String])?

        package var help: String { makeHelp() }

        package init(long: String, short: Character? = nil, value: String? = nil, repeats: Bool = false,
             words: (@Sendable () -> [String])? = nil, help: @escaping @autoclosure @Sendable () -> String) {
            self.long = long
            self.short = short
            self.value = value
            self.repeats = repeats
            self.makeWords = words
            self.makeHelp = help
        }

        /// What a shell completes its value with (Completions); nil for a flag.
        package var completion: ValueCompletion? {
            value.map { ValueCompletion(placeholder: $0, words: makeWords) }
        }

        package var label: String {
            let names = (short.map { "-\($0), " } ?? "") + "--" + long
            return value.map { names + " " + $0 } ?? names
        }
    }

    package let name: String
    package let abstract: String
    /// The positional arguments' placeholder (`<files> ...`) and what they mean.
    package let arguments: (placeholder: String, help: String)?
    package let options: [Option]
    /// Written only when help is printed, as an option's help is: the run's discussion
    /// (its exit codes and bounds) was written at every start-up (docs/performance.md).
    private let makeDiscussion: @Sendable () -> String?
    package var discussion: String? { makeDiscussion() }
    /// The words the positional arguments are (`explain`'s codes), made only when a
    /// completion script is written; nil: as their placeholder says (files, or any text).
    package var argumentWords: (@Sendable () -> [String])? = nil
    /// The arguments must be given (Subcommand.requiresArguments): the usage line shows
    /// them without brackets.
    package var argumentsRequired = false

    package init(name: String, abstract: String, arguments: (placeholder: String, help: String)?, options: [Option],
                 discussion: @escaping @autoclosure @Sendable () -> String? = nil,
                 argumentWords: (@Sendable () -> [String])? = nil) {
        self.name = name
        self.abstract = abstract
        self.arguments = arguments
        self.options = options
        self.makeDiscussion = discussion
        self.argumentWords = argumentWords
    }

    /// What a shell completes the positional arguments with; nil when it takes none.
    package var argumentCompletion: ValueCompletion? {
        arguments.map { ValueCompletion(placeholder: $0.placeholder, words: argumentWords) }
    }

    package func option(long: String) -> Option? { options.first { $0.long == long } }
    package func option(short: Character) -> Option? { options.first { $0.short == short } }

    package var usage: String {
        var parts = ["credsh", name]
        if let arguments { parts.append(argumentsRequired ? arguments.placeholder : "[\(arguments.placeholder)]") }
        for option in options { parts.append("[\(option.label)]") }
        return parts.joined(separator: " ")
    }

    /// The text `credsh NAME --help` prints.
    package var help: String {
        var out = HelpLayout.wrap("OVERVIEW: " + abstract, width: HelpLayout.width).joined(separator: "\n") + "\n\n"
        if let discussion { out += discussion + "\n\n" }
        out += "USAGE: \(usage)\n\n"
        if let arguments {
            out += "ARGUMENTS:\n" + HelpLayout.entry(arguments.placeholder, arguments.help) + "\n"
        }
        out += "OPTIONS:\n"
        for option in options { out += HelpLayout.entry(option.label, option.help) }
        out += HelpLayout.entry("--version", "Show the version.")
        out += HelpLayout.entry("-h, --help", "Show help information.")
        return out
    }
}

/// Two-column help entries, wrapped at 80 columns.
package enum HelpLayout {
    package static let labelWidth = 24
    package static let width = 80

    package static func entry(_ label: String, _ text: String) -> String {
        let indent = String(repeating: " ", count: labelWidth + 2)
        var out = "  " + label
        var lines = wrap(text, width: width - indent.count)
        if label.count + 2 > labelWidth {
            out += "\n"
        } else if !lines.isEmpty {
            out += String(repeating: " ", count: labelWidth - label.count) + lines.removeFirst() + "\n"
        } else {
            out += "\n"
        }
        for line in lines { out += indent + line + "\n" }
        return out
    }

    package static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// `'text', 'json' and 'tap'`: how a usage error lists the values an option takes.
package enum FormatList {
    package static func spoken(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}

/// What a shell offers for an option's value or a subcommand's arguments: the words it
/// takes, file names, or nothing but what it is (a port, a seed, K/N), which a shell that
/// shows a hint shows. Made from the placeholder the help prints, so the two agree.
package enum ValueCompletion: Equatable {
    case words([String])
    case files
    case text(String)

    init(placeholder: String, words: (@Sendable () -> [String])?) {
        if let words {
            self = .words(words())
            return
        }
        // The first <name> the placeholder holds: `merge <files> ...` completes files after its verb.
        let word = placeholder.split(separator: " ").first { $0.hasPrefix("<") && $0.hasSuffix(">") }
        let name = word.map { String($0.dropFirst().dropLast()) } ?? ""
        self = name.contains("file") || name.contains("path") || name.hasSuffix(".xml") ? .files : .text(name)
    }
}
