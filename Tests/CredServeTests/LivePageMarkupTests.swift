import Testing
import Expectations
@testable import CredServe

/// Issue 22, item 1: text from the session is escaped wherever the live page puts it, and
/// the page fetches nothing but its own stream.
@Suite struct LivePageMarkupTests {
    static let hostile = #"</script><script>alert(1)</script><img src=x onerror="alert(2)">&amp;"#

    @Test func textFromTheSessionIsEscapedInThePage() {
        var snapshot = LiveSnapshot()
        snapshot.sequence = 7
        snapshot.command = "echo " + Self.hostile
        snapshot.narration = Self.hostile
        snapshot.output = [Self.hostile]
        snapshot.banner = Self.hostile
        snapshot.progress = Self.hostile
        snapshot.explanations = [(Self.hostile, Self.hostile), ("118", "status 118")]
        let page = LivePage.html(snapshot, token: "\"><script>alert(3)</script>")
        #expect(!page.contains("<script>alert"), "no markup from the session")
        #expect(!page.contains("<img"))
        #expect(page.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("&amp;amp;"))
        // Inside the JSON of the explanations, `<` is \u003c: no `</script>` can end the element early.
        #expect(page.contains(#"\u003c/script>\u003cscript>alert(1)"#))
        expectEqual(page.ranges(of: "</script>").count, 2, "the page's own two script elements only")
        #expect(page.contains(#"data-sequence="7""#))
    }

    /// Issue 34, item 1: under `--step` the command waiting and the one just run, each in its panel.
    @Test func theWaitingCommandAndTheLastOneRunAreBothShownEscaped() {
        var snapshot = LiveSnapshot()
        snapshot.command = "login alice ***"
        snapshot.narration = "the last one's story"
        snapshot.output = ["statusCode=190"]
        snapshot.next = "echo " + Self.hostile
        snapshot.nextNarration = "told " + Self.hostile
        let page = LivePage.html(snapshot, token: "t")
        #expect(!page.contains("<script>alert") && !page.contains("<img"))
        #expect(page.contains(#"<pre id="next">&gt; echo &lt;/script&gt;"#))
        #expect(page.contains(#"<div id="nextBox">"#), "shown, not hidden")
        #expect(page.contains(#"<pre id="command">&gt; login alice ***</pre>"#))
        #expect(page.contains("statusCode=190"))
        #expect(page.contains("# told &lt;/script&gt;") && !page.contains("the last one&#39;s story") && !page.contains("the last one's story"),
                "the narration over the page is the waiting command's")
        #expect(snapshot.json.contains(#""next":"echo "#) && snapshot.json.contains(#""nextNarration":"told "#))
        snapshot.next = nil
        let ran = LivePage.html(snapshot, token: "t")
        #expect(ran.contains(#"<div id="nextBox" hidden>"#))
        #expect(ran.contains("the last one"))
    }

    @Test func thePageFetchesNothingFromElsewhere() {
        let page = LivePage.html(LiveSnapshot(), token: "t")
        for fetch in ["http://", "https://", "//fonts", "@import", "url("] {
            #expect(!page.contains(fetch), "the page names \(fetch)")
        }
        #expect(LivePage.contentSecurityPolicy.hasPrefix("default-src 'none'"))
        #expect(LivePage.contentSecurityPolicy.contains("connect-src 'self'"))
    }

    @Test func anEventIsOneDataLine() {
        var snapshot = LiveSnapshot()
        snapshot.sequence = 3
        snapshot.svg = "<svg>\n<text>a\nb</text>\n</svg>"
        snapshot.output = ["line one", "line\ntwo"]
        let event = snapshot.eventText
        #expect(event.hasPrefix("id: 3\nevent: update\ndata: {"))
        #expect(event.hasSuffix("}\n\n"))
        expectEqual(event.split(separator: "\n").count, 3, "newlines inside the snapshot are JSON escapes")
    }
}
