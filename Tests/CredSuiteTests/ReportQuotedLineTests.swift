import CredLanguage
import CredScript
@testable import CredSuite
import Testing
import Expectations

/// Issue 48: `credsh test` quoted `expect state alice locked` (a line that does not check)
/// as `expect state *** ***`, the caret moved: a report quotes a line as written but for
/// its secrets, which the run's reading knows and masks as values.
@Suite struct ReportQuotedLineTests {
    @Test func aLineThatDoesNotCheckIsQuotedAsWrittenButItsSecrets() throws {
        let folder = SuiteFolder()
        let script = try folder.write("""
            sdk relid
            user add alice password "Zq9Secret!"
            expect state alice locked
            lgoin alice Zq9Secret!

            """, "state.credscript")
        let texts = ScriptTest.run(script, { var settings = ScriptTest.Settings(); settings.keepGoing = true; return settings }()).flatMap { $0.problems.map(\.text) }
        let all = texts.joined()
        #expect(all.contains("3 | expect state alice locked\n  |                    ^\n"), "\(all)")
        #expect(all.contains("4 | lgoin alice ***\n"), "\(all)")
        #expect(!all.contains("Zq9Secret!"), "\(all)")
    }
}
