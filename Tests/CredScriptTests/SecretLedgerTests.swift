import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// The run's secrets in one place (Sources/CredScript/Secrets): a reading hands the ledger
/// what it found before anything runs; the prompt asks the simulator's typed state whether
/// a challenge is pending.
@Suite struct SecretLedgerTests {
    @Test func aPendingChallengeIsTypedNotReadFromThePromptText() {
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: MemoryHost())
        evaluator.run(SourceFile(name: "<repl>", text: "user add alice password Passw0rd!\n"))
        #expect(!evaluator.simulation.active.challengePending)
        expectEqual(evaluator.simulation.active.promptState, PromptState(signedIn: nil))
        evaluator.run(SourceFile(name: "<repl>", text: "login alice\n"))
        #expect(evaluator.simulation.active.challengePending)
        expectEqual(evaluator.simulation.active.promptState.pending, .init(user: "alice", label: "mode 0 verify"))
        // The prompt's words come from the same facts.
        expectEqual(evaluator.simulation.active.promptStatus, "[alice: mode 0 verify]")
        evaluator.run(SourceFile(name: "<repl>", text: "password Passw0rd!\n"))
        #expect(!evaluator.simulation.active.challengePending)
        expectEqual(evaluator.simulation.active.promptState.signedIn, "alice")
    }

    @Test func aReadingTellsTheLedgerItsSecretsBeforeAnythingRuns() {
        let host = MemoryHost()
        let evaluator = Evaluator(host: host)
        let script = evaluator.parse(SourceFile(name: "t.credscript", text: """
            let word = "Zq9SecretA1!"
            echo "not yet"
            user add bob password "Other-Secret-9"
            login bob $word

            """))
        #expect(script.parses)
        #expect(host.output.isEmpty)
        // Given by its name's place further down, and by its own place.
        expectEqual(evaluator.events.secrets.masked("a Zq9SecretA1! b Other-Secret-9"), "a *** b ***")
        #expect(evaluator.events.secrets.holdsSecret("word"))
        #expect(!evaluator.events.secrets.holdsSecret("other"))
    }

    /// The reading does not spell out a literal that would mask nothing: a number, a duration and a string of
    /// four bytes given as secrets are masked, shorter ones never were, unless output spells
    /// them longer (a tab written `\t`).
    @Test func aSecretOfFourBytesIsKnownWhateverItsKindAndAShorterOneOnlyWhenOutputSpellsItLonger() {
        let evaluator = Evaluator(host: MemoryHost())
        let script = evaluator.parse(SourceFile(name: "t.credscript", text: """
            let a = 2468
            let b = 9999d
            let c = "Zq9!"
            let d = 246
            let e = 12d
            let f = "Zq9"
            login alice $a
            login alice $b
            login alice $c
            login alice $d
            login alice $e
            login alice $f
            user add bob password 1357
            user add carol password 135
            login nobody "a\\tb"

            """))
        #expect(script.parses)
        expectEqual(evaluator.events.secrets.masked("2468 9999d Zq9! 1357 | 246 12d Zq9 135"), "*** *** *** *** | 246 12d Zq9 135")
        // Three bytes, but output spells them in four or more (`a\tb`): masked as before.
        expectEqual(evaluator.events.secrets.masked("login nobody \"a\\tb\""), "login nobody \"***\"")
    }

    @Test func anotherRunAdoptsTheSecretsButNotTheSwitchThatShowsThem() {
        let reader = Evaluator(host: MemoryHost())
        _ = reader.parse(SourceFile(name: "t.credscript", text: "let secret pw = \"Zq9SecretA1!\"\n"))
        reader.events.secrets.shown = true
        let runner = Evaluator(host: MemoryHost())
        runner.events.secrets.adopt(reader.events.secrets)
        #expect(!runner.events.secrets.shown)
        expectEqual(runner.events.secrets.masked("Zq9SecretA1!"), "***")
        #expect(runner.events.secrets.holdsSecret("pw"))
    }

    @Test func aProcedureParameterGivenWhereASecretGoesIsOne() {
        let evaluator = Evaluator(host: MemoryHost())
        let script = evaluator.parse(SourceFile(name: "t.credscript", text: """
            proc relogin u p {
                logout
                login $u $p
            }
            proc again u p {
                relogin $u $p
            }

            """))
        let procedures = (script.statements ?? []).compactMap { statement -> Procedure? in
            if case .procedure(let procedure) = statement { return procedure }
            return nil
        }
        expectEqual(procedures.map(\.name), ["relogin", "again"])
        expectEqual(procedures.map(\.secretParameters), [["p"], ["p"]])
    }

    /// A literal given where a secret goes is no secret when the file also writes it where
    /// nothing is secret and it is not shaped like a password (a PIN in the policy's block
    /// list): decided at the end of the reading, however many literals came between (the
    /// scan gathers those written openly as read, and hashes them past a bound: SecretScan).
    @Test func aPlacedValueAlsoWrittenOpenlyIsNoSecretHoweverFarApart() {
        for filler in [0, 20_000] {
            var text = "sdk onewelcome\npolicy pin blocklist=24680\n"
            for index in 0..<filler { text += "echo w\(index)\n" }
            text += "user add alice pin 73915\nuser add bob pin 24680\n"
            let source = SourceFile(name: "t.credscript", text: text)
            var reader = ScriptReader(source, table: .standard, sdk: SDKID.first)
            let (_, facts) = SecretReading.read(&reader, flow: SecretFlow(), table: .standard, challengePending: false)
            #expect(facts.values.contains("73915"), "\(filler) literals between")
            #expect(!facts.values.contains("24680"), "\(filler) literals between")
        }
    }

    /// A command none of whose arguments stands in a secret's place (`echo`) is read by a
    /// shorter walk (CommandSpec.placesSecrets): its words still give a query's secrets,
    /// and still make a placed value written openly no secret.
    @Test func aCommandWithNoSecretPlaceGivesQuerySecretsAndOpenWords() {
        let source = SourceFile(name: "t.credscript", text: """
            sdk onewelcome
            echo "/aaa/login.json?login=a@example.com&password=Zq9Query-1" 24680
            user add alice pin 73915
            user add bob pin 24680

            """)
        var reader = ScriptReader(source, table: .standard, sdk: SDKID.first)
        let (script, facts) = SecretReading.read(&reader, flow: SecretFlow(), table: .standard, challengePending: false)
        #expect(script.diagnostics.isEmpty, "\(script.diagnostics)")
        #expect(facts.values.contains("Zq9Query-1"))
        #expect(facts.values.contains("73915"))
        #expect(!facts.values.contains("24680"))
    }
}
