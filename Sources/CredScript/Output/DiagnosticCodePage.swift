import CredLanguage
/// docs/diagnostics.md, written from the table of codes (DiagnosticCode): a test runs each
/// example, hands the diagnostic it printed, and compares the page with the file, so the
/// page cannot drift from the code.
public enum DiagnosticCodePage {
    /// The page; `shown` is what each example printed (its diagnostic, as the text output
    /// shows it), nil for a code whose example is not a script.
    public static func markdown(shown: (DiagnosticCode) -> String?) -> String {
        var out = """
            # Diagnostic codes

            <!-- Generated from Sources/CredLanguage/Syntax/DiagnosticCode.swift by the test
                 DiagnosticCodeTests: CREDSH_UPDATE_DOCS=1 swift test --filter DiagnosticCodeTests
                 rewrites this page; do not edit it by hand. -->

            Every problem credsh reports has a stable code, `CS` and four digits, the first two
            of them its category (01 lexical, 02 syntax, 03 resolve, 04 runtime, 05 expectation, 06 I/O). The code stays when the sentence changes, so a test, an editor or a CI
            annotation can name the problem without quoting English. It is shown:

            - in text, at the end of the first line, as a compiler shows a warning's flag
              (`FILE:LINE:COLUMN: KIND: MESSAGE [CS0201]`): a reader of `FILE:LINE:COLUMN: MESSAGE`
              still reads the line, with the code in the message;
            - in JSON (`credsh --format json`, `credsh test --format json`, the control API) as `"code"`;
            - in TAP as `code:` in each failure's YAML block, in JUnit in the failure's message;
            - in the editor (`credsh lsp`) as the diagnostic's `code`, with `codeDescription`
              linking to this page when the server finds it (beside the installed binary or in the clone);
            - by `explain CODE` at the prompt (`explain CS0201`), and by `credsh explain CS0201` from the shell.

            The kind gives the exit code: a syntax error 2 (lexical, syntax and resolve codes),
            a runtime error 3, an expectation that failed 1, an I/O error 4.


            """
        out += "| Code | Kind | Title |\n|---|---|---|\n"
        for code in DiagnosticCode.allCases {
            out += "| [\(code.id)](#\(code.id.lowercased())) | \(code.category.kind.rawValue) | \(code.entry.title) |\n"
        }
        for category in DiagnosticCode.Category.allCases {
            out += "\n## \(category.title)\n"
            for code in DiagnosticCode.allCases where code.category == category {
                let entry = code.entry
                out += "\n### \(code.id)\n\n**\(entry.title)** (\(code.category.kind.rawValue), exit code \(Diagnostic.exitCode(of: code.category.kind))). \(entry.meaning)\n\n"
                if let script = entry.example.script {
                    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { String($0).escapingControls }
                    if lines.count > 8 { lines = Array(lines.prefix(3)) + ["# … \(lines.count) lines in all"] }
                    var setting: [String] = []
                    if !entry.example.files.isEmpty {
                        setting.append("beside " + entry.example.files.keys.sorted().map { "`\($0)`" }.joined(separator: ", "))
                    }
                    if entry.example.keepGoing { setting.append("run with --keep-going") }
                    if let steps = entry.example.maximumSteps { setting.append("run with --max-steps \(steps)") }
                    if entry.example.interrupted { setting.append("interrupted (Ctrl-C) as it runs") }
                    if entry.example.interactive { setting.append("typed at the prompt") }
                    if entry.example.checked { setting.append("checked with `credsh check`") }
                    if entry.example.latin1 { setting.append("saved as Latin-1") }
                    out += "Example" + (setting.isEmpty ? "" : " (" + setting.joined(separator: "; ") + ")") + ":\n\n"
                    out += "```credscript\n" + lines.joined(separator: "\n") + "\n```\n\n"
                    if let text = shown(code) { out += "```text\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "```\n\n" }
                } else if let how = entry.example.elsewhere {
                    out += "Arises: \(how)\n\n"
                }
                out += "Fix: \(entry.fix)\n"
            }
        }
        return out
    }
}
