import CredLanguage
import CredScript
/// An entry of the editor's outline.
public struct EditorSymbol: Equatable, Sendable {
    /// `block`: a `repeat` or `for`; `file`: a `source` line, naming the file it reads.
    public enum Kind: Sendable { case section, block, procedure, test, file, variable }
    public let name: String
    public let kind: Kind
    /// All of it, and the part to select (its first line's words).
    public let span: TextSpan
    public let selection: TextSpan
    public internal(set) var children: [EditorSymbol]
}

/// The outline of a script: a section per `sdk NAME` line (to the next one), `repeat` and
/// `for` blocks, procedures (`proc NAME …`), named tests (`test "NAME"`), the files it
/// sources (`source PATH`), and the variables bound, each inside what holds it.
public enum EditorSymbols {
    /// At most this many entries: an outline of a huge generated file stays usable.
    public static let maximumSymbols = 10_000

    public static func symbols(of analysis: DocumentAnalysis) -> [EditorSymbol] {
        let text = analysis.text
        var flat: [EditorSymbol] = []
        func lineSpan(_ first: Int, _ last: Int) -> TextSpan {
            TextSpan(start: TextPoint(line: first, character: 0), end: text.point(at: text.lineRange(last).upperBound))
        }
        func firstLine(_ line: Int) -> TextSpan {
            let range = text.lineRange(line)
            var start = range.lowerBound
            while start < range.upperBound, text.bytes[start] == UInt8(ascii: " ") || text.bytes[start] == UInt8(ascii: "\t") { start += 1 }
            return text.span(start..<range.upperBound)
        }
        let sections = analysis.sections
        for (index, section) in sections.enumerated() {
            let last = index + 1 < sections.count ? max(section.line, sections[index + 1].line - 1) : text.lineCount - 1
            flat.append(EditorSymbol(name: "sdk \(section.sdk.name)", kind: .section, span: lineSpan(section.line, last),
                                     selection: firstLine(section.line), children: []))
        }
        let repeatLines = Set(analysis.blockLines)
        for block in BlockStructure.blocks(in: text) where repeatLines.contains(block.open) {
            guard flat.count < maximumSymbols else { break }
            let name = blockName(LineTokens(text.lineBytes(block.open)), analysis)
            let kind: EditorSymbol.Kind = name.hasPrefix("proc ") ? .procedure : name.hasPrefix("test ") ? .test : .block
            flat.append(EditorSymbol(name: name, kind: kind, span: lineSpan(block.open, block.close),
                                     selection: firstLine(block.open), children: []))
        }
        for link in analysis.sourceLinks {
            guard flat.count < maximumSymbols else { break }
            flat.append(EditorSymbol(name: "source " + link.path.escapingControls, kind: .file, span: lineSpan(link.line, link.line),
                                     selection: text.span(link.range), children: []))
        }
        for binding in analysis.bindings {
            guard flat.count < maximumSymbols else { break }
            let name = analysis.nameSpan(of: binding)
            flat.append(EditorSymbol(name: "$" + binding.name, kind: .variable, span: lineSpan(binding.line, binding.line),
                                     selection: name, children: []))
        }
        return nest(flat)
    }

    /// A block's header as the outline names it, its secrets masked as hover masks them:
    /// a `for` row's value bound to a name that holds a secret (or shaped like one, which
    /// the editor cannot tell apart while the file is being written), and any word of a
    /// header that is one of the file's secrets or shaped like a password (a test's name may
    /// hold one: DocumentAnalysis.shownWord).
    static func blockName(_ words: LineTokens, _ analysis: DocumentAnalysis) -> String {
        let header = words.tokens.prefix { $0.kind != .leftBrace }
        var shown: [String] = []
        var loopNames: [String] = []
        var afterIn = false
        for token in header {
            let text = words.text(of: token)
            if shown.first == "for" {
                if afterIn {
                    let column = loopNames.isEmpty ? 0 : (shown.count - loopNames.count - 2) % loopNames.count
                    let secret = !loopNames.isEmpty && analysis.holdsSecret(loopNames[column])
                    shown.append(secret || KnownSecrets.mayBeSecret(text) || analysis.holdsSecretValue(text) ? ScriptWriter.mask : text)
                    continue
                }
                if text == "in" { afterIn = true } else if shown.count >= 1 { loopNames.append(text) }
            }
            shown.append(analysis.shownWord(text))
        }
        return shown.joined(separator: " ")
    }

    /// Puts each entry inside the innermost one whose lines hold it.
    static func nest(_ flat: [EditorSymbol]) -> [EditorSymbol] {
        func before(_ a: TextPoint, _ b: TextPoint) -> Bool { (a.line, a.character) < (b.line, b.character) }
        // Wider first at the same start, so a holder comes before what it holds.
        let ordered = flat.enumerated().sorted { x, y in
            let a = x.element.span, b = y.element.span
            if a.start != b.start { return before(a.start, b.start) }
            if a.end != b.end { return before(b.end, a.end) }
            return x.offset < y.offset
        }.map(\.element)
        var roots: [EditorSymbol] = []
        var stack: [EditorSymbol] = []
        func close() {
            let done = stack.removeLast()
            if stack.isEmpty { roots.append(done) } else { stack[stack.count - 1].children.append(done) }
        }
        for symbol in ordered {
            while let top = stack.last, before(top.span.end, symbol.span.end) || top.kind == .variable || top.kind == .file { _ = top; close() }
            stack.append(symbol)
        }
        while !stack.isEmpty { close() }
        return roots
    }
}

