import CredLanguage
import CredScript
import CredSimulator

/// `credsh test --html FILE`: the results as one self-contained page a person opens from
/// a CI server's artefacts. No script, font, stylesheet or image is fetched: the style is
/// inline and each diagram is inline SVG. The totals, then every script with its time,
/// then, for each failing script, every failure with its source line and caret, the
/// transcript's diff, and the sequence diagram of the script up to its first failure,
/// which is drawn in red.
///
/// Everything that comes from a script is escaped for HTML, and a secret typed in a
/// source line is masked as a transcript masks it. The page's size grows with the
/// failures, not with the passing scripts (a table row each), so a suite of 1,000 mostly
/// green scripts opens at once (docs/suites.md, "For the QA engineer", has the figures).
package struct HTMLReport: SuiteReport {
    package let option = "html"
    package let help = "Also write the results as one self-contained HTML page: each failure with its source line and the script's sequence diagram up to it ('-': standard output; missing folders are made)."
    package let drawsDiagrams = true

    package init() {}

    package func render(_ verdicts: [ScriptVerdict], shard: Shard?, seconds: Double) -> String {
        let failed = verdicts.filter(\.failed)
        let skipped = verdicts.filter { $0.skipped != nil }.count
        let passed = verdicts.count - failed.count - skipped
        let code = ExitCode.mostSevere(verdicts.map(\.exitCode))
        let expectationsPassed = verdicts.reduce(0) { $0 + $1.expectations }
        let expectationsFailed = verdicts.reduce(0) { $0 + $1.expectationsFailed }
        let title = "credsh test" + (shard.map { " (shard \($0.label))" } ?? "")

        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>\(Self.escape(title)): \(passed) passed, \(failed.count) failed</title>\n"
        out += Self.style
        out += "</head>\n<body>\n<h1>\(Self.escape(title))</h1>\n"
        out += "<p class=\"cr-totals cr-\(failed.isEmpty ? "green" : "red")\" id=\"totals\">"
        out += "<span class=\"cr-passed\">\(passed) passed</span>, <span class=\"cr-failed\">\(failed.count) failed</span>"
        if skipped > 0 { out += ", <span class=\"cr-skipped\">\(skipped) skipped</span>" }
        // Named tests are counted as tests, in the scripts that name them.
        let scripts = Set(verdicts.map(\.path)).count
        let counted = verdicts.contains { $0.test != nil }
            ? "\(verdicts.count) test\(verdicts.count == 1 ? "" : "s") in \(scripts) script\(scripts == 1 ? "" : "s")"
            : "\(verdicts.count) script\(verdicts.count == 1 ? "" : "s")"
        out += " of \(counted) · expectations: \(expectationsPassed) passed, \(expectationsFailed) failed"
        out += " · exit code <span class=\"cr-code\">\(code)</span> (\(Self.meaning(code))) · \(JUnitReport.time(seconds)) s</p>\n"

        out += "<table class=\"cr-scripts\">\n<thead><tr><th>result</th><th>script</th><th>expectations</th><th>time (s)</th></tr></thead>\n<tbody>\n"
        var anchors: [Int: String] = [:]
        for (index, verdict) in verdicts.enumerated() where verdict.failed { anchors[index] = "failure-\(anchors.count + 1)" }
        for (index, verdict) in verdicts.enumerated() {
            let (label, kind) = Self.status(verdict)
            let name = anchors[index].map { "<a href=\"#\($0)\">\(Self.escape(verdict.name))</a>" } ?? Self.escape(verdict.name)
            // A skip says why, as TAP's `# SKIP reason` and JUnit's <skipped message> do.
            let reason = verdict.skipped.map { " <span class=\"cr-reason\">(\(Self.escape($0)))</span>" } ?? ""
            out += "<tr class=\"cr-\(kind)\"><td>\(label)</td><td>\(name)\(reason)</td>"
            out += "<td>\(verdict.expectations) passed\(verdict.expectationsFailed > 0 ? ", \(verdict.expectationsFailed) failed" : "")</td>"
            out += "<td class=\"cr-time\">\(JUnitReport.time(verdict.seconds))</td></tr>\n"
        }
        out += "</tbody>\n</table>\n"

        for (index, verdict) in verdicts.enumerated() {
            guard let anchor = anchors[index] else { continue }
            out += Self.failure(verdict, anchor: anchor)
        }
        out += "</body>\n</html>\n"
        return out
    }

    private static func status(_ verdict: ScriptVerdict) -> (String, String) {
        if verdict.failed { return (verdict.isError ? "ERROR" : "FAIL", "fail") }
        if verdict.skipped != nil { return ("skip", "skip") }
        return ("ok", "ok")
    }

    private static func meaning(_ code: Int32) -> String {
        switch code {
        case 0: return "success"
        case 1: return "an expectation failed"
        case 2: return "syntax error"
        case 3: return "runtime error"
        default: return "I/O error"
        }
    }

    /// One failing script: its failures, the diff, the diagram.
    private static func failure(_ verdict: ScriptVerdict, anchor: String) -> String {
        var out = "<section class=\"cr-failure\" id=\"\(anchor)\">\n"
        out += "<h2><span class=\"cr-badge\">\(status(verdict).0)</span> \(escape(verdict.name))</h2>\n"
        out += "<p class=\"cr-meta\">exit code \(verdict.exitCode) (\(meaning(verdict.exitCode))) · \(JUnitReport.time(verdict.seconds)) s</p>\n"
        for problem in verdict.problems { out += diagnostic(problem) }
        if verdict.omitted > 0 { out += "<p class=\"cr-meta\">… and \(verdict.omitted) more failures, not kept</p>\n" }
        if case .differs(let diff) = verdict.transcript {
            out += "<h3>The transcript differs from its .expected file</h3>\n<pre class=\"cr-diff\">"
            for line in diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let kind = line.hasPrefix("---") || line.hasPrefix("+++") ? "file"
                    : line.hasPrefix("@@") ? "hunk" : line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "add" : "same"
                out += "<span class=\"cr-\(kind)\">\(escape(String(line)))</span>\n"
            }
            out += "</pre>\n"
        }
        if case .notUpdated(let file) = verdict.transcript { out += "<p class=\"cr-meta\">\(escape(ScriptVerdict.Transcript.notUpdatedReason(file)))</p>\n" }
        if let svg = verdict.diagramSVG {
            out += "<h3>What happened, up to the failure</h3>\n<figure class=\"cr-diagram\">\n"
            out += inlineSVG(svg)
            out += "</figure>\n"
        }
        out += "</section>\n"
        return out
    }

    /// A failure as a plain run prints it: the headline, then (for a failure in a script)
    /// the source line with its gutter and the caret, then the notes (what the last
    /// command produced). The source line comes masked by the run's one redactor (ScriptTest).
    private static func diagnostic(_ problem: ScriptVerdict.Problem) -> String {
        var lines = problem.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let headline = lines.first else { return "" }
        var out = "<div class=\"cr-problem cr-\(problem.isError ? "error" : "expectation")\">\n"
        out += "<p class=\"cr-message\">\(escape(headline))</p>\n"
        var rest = Array(lines.dropFirst())
        let gutter = String(rest.first?.prefix(while: \.isNumber) ?? "")
        if rest.count >= 2, !gutter.isEmpty, rest[0].dropFirst(gutter.count).hasPrefix(" | "), rest[1].hasSuffix("^") {
            let code = String(rest[0].dropFirst(gutter.count + 3))
            let pad = rest[1].dropFirst(gutter.count + 3).dropLast()
            out += "<pre class=\"cr-source\">\(escape(gutter)) | \(escape(code))\n"
            out += String(repeating: " ", count: gutter.count) + " | " + escape(String(pad))
            out += "<span class=\"cr-caret\">^</span></pre>\n"
            rest.removeFirst(2)
        }
        if !rest.isEmpty {
            out += "<pre class=\"cr-notes\">" + rest.map { escape($0) }.joined(separator: "\n") + "</pre>\n"
        }
        out += "</div>\n"
        return out
    }

    /// The SVG writer's document, without its XML declaration, to sit inside the page.
    package static func inlineSVG(_ svg: String) -> String { HTMLText.inlineSVG(svg) }

    /// Text from a script as HTML text or an attribute value.
    package static func escape(_ text: String) -> String { HTMLText.escape(text) }

    package static let style = """
        <style>
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 24px; color: #24292f; }
        h1 { font-size: 22px; margin: 0 0 8px; }
        h2 { font-size: 17px; margin: 0 0 4px; word-break: break-all; }
        h3 { font-size: 14px; margin: 14px 0 6px; }
        .cr-totals { font-size: 15px; padding: 8px 12px; border-radius: 6px; }
        .cr-totals.cr-green { background: #dafbe1; }
        .cr-totals.cr-red { background: #ffebe9; }
        .cr-totals .cr-failed { font-weight: bold; }
        table.cr-scripts { border-collapse: collapse; margin: 12px 0 24px; font-size: 13px; }
        table.cr-scripts th, table.cr-scripts td { text-align: left; padding: 2px 12px 2px 4px; border-bottom: 1px solid #eaeef2; }
        table.cr-scripts td.cr-time { text-align: right; font-variant-numeric: tabular-nums; }
        tr.cr-ok td:first-child { color: #1a7f37; }
        tr.cr-fail td:first-child { color: #b3261e; font-weight: bold; }
        tr.cr-skip td:first-child { color: #9a6700; }
        .cr-reason { color: #57606a; }
        section.cr-failure { border: 1px solid #ffcecb; border-left: 6px solid #b3261e; border-radius: 6px; padding: 12px 16px; margin: 0 0 24px; }
        .cr-badge { background: #b3261e; color: white; border-radius: 4px; padding: 1px 6px; font-size: 13px; }
        .cr-meta { color: #57606a; font-size: 13px; margin: 0 0 8px; }
        .cr-problem { margin: 10px 0; }
        .cr-message { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; color: #b3261e; font-weight: bold; margin: 0; white-space: pre-wrap; word-break: break-all; }
        pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; background: #f6f8fa; padding: 6px 8px; margin: 4px 0; overflow-x: auto; }
        .cr-caret { color: #b3261e; font-weight: bold; }
        .cr-diff .cr-add { color: #1a7f37; } .cr-diff .cr-del { color: #b3261e; } .cr-diff .cr-hunk { color: #8250df; } .cr-diff .cr-file { font-weight: bold; }
        figure.cr-diagram { margin: 8px 0; overflow-x: auto; }
        figure.cr-diagram svg { display: block; }
        </style>

        """
}
