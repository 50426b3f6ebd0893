import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript

/// Captures, comparisons, `for` loops and procedures (docs/suites.md, "Writing a suite"), as a
/// user sees them: what a run prints, its exit code and its diagnostics.
@Suite struct SuiteLanguageTests {
    static let susiLogin = """
        sdk susi
        user add dave@example.com password "secret12"
        login dave@example.com secret12

        """

    @Test func aCapturedTokenIsUsedLaterAndNeverShown() {
        let (host, evaluator) = runScript(Self.susiLogin + """
            let tok = event response.access_token
            update secret12 newpass34
            request GET /aaa/changepassword.json access_token=$tok changepassword=dave@example.com password=newpass34 newpassword=other567
            expect event response status=200 accepted=true
            echo $tok
            expect $tok = nothing
            """, keepGoing: true)
        expectEqual(evaluator.exitCode, 1)
        let token = evaluator.environment["tok"]?.text ?? ""
        #expect(token.count > 8 && token != "***")
        #expect(!host.output.contains(token) && !host.errors.contains(token))
        #expect(host.output.contains("***\n"))
        #expect(host.errors.contains("expected $tok = nothing, but $tok is ***"))
        expectEqual(evaluator.expectationsPassed, 1)
    }

    @Test func aMissingEventIsARuntimeErrorThatSaysWhatCameAndGuesses() {
        let (host2, evaluator2) = runScript(Self.susiLogin + "logout\nlet x = event response.access_token\n")
        expectEqual(evaluator2.exitCode, 3)
        #expect(host2.errors.contains("no event 'response' to capture: the last command (logout, line 4) delivered no events"))
        let (host3, evaluator3) = runScript(Self.susiLogin + "let x = event respnse.access_token\n")
        expectEqual(evaluator3.exitCode, 2)
        #expect(host3.errors.contains("did you mean 'response'?"))
        let (host4, evaluator4) = runScript(Self.susiLogin + "let x = event 1.access_token\n")
        expectEqual(evaluator4.exitCode, 3)
        #expect(host4.errors.contains("this request has no field 'access_token'"))
    }

    @Test func capturesPickTheFirstTheLastOrTheNthEvent() {
        let (host, evaluator) = runScript("""
            user add alice password "Zq9-Secret-1"
            login alice Zq9-Secret-1
            let first = event 1.userID
            let mode = event getPassword.challengeMode
            let lastName = last event onCredentialsAvailableForUpdate.userID
            echo $first $mode $lastName
            """)
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        #expect(host.output.contains("alice 0 alice\n"))
    }

    @Test func fieldComparisonsOrderNumbersAndMatchPartly() {
        let (host, evaluator) = runScript(Self.susiLogin + """
            expect event response status<300 status>=200 status!=500 valid_seconds>1d
            expect event response session~{"identity":{"anonymous":true}} message~"logged in"
            expect event response status>200
            """, keepGoing: true)
        expectEqual(evaluator.exitCode, 1)
        expectEqual(evaluator.expectationsPassed, 2)
        #expect(host.errors.contains("expected an event response status>200"))
    }

    /// Issue 35: `valid_seconds` is a number or `forever` in the catalog, and compares as both.
    @Test func aNumberOrForeverFieldComparesAsBoth() {
        let forever = "sdk susi\nuser add dave@example.com password \"secret12\"\n"
            + "request POST /aaa/login.json login=dave@example.com password=secret12 type=access-token valid_seconds=-1\n"
        let (host, evaluator) = runScript(forever + """
            expect event response valid_seconds=forever
            expect event response valid_seconds>=7d valid_seconds>604800 valid_seconds<=forever valid_seconds!=604800
            expect no event response valid_seconds<1d
            expect no event response valid_seconds=604800
            expect no event response valid_seconds>forever
            """, keepGoing: true)
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        expectEqual(evaluator.expectationsPassed, 5)
        let (weekHost, week) = runScript(Self.susiLogin + """
            expect event response valid_seconds=604800 valid_seconds<forever
            expect event response valid_seconds=forever
            """, keepGoing: true)
        expectEqual(week.expectationsPassed, 1)
        #expect(weekHost.errors.contains("expected an event response valid_seconds=forever"))
        // Another word is still refused where it is written.
        let (wrongHost, wrong) = runScript(Self.susiLogin + "expect event response valid_seconds=never\n")
        expectEqual(wrong.exitCode, 2)
        #expect(wrongHost.errors.contains("response.valid_seconds is a number or 'forever', not 'never'"))
    }

