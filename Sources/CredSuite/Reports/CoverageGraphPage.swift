import CredLanguage
import CredScript
import CredSimulator

/// `credsh coverage merge --html FILE`: one self-contained page (no script, font or image
/// fetched) that draws each SDK's behaviour as a graph beside its table of items: the
/// callbacks as boxes, the transitions between them as arrows with the codes met on them
/// (a status code, a challenge mode, a screen), each met in colour with its count and each
/// never met in grey. SDKs the runs used come first, open; the others are folded away.
/// Every text that may come from a file (an item the model does not list) is escaped.
package enum CoverageGraphPage {
    package static func render(_ run: CoverageRun, files: Int) -> String {
        let report = run.report
        let counted = CoverageDocument.counted(report)
        let totals = "\(counted.met) of \(counted.items) items met in the SDKs used (\(CoverageSummary.percent(counted.met, of: counted.items)))"
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<title>credsh coverage: \(escape(totals))</title>\n" + style + "</head>\n<body>\n"
        out += "<h1>What the app met</h1>\n"
        out += "<p class=\"cv-totals\" id=\"totals\">\(run.runs) run\(run.runs == 1 ? "" : "s") (\(files) file\(files == 1 ? "" : "s")): \(escape(totals)). "
        out += "<span class=\"cv-key cv-met\">met, with its count</span> <span class=\"cv-key cv-never\">never met</span> "
        out += "<span class=\"cv-key cv-unlisted\">met, not in the model</span> "
        out += "<span class=\"cv-key cv-never\">not produced: credsh never produces it, not counted</span></p>\n"
        for sdk in report.filter(\.used) { out += section(sdk, run: run, open: true) }
        for sdk in report where !sdk.used { out += section(sdk, run: run, open: false) }
        return out + "</body>\n</html>\n"
    }

    private static func section(_ sdk: SDKCoverage, run: CoverageRun, open: Bool) -> String {
        let name = escape(sdk.sdk.name)
        let numbers = "\(sdk.reachableHit) of \(sdk.reachableCount) met"
            + (sdk.used ? " (\(CoverageSummary.percent(sdk.reachableHit, of: sdk.reachableCount)))" : ", not used by these runs")
        var out = "<details class=\"cv-sdk\" id=\"sdk-\(name)\"\(open ? " open" : "")>\n<summary><h2>\(name): \(numbers)</h2></summary>\n"
        out += "<div class=\"cv-pair\">\n<figure class=\"cv-graph\">\n"
        let graph = CoverageGraph(sdk, edgeCodes: run.edgeCodes[sdk.sdk] ?? [:])
        out += graph.svg
        if graph.unlistedLeftOut > 0 {
            out += "<figcaption>and \(graph.unlistedLeftOut) more transitions met that the model does not list, in the table</figcaption>\n"
        }
        out += "</figure>\n<div class=\"cv-table\">\n<table>\n<thead><tr><th>item</th><th>hits</th></tr></thead>\n<tbody>\n"
        for (kind, lines) in sdk.kinds {
            out += "<tr class=\"cv-kind\"><th colspan=\"2\">\(escape(kind))</th></tr>\n"
            for line in lines {
                let (cls, hits): (String, String)
                if line.hits > 0 {
                    (cls, hits) = (line.listed ? "cv-met" : "cv-unlisted", String(line.hits) + (line.listed ? "" : " (not listed)"))
                } else {
                    (cls, hits) = line.reachable ? ("cv-never", "never") : ("cv-never cv-unproduced", "not produced")
                }
                out += "<tr class=\"\(cls)\"><td>\(escape(line.item.label))</td><td>\(hits)</td></tr>\n"
            }
        }
        return out + "</tbody>\n</table>\n</div>\n</div>\n</details>\n"
    }

    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    static let style = """
        <style>
        body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 16px 20px; color: #24292f; }
        h1 { font-size: 20px; margin: 0 0 6px; }
        h2 { font-size: 16px; margin: 0; display: inline; }
        .cv-totals { font-size: 14px; margin: 0 0 10px; }
        .cv-key { display: inline-block; padding: 0 6px; border-radius: 4px; margin-left: 6px; font-size: 12px; }
        .cv-key.cv-met { background: #dafbe1; border: 1px solid #1a7f37; }
        .cv-key.cv-never { background: #f2f2f2; border: 1px solid #b0b0b0; color: #777; }
        .cv-key.cv-unlisted { background: #fff1e5; border: 1px solid #bc4c00; }
        details.cv-sdk { border: 1px solid #d0d7de; border-radius: 6px; padding: 6px 10px; margin: 0 0 12px; }
        details.cv-sdk > summary { cursor: pointer; }
        .cv-pair { display: flex; gap: 14px; align-items: flex-start; margin-top: 6px; }
        figure.cv-graph { flex: 1 1 68%; margin: 0; min-width: 0; }
        figure.cv-graph svg { display: block; width: 100%; height: auto; max-height: 620px; }
        .cv-table { flex: 0 0 30%; max-height: 600px; overflow-y: auto; font-size: 12px; }
        .cv-table table { border-collapse: collapse; width: 100%; table-layout: fixed; }
        .cv-table th:last-child, .cv-table td:last-child { width: 88px; }
        .cv-table td:first-child { overflow-wrap: anywhere; }
        .cv-table td, .cv-table th { text-align: left; padding: 1px 6px; border-bottom: 1px solid #eaeef2; }
        .cv-table td:last-child { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        .cv-table thead th { position: sticky; top: 0; background: white; }
        tr.cv-kind th { background: #f6f8fa; font-weight: 600; }
        tr.cv-met td:last-child { color: #1a7f37; font-weight: 600; }
        tr.cv-never td { color: #8c959f; }
        tr.cv-unproduced td { font-style: italic; }
        tr.cv-unlisted td { color: #bc4c00; }
        </style>

        """
}
