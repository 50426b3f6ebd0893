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
                    streams.write("would format \(name): \(Self.changes(from: body, to: formatted))\n")
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

    /// The most line ranges `--check` lists for a file; the rest are counted.
    static let listedRanges = 20

    /// Which lines formatting changes, as `lines 2, 4-6` (the formatter keeps one line for
    /// each line, so line N of one is line N of the other), and a missing final newline.
    static func changes(from old: [UInt8], to new: [UInt8]) -> String {
        let before = old.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let after = new.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var ranges: [ClosedRange<Int>] = []
        // Bound: one pass over the lines of the shorter text.
        for index in 0..<min(before.count, after.count) where before[index] != after[index] {
            let line = index + 1
            if let last = ranges.last, last.upperBound == line - 1 {
                ranges[ranges.count - 1] = last.lowerBound...line
            } else {
                ranges.append(line...line)
            }
        }
        var parts: [String] = []
        if !ranges.isEmpty {
            let shown = ranges.prefix(listedRanges).map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            let more = ranges.count > listedRanges ? " and \(ranges.count - listedRanges) more" : ""
            let lines = ranges.count == 1 && ranges[0].count == 1 ? "line" : "lines"
            parts.append("\(lines) " + shown.joined(separator: ", ") + more)
        }
        if !old.isEmpty, old.last != UInt8(ascii: "\n") { parts.append("a newline at the end") }
        return parts.isEmpty ? "its line endings" : parts.joined(separator: "; ")
    }
}
