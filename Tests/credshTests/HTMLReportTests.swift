import Foundation
import Testing
import Expectations

/// `credsh test --html FILE`: one self-contained page with the totals, each script with
/// its time, and for each failure its message, source line and caret, the transcript's
/// diff and the diagram up to the failure, in red. Checked as text (escaping, masking,
/// nothing fetched) and in headless Chromium (what the page shows, and a screenshot that
/// stays in .build/html-report/ for a person to look at).
@Suite struct HTMLReportTests {
    /// A passing REL-ID script, a failing OneWelcome one (a wrong positional event) and a
    /// failing SUSI one (its failing line holds both passwords), one with markup in its
    /// output and a transcript that differs, and a skipped one.
    static func suite() throws -> URL {
        let dir = try Credsh.temporaryDirectory()
        try Credsh.write("user add alice\nlogin alice\nexpect event 1 getPassword\n", "relid-pass.credscript", in: dir)
        try Credsh.write("""
            # The PIN change starts; the test wrongly expects it done at once.
            sdk onewelcome
            user add bob pin 52817
            login bob 52817
            changepin
            expect last event didChangePin

            """, "onewelcome-pin.credscript", in: dir)
        try Credsh.write("""
            sdk susi
            user add dave@example.com password "secret12"
            login dave@example.com secret12
            update secret12 "newpass34" "newpass35"
            expect event response status=200

            """, "susi-change.credscript", in: dir)
        try Credsh.write("echo \"<img src=x onerror=alert(1)>\"\n", "markup.credscript", in: dir)
        try Credsh.write("> echo \"<img src=x onerror=alert(1)>\"\n<script>alert(2)</script>\n", "markup.expected", in: dir)
        try Credsh.write("skip \"not simulated yet\"\n", "skipped.credscript", in: dir)
        return dir
    }

    @Test func thePageHasEveryFailureItsLineItsDiffAndItsDiagram() throws {
        let dir = try Self.suite()
        let html = dir.appendingPathComponent("report.html")
        let run = try Credsh.run(["test", "--html", html.path, dir.path])
        expectEqual(run.status, 1)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<span class=\"cr-passed\">1 passed</span>, <span class=\"cr-failed\">3 failed</span>, <span class=\"cr-skipped\">1 skipped</span> of 5 scripts"))
        // Issue 52: a skip says why, as TAP and JUnit do.
        #expect(page.contains("skipped.credscript <span class=\"cr-reason\">(not simulated yet)</span>"), "\(page)")
        // Self-contained: nothing to fetch, nothing to run.
        for fetched in ["<script", "<link", "<img", "<iframe", " src=\"", "@import", "url(http", "href=\"http", "@font-face"] {
            #expect(!page.contains(fetched), "\(fetched)")
        }
        // Text from scripts is escaped; secrets are masked in source lines, notes and diagrams.
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;") && page.contains("&lt;script&gt;alert(2)&lt;/script&gt;"))
        for secret in ["secret12", "newpass34", "newpass35"] { #expect(!page.contains(secret), "\(secret) in the page") }
        #expect(page.contains("4 | update *** *** ***"), "the SUSI failure's line, masked")
        // Each failure: its message, the line and caret, the diagram.
        #expect(page.contains("onewelcome-pin.credscript:6:1: expectation failed: expected the last event to be didChangePin, but it was didReceivePinChallenge"))
        #expect(page.contains("6 | expect last event didChangePin\n  | <span class=\"cr-caret\">^</span>"))
        #expect(page.contains("<span class=\"cr-del\">-&lt;script&gt;alert(2)&lt;/script&gt;</span>"))
        expectEqual(page.components(separatedBy: "<section class=\"cr-failure\"").count - 1, 3)
        expectEqual(page.components(separatedBy: "<svg ").count - 1, 3, "a diagram for each failing script")
        #expect(page.components(separatedBy: "<g class=\"note failure\">").count - 1 >= 2, "the failure in red in each")
        #expect(!page.contains("<?xml"), "the SVG sits inside the page")
    }

    @Test(.enabled(if: Chromium.binary != nil, Chromium.skipReason))
    func chromiumShowsTheFailuresOfAOneWelcomeAndASusiScript() throws {
        let dir = try Self.suite()
        let out = Credsh.packageRoot.appendingPathComponent(".build/html-report")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let html = out.appendingPathComponent("report.html")
        _ = try Credsh.run(["test", "--html", html.path, dir.path])

        let profile = out.appendingPathComponent("profile-dom")
        let dump = try Chromium.run(["--dump-dom", html.absoluteString], profile: profile)
        try? FileManager.default.removeItem(at: profile)
        try #require(dump.status == 0 && !dump.timedOut, "\(dump.stderr.suffix(1000))")
        let dom = dump.stdout
        // What the browser built from the page: the totals, both failures with their lines
        // and diagrams, and script text as text (no element came from a script's output).
        #expect(dom.contains("<p class=\"cr-totals cr-red\" id=\"totals\">"))
        #expect(dom.contains("3 failed"))
        #expect(dom.contains("expected the last event to be didChangePin, but it was didReceivePinChallenge"))
        #expect(dom.contains("susi-change.credscript:4:1: expectation failed"))
        expectEqual(dom.components(separatedBy: "<svg ").count - 1, 3)
        #expect(!dom.contains("<img") && !dom.contains("<script"), "markup in a script's output stays text")
        for secret in ["secret12", "newpass34", "newpass35"] { #expect(!dom.contains(secret)) }

        let png = out.appendingPathComponent("report.png")
        let shotProfile = out.appendingPathComponent("profile-shot")
        let shot = try Chromium.run(["--screenshot=\(png.path)", "--window-size=1280,2400", html.absoluteString], profile: shotProfile)
        try? FileManager.default.removeItem(at: shotProfile)
        expectEqual(shot.status, 0, "\(shot.stderr.suffix(1000))")
        let size = (try? FileManager.default.attributesOfItem(atPath: png.path)[.size] as? Int) ?? 0
        #expect(size > 50_000, "the screenshot (\(png.path)) is \(size) bytes: a blank page is far smaller")
    }
}
