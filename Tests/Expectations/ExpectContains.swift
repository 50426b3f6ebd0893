import Foundation
import Testing

/// Records an issue at the caller's line unless `text` contains `part`: what
/// `#expect(text.contains(part))` checks, written as a call, for the reason `expectEqual`
/// is one (ExpectEqual.swift). Foundation is imported so that `contains` here is the one a
/// test file that imports Foundation calls.
public func expectContains(
    _ text: String,
    _ part: String,
    _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) {
    guard !text.contains(part) else { return }
    Issue.record(
        containment(text, part, holds: false, comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Records an issue at the caller's line if `text` contains `part`: `#expect(!text.contains(part))`.
public func expectDoesNotContain(
    _ text: String,
    _ part: String,
    _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID,
    filePath: String = #filePath,
    line: Int = #line,
    column: Int = #column
) {
    guard text.contains(part) else { return }
    Issue.record(
        containment(text, part, holds: true, comment()),
        sourceLocation: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The words of a failed containment check: `Expectation failed: "abc" does not contain "x"`
/// (or `contains`, where it should not). Apart so that a test can read them.
public func containment(_ text: String, _ part: String, holds: Bool, _ comment: Comment?) -> Comment {
    var words = "Expectation failed: \(String(reflecting: text)) \(holds ? "contains" : "does not contain") \(String(reflecting: part))"
    if let comment { words += ": \(comment.rawValue)" }
    return Comment(rawValue: words)
}
