import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Review: the history file kept a path and a variable's name as `***`; a variable's name
/// stays (grammar.md, "Secrets"), and a path is no secret.
@Suite struct HistoryOverMaskTests {
    static func history(_ lines: [String]) -> [String] {
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: SecretPropertyTests.EveryOutput())
        var history: [String] = []
        for typed in lines {
            let read = evaluator.parse(SourceFile(name: "<repl>", text: typed + "\n"))
            history.append(evaluator.events.secrets.historyEntry(typed, read: read, simulation: evaluator.simulation, table: evaluator.table))
            evaluator.clearFailures()
            evaluator.run(read)
        }
        return history
    }

    @Test func aPathAndAVariablesNameInAQueryStay() {
        let kept = Self.history(["sdk susi", "user add dave@example.com password \"secret12\"", "let p = \"secret12\"",
                                 "record /tmp/x.credscript", "record stop", "record /tmp/run2/x.credscript", "record stop",
                                 "request GET \"/aaa/login.json?login=dave@example.com&password=$p&type=access-token\"",
                                 "request GET /aaa/login.json login=dave@example.com password=$p type=access-token"])
        expectEqual(kept, ["sdk susi", "user add dave@example.com password ***", "let p = ***", "record /tmp/x.credscript", "record stop",
                           "record /tmp/run2/x.credscript", "record stop",
                           "request GET \"/aaa/login.json?login=dave@example.com&password=***&type=access-token\"",
                           "request GET /aaa/login.json login=dave@example.com password=$p type=access-token"])
    }
}
