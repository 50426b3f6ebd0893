import CredLanguage
import CredEditor
import CredScript
import CredCommandLine
import CredSuite

/// `credsh fmt [--check] FILE…`: the language server's formatter (ScriptFormatter) on the
/// command line, for a terminal, a pre-commit hook or CI. Each file is rewritten in place
/// when formatting changes it (`formatted FILE`), through the same safe write as every
/// file credsh writes (its mode kept); `-` formats standard input to standard output.
/// With `--check` nothing is written: each file that formatting would change is named
/// with the lines it would change (`would format a.credscript: lines 2, 4-6`), and the
/// exit code is 1. The lines are numbered, not shown: a script's lines may hold
/// passwords, and a hook's output lands in CI logs. Formatting is idempotent
/// (formatting what it wrote changes nothing), so a formatted tree passes `--check`.
/// Exit codes: 0, 1 (`--check` found a file to change), 2 (usage), 4 (a file that
/// cannot be read or written; the others are still done).
enum FormatCommand {
    static let check = CommandSyntax.Option(
        long: "check", help: "Change nothing: name each file formatting would change and its lines (never their text: a line may hold a password), and exit 1 if there is one.")

    static func run(paths: [String], checkOnly: Bool) -> Int32 {
        let streams = StandardStreams()
        var code: Int32 = 0
        for path in paths {
            do throws(HostError) {
                let original = path == "-" ? try FileSystem.readAll(0, name: "standard input") : try FileSystem.read(path)
                // A byte-order mark is kept as it was; the formatter reads what follows it.
                let mark = original.starts(with: ScriptLoader.byteOrderMark) ? ScriptLoader.byteOrderMark : []
                let body = Array(original.dropFirst(mark.count))
                let formatted = ScriptFormatter.format(DocumentText(bytes: body))
                let result = mark + formatted
                if path == "-" && !checkOnly {
                    streams.write(String(decoding: result, as: UTF8.self))
                    continue
                }
                guard result != original else { continue }
                let shown = path == "-" ? "<stdin>" : path
                let name = TerminalSafe.text(shown)
                if checkOnly {
                    streams.write("would format \(name): \(ScriptFormatter.changes(from: body, to: formatted))\n")
                    code = ExitCode.mostSevere(code, 1)
                } else {
                    try FileSystem.write(path, result, mode: .replace(newMode: FileSystem.umaskedMode(0o666)))
                    streams.write("formatted \(name)\n")
                }
            } catch {
                streams.writeError("credsh: \(TerminalSafe.text(error.message))\n")
                code = ExitCode.mostSevere(code, 4)
            }
        }
        streams.flush()
        return code
    }
}
