import CredLanguage
import CredScript
import CredSimulator

/// One thing an editor offers to complete.
public struct CompletionCandidate: Equatable, Sendable {
    public enum Kind: Sendable { case command, keyword, value, field, variable }
    public let label: String
    public let kind: Kind
    /// A line about it: a command's summary, where a variable was bound.
    public let detail: String?
}

/// Completion in an editor: the prompt's Completer (the command table, the catalog of the
/// SDK active on that line, user names the file added above) plus the variables bound
/// above the line. The prompt and the editor therefore never offer different words.
public enum EditorCompletion {
    /// What to offer at `point`, and the span the chosen word replaces (the word typed so far).
    public static func complete(in analysis: DocumentAnalysis, at point: TextPoint,
                                table: CommandTable = .standard) -> (span: TextSpan, candidates: [CompletionCandidate]) {
        let text = analysis.text
        let line = min(max(point.line, 0), text.lineCount - 1)
        let lineStart = text.lineRange(line).lowerBound
        let cursor = text.offset(of: TextPoint(line: line, character: point.character))
        let typed = Array(text.bytes[lineStart..<max(lineStart, cursor)])
        var wordStart = typed.count
        while wordStart > 0, !isSeparator(typed[wordStart - 1]) { wordStart -= 1 }
        let span = text.span((lineStart + wordStart)..<(lineStart + typed.count))
        // Inside a string or a comment there is nothing to offer.
        let quotes = typed.filter { $0 == UInt8(ascii: "\"") }.count
        guard quotes % 2 == 0, !typed.contains(UInt8(ascii: "#")) || !startsComment(typed) else { return (span, []) }

        let word = String(decoding: typed[wordStart...], as: UTF8.self)
        // What a block's first line carries before its `{` is not part of the command in it.
        var statementStart = 0
        if let brace = typed[..<wordStart].lastIndex(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) {
            statementStart = brace + 1
        }
        let before = String(decoding: typed[statementStart..<wordStart], as: UTF8.self)

        if word.hasPrefix("$") {
            var seen: Set<String> = []
            let candidates = analysis.bindings.filter { $0.line < line && seen.insert($0.name).inserted }
                .map { CompletionCandidate(label: "$" + $0.name, kind: .variable, detail: "let on line \($0.line + 1)") }
                .filter { $0.label.hasPrefix(word) }
                .sorted { $0.label < $1.label }
            return (span, candidates)
        }
        let sdk = analysis.sdk(at: line)
        guard case .words(let words) = Completer.complete(word: word, before: before, sdk: sdk,
                                                          userIDs: analysis.users(before: line), table: table,
                                                          procedures: analysis.procedures.values.filter { $0.source.name != analysis.name || $0.position.line - 1 < line }.map(\.name)) else {
            return (span, [])
        }
        let atStart = before.allSatisfy { $0 == " " || $0 == "\t" }
        let candidates = words.map { label -> CompletionCandidate in
            if atStart {
                if table.root.children[label] == nil, let procedure = analysis.procedures[label] {
                    return CompletionCandidate(label: label, kind: .command, detail: "procedure: \(procedure.usage)")
                }
                let summary = table.root.children[label]?.spec(for: sdk)?.summary
                return CompletionCandidate(label: label, kind: .command, detail: summary)
            }
            if label.hasSuffix("=") { return CompletionCandidate(label: label, kind: .field, detail: nil) }
            if table.root.children[label] == nil, isKeyword(label, before: before, table: table) {
                return CompletionCandidate(label: label, kind: .keyword, detail: nil)
            }
            return CompletionCandidate(label: label, kind: .value, detail: nil)
        }
        return (span, candidates)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "}")
    }

    /// Whether a `#` on the line starts a comment (a `#` inside a word does not).
    private static func startsComment(_ typed: [UInt8]) -> Bool {
        LineTokens(typed).commentStart != nil
    }

    /// A word that names more of the command (`user` → `add`) is a keyword, not a value.
    private static func isKeyword(_ label: String, before: String, table: CommandTable) -> Bool {
        let words = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, var node = table.root.children[first] else { return false }
        for word in words.dropFirst() {
            guard let next = node.children[word] else { break }
            node = next
        }
        return node.children[label] != nil
    }
}
