import Testing

/// Records an issue at the caller's line unless `actual` equals `expected`: what
/// `#expect(actual == expected)` checks, written as a call.
///
/// Why a function and not the macro: each `#expect` is expanded and type-checked where it
/// is written, about 30 ms of the test build's CPU each, where a call to this costs about
/// 2 ms; the tests hold a few thousand equality checks (docs/performance.md, "How long
/// make demo and make test take"). A failure shows the place, both values spelt by
/// `String(reflecting:)` (a text quoted on one line with its escapes, so a `\r` shows),
/// the comment, and, for texts of several lines and for collections, where they first
/// differ (`firstDifference`); `#expect` would also show the expression's text.
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
/// values spelt by `String(reflecting:)`, then on a line of its own where they first
/// differ, if they are texts of several lines or collections. Apart so that a test can read them.
public func inequality<Value>(_ actual: Value, _ expected: Value, _ comment: Comment?) -> Comment {
    var text = "Expectation failed: \(String(reflecting: actual)) is not \(String(reflecting: expected))"
    if let comment { text += ": \(comment.rawValue)" }
    if let difference = firstDifference(actual, expected) { text += "\n" + difference }
    return Comment(rawValue: text)
}

/// Where two values first differ, when each is a text of several lines (numbered from 1)
/// or a collection (elements numbered from 0): a transcript or a list of events is one long
/// line in the headline, where the difference is hard to find. Items are compared as they
/// are spelt, so this names the first item whose spelling differs: an element that differs
/// only in what its spelling leaves out is passed over. Nil for other values, and when
/// every item reads the same.
public func firstDifference<Value>(_ actual: Value, _ expected: Value) -> String? {
    if let left = actual as? String, let right = expected as? String {
        // Split as bytes: in a String, "\r\n" is one Character, which a split at "\n"
        // passes over, so a text with CRLF endings would be one line; a line keeps its
        // `\r`, which its spelling shows.
        func lines(_ text: String) -> [String] {
            text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        let leftLines = lines(left), rightLines = lines(right)
        guard leftLines.count > 1 || rightLines.count > 1 else { return nil }
        return firstDifferentItem(leftLines.map { String(reflecting: $0) }, rightLines.map { String(reflecting: $0) },
                                  named: "line", numberedFrom: 1)
    }
    let left = Mirror(reflecting: actual), right = Mirror(reflecting: expected)
    guard left.displayStyle == .collection, right.displayStyle == .collection else { return nil }
    return firstDifferentItem(left.children.map { String(reflecting: $0.value) }, right.children.map { String(reflecting: $0.value) },
                              named: "element", numberedFrom: 0)
}

private func firstDifferentItem(_ left: [String], _ right: [String], named unit: String, numberedFrom first: Int) -> String? {
    for index in 0..<max(left.count, right.count) {
        let leftItem = index < left.count ? left[index] : nil
        let rightItem = index < right.count ? right[index] : nil
        guard leftItem != rightItem else { continue }
        return "first difference at \(unit) \(index + first): \(leftItem ?? "nothing") is not \(rightItem ?? "nothing")"
    }
    return nil
}
