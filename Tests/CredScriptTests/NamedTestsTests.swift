import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Named tests, `let NAME ?= VALUE`, values from outside and the check of unbound
/// variables (docs/suites.md, "Named tests" and "Values from outside"), as a user sees them.
@Suite struct NamedTestsTests {
    static let setup = "user add alice password \"Passw0rd!\"\n"

    @Test func aTestParsesWithItsNameAndBody() {
        let result = parse("test \"expired password\" {\n  login alice\n}\ntest plain { }\n")
        #expect(result.diagnostics.isEmpty)
        guard case .test(let first)? = result.statements.first, case .test(let second)? = result.statements.last else {
            Issue.record("no tests: \(result.statements)")
            return
        }
        #expect(first.name == "expired password" && first.body.count == 1 && first.namePosition.column == 6)
        #expect(second.name == "plain" && second.body.isEmpty)
    }

    @Test func aTestOutOfPlaceOrNamedTwiceIsASyntaxError() {
        let cases: [(String, String)] = [
            ("repeat 2 {\n  test \"inner\" { }\n}\n", "a test stands at the top level of a file, not inside a block or another test"),
            ("test \"a\" {\n  test \"b\" { }\n}\n", "a test stands at the top level of a file"),
            ("test \"a\" { }\ntest \"a\" { }\n", "a test named \"a\" is already defined (line 1)"),
            ("test \"\" { }\n", "a test's name cannot be empty"),
            ("test \"a\\nb\" { }\n", "a test's name cannot hold a control character"),
            ("test { }\n", "test expects a name in quotes"),
            ("test \"a\"\n", "expected '{' after 'test \"a\"'"),
            ("test \"\(String(repeating: "x", count: 201))\" { }\n", "a test's name is at most 200 characters"),
            ("proc p { test \"a\" { } }\n", "a test stands at the top level"),
        ]
        for (script, message) in cases {
            let result = parse(script)
            #expect(result.diagnostics.contains { $0.message.contains(message) }, "\(script): \(result.diagnostics.map(\.message))")
        }
    }

    @Test func aFileNamesAtMostAThousandTestsAndSaysSoOnce() {
        let script = (0...Parser.maximumTestsPerFile + 5).map { "test \"t\($0)\" {\n  echo x\n}\n" }.joined()
        let result = parse(script)
        expectEqual(result.diagnostics.map(\.message), ["a file names at most 1,000 tests: split it into several files"])
        expectEqual(result.diagnostics.first?.position.line, 3 * Parser.maximumTestsPerFile + 1)
    }

    @Test func aDefaultBindsOnlyWhatIsNotBound() {
        for spelling in ["let who ?= alice", "let who?= alice"] {
            let result = parse(spelling + "\n")
            guard case let .binding(name, _, _, _, ifUnbound)? = result.statements.first else {
                Issue.record("\(spelling): \(result.diagnostics)")
                continue
            }
            #expect(name == "who" && ifUnbound)
        }
        expectEqual(parse("let x ?= event getPassword.attemptsLeft\n").diagnostics.first?.message.contains("a capture binds with ="), true)
        let (host, evaluator) = runScript("let who = bob\nlet who ?= alice\nlet other ?= carol\necho $who $other\n")
        expectEqual(evaluator.exitCode, 0)
        expectEqual(host.output, "bob carol\n")
        let given = MemoryHost()
        let outside = Evaluator(simulation: Simulation(seed: 0), host: given)
        outside.bindFromOutside("who", "dave", secret: false)
        outside.run(SourceFile(name: "t.credscript", text: "let who ?= alice\necho $who\n"))
        expectEqual(given.output, "dave\n")
    }

    @Test func eachTestRunsAfterTheSetupInAFreshSimulation() {
        let script = Self.setup + """
            let n ?= 1
            test "one logs in" {
                login alice "Passw0rd!"
                expect state alice logged-in
                let n = 2
            }
            test "two starts afresh" {
                expect state alice not logged-in
                echo $n
            }
            echo setup-end
            """
        let (host, evaluator) = runScript(script, echo: true)
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        expectEqual(evaluator.expectationsPassed, 2)
        // The setup runs whole (its lines after a test too) before each test's header and
        // body; its output is shown once (it is the same each time), as a transcript holds it.
        let lines = host.output.split(separator: "\n").filter { $0.hasPrefix("> test ") || $0 == "setup-end" || $0 == "1" }
        expectEqual(lines, ["setup-end", "> test \"one logs in\"", "> test \"two starts afresh\"", "1"])
    }

    /// The body was read for the SDK active where the test is written: it runs with it,
    /// though the setup after the test switched to another.
    @Test func aTestRunsWithTheSDKWhereItIsWritten() {
        let script = Self.setup + "test \"relid\" {\n  login alice \"Passw0rd!\"\n  expect state alice logged-in\n}\nsdk susi\n"
        let (host, evaluator) = runScript(script)
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        expectEqual(evaluator.expectationsPassed, 1)
    }

