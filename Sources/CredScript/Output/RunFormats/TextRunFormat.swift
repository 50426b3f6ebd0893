import CredLanguage
/// Text for people: each record as a line, in colour at a terminal; `--compact` shows
/// within a flow only what changed.
package struct TextRunFormat: RunFormat {
    package let name = "text"
    package let summary = "for people"
    package let isForPeople = true

    package init() {}
    package let whyNotCompact = ""

    package func makeWriter(color: Bool) -> any RecordWriter { TextRecordWriter(style: color ? .ansi : .plain) }

    package func failureRecord(_ diagnostic: Diagnostic) -> String { "" }
}
