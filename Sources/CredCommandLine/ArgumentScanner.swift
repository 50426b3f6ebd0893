import CredLanguage
import CredScript

/// A command line split into flags, option values and positional arguments, in one pass
/// over the words (20,000 file names cost 20,000 steps). Options are read through the
/// `CommandSyntax.Option` constants that declared them, never by a spelled-out name, so
/// a misspelt option is a compile error rather than a flag that is never set.
package struct ParsedArguments {
    package fileprivate(set) var flags: Set<String> = []
    /// Option values by long name; the last one given wins.
    package fileprivate(set) var values: [String: String] = [:]
    /// Every value of each option, in the order given, for options that repeat (`--var`).
    package fileprivate(set) var allValues: [String: [String]] = [:]
    package var positionals: [String] = []
    package var help = false
    package var version = false

    package func has(_ flag: CommandSyntax.Option) -> Bool { flags.contains(flag.long) }
    package func value(_ option: CommandSyntax.Option) -> String? { values[option.long] }
    package func values(_ option: CommandSyntax.Option) -> [String] { allValues[option.long] ?? [] }
    /// Every `--var`, `--var-file` and `--secret` as given, with the option's name, in order.
    package func occurrences(of options: [CommandSyntax.Option]) -> [(option: CommandSyntax.Option, value: String)] {
        order.compactMap { entry in options.first { $0.long == entry.long }.map { ($0, entry.value) } }
    }
    /// Every option value given, in order (`occurrences`).
    package fileprivate(set) var order: [(long: String, value: String)] = []
}

/// A command line that credsh cannot make sense of: exit code 2. Its message quotes
/// words from argv, so it is made terminal-safe once, here, whoever wrote it (an escape
/// holds no control character, so a message escaped before is unchanged).
package struct UsageError: Error {
    package let message: String
    /// The subcommand whose usage line is printed with the message.
    package let syntax: CommandSyntax?

    package init(_ message: String, _ syntax: CommandSyntax?) {
        self.message = TerminalSafe.text(message)
        self.syntax = syntax
    }

    package var text: String {
        var out = "Error: \(message) [\(DiagnosticCode.usage.id)]\n"
        if let syntax {
            out += "Usage: \(syntax.usage)\n  See 'credsh \(syntax.name) --help' for more information.\n"
        }
        return out
    }
}

package enum ArgumentScanner {
    /// Rules, as most Unix tools have them: `--` ends the options; `-` alone is a file
    /// (standard input); `--name=value` and `--name value`; `-j4` and `-j 4`. An option's
    /// value is the next word whatever it looks like, so `--seed -1` reaches the check of
    /// the seed (and its clear message) instead of passing for a missing value.
    package static func scan(_ words: ArraySlice<String>, _ syntax: CommandSyntax) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word == "--" {
                parsed.positionals += words[index...]
                break
            }
            if word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "-h" || word == "--help" { parsed.help = true; continue }
            if word == "--version" { parsed.version = true; continue }

            let option: CommandSyntax.Option
            var inlineValue: String?
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let name: Substring
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inlineValue = String(body[body.index(after: equals)...])
                } else {
                    name = body
                }
                guard let found = syntax.option(long: String(name)) else {
                    throw UsageError("Unknown option '--\(name)'", syntax)
                }
                option = found
                if option.value == nil, inlineValue != nil {
                    throw UsageError("'--\(name)' takes no value", syntax)
                }
            } else {
                let letters = word.dropFirst()
                guard let letter = letters.first, let found = syntax.option(short: letter) else {
                    throw UsageError("Unknown option '\(word)'", syntax)
                }
                option = found
                let rest = letters.dropFirst()
                if !rest.isEmpty {
                    guard option.value != nil else { throw UsageError("Unknown option '\(word)'", syntax) }
                    inlineValue = String(rest)
                }
            }

            guard option.value != nil else {
                parsed.flags.insert(option.long)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.endIndex {
                value = words[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.label)'", syntax)
            }
            parsed.values[option.long] = value
            if option.repeats {
                parsed.allValues[option.long, default: []].append(value)
                parsed.order.append((option.long, value))
            }
        }
        return parsed
    }
}
