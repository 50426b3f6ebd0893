import CredLanguage
/// `credsh diagram … -o FILE.html` and the prompt's `diagram FILE.html`: one page a
/// teacher opens on the projector or hands out. The sequence diagram as inline SVG, then
/// each command in order, with the narration (the script's comment lines just before it)
/// above it. Self-contained: no script, no font, stylesheet or image is fetched, and the
/// page's content security policy forbids any fetch, so it opens the same offline. Every
/// text is escaped; commands are masked as the picture masks them, and the narration is
/// masked by the caller with the run's known secrets.
public enum DiagramPage {
    public static func render(_ diagram: SequenceDiagram, narration: [String: [String]] = [:]) -> String {
        render(title: diagram.title, svg: SVGWriter().render(diagram), steps: diagram.steps, narration: narration)
    }

    /// Runs side by side: their picture, then each run's commands in turn.
    public static func render(sideBySide diagrams: [SequenceDiagram], title: String, narration: [String: [String]] = [:]) -> String {
        render(title: title, svg: SVGWriter().render(sideBySide: diagrams, title: title), steps: diagrams.flatMap(\.steps), narration: narration)
    }

    static func render(title: String, svg: String, steps: [SequenceDiagram.Step], narration: [String: [String]]) -> String {
        let e = HTMLText.escape
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(e(title.escapingControls))</title>\n"
        out += style
        out += "</head>\n<body>\n"
        out += "<h1 class=\"dp-title\">\(e(title.escapingControls))</h1>\n"
        out += "<figure class=\"dp-picture\" id=\"picture\">\n"
        out += HTMLText.inlineSVG(svg)
        out += "</figure>\n"
        let steps = steps.filter { $0.command != nil }
        if !steps.isEmpty {
            out += "<h2 class=\"dp-heading\">The commands, in order</h2>\n<ol class=\"dp-steps\" id=\"steps\">\n"
            for step in steps {
                out += "<li>"
                for line in step.location.flatMap({ narration[$0] }) ?? [] {
                    out += "<p class=\"dp-narration\">\(e(line.escapingControls))</p>"
                }
                out += "<code class=\"dp-command\">\(e(step.command ?? ""))</code>"
                if let location = step.location { out += " <span class=\"dp-location\">\(e(location))</span>" }
                out += "</li>\n"
            }
            out += "</ol>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static let style = """
        <style>
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 24px; color: #24292f; }
        .dp-title { font-size: 22px; margin: 0 0 12px; }
        .dp-picture { margin: 0 0 20px; overflow-x: auto; }
        .dp-heading { font-size: 17px; }
        .dp-steps li { margin: 6px 0; }
        .dp-narration { margin: 8px 0 2px; font-style: italic; color: #57606a; }
        .dp-command { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-weight: bold; }
        .dp-location { color: #57606a; font-size: 13px; }
        </style>

        """
}
