import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

@Suite struct LexerTests {
    @Test func tokensOfALine() {
        let kinds = tokens(#"user add alice password "Pa ss\"w\\0rd\n" # note"#).kinds
        expectEqual(kinds, [.word("user"), .word("add"), .word("alice"), .word("password"), .string("Pa ss\"w\\0rd\n"), .end])
    }

    @Test func positionsAreLinesAndColumnsInScalars() {
        let result = tokens("login  alice\n  é x\n")
        let lines: [Int] = result.tokens.map { $0.position.line }
        let columns: [Int] = result.tokens.map { $0.position.column }
        expectEqual(lines, [1, 1, 1, 2, 2, 2, 3])
        expectEqual(columns, [1, 8, 13, 3, 5, 6, 1])
    }

    /// A word is its text whatever its length or its characters.
    @Test func wordsOfAnyLengthAndText() {
        expectEqual(tokens("advance abcdefghijklmnop abcdefghijklmnopq café").kinds,
                    [.word("advance"), .word("abcdefghijklmnop"), .word("abcdefghijklmnopq"), .word("café"), .end])
    }

    @Test func numbersDurationsAndWords() {
        let expected: [TokenKind] = [
            .integer(42), .duration(7_776_000), .duration(43_200), .duration(1800), .duration(45),
            .duration(129_600), .word("2fa"), .word("1d5"), .end,
        ]
        expectEqual(tokens("42 90d 12h 30m 45s 1d12h 2fa 1d5").kinds, expected)
    }

    @Test func variablesKeyValuesAndBraces() {
        expectEqual(tokens("repeat $n {\n minL=8 Pa$$w0rd }").kinds, [
            .word("repeat"), .variable("n"), .leftBrace, .newline, .word("minL"), .equals, .integer(8),
            .word("Pa$$w0rd"), .rightBrace, .end,
        ])
    }

    @Test func inlineJSONIsOneToken() {
        expectEqual(tokens(#"policy password {"minL":8,"msg":"a}b"}"#).kinds, [
            .word("policy"), .word("password"), .json(#"{"minL":8,"msg":"a}b"}"#), .end,
        ])
    }

    @Test func hashStartsACommentOnlyAtAWordStart() {
        expectEqual(tokens("password Pass#1 #comment").kinds, [.word("password"), .word("Pass#1"), .end])
    }

    @Test func badInputIsReportedAndSkipped() {
        let result = tokens("echo \"open\nlogin \"a\\qb\" x\n")
        expectEqual(result.diagnostics.map(\.message), [
            "unterminated string (a string ends with \" on the same line)",
            "unknown escape '\\q' in a string (use \\\" \\\\ \\n \\t or \\u{XXXX})",
        ])
        expectEqual(result.diagnostics.map(\.position.line), [1, 2])
        #expect(result.kinds.contains(.word("x")))
        #expect(result.kinds.contains(.string("open")), "an unterminated string runs to the end of its line")
    }

    /// Regression: a missing closing quote was reported after its consequence ("'password'
    /// expects a password", at an earlier column), which pointed at the wrong place.
    @Test func aMissingQuoteIsTheErrorReported() {
        let result = parse("user add alice password \"Passw0rd!\nlogin alice \"x y\n")
        expectEqual(result.diagnostics.map(\.message), [
            "unterminated string (a string ends with \" on the same line)",
            "unterminated string (a string ends with \" on the same line)",
        ])
        expectEqual(result.diagnostics.map(\.position.column), [25, 13])
    }

    @Test func bytesThatAreNotUTF8() {
        var lexer = Lexer(SourceFile(name: "t", bytes: Array("echo ".utf8) + [0xFF, 0xFE] + Array(" ok\n".utf8)))
        var kinds: [TokenKind] = []
        while case let token = lexer.next(), token.kind != .end { kinds.append(token.kind) }
        expectEqual(kinds, [.word("echo"), .word("ok"), .newline])
        expectEqual(lexer.diagnostics.first?.message, "this text is not valid UTF-8 (byte 0xFF)")
        expectEqual(lexer.diagnostics.first?.position.column, 6)
    }

    @Test func aMegabyteLine() {
        let word = String(repeating: "x", count: 1 << 20)
        expectEqual(tokens("echo " + word).kinds, [.word("echo"), .word(word), .end])
    }

    @Test func numbersTooLarge() {
        expectEqual(tokens("99999999999999999999").diagnostics.first?.message, "number is too large")
    }

    // grammar.md, "Lexical structure", as the reader reads it (issue 36).

    /// A word is whatever is no integer, duration or variable: it may start with a digit or `$`.
    @Test func aWordMayStartWithADigitOrADollar() {
        let result = tokens("echo 12abc 3x 1d2 $ $-x")
        expectEqual(result.kinds, [.word("echo"), .word("12abc"), .word("3x"), .word("1d2"), .word("$"), .word("$-x"), .end])
        #expect(result.diagnostics.isEmpty)
    }

    /// A name starts with a letter or `_`: `$5` is refused where it is written, not run as a variable.
    @Test func aDollarBeforeADigitIsRefusedWhereItIsWritten() {
        let result = tokens("echo ok $5 $5ecret $_5 $a5")
        let message = "a variable name starts with a letter or _, not a digit (to mean the text, quote it)"
        expectEqual(result.diagnostics.map(\.message), [message, message])
        expectEqual(result.diagnostics.map(\.position.column), [9, 12])
        expectEqual(result.kinds, [.word("echo"), .word("ok"), .variable("_5"), .variable("a5"), .end])
    }

    /// `\r\n` ends a line as `\n` does; a `\r` anywhere else is a control character.
    @Test func crlfEndsALineAndALoneCarriageReturnIsAnError() {
        let crlf = tokens("echo a\r\nstate # note\r\necho b\r")
        expectEqual(crlf.kinds, [.word("echo"), .word("a"), .newline, .word("state"), .newline, .word("echo"), .word("b"), .end])
        #expect(crlf.diagnostics.isEmpty)
        let lone = tokens("echo a\rb\n")
        expectEqual(lone.diagnostics.map(\.message), ["unexpected control character U+000D in the script (a line ends with \\n or \\r\\n)"])
        expectEqual(lone.diagnostics.map(\.position.column), [7])
    }
}
