import CredLanguage
import CredEditor
import CredScript
import CredSimulator

/// The few LSP structures the server reads and writes, to and from JSONValue.
enum ProtocolValues {
    static func position(_ point: TextPoint) -> JSONValue {
        .object([("line", .int(point.line)), ("character", .int(point.character))])
    }

    static func range(_ span: TextSpan) -> JSONValue {
        .object([("start", position(span.start)), ("end", position(span.end))])
    }

    static func location(uri: String, _ span: TextSpan) -> JSONValue {
        .object([("uri", .string(uri)), ("range", range(span))])
    }

    /// An LSP Diagnostic: its code (`CS0101`) and, when the server knows where
    /// docs/diagnostics.md is (`documentation`, a URI), the code's section of it.
    static func diagnostic(_ diagnostic: EditorDiagnostic, documentation: String?) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("range", range(diagnostic.span)),
            ("severity", .int(diagnostic.severity == .error ? 1 : 2)),
            ("code", .string(diagnostic.code.id)),
        ]
        if let documentation {
            members.append(("codeDescription", .object([("href", .string(documentation + "#" + diagnostic.code.id.lowercased()))])))
        }
        members += [("source", .string("credsh")), ("message", .string(diagnostic.message))]
        return .object(members)
    }

    static func completionItem(_ candidate: CompletionCandidate, replacing span: TextSpan) -> JSONValue {
        // CompletionItemKind: Function 3, Field 5, Variable 6, Keyword 14, Value 12.
        let kind: Int
        switch candidate.kind {
        case .command: kind = 3
        case .field: kind = 5
        case .variable: kind = 6
        case .keyword: kind = 14
        case .value: kind = 12
        }
        var members: [(String, JSONValue)] = [("label", .string(candidate.label)), ("kind", .int(kind))]
        if let detail = candidate.detail { members.append(("detail", .string(detail))) }
        members.append(("textEdit", .object([("range", range(span)), ("newText", .string(candidate.label))])))
        return .object(members)
    }

    static func symbol(_ symbol: EditorSymbol) -> JSONValue {
        // SymbolKind: File 1, Namespace 3, Method 6 (a named test), Function 12 (a procedure),
        // Variable 13, Array 18 (a repeated block).
        let kind: Int
        switch symbol.kind {
        case .section: kind = 3
        case .block: kind = 18
        case .procedure: kind = 12
        case .test: kind = 6
        case .file: kind = 1
        case .variable: kind = 13
        }
        return .object([
            ("name", .string(symbol.name)), ("kind", .int(kind)),
            ("range", range(symbol.span)), ("selectionRange", range(symbol.selection)),
            ("children", .array(symbol.children.map(self.symbol))),
        ])
    }

    // MARK: Reading

    static func int(_ value: JSONValue?) -> Int? {
        if case .int(let number)? = value { return number }
        return nil
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let text)? = value { return text }
        return nil
    }

    static func point(_ value: JSONValue?) -> TextPoint? {
        guard let line = int(value?["line"]), let character = int(value?["character"]) else { return nil }
        return TextPoint(line: line, character: character)
    }

    static func span(_ value: JSONValue?) -> TextSpan? {
        guard let start = point(value?["start"]), let end = point(value?["end"]) else { return nil }
        return TextSpan(start: start, end: end)
    }
}

/// `file://` URIs and paths, both ways, with percent-encoding.
enum FileURI {
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: only the local host is a path here.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")), slash > 0 {
            rest = Array(rest[slash...])
        }
        return String(decoding: FormEncoding.pathDecoded(rest[...]).decoded, as: UTF8.self)
    }

    static func uri(of path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }


    /// `path` resolved against the directory of `includingFile`, as `source` resolves it.
    static func resolve(_ path: String, against includingFile: String) -> String {
        guard !path.hasPrefix("/") else { return normalise(path) }
        let directory = includingFile.lastIndex(of: "/").map { String(includingFile[..<$0]) } ?? "."
        return normalise(directory + "/" + path)
    }

    /// Removes `.` and `name/..` so the same file has one name.
    static func normalise(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}