    @Test func orderingAFieldThatIsNoNumberIsASyntaxError() {
        let (host, evaluator) = runScript(Self.susiLogin + "expect event response accepted<3\n")
        expectEqual(evaluator.exitCode, 2)
        #expect(host.errors.contains("response.accepted is a boolean"))
    }

    @Test func generalComparisonsShowBothSides() {
        let (host, evaluator) = runScript("""
            let left = 5
            expect $left > 3
            expect $left >= 5
            expect $left != 4
            expect 90d > 24h
            expect 2026-03-01 < 2026-03-02T00:00:00Z
            expect "abc" ~ "^a"
            expect $left < 3
            """)
        expectEqual(evaluator.exitCode, 1)
        expectEqual(evaluator.expectationsPassed, 6)
        #expect(host.errors.contains("test.credscript:8:1: expectation failed: expected $left < 3, but $left is 5"))
        let (host2, evaluator2) = runScript("let a = alice\nexpect $a < 3\n")
        expectEqual(evaluator2.exitCode, 3)
        #expect(host2.errors.contains("< orders numbers, durations and times"))
    }

    @Test func forTakesValuesAsManyAtATimeAsItHasNames() {
        let (host, evaluator) = runScript("for user pin in bob 52817 carol 39164 {\n  echo $user $pin\n}\n")
        expectEqual(evaluator.exitCode, 0)
        expectEqual(host.output, "bob 52817\ncarol 39164\n")
        let (host2, evaluator2) = runScript("for user pin in bob 52817 carol {\n  echo $user\n}\necho after\n")
        expectEqual(evaluator2.exitCode, 2)
        #expect(host2.errors.contains("test.credscript:1:27: error: for takes its values 2 at a time (user pin), but 3 values leave 1 over"))
        #expect(host2.errors.contains("\n  |                           ^\n"))
    }

    /// A `for` over N values does what N copies of its body, each after its `let`, do.
    @Test(arguments: [1, 2, 3, 7])
    func aLoopEqualsCopiesOfItsBody(count: Int) {
        let values = (0..<count).map { "Wrong\($0)!" }
        let body = "password $pw\nexpect error ~\"\"\nstate alice\n"
        let setup = "user add alice password \"Zq9-Secret-1\"\nclock advance 100d\nlogin alice Zq9-Secret-1\nexpect error ~\"\"\n"
        let looped = setup + "for pw in \(values.joined(separator: " ")) {\n\(body)}\n"
        let copied = setup + values.map { "let pw = \($0)\n" + body }.joined()
        let (a, runA) = runScript(looped, keepGoing: true)
        let (b, runB) = runScript(copied, keepGoing: true)
        expectEqual(a.output, b.output)
        expectEqual(runA.exitCode, runB.exitCode)
        expectEqual(runA.expectationsPassed, runB.expectationsPassed)
    }

