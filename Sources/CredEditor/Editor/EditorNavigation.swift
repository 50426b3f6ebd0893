import CredLanguage
import CredScript
/// A place to go to: a span of this document (`file` nil) or the start of another file.
public struct EditorLocation: Equatable, Sendable {
    /// The other file's name (a path), or nil for this document.
    public let file: String?
    public let span: TextSpan
}

/// Go to definition and find references. What can be named is a `Symbol`: a variable
/// (defined by its `let` lines, used as `$NAME`) or a sourced file (named on `source`
/// lines) or a procedure (defined on its `proc` line, here or in a sourced file; referenced
/// where it is called).
public enum EditorNavigation {
    enum Symbol {
        case variable(String)
        case file(path: String, resolved: String?)
        case procedure(Procedure)
    }

    public static func definition(in analysis: DocumentAnalysis, at point: TextPoint) -> [EditorLocation] {
        guard let (symbol, line) = symbol(in: analysis, at: point) else { return [] }
        switch symbol {
        case .variable(let name):
            guard let binding = analysis.binding(of: name, before: line + 1) else { return [] }
            return [EditorLocation(file: nil, span: analysis.nameSpan(of: binding))]
        case .file(_, let resolved):
            guard let resolved else { return [] }
            return [EditorLocation(file: resolved, span: TextSpan(start: TextPoint(line: 0, character: 0), end: TextPoint(line: 0, character: 0)))]
        case .procedure(let procedure):
            return [definitionLocation(of: procedure, in: analysis)]
        }
    }

    /// The name on the `proc` line: in this document, or in the file that defines it.
    static func definitionLocation(of procedure: Procedure, in analysis: DocumentAnalysis) -> EditorLocation {
        let line = procedure.namePosition.line - 1
        let nameStart = procedure.namePosition.offset
        if procedure.source.name == analysis.name {
            let range = nameStart..<(nameStart + procedure.name.utf8.count)
            return EditorLocation(file: nil, span: analysis.text.span(range))
        }
        let at = TextPoint(line: line, character: procedure.namePosition.column - 1)
        return EditorLocation(file: procedure.source.name, span: TextSpan(start: at, end: at))
    }

    public static func references(in analysis: DocumentAnalysis, at point: TextPoint, includeDeclaration: Bool) -> [EditorLocation] {
        guard let (symbol, _) = symbol(in: analysis, at: point) else { return [] }
        switch symbol {
        case .variable(let name):
            var spans = analysis.uses.filter { $0.name == name }.map { analysis.text.span($0.range) }
            if includeDeclaration {
                spans += analysis.bindings.filter { $0.name == name }.map { analysis.nameSpan(of: $0) }
            }
            return spans.sorted { ($0.start.line, $0.start.character) < ($1.start.line, $1.start.character) }
                .map { EditorLocation(file: nil, span: $0) }
        case .file(let path, let resolved):
            return analysis.sourceLinks.filter { resolved != nil ? $0.resolved == resolved : $0.path == path }
                .map { EditorLocation(file: nil, span: analysis.text.span($0.range)) }
        case .procedure(let procedure):
            let calls = analysis.procedureCalls.filter { $0.name == procedure.name }.map { EditorLocation(file: nil, span: analysis.text.span($0.range)) }
            let definition = procedure.source.name == analysis.name && includeDeclaration ? [definitionLocation(of: procedure, in: analysis)] : []
            return definition + calls
        }
    }

    /// What is named at `point`, and on which line.
    static func symbol(in analysis: DocumentAnalysis, at point: TextPoint) -> (Symbol, Int)? {
        let text = analysis.text
        guard point.line >= 0, point.line < text.lineCount else { return nil }
        let offset = text.offset(of: point)
        if let link = analysis.sourceLinks.first(where: { $0.line == point.line && ($0.range.contains(offset) || $0.range.upperBound == offset) }) {
            return (.file(path: link.path, resolved: link.resolved), point.line)
        }
        let lineStart = text.lineRange(point.line).lowerBound
        let tokens = LineTokens(text.lineBytes(point.line))
        guard let token = tokens.token(at: offset - lineStart) else { return nil }
        if case .variable(let name) = token.kind { return (.variable(name), point.line) }
        // A procedure's name where it is called or defined.
        if case .word(let word) = token.kind, let procedure = analysis.procedures[word] {
            let absolute = lineStart + token.position.offset
            let defined = procedure.source.name == analysis.name && procedure.namePosition.offset == absolute
            if defined || analysis.procedureCalls.contains(where: { $0.range.lowerBound == absolute }) {
                return (.procedure(procedure), point.line)
            }
        }
        // The name of a `let` on this line.
        if case .word(let word) = token.kind,
           let binding = analysis.bindings.first(where: { $0.line == point.line && $0.name == word }),
           analysis.nameSpan(of: binding) == analysis.text.span((lineStart + token.position.offset)..<(lineStart + token.position.offset + token.length)) {
            return (.variable(binding.name), point.line)
        }
        return nil
    }
}

extension DocumentAnalysis {
    /// Where a `let` writes its name (after `let`, and `secret` when there is one).
    func nameSpan(of binding: Binding) -> TextSpan {
        let lineStart = text.lineRange(binding.line).lowerBound
        let tokens = LineTokens(text.lineBytes(binding.line))
        let after = tokens.tokens.drop { $0.position.offset < binding.letOffset - lineStart }.dropFirst()
        if let name = after.prefix(2).first(where: { $0.kind == .word(binding.name) }) {
            return text.span((lineStart + name.position.offset)..<(lineStart + name.position.offset + name.length))
        }
        return text.span(binding.letOffset..<binding.letOffset)
    }
}
