import Testing

/// Records an issue at the caller's line unless `actual` equals `expected`: what
/// `#expect(actual == expected)` checks, written as a call.
///
/// Why a function and not the macro: each `#expect` is expanded and type-checked where it
/// is written, about 30 ms of the test build's CPU each, where a call to this costs about
/// 2 ms; the tests hold a few thousand equality checks (docs/development.md, "How long
/// make demo and make test take"). A failure shows the place, both values spelt by
/// `String(reflecting:)` (a text quoted on one line with its escapes, so a `\r` shows),
/// and the comment; `#expect` would also show the expression's text.
/// Checks other than one equality (`contains`, `&&`, a thrown error) stay `#expect`,
/// whose expansion shows each part's value.
public func expectEqual<Value: Equatable>(
    _ actual: Value,
    _ expected: Value,
    _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) {
    guard actual != expected else { return }
    Issue.record(
        inequality(actual, expected, comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The words of a failed `expectEqual`: `Expectation failed: 3 is not 4: the comment`, the
/// values spelt by `String(reflecting:)`. Apart so that a test can read them.
public func inequality<Value>(_ actual: Value, _ expected: Value, _ comment: Comment?) -> Comment {
    var text = "Expectation failed: \(String(reflecting: actual)) is not \(String(reflecting: expected))"
    if let comment { text += ": \(comment.rawValue)" }
    return Comment(rawValue: text)
}
