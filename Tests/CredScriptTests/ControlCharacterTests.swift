import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// One rendering of a control character in everything credsh prints (grammar.md, "Lexical
/// structure": `\u{7}`, as credsh prints one; TerminalSafe): the source line quoted under
/// an error showed it as `?`, and so did a device ID's refusal, where every message showed
/// `\u{1B}`.
@Suite struct ControlCharacterTests {
    /// The quoted line writes the escape, a tab as it is, and the caret's pad is as wide as
    /// what is shown before it, so the caret stays under its column.
    @Test func theQuotedLineWritesAControlCharacterAsAnEscapeAndTheCaretFollows() {
        let text = "echo a\u{7}b\tc oops\n"
        let source = SourceFile(name: "t.credscript", text: text)
        let oops = 11  // the byte where "oops" starts: column 12
        let diagnostic = Diagnostic(.unexpectedToken, "unexpected 'oops'", file: "t.credscript",
                                    at: SourcePosition(line: 1, column: 12, offset: oops, lineStart: 0))
        expectEqual(DiagnosticFormatter().format(diagnostic, source: source), """
            t.credscript:1:12: error: unexpected 'oops' [CS0201]
            1 | echo a\\u{7}b\tc oops
              |             \t  ^

            """)
    }

    /// A raw ESC in a script: the message names it, the quoted line writes it as the
    /// language does (it was `?[m`), and nothing raw reaches the terminal. (`a\u{1B}[31mb`
    /// would be masked: letters, digits and symbols make it shaped like a password.)
    @Test func aRawEscapeInAScriptIsQuotedAsAnEscape() {
        let (host, _) = runScript("echo a\u{1B}[mb x\n")
        #expect(host.errors.hasPrefix("""
            test.credscript:1:6: error: unexpected control character U+001B in the script [CS0101]
            1 | echo a\\u{1B}[mb x
              |      ^

            """), "\(host.errors)")
        #expect(!host.errors.contains("\u{1B}"))
    }

    /// A device ID's refusal quotes the ID as written; the outputs escape it as every
    /// message (it was `'ph?one'`, and `phöne` was `'ph?ne'`).
    @Test func aDeviceIDIsQuotedAsWrittenAndEscapedAsEveryMessage() {
        let (host, _) = runScript("device \"ph\\u{7}one\"\ndevice phöne\n", keepGoing: true)
        #expect(host.errors.contains("error: a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not 'ph\\u{7}one' [CS0309]"), "\(host.errors)")
        #expect(host.errors.contains("error: a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not 'phöne' [CS0309]"), "\(host.errors)")
        #expect(!host.errors.contains("\u{7}") && !host.errors.contains("'ph?"), "\(host.errors)")
    }
}