    @Test func theStepBudgetBoundsLoopsAndCalls() {
        let host = MemoryHost()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(stepBudget: 6), host: host)
        evaluator.run(SourceFile(name: "t", text: "for n in 1 2 3 4 5 6 7 8 {\n  echo $n\n}\n"))
        expectEqual(evaluator.exitCode, 3)
        expectEqual(host.output, "1\n2\n3\n4\n5\n")  // the `for` is step 1, each echo one more
        #expect(host.errors.contains("step budget of 6"))
        let host2 = MemoryHost()
        let evaluator2 = Evaluator(simulation: Simulation(seed: 0), options: .init(stepBudget: 5), host: host2)
        evaluator2.run(SourceFile(name: "t", text: "proc say n {\n  echo $n\n}\nsay 1\nsay 2\nsay 3\n"))
        expectEqual(host2.output, "1\n2\n")
        #expect(host2.errors.contains("step budget of 5"))
    }

    @Test func proceduresTakeTheirArgumentsAndScopeThem() {
        let (host, evaluator) = runScript("""
            let user = outer
            proc relogin user pw {
                echo $user
                logout
                login $user $pw
                expect state $user logged-in
            }
            user add alice password "Zq9-Secret-1"
            login alice Zq9-Secret-1
            relogin alice "Zq9-Secret-1"
            echo $user
            """, echo: true)
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        #expect(host.output.contains("> relogin alice ***\n"))
        #expect(!host.output.contains("Zq9-Secret-1"))
        #expect(host.output.hasSuffix("> echo $user\nouter\n"))
    }

    @Test func procedureMisuseIsASyntaxErrorWithACaret() {
        let (host, evaluator) = runScript("proc login user { echo }\nproc go a { echo $a }\ngo\ngo 1 2\nog 1\nproc go b { echo }\n")
        expectEqual(evaluator.exitCode, 2)
        #expect(host.errors.contains("test.credscript:1:6: error: proc 'login' would hide the command 'login'"))
        #expect(host.errors.contains("test.credscript:3:1: error: go takes 1 argument (usage: go A), not 0"))
        #expect(host.errors.contains("test.credscript:4:6: error: go takes 1 argument (usage: go A), not 2"))
        #expect(host.errors.contains("unknown command 'og' — did you mean 'go'?"))
        #expect(host.errors.contains("test.credscript:6:6: error: procedure 'go' is already defined (line 2)"))
    }

    @Test func recursionStopsAt32DeepWithTheChain() {
        let (host, evaluator) = runScript("proc again n {\n  again $n\n}\nagain 1\necho never\n", keepGoing: true)
        expectEqual(evaluator.exitCode, 3)
        #expect(host.errors.contains("procedure calls are nested more than 32 deep (does again call itself?)"))
        #expect(host.errors.contains("  called from test.credscript:4:1"))
        #expect(!host.output.contains("never"))
    }

    @Test func aFailureInASourcedFileShowsTheChain() {
        let (host, evaluator) = runScript("echo one\nsource inc/check.inc\n", files: ["inc/check.inc": "proc check who {\n  expect state $who logged-in\n}\nuser add bob password \"Zq9-Secret-1\"\ncheck bob\n"])
        expectEqual(evaluator.exitCode, 1)
        #expect(host.errors.contains("""
            inc/check.inc:2:3: expectation failed: expected bob to be logged-in, but bob is logged-out [CS0501]
            2 |   expect state $who logged-in
              |   ^
              called from inc/check.inc:5:1
              called from test.credscript:2:1
            """))
    }

    @Test func procedersOfASourcedFileAreCallableAfterIt() {
        let (host, evaluator) = runScript("source lib.inc\ngreet world\n", files: ["lib.inc": "proc greet who {\n  echo hello $who\n}\n"])
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        expectEqual(host.output, "hello world\n")
    }

    @Test func checkFollowsSourceAndReportsMissingFilesAndCycles() {
        let host = MemoryHost()
        host.files = ["a.inc": "source b.inc\n", "b.inc": "source a.inc\nlgoin x\n"]
        let evaluator = Evaluator(host: host)
        #expect(!evaluator.checkFollowingSources(SourceFile(name: "main.credscript", text: "source a.inc\nsource gone.inc\n")))
        #expect(host.errors.contains("main.credscript:2:1: I/O error: cannot source gone.inc"))
        #expect(host.errors.contains("b.inc:1:1: error: a.inc is already being sourced: a cycle (a.inc → b.inc → a.inc)"))
        #expect(host.errors.contains("b.inc:2:1: error: unknown command 'lgoin'"))
        expectEqual(evaluator.exitCode, 4)
    }

    @Test func smallGapsAreClosed() {
        let (host, evaluator) = runScript("""
            user add alice password "Zq9-Secret-1"
            expect state alice not logged-in
            echo "caf\\u{e9} \\u{1F600}"
            expect no output ~"tea"
            expect output "café 😀"
            expect no output "café 😀"
            """)
        expectEqual(evaluator.exitCode, 1)
        #expect(host.output.contains("café 😀\n"))
        #expect(host.errors.contains("test.credscript:6:1: expectation failed: expected no line of output \"café 😀\", but the last command printed \"café 😀\""))
        let (host2, evaluator2) = runScript("echo \"\\u{D800}\" \"\\u{110000}\" \"\\u{}\"\n")
        expectEqual(evaluator2.exitCode, 2)
        #expect(host2.errors.contains("D800 is a surrogate"))
        #expect(host2.errors.contains("110000 is a surrogate (D800 to DFFF) or above 10FFFF"))
        #expect(host2.errors.contains("takes one to six hex digits"))
        // A control character is written as an escape (never raw), and printed as one.
        let (host3, evaluator3) = runScript("echo \"a\\u{1B}[2J\\u{7}\"\n")
        expectEqual(evaluator3.exitCode, 0, "\(host3.errors)")
        #expect(host3.output.contains("a\\u{1B}[2J\\u{7}\n") && !host3.output.contains("\u{1B}"), "\(host3.output)")
    }

    /// One mistake, one error: a string with a bad escape is still the argument it stands
    /// for, so no "expects a password" follows the escape's own error.
    @Test(arguments: [
        #"user add alice password "Pa\u0007ss""#, #"login alice "\u{zz}""#, #"user add alice password "a\qb""#,
        #"expect output ~"\u12""#,
    ])
    func aBadEscapeIsOneError(line: String) {
        let (host, evaluator) = runScript(line + "\n")
        expectEqual(evaluator.exitCode, 2)
        expectEqual(host.diagnostics.map(\.code), [.badEscape], "\(host.errors)")
    }

    @Test func theNewFormsWriteBackAsTheyRead() {
        let text = """
            proc relogin user pw {
                login $user $pw
            }
            for a b in x 1 y 2 {
                echo $a
            }
            let t = last event getPassword.attemptsLeft
            expect $t <= 3
            expect event getPassword attemptsLeft<3 statusCode!=100
            """
        var parser = ScriptReader(SourceFile(name: "t", text: text + "\n"))
        let statements = parser.parseAll()
        #expect(parser.diagnostics.isEmpty, "\(parser.diagnostics.map(\.message))")
        let written = statements.map { ScriptWriter.render($0, masked: false) }.joined(separator: "\n")
        expectEqual(written, text)
    }
}

/// What an editor knows of procedures: completion, hover, go-to-definition, references.
@Suite struct ProcedureEditorTests {
    static let text = "proc relogin user pw {\n    login $user $pw\n}\nrelogin alice \"Zq9-Secret-1\"\nrel\n"

    @Test func theEditorCompletesHoversAndFindsAProcedure() {
        let analysis = DocumentAnalysis(SourceFile(name: "s.credscript", text: Self.text))
        let completion = EditorCompletion.complete(in: analysis, at: TextPoint(line: 4, character: 3)).candidates
        #expect(completion.contains { $0.label == "relogin" && $0.detail == "procedure: relogin USER PW" })
        let hover = EditorHover.hover(in: analysis, at: TextPoint(line: 3, character: 2))
        expectEqual(hover?.text.contains("usage: relogin USER PW"), true)
        let definition = EditorNavigation.definition(in: analysis, at: TextPoint(line: 3, character: 2))
        expectEqual(definition, [EditorLocation(file: nil, span: TextSpan(start: TextPoint(line: 0, character: 5), end: TextPoint(line: 0, character: 12)))])
        let references = EditorNavigation.references(in: analysis, at: TextPoint(line: 0, character: 6), includeDeclaration: true)
        expectEqual(references.count, 2)
        #expect(EditorSymbols.symbols(of: analysis).contains { $0.name.hasPrefix("proc relogin") })
    }

    @Test func helpAndCheckKnowAProcedure() {
        let (host, evaluator) = runScript("proc relogin user pw {\n  echo $user\n}\nhelp relogin\n")
        expectEqual(evaluator.exitCode, 0)
        #expect(host.output.contains("usage: relogin USER PW\n"))
    }
}

/// grammar.md's EBNF keeps up with the statements the parser reads by syntax of their
/// own (the table lists them by `syntaxUsage`): each has a production naming its keyword.
@Suite struct GrammarFormsTests {
    @Test func everyStatementOfItsOwnSyntaxHasAProduction() throws {
        let grammar = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/grammar.md"))
        let syntax = grammar.components(separatedBy: "## Syntax").dropFirst().first?.components(separatedBy: "```").dropFirst().first ?? ""
        for spec in CommandTable.standard.commands where spec.syntaxUsage != nil {
            #expect(syntax.contains("\"\(spec.words[0])\""), "grammar.md's EBNF has no production for \(spec.name)")
        }
        for form in ["capture", "comparison", "call", "field comparison", "operator"] {
            #expect(syntax.contains("\n" + form), "grammar.md's EBNF lacks \(form)")
        }
        #expect(grammar.contains("u{"), "grammar.md's escapes lack \\u{…}")
    }
}

@Suite struct SuiteSecretsTests {
    /// A loop's values bound to a name given where a secret goes are secrets from the start:
    /// the `for` line quoted under an error shows *** for them.
    @Test func aLoopsSecretValuesAreMaskedInTheQuotedLine() {
        let (host, evaluator) = runScript("user add alice password \"Zq9-Secret-1\"\nlogin alice\nfor pw in Wrong1x Wrong2y $nope {\n  password $pw\n}\n")
        expectEqual(evaluator.exitCode, 3)
        #expect(host.errors.contains("undefined variable $nope"))
        #expect(!host.errors.contains("Wrong1x") && !host.errors.contains("Wrong2y"), "\(host.errors)")
    }

    /// A literal given for a parameter its procedure gives where a secret goes is a secret:
    /// masked in the echo of the call and in any message.
    @Test func aProceduresSecretArgumentsAreMasked() {
        let (host, _) = runScript("proc relogin user pw {\n  login $user $pw\n}\nuser add alice password \"Zq9-Secret-1\"\nrelogin alice Zq9-Secret-1\necho Zq9-Secret-1\n", echo: true)
        #expect(!host.output.contains("Zq9-Secret-1"), "\(host.output)")
        #expect(host.output.contains("> relogin alice ***\n"))
    }
}

/// A command read for one SDK that runs while another is active (a procedure defined under
/// one and called under another) says which SDK it was read for.
@Suite struct ReadForAnotherSDKTests {
    @Test func theRefusalNamesTheSDKTheLineWasReadFor() {
        let (host, evaluator) = runScript("sdk susi\nproc p {\n  user add bob password \"Passw0rd!1\"\n}\nsdk relid\np\n")
        expectEqual(evaluator.exitCode, 3)
        #expect(host.errors.contains("'user add' here was read for susi, the SDK active where it is written, but relid is active when it runs (switch with: sdk susi)"), "\(host.errors)")
        #expect(!host.errors.contains("Passw0rd!1"))
    }
}