    @Test func theSelectedTestRunsAloneAndASkipEndsOnlyItsTest() {
        let script = Self.setup + "test \"a\" {\n  skip \"later\"\n}\ntest \"b\" {\n  login alice \"Passw0rd!\"\n}\n"
        let (_, all) = runScript(script)
        #expect(all.exitCode == 0 && all.skipReason == nil, "a plain run goes on after a skipped test")
        let host = MemoryHost()
        var options = Evaluator.Options()
        options.selectedTest = "a"
        let one = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        one.run(SourceFile(name: "t.credscript", text: script))
        expectEqual(one.skipReason, "later")
        options.selectedTest = "missing"
        let none = Evaluator(simulation: Simulation(seed: 0), options: options, host: MemoryHost())
        none.run(SourceFile(name: "t.credscript", text: script))
        expectEqual(none.exitCode, 3)
    }

    @Test func aFailureStopsAPlainRunOfTests() {
        let script = Self.setup + "test \"a\" {\n  login nobody\n}\ntest \"b\" {\n  echo never\n}\n"
        let (host, evaluator) = runScript(script)
        expectEqual(evaluator.exitCode, 3)
        #expect(!host.output.contains("never"))
        let (goingOn, keptGoing) = runScript(script, keepGoing: true)
        #expect(keptGoing.exitCode == 3 && goingOn.output.contains("never"))
    }

    @Test func aTestInASourcedFileOrAtThePromptIsRefused() {
        let (host, evaluator) = runScript("source t.inc\n", files: ["t.inc": "test \"x\" { }\n"])
        expectEqual(evaluator.exitCode, 3)
        #expect(host.errors.contains("test \"x\" is in a sourced file"))
        let (prompt, interactive) = runScript("test \"x\" { echo hi }\n", interactive: true)
        #expect(interactive.exitCode == 3 && prompt.errors.contains("a test runs from a file"))
    }

    @Test func aValueFromOutsideUsedAsASecretIsMasked() {
        let host = MemoryHost()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true), host: host)
        evaluator.bindFromOutside("pw", "Given-Passw0rd", secret: false)
        evaluator.bindFromOutside("token", "env-T0ken-value", secret: true)
        evaluator.run(SourceFile(name: "t.credscript", text: "user add alice password $pw\nlogin alice $pw\necho $pw $token\n"))
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        #expect(!host.output.contains("Given-Passw0rd") && !host.output.contains("env-T0ken-value"))
        #expect(host.output.contains("*** ***\n"))
        // A --var whose name says it holds a secret is one from the start, as a `let` of it is,
        // in every spelling (a number is a duration's seconds too).
        let named = MemoryHost()
        let run = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true), host: named)
        run.bindFromOutside("password", "Passw0rd!x", secret: false)
        run.bindFromOutside("pin", "90061", secret: false)
        run.bindFromOutside("user", "dave", secret: false)
        run.run(SourceFile(name: "t.credscript", text: "echo $password $pin $user\npolicy password maxAge=$pin\n"))
        #expect(named.output.hasPrefix("> echo $password $pin $user\n*** *** dave\n"), "\(named.output)")
        #expect(!named.output.contains("Passw0rd!x") && !named.output.contains("90061") && !named.output.contains("1d1h1m1s"), "\(named.output)")
    }

    /// A source too large to hold is read again as it runs (ParsedScript): the same output.
    @Test func aScriptTooLargeToHoldRunsAsAHeldOneDoes() {
        let script = Self.setup + "echo setup\ntest \"a\" {\n  login alice \"Passw0rd!\"\n  expect state alice logged-in\n}\ntest \"b\" {\n  echo b\n}\n"
        let padding = "# " + String(repeating: "x", count: ParsedScript.maximumHeldBytes) + "\n"
        let (held, heldRun) = runScript(script, echo: true)
        let (streamed, streamedRun) = runScript(padding + script, echo: true)
        var parser = ScriptReader(SourceFile(name: "t", text: padding + script))
        #expect(parser.readScript().statements == nil, "the padded script is not held")
        #expect(heldRun.exitCode == 0 && streamedRun.exitCode == 0 && heldRun.expectationsPassed == 1 && streamedRun.expectationsPassed == 1)
        expectEqual(streamed.output, held.output)
    }

    @Test func checkReportsAVariableNeitherBoundNorGiven() {
        let script = """
            let pw ?= x
            for u in a b { echo $u $usr }
            proc p x { echo $x $later }
            let later = 1
            echo $pw $who
            let c = event 1.userID
            echo $c
            """
        let host = MemoryHost()
        let evaluator = Evaluator(host: host)
        #expect(!evaluator.checkFollowingSources(SourceFile(name: "t.credscript", text: script)))
        let reported = host.diagnostics.map { "\($0.position.line):\($0.message.prefix(while: { $0 != " " }))" }
        expectEqual(reported, ["2:$usr", "5:$who"])
        #expect(host.errors.contains("$who is never bound: bind it (let who = VALUE), give it a default (let who ?= VALUE), or give it from outside (--var who=VALUE, or --secret who for a secret)"))
        let given = MemoryHost()
        let checker = Evaluator(host: given)
        checker.bindFromOutside("usr", "", secret: false)
        checker.bindFromOutside("who", "", secret: true)
        #expect(checker.checkFollowingSources(SourceFile(name: "t.credscript", text: script)), "\(given.errors)")
    }
}
