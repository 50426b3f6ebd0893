import Testing
@testable import CredScript

@Suite struct LexerTests {
    @Test func tokensOfALine() {
        let kinds = tokens(#"user add alice password "Pa ss\"w\\0rd\n" # note"#).kinds
        #expect(kinds == [.word("user"), .word("add"), .word("alice"), .word("password"), .string("Pa ss\"w\\0rd\n"), .end])
    }

    @Test func positionsAreLinesAndColumnsInScalars() {
        let result = tokens("login  alice\n  é x\n")
        let lines: [Int] = result.tokens.map { $0.position.line }
        let columns: [Int] = result.tokens.map { $0.position.column }
        #expect(lines == [1, 1, 1, 2, 2, 2, 3])
        #expect(columns == [1, 8, 13, 3, 5, 6, 1])
    }

    @Test func numbersDurationsAndWords() {
        let expected: [TokenKind] = [
            .integer(42), .duration(7_776_000), .duration(43_200), .duration(1800), .duration(45),
            .duration(129_600), .word("2fa"), .word("1d5"), .end,
        ]
        #expect(tokens("42 90d 12h 30m 45s 1d12h 2fa 1d5").kinds == expected)
    }

    @Test func variablesKeyValuesAndBraces() {
        #expect(tokens("repeat $n {\n minL=8 Pa$$w0rd }").kinds == [
            .word("repeat"), .variable("n"), .leftBrace, .newline, .word("minL"), .equals, .integer(8),
            .word("Pa$$w0rd"), .rightBrace, .end,
        ])
    }

    @Test func inlineJSONIsOneToken() {
        #expect(tokens(#"policy password {"minL":8,"msg":"a}b"}"#).kinds == [
            .word("policy"), .word("password"), .json(#"{"minL":8,"msg":"a}b"}"#), .end,
        ])
    }

    @Test func hashStartsACommentOnlyAtAWordStart() {
        #expect(tokens("password Pass#1 #comment").kinds == [.word("password"), .word("Pass#1"), .end])
    }

    @Test func badInputIsReportedAndSkipped() {
        let result = tokens("echo \"open\nlogin \"a\\qb\" x\n")
        #expect(result.diagnostics.map(\.message) == [
            "unterminated string (a string ends with \" on the same line)",
            "unknown escape '\\q' in a string (use \\\" \\\\ \\n \\t or \\u{XXXX})",
        ])
        #expect(result.diagnostics.map(\.position.line) == [1, 2])
        #expect(result.kinds.contains(.word("x")))
        #expect(result.kinds.contains(.string("open")), "an unterminated string runs to the end of its line")
    }

    /// Regression: a missing closing quote was reported after its consequence ("'password'
    /// expects a password", at an earlier column), which pointed at the wrong place.
    @Test func aMissingQuoteIsTheErrorReported() {
        let result = parse("user add alice password \"Passw0rd!\nlogin alice \"x y\n")
        #expect(result.diagnostics.map(\.message) == [
            "unterminated string (a string ends with \" on the same line)",
            "unterminated string (a string ends with \" on the same line)",
        ])
        #expect(result.diagnostics.map(\.position.column) == [25, 13])
    }

    @Test func bytesThatAreNotUTF8() {
        var lexer = Lexer(SourceFile(name: "t", bytes: Array("echo ".utf8) + [0xFF, 0xFE] + Array(" ok\n".utf8)))
        var kinds: [TokenKind] = []
        while case let token = lexer.next(), token.kind != .end { kinds.append(token.kind) }
        #expect(kinds == [.word("echo"), .word("ok"), .newline])
        #expect(lexer.diagnostics.first?.message == "this text is not valid UTF-8 (byte 0xFF)")
        #expect(lexer.diagnostics.first?.position.column == 6)
    }

    @Test func aMegabyteLine() {
        let word = String(repeating: "x", count: 1 << 20)
        #expect(tokens("echo " + word).kinds == [.word("echo"), .word(word), .end])
    }

    @Test func numbersTooLarge() {
        #expect(tokens("99999999999999999999").diagnostics.first?.message == "number is too large")
    }
}
