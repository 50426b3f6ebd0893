import CredLanguage
/// JSON Lines for programs (`jq`): one object per call, callback and result, each saying
/// the statement it came from.
package struct JSONRunFormat: RunFormat {
    package let name = "json"
    package let summary = "for JSON Lines (one object per call, callback and result)"
    package let isForPeople = false

    package init() {}
    package let whyNotCompact = "JSON Lines always carry every field"

    package func makeWriter(color: Bool) -> any RecordWriter { JSONRecordWriter() }

    package func failureRecord(_ diagnostic: Diagnostic) -> String {
        diagnostic.kind == .expectation ? JSONLinesRenderer().expectationFailed(diagnostic) : JSONLinesRenderer().syntaxError(diagnostic)
    }
}
