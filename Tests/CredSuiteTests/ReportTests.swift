import Testing
import Expectations
import CredLanguage
import CredScript
import CredSimulator
@testable import CredSuite

/// Every report of a suite, from verdicts made here: what a CI server or a person reads.
@Suite struct ReportTests {
    static func verdicts() -> [ScriptVerdict] {
        let failure = Diagnostic(.expectationFailed, "expected <b> & \"c\"", file: "b.credscript",
                                 at: SourcePosition(line: 2, column: 1, offset: 10, lineStart: 10))
        let error = Diagnostic(.commandCannotRun, "login failed", file: "c.credscript", at: SourcePosition(line: 1, column: 1, offset: 0, lineStart: 0))
        var skipped = ScriptVerdict(path: "d.credscript", expectations: 0, problems: [], omitted: 0, transcript: .none, exitCode: 0, seconds: 0.001)
        skipped.skipped = "not on this SDK"
        return [
            ScriptVerdict(path: "a.credscript", expectations: 2, problems: [], omitted: 0, transcript: .matches, exitCode: 0, seconds: 0.0125),
            ScriptVerdict(path: "b.credscript", expectations: 1, problems: [.init(diagnostic: failure, text: "b.credscript:2:1: expectation failed\n")],
                          omitted: 0, transcript: .differs("--- b.expected\n+++ b.credscript (this run)\n@@ -1 +1 @@\n-old\n+new\n"), exitCode: 1, seconds: 0.5),
            ScriptVerdict(path: "c.credscript", expectations: 0, problems: [.init(diagnostic: error, text: "c.credscript:1:1: error: login failed\n")],
                          omitted: 3, transcript: .none, exitCode: 3, seconds: 2),
            skipped,
        ]
    }

    @Test func theReportsAreTheRegistrysAndEachNamesItsOption() {
        expectEqual(SuiteReports.all.map(\.option), ["junit", "html"])
        expectEqual(SuiteReports.all.filter(\.drawsDiagrams).map(\.option), ["html"])
        expectEqual(SuiteFormats.names, ["text", "json", "tap"])
        #expect(SuiteFormats.named("yaml") == nil)
    }

    @Test func junitHasOneOutcomePerTestcaseByTheExitCodeRule() {
        let xml = JUnitReport().render(Self.verdicts(), shard: Shard("1/2"), seconds: 3.2)
        #expect(xml.contains("<testsuites name=\"credsh (shard 1/2)\" tests=\"4\" failures=\"1\" errors=\"1\" time=\"3.200\">"))
        #expect(xml.contains("<testcase classname=\"a.credscript\" name=\"a.credscript\" time=\"0.013\"/>"))
        // The message is the first failure's headline (FILE:LINE:COLUMN: KIND: MESSAGE), escaped, and the count.
        #expect(xml.contains("<failure message=\"b.credscript:2:1: "))
        #expect(xml.contains("expected &lt;b&gt; &amp; &quot;c&quot; [CS0501] (and 1 more)\" type=\"expectation\">"), "\(xml)")
        #expect(xml.contains("<error message=\"c.credscript:1:1: "))
        #expect(xml.contains("login failed [CS0401] (and 3 more)\" type=\"runtime\">"), "\(xml)")
        #expect(xml.contains("<skipped>not on this SDK</skipped>"))
        // The timings a later shard balances by are read back from it.
        let timings = ShardTimings.read(Array(xml.utf8))
        expectEqual(timings, ["a.credscript": 0.013, "b.credscript": 0.5, "c.credscript": 2, "d.credscript": 0.001])
        expectEqual(ShardTimings.share(of: ["a.credscript", "b.credscript", "c.credscript", "d.credscript"], shard: Shard("1/2")!, timings: timings),
                    ["c.credscript"])
    }

    @Test func htmlShowsTheTotalsEveryScriptAndEachFailureEscaped() {
        let page = HTMLReport().render(Self.verdicts(), shard: nil, seconds: 3)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>credsh test: 1 passed, 2 failed</title>"))
        #expect(page.contains("<span class=\"cr-skipped\">1 skipped</span>"))
        #expect(page.contains("exit code <span class=\"cr-code\">3</span> (runtime error)"))
        #expect(page.contains("<a href=\"#failure-1\">b.credscript</a>"))
        #expect(page.contains("<a href=\"#failure-2\">c.credscript</a>"))
        #expect(page.contains("<span class=\"cr-add\">+new</span>"))
        #expect(!page.contains("<b> & "), "text from a script is escaped")
    }

    @Test func textJSONAndTAPSayEachVerdict() throws {
        let verdicts = Self.verdicts()
        let style = SuiteStyle(color: false)
        let text = TextSuiteFormat()
        expectEqual(text.verdict(verdicts[0], number: 1, style: style), "ok   a.credscript (2 expectations, transcript)\n")
        #expect(text.verdict(verdicts[1], number: 2, style: style).hasPrefix("FAIL b.credscript\n    b.credscript:2:1: expectation failed\n    the transcript differs from its .expected file:\n"))
        #expect(text.verdict(verdicts[2], number: 3, style: style).contains("    … and 3 more failures\n"))
        expectEqual(text.verdict(verdicts[3], number: 4, style: style), "skip d.credscript (not on this SDK)\n")
        let totals = SuiteTotals(passed: 1, failed: 2, skipped: 1, expectationsPassed: 3, expectationsFailed: 1, exitCode: 3)
        expectEqual(text.summary(totals), "1 passed, 2 failed, 1 skipped\n")

        let tap = try #require(SuiteFormats.named("tap"))
        expectEqual(tap.opening(verdicts: 4), "TAP version 13\n")
        expectEqual(tap.verdict(verdicts[3], number: 4, style: style), "ok 4 - d.credscript # SKIP not on this SDK\n")
        #expect(tap.verdict(verdicts[2], number: 3, style: style).hasPrefix("not ok 3 - c.credscript\n  ---\n  exitCode: 3\n"))
        expectEqual(tap.summary(totals), "# 1 passed, 2 failed, 1 skipped\n1..4\n")
        expectEqual(TAPSuiteFormat.description("x \\# TODO"), "x \\\\\\u{23} TODO")
        expectEqual(TAPSuiteFormat.description("issue #12 \\ done"), "issue \\#12 \\\\ done")
        expectEqual(TAPSuiteFormat.description("y # skip me"), "y \\u{23} skip me")

        let json = try #require(SuiteFormats.named("json"))
        let line = json.verdict(verdicts[1], number: 2, style: style)
        let object = try JSONValue.parse(line)
        expectEqual(object["script"], .string("b.credscript"))
        expectEqual(object["passed"], .bool(false))
        expectEqual(object["transcript"], .string("differs"))
    }
}
