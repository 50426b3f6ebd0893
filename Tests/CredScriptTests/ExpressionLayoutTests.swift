import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// An expression keeps its kind, its spelling and where it was written (a SourceSpan of
/// 32-bit fields): every kind, spelling and position reads back as it was given.
@Suite struct ExpressionLayoutTests {
    static let kinds: [Expression.Kind] = [
        .word("alice"), .string("a b\u{e9}"), .pattern("^ok$"), .integer(-7), .integer(Int.max),
        .duration(Int64.min), .json("{\"minL\":8}"), .variable("user"), .word(""), .string(String(repeating: "x", count: 100)),
    ]

    @Test func everyKindReadsBackWithItsPositionAndLength() {
        let position = SourcePosition(line: 12, column: 5, offset: 300, lineStart: 290)
        for kind in Self.kinds {
            let expression = Expression(kind: kind, position: position, length: 9)
            expectEqual(expression.kind, kind)
            expectEqual(expression.position, position)
            expectEqual(expression.length, 9)
            expectEqual(expression.sourceRange, 300..<309)
            #expect(expression.spelling == nil)
            expectEqual(expression.isVariable, kind == .variable("user"))
        }
    }

    /// A number keeps its spelling; a text takes none; equality is the kind's, the
    /// position's, the length's and the spelling's, as it was when these were fields.
    @Test func spellingAndEquality() {
        let at = SourcePosition(line: 1, column: 1, offset: 0, lineStart: 0)
        let spelled = Expression(kind: .integer(7), position: at, length: 3, spelling: "007")
        expectEqual(spelled.spelling, "007")
        expectEqual(spelled.kind, .integer(7))
        #expect(spelled != Expression(kind: .integer(7), position: at, length: 3))
        #expect(Expression(kind: .duration(86_400), position: at, length: 3, spelling: "24h").spelling == "24h")
        #expect(Expression(kind: .word("007"), position: at, length: 3, spelling: "x").spelling == nil)
        // An empty text and a number with no spelling are not alike, nor two kinds of one text.
        #expect(Expression(kind: .word(""), position: at) != Expression(kind: .integer(0), position: at))
        #expect(Expression(kind: .word("a"), position: at) != Expression(kind: .string("a"), position: at))
        expectEqual(Expression(kind: .json("{}"), position: at, length: 2), Expression(kind: .json("{}"), position: at, length: 2))
    }

    /// Positions read from a source of up to 4 GiB are exact (every source credsh reads
    /// is at most 64 MB); beyond, a field stops at its largest value instead of wrapping.
    @Test func positionsUpTo32BitsAreExactAndLargerOnesStop() {
        let largest = Int(UInt32.max)
        let edge = SourcePosition(line: largest, column: largest, offset: largest, lineStart: 0)
        let exact = Expression(kind: .word("w"), position: edge, length: 1 << 40)
        expectEqual(exact.position, edge)
        expectEqual(exact.length, 1 << 40)
        let beyond = Expression(kind: .word("w"), position: SourcePosition(line: largest + 1, column: 2, offset: 10, lineStart: 4), length: 1)
        expectEqual(beyond.position, SourcePosition(line: largest, column: 2, offset: 10, lineStart: 4))
    }
}
