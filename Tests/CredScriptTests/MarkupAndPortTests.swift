import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// One escaping for XML and HTML, one port check (issue 36, item 4): what a report, a
/// diagram or a page shows of odd text, and what a port outside 0 to 65535 is told.
@Suite struct MarkupAndPortTests {
    /// The text every report and picture escapes alike: the five specials, the three
    /// spaces XML keeps, what XML cannot hold.
    static let odd = "a&b<c>\"d\"'e'\tf\ng\rh\u{1}i\u{7F}j\u{FFFE}k\u{FFFF}é"

    @Test func oneEscapingForXMLAndHTML() {
        let escaped = "a&amp;b&lt;c&gt;&quot;d&quot;&#39;e&#39;\tf\ng\rh\u{FFFD}i\u{FFFD}j\u{FFFD}k\u{FFFD}é"
        expectEqual(MarkupEscaping.escape(Self.odd), escaped)
        // The HTML report and the pages: the same (a control character was U+FFFD there,
        // and `?` in the JUnit report).
        expectEqual(HTMLText.escape(Self.odd), escaped)
    }

    /// The picture shows a control character as its escape, then escapes for XML as the reports do.
    @Test func theDiagramShowsControlsAsEscapesThenEscapesAlike() {
        expectEqual(SVGWriter.escape("it's\u{1}<b>\n"), "it&#39;s\\u{1}&lt;b&gt;\\n")
    }

    @Test func onePortCheck() {
        expectEqual(ServingDefaults.port("0"), 0)
        expectEqual(ServingDefaults.port("65535"), 65_535)
        for refused in ["65536", "-1", "80x", ""] { expectEqual(ServingDefaults.port(refused), nil, "\(refused)") }
        // `serve start` (SUSI) and `live start` refuse alike, with the same range.
        let (serveHost, _) = runScript("sdk susi\nserve start 65536\n")
        #expect(serveHost.errors.contains("PORT must be from 0 to 65535 (0 picks a free port), not 65536"), "\(serveHost.errors)")
        let (liveHost, _) = runScript("live start 70000\n")
        #expect(liveHost.errors.contains("PORT must be from 0 to 65535 (0 picks a free port), not 70000"), "\(liveHost.errors)")
    }
}
