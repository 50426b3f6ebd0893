import CredLanguage
/// What a picture file holds, from its name: the one reading of a diagram file's name for
/// `credsh diagram -o FILE` and the prompt's `diagram FILE`. A name that says nothing the
/// picture can be (`lesson.png`) is refused, never written with the wrong bytes.
public enum DiagramFormat: Sendable, Equatable {
    case svg
    case mermaid
    /// Mermaid in a ```mermaid block, for a Markdown file.
    case markdown
    /// A self-contained page: the SVG and, beside it, each command with its narration.
    case html

    /// The endings a diagram file may have, in the order a refusal lists them.
    public static let extensions = [".svg", ".mmd", ".md", ".html"]

    /// From a file name's ending (any case); nil for anything else.
    public init?(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") { self = .svg }
        else if lower.hasSuffix(".mmd") { self = .mermaid }
        else if lower.hasSuffix(".md") { self = .markdown }
        else if lower.hasSuffix(".html") { self = .html }
        else { return nil }
    }

    /// Whether the file holds Mermaid text.
    public var isMermaid: Bool { self == .mermaid || self == .markdown }

    /// Why a file name is refused, with the endings that are not.
    public static func refusal(_ path: String) -> String {
        "a diagram file ends in .svg (a picture), .mmd or .md (Mermaid) or .html (a page), not '\(TerminalSafe.text(path))'"
    }

    /// The file's bytes; `narration` (by `file:line` of the command it comes before) only
    /// shows on a page.
    public func render(_ diagram: SequenceDiagram, narration: [String: [String]] = [:]) -> String {
        switch self {
        case .svg: return SVGWriter().render(diagram)
        case .mermaid: return MermaidWriter().render(diagram)
        case .markdown: return "```mermaid\n" + MermaidWriter().render(diagram) + "```\n"
        case .html: return DiagramPage.render(diagram, narration: narration)
        }
    }

    /// Two or more runs side by side in one picture (`credsh diagram --side-by-side`).
    public func render(sideBySide diagrams: [SequenceDiagram], title: String, narration: [String: [String]] = [:]) -> String {
        switch self {
        case .svg: return SVGWriter().render(sideBySide: diagrams, title: title)
        case .mermaid: return MermaidWriter().render(sideBySide: diagrams, title: title)
        case .markdown: return "```mermaid\n" + MermaidWriter().render(sideBySide: diagrams, title: title) + "```\n"
        case .html: return DiagramPage.render(sideBySide: diagrams, title: title, narration: narration)
        }
    }
}
