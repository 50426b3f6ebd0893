import Foundation
import Testing
import Expectations

/// grammar.md's lexical rules as a user meets them through the binary (issue 36): what a
/// word is, what a variable is, and what ends a line.
@Suite struct GrammarAgreementTests {
    @Test func wordsThatStartWithADigitOrADollarAreText() throws {
        let result = try Credsh.run(["-"], script: "echo 12abc 3x 1d2 $ $-x\n")
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "12abc 3x 1d2 $ $-x\n")
    }

    /// A string is taken as written, as grammar.md says: `$p` inside quotes is text.
    @Test func aVariableInsideAStringIsText() throws {
        let result = try Credsh.run(["-"], script: "let p = \"x1\"\necho \"pw is $p\"\necho pw is $p\n")
        expectEqual(result.status, 0)
        expectEqual(result.stdout, "pw is $p\npw is x1\n")
    }

    /// `$5` was read as a variable and failed only when it ran (exit 3, after the lines
    /// before it had run); now nothing runs and the caret is under it.
    @Test func aDollarBeforeADigitIsASyntaxError() throws {
        let result = try Credsh.run(["-"], script: "echo before\necho $5\n")
        expectEqual(result.status, 2)
        #expect(result.stdout.isEmpty, "nothing runs when the script does not parse")
        expectEqual(result.stderr, """
            <stdin>:2:6: error: a variable name starts with a letter or _, not a digit (to mean the text, quote it) [CS0107]
            2 | echo $5
              |      ^

            """)
    }

    @Test func crlfScriptsRunAndALoneCarriageReturnIsRefused() throws {
        let crlf = try Credsh.run(["-"], script: "user add alice password \"Passw0rd!\"\r\nlogin alice \"Passw0rd!\"\r\nexpect event onUserLoggedIn\r\n")
        expectEqual(crlf.status, 0, "\(crlf.stderr)")
        #expect(crlf.stdout.contains("← onUserLoggedIn userID=alice"))
        let lone = try Credsh.run(["-"], script: "echo a\rb\n")
        expectEqual(lone.status, 2)
        #expect(lone.stderr.hasPrefix("<stdin>:1:7: error: unexpected control character U+000D in the script (a line ends with \\n or \\r\\n) [CS0101]\n"))
    }
}
