import CredSimulator
import Testing
@testable import CredLanguage
@testable import CredScript

/// Issue 22, item 2: `--show-secrets` (`secrets shown`) shows the practice secrets of a
/// session to people (the echo, text output, diagrams) and nowhere else. The random
/// scripts of SecretPropertyTests run with the switch on: the secret must appear in the text
/// a class reads (else the switch does nothing and this test proves nothing), and never in a
/// diagnostic, the history file or a recording's header. JSON Lines refuse the switch (LivePageTests
/// checks the refusal), and the served log masks with its own pass (ServeSession).
@Suite struct ShownSecretsPropertyTests {
    typealias Property = SecretPropertyTests

    @Test func shownSecretsReachPeopleButNeverTheHistoryARecordingsHeaderOrAMessage() {
        var random = SeededGenerator(seed: 2222)
        var shownSomewhere = 0
        for index in 0..<Property.scripts {
            let secret = Property.secret(&random)
            let script = "record lesson.credscript\n" + Property.script(&random, secret: secret)
            let host = Property.EveryOutput()
            host.recorder.secretsShown = true
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, interactive: true), host: host)
            evaluator.events.secrets.shown = true
            var history = ""
            for line in script.split(separator: "\n").map(String.init) {
                let source = SourceFile(name: "<repl>", text: line + "\n")
                // As the prompt does (REPL): one reading masks the history entry and runs.
                let read = evaluator.parse(source)
                let pending = evaluator.simulation.active.challengePending
                history += SecretMasker.maskTyped(line, read: read, challengePending: pending, table: evaluator.table) + "\n"
                evaluator.clearFailures()
                evaluator.run(read)
            }
            if host.text.contains(secret) { shownSomewhere += 1 }
            #expect(!host.errors.contains(secret), "script \(index):\n\(script)\nmessages:\n\(host.errors)")
            #expect(!history.contains(secret), "script \(index):\n\(script)\nhistory:\n\(history)")
            // A recording keeps what was typed, to replay it (its header says so); the header itself never a secret.
            let header = host.recorded.split(separator: "\n").prefix { $0.hasPrefix("#") }.joined(separator: "\n")
            #expect(!header.contains(secret), "script \(index):\n\(script)\nrecording:\n\(host.recorded)")
            if host.errors.contains(secret) || history.contains(secret) || header.contains(secret) { return }
        }
        #expect(shownSomewhere > Property.scripts / 2, "the switch showed the secret in only \(shownSomewhere) of \(Property.scripts) scripts")
    }

    @Test func theEchoAndThePictureShowWhatWasTypedAndSaySo() {
        let host = Property.EveryOutput()
        host.recorder.secretsShown = true
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true), host: host)
        evaluator.events.secrets.shown = true
        evaluator.run(SourceFile(name: "s.credscript", text: """
            user add alice password "Passw0rd!"
            expire alice
            login alice "Passw0rd!"
            update "Passw0rd!" "N3w-Passw0rd" "N3w-Passw0rd?"
            expect error "New password and confirm password do not match"

            """))
        #expect(host.text.contains(#"> update "Passw0rd!" "N3w-Passw0rd" "N3w-Passw0rd?""#), "\(host.text)")
        let diagram = host.recorder.diagram(title: "t")
        #expect(diagram.secretsShown)
        #expect(SVGWriter().render(diagram).contains("⚠ secrets shown: the passwords and PINs typed in this session appear in plain text"))
        #expect(SVGWriter().render(diagram).contains("N3w-Passw0rd?"))
        // Masked again: the next commands show *** (the picture still says secrets were shown).
        evaluator.events.secrets.shown = false
        host.recorder.secretsShown = false
        evaluator.run(SourceFile(name: "t.credscript", text: "update \"Passw0rd!\" \"N3w-Passw0rd\"\n"))
        #expect(host.text.contains("> update *** ***"))
        #expect(host.recorder.diagram(title: "t").secretsShown)
    }
}
