/// `credsh completion bash|zsh|fish`: a completion script for the shell, made from the
/// subcommand values (`CommandLineProgram.subcommands`: names, abstracts, options and what
/// each value is, ValueCompletion), so it offers exactly what credsh accepts: an option's
/// words (`--format`'s formats), file names where a file goes, nothing where a value is
/// free (`--port`, `--seed`, `--shard K/N`: zsh and fish say what goes there), and the
/// positional arguments' words (`explain`'s codes, `completion`'s shells, `help`'s
/// subcommands).
package enum Completions {
    package static let shells = ["bash", "zsh", "fish"]

    package static func script(_ shell: String, _ program: CommandLineProgram) -> String? {
        switch shell {
        case "bash": return bash(program)
        case "zsh": return zsh(program)
        case "fish": return fish(program)
        default: return nil
        }
    }

    /// The subcommands a user types, with `help`, and what each one's positional
    /// arguments complete with (nil: it takes none).
    package struct Entry {
        package let name: String
        package let abstract: String
        package let options: [CommandSyntax.Option]
        package let arguments: ValueCompletion?
    }

    package static func entries(_ program: CommandLineProgram) -> [Entry] {
        let listed = program.subcommands.filter(\.listed)
        var entries = listed.map { subcommand in
            let syntax = subcommand.syntax
            return Entry(name: subcommand.name, abstract: syntax.abstract, options: syntax.options, arguments: syntax.argumentCompletion)
        }
        entries.append(Entry(name: "help", abstract: "Show the help of credsh or of a subcommand.", options: [],
                             arguments: .words(listed.map(\.name))))
        return entries
    }

    /// Words a shell can take as they are: no space, quote, backslash or glob character.
    static func plain(_ words: [String]) -> [String] {
        words.filter { word in !word.isEmpty && !word.contains { " \t\n'\"\\$`*?[]{}()|;&<>".contains($0) } }
    }

    package static let common = ["--help", "-h", "--version"]

    package static func optionWords(_ options: [CommandSyntax.Option]) -> [String] {
        options.flatMap { option in [option.short.map { "-\($0)" }, "--" + option.long].compactMap { $0 } }
    }

    package static func bash(_ program: CommandLineProgram) -> String {
        let entries = Self.entries(program)
        let run = entries.first { $0.name == program.defaultName }!
        var out = """
            # bash completion for credsh: made by `credsh completion bash`; do not edit.
            _credsh() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} sub= i
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                        \(entries.map(\.name).joined(separator: "|"))) sub=${COMP_WORDS[i]}; break ;;
                    esac
                done
                case "$sub:$prev" in

            """
        for entry in entries {
            for option in entry.options {
                guard let completion = option.completion else { continue }
                let subs = entry.name == run.name ? ["", entry.name] : [entry.name]
                let labels = subs.flatMap { sub in optionWords([option]).map { "\(sub):\($0)" } }
                out += "        \(labels.joined(separator: "|"))) "
                switch completion {
                case .words(let words): out += "COMPREPLY=($(compgen -W '\(plain(words).joined(separator: " "))' -- \"$cur\"))"
                case .files: out += "COMPREPLY=($(compgen -f -- \"$cur\"))"
                case .text: out += "COMPREPLY=()"
                }
                out += "; return ;;\n"
            }
        }
        out += """
                esac
                local options= words=
                case $sub in

            """
        for entry in entries {
            let label = entry.name == run.name ? "''|\(entry.name)" : entry.name
            out += "        \(label)) options='\((optionWords(entry.options) + common).joined(separator: " "))'"
            switch entry.arguments {
            case .words(let words)?: out += "; words='\(plain(words).joined(separator: " "))'"
            case .files?: out += "; words=-"
            case .text?, nil: out += "; words="
            }
            out += " ;;\n"
        }
        out += """
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi
                COMPREPLY=()
                if [[ -z $sub ]]; then
                    COMPREPLY=($(compgen -W "\(entries.map(\.name).joined(separator: " "))" -- "$cur"))
                fi
                if [[ $words == - ]]; then
                    COMPREPLY+=($(compgen -f -- "$cur"))
                else
                    COMPREPLY+=($(compgen -W "$words" -- "$cur"))
                fi
            }
            complete -o filenames -F _credsh credsh

            """
        return out
    }

    /// The first sentence of a help text, for a shell's one-line description.
    package static func brief(_ help: String) -> String {
        let firstLine = help.split(separator: "\n").first.map(String.init) ?? ""
        if let stop = firstLine.firstRange(of: ". ") { return String(firstLine[..<stop.lowerBound]) }
        return firstLine.hasSuffix(".") ? String(firstLine.dropLast()) : firstLine
    }

    package static func zsh(_ program: CommandLineProgram) -> String {
        func escaped(_ text: String) -> String {
            brief(text).replacing("\\", with: "\\\\").replacing("'", with: "'\\''").replacing("[", with: "\\[")
                .replacing("]", with: "\\]").replacing(":", with: "\\:")
        }
        let entries = Self.entries(program)
        var out = """
            #compdef credsh
            # zsh completion for credsh: made by `credsh completion zsh`; do not edit.
            _credsh() {
              local -a subcommands
              subcommands=(

            """
        for entry in entries { out += "    '\(entry.name):\(escaped(entry.abstract))'\n" }
        out += """
              )
              local sub=run
              if (( CURRENT > 2 )) && (( ${subcommands[(I)${words[2]}:*]} )); then
                sub=${words[2]}
                shift words
                (( CURRENT-- ))
              elif (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
                _describe -t subcommands 'credsh subcommand' subcommands
              fi
              case $sub in

            """
        for entry in entries {
            out += "    \(entry.name))\n      _arguments -s \\\n"
            for option in entry.options {
                let help = escaped(option.help)
                let names = [option.short.map { "-\($0)" }, "--" + option.long].compactMap { $0 }
                let value = option.value.map { ":\($0.replacing(":", with: "\\:")):" + zshAction(option.completion) } ?? ""
                let repeats = option.repeats ? "*" : ""
                if names.count == 2 {
                    out += "        '\(option.repeats ? "*" : "(\(names.joined(separator: " ")))")'{\(names.joined(separator: ","))}'[\(help)]\(value)' \\\n"
                } else {
                    out += "        '\(repeats)\(names[0])[\(help)]\(value)' \\\n"
                }
            }
            out += "        '(- *)'{-h,--help}'[Show help information]' '(- *)--version[Show the version]' \\\n"
            switch entry.arguments {
            case .words(let words)? where !plain(words).isEmpty: out += "        '*:word:(\(plain(words).joined(separator: " ")))'\n"
            case .files?: out += "        '*:file:_files'\n"
            case .text(let name)?: out += "        '*:\(name.replacing(":", with: "\\:")): '\n"
            default: out += "        && return\n"
            }
            out += "      ;;\n"
        }
        out += """
              esac
            }
            # Autoloaded from fpath (compinit), this file is the first call's body too: it
            # completes at once, not only from the second Tab on.
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
              _credsh "$@"
            else
              compdef _credsh credsh
            fi

            """
        return out
    }

    /// A zsh `_arguments` action: the words, file names, or a space (no match, the
    /// placeholder shown as the message).
    static func zshAction(_ completion: ValueCompletion?) -> String {
        switch completion {
        case .words(let words)?: return "(\(plain(words).joined(separator: " ")))"
        case .files?: return "_files"
        case .text?, nil: return " "
        }
    }

    package static func fish(_ program: CommandLineProgram) -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
        }
        let entries = Self.entries(program)
        let names = entries.map(\.name).joined(separator: " ")
        var out = """
            # fish completion for credsh: made by `credsh completion fish`; do not edit.
            complete -c credsh -e

            """
        for entry in entries {
            out += "complete -c credsh -n \(quoted("not __fish_seen_subcommand_from \(names)")) -a \(entry.name) -d \(quoted(brief(entry.abstract)))\n"
        }
        for entry in entries {
            let condition = entry.name == program.defaultName
                ? "not __fish_seen_subcommand_from \(names); or __fish_seen_subcommand_from run"
                : "__fish_seen_subcommand_from \(entry.name)"
            for option in entry.options {
                var line = "complete -c credsh -n \(quoted(condition))"
                if let short = option.short { line += " -s \(short)" }
                line += " -l \(option.long)"
                switch option.completion {
                case .words(let words)?: line += " -x -a \(quoted(plain(words).joined(separator: " ")))"
                case .files?: line += " -r -F"
                case .text?: line += " -x"
                case nil: break
                }
                out += line + " -d \(quoted(brief(option.help)))\n"
            }
            switch entry.arguments {
            case .words(let words)? where !plain(words).isEmpty:
                out += "complete -c credsh -n \(quoted(condition)) -f -a \(quoted(plain(words).joined(separator: " ")))\n"
            case .files?: break
            default: out += "complete -c credsh -n \(quoted(condition)) -f\n"
            }
        }
        out += "complete -c credsh -s h -l help -d 'Show help information'\ncomplete -c credsh -l version -d 'Show the version'\n"
        return out
    }
}
