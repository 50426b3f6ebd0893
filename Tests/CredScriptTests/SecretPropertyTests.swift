import CredSimulator
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript

/// Issue 17, item 4: whatever a script does wrong, a secret it holds never reaches a
/// message. Random scripts (seeded, so a failure replays) put one known password in every
/// place a secret goes, in the wrong places of commands, in secret variables used where a
/// number, a duration, a state or a file goes, alone on a line after a login that waits for
/// it, and among random errors of every kind; the password's bytes must appear in no text
/// output, no diagnostic (message, notes, quoted line), no JSON record, no diagram and no
/// history entry.
@Suite struct SecretPropertyTests {
    static let scripts = 300

    /// A password shaped like one (KnownSecrets.mayBeSecret), different per script.
    static func secret(_ random: inout SeededGenerator) -> String {
        "Zq\(Int.random(in: 100...999, using: &random))Secret!\(["A", "B", "C"].randomElement(using: &random)!)x"
    }

    /// Lines that hold the secret `S`, each in its own way.
    static let leaks: [String] = [
        "user add alice password S",
        "login alice S",
        #"login bob "S""#,
        "login S alice",
        "update S Other-Pass9!",
        "update Other-Pass9! S",
        "password S",
        "lgoin alice S",
        "login alice",
        "S",
        #"let pw = "S""#,
        "let x = S\nlogin alice $x",
        "let pw = S\nrepeat $pw { echo hi }",
        "let pw = S\nclock advance $pw",
        "let pw = S\ninitiate $pw",
        "let pw = S\nexpect state alice $pw",
        "let pw = S\nsource $pw",
        "let pw = S\npolicy password raw $pw",
        "let pw = S\necho $pw",
        "let pw = S\nlogin $pw $pw",
        "login alice S extra words",
        #"login alice "S"#,
    ]

    /// Lines that go wrong without any secret.
    static let errors: [String] = [
        "expect state alice blocked", "clock advance -5d", "policy password minL=abc", "echo $undefined", #"echo "abc"#,
        "}", "repeat 2 {", "lgoin alice", "expect output ~\"nothing\"", "logout", "cancel", "user add alice password short",
        "expect error", "sdk nothing", "initiate Password", "expect attemptsLeft 9", "clock advance 40d", "login alice Wrong-Pass1",
    ]

    /// Lines where a command reads the secret `S`, where a secret goes or from a variable
    /// that holds one: the command carries it flagged to the edge (RunEvents.carry).
    /// (`repeat $pw` is no command: its count is masked by its place.)
    static let readByACommand: [String] = leaks.filter { $0.contains("\n") && !$0.contains("repeat") } + [
        "user add alice password S", "login alice S", "let pw = S\nexpect output $pw", "proc p pw { login $pw $pw }\nlet pw = S\np $pw",
    ]

    static func script(_ random: inout SeededGenerator, secret: String, leaks: [String] = leaks) -> String {
        var lines = ["sdk relid"]
        for _ in 0..<Int.random(in: 3...12, using: &random) {
            if Bool.random(using: &random) {
                lines.append(leaks.randomElement(using: &random)!.replacingOccurrences(of: "S", with: secret))
            } else {
                lines.append(errors.randomElement(using: &random)!)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A host that renders everything it is given every way credsh can: text, JSON Lines,
    /// diagnostics as text and as JSON, and a sequence diagram in Mermaid and SVG.
    final class EveryOutput: ScriptHost {
        var text = ""
        var json = ""
        var errors = ""
        var recorder = SequenceDiagram.Recorder()

        func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
            text += TextRenderer().render(record)
            json += JSONLinesRenderer().render(record, from: origin)
            recorder.record(record, activeSDK: SDKID(named: "relid")!)
        }

        func report(_ diagnostic: Diagnostic, source: SourceFile?) {
            errors += DiagnosticFormatter().format(diagnostic, source: source)
            json += JSONLinesRenderer().expectationFailed(diagnostic)
            json += JSONValue.object([("error", .string(diagnostic.message)), ("notes", .array(diagnostic.notes.map { .string($0) }))]).serialized
            if diagnostic.kind != .syntax { recorder.recordFailure(diagnostic.message, activeSDK: SDKID(named: "relid")!) }
        }

        func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
            throw HostError("cannot read \(path): No such file or directory")
        }
        /// What `record FILE` would write: its header and each statement.
        var recorded = ""
        func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) { recorded += text }
        func appendRecording(_ text: String) { recorded += text }
        func endRecording() {}

        var all: String {
            let diagram = recorder.diagram(title: "t")
            return text + json + errors + MermaidWriter().render(diagram) + SVGWriter().render(diagram)
        }
    }

    @Test func aSecretNeverReachesAnyOutputOfABatchRun() {
        var random = SeededGenerator(seed: 17)
        for index in 0..<Self.scripts {
            let secret = Self.secret(&random)
            let script = Self.script(&random, secret: secret)
            let host = EveryOutput()
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: host)
            evaluator.run(SourceFile(name: "random\(index).credscript", text: script))
            let everything = host.all
            #expect(!everything.contains(secret), "script \(index):\n\(script)\nprinted:\n\(everything)")
            if everything.contains(secret) { return }
        }
    }

    /// Past the ledger's bound (KnownSecrets.limit values) the run keeps no value it meets,
    /// yet a command that read one where a secret goes, or from a variable that holds one,
    /// carries it flagged with what it prints: its output, its error and their JSON hide it.
    /// The secret is letters and digits alone, a shape the net's closed failure does not catch.
    @Test func aSecretPastTheLedgersBoundIsHiddenInTheOutputOfTheCommandThatReadIt() {
        var full = SecretLedger()
        for index in 0..<KnownSecrets.limit { full.add("filler\(index)value") }
        var random = SeededGenerator(seed: 4817)
        for index in 0..<100 {
            let secret = "zq\(Int.random(in: 100...999, using: &random))secret\(["a", "b", "c"].randomElement(using: &random)!)x"
            let script = Self.script(&random, secret: secret, leaks: Self.readByACommand)
            let host = EveryOutput()
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: host)
            evaluator.events.secrets = full
            evaluator.run(SourceFile(name: "bound\(index).credscript", text: script))
            expectEqual(evaluator.events.secrets.values.knows(secret), false, "script \(index): the ledger kept it")
            let everything = host.all
            #expect(!everything.contains(secret), "script \(index):\n\(script)\nprinted:\n\(everything)")
            if everything.contains(secret) { return }
        }
    }

    /// The prompt: each line runs on its own, after the last changed the state (a login
    /// that waits for its password), and goes to the history file as the prompt masks it.
    @Test func aSecretNeverReachesAnyOutputOrTheHistoryAtThePrompt() {
        var random = SeededGenerator(seed: 1717)
        for index in 0..<Self.scripts {
            let secret = Self.secret(&random)
            let script = Self.script(&random, secret: secret)
            let host = EveryOutput()
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: false, interactive: true), host: host)
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
            let everything = host.all + history
            #expect(!everything.contains(secret), "script \(index):\n\(script)\nprinted:\n\(everything)")
            if everything.contains(secret) { return }
        }
    }

    @Test func aPasswordTypedAloneAtAPendingChallengeIsMaskedInTheMessageAndTheHistory() {
        let host = EveryOutput()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: host)
        for line in ["user add alice password Passw0rd!", "login alice"] {
            evaluator.run(SourceFile(name: "<repl>", text: line + "\n"))
        }
        expectEqual(evaluator.simulation.active.promptStatus, "[alice: mode 0 verify]")
        evaluator.clearFailures()
        evaluator.run(SourceFile(name: "<repl>", text: "Zq9SecretA1!\n"))
        #expect(host.errors.hasPrefix("<repl>:1:1: error: unknown command '***'"), "\(host.errors)")
        #expect(host.errors.contains("1 | ***\n"))
        expectEqual(SecretMasker.maskTyped("Zq9SecretA1!", parses: false, challengePending: true), "***")
    }

    /// Review: a password-shaped word at one end of a longer string lost its quote in the
    /// history file (`echo *** is a word"`), so the line recalled did not parse.
    @Test func theHistoryKeepsTheQuotesAroundAMaskedWordOfALongerString() {
        expectEqual(SecretMasker.maskTyped("echo \"a Zq9SecretA1!\"", parses: true, challengePending: false), "echo \"a ***\"")
        expectEqual(SecretMasker.maskTyped("echo \"Zq9SecretA1!\"", parses: true, challengePending: false), "echo ***")
        expectEqual(SecretMasker.maskTyped("echo \"plain words\"", parses: true, challengePending: false), "echo \"plain words\"")
    }

    /// Review: the history file masked by place and by shape only, so a PIN the session knew,
    /// echoed where nothing is secret, was kept as typed; it now passes the known values too.
    @Test func theHistoryMasksTheValuesTheSessionKnows() {
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: EveryOutput())
        var history: [String] = []
        for typed in ["sdk onewelcome", "user add dana pin 52817", "echo \"my pin is 52817\"", "clock advance 1s"] {
            let read = evaluator.parse(SourceFile(name: "<repl>", text: typed + "\n"))
            history.append(evaluator.events.secrets.historyEntry(typed, read: read, simulation: evaluator.simulation, table: evaluator.table))
            evaluator.clearFailures()
            evaluator.run(read)
        }
        expectEqual(history, ["sdk onewelcome", "user add dana pin ***", "echo \"my pin is ***\"", "clock advance 1s"])
    }

    /// Review: a command mistyped at a pending challenge (`lgoin alice Zq9SecretA1!`) is
    /// masked as a password typed alone, but the user it names is no secret: `users` and
    /// `state` still show alice for the rest of the session.
    @Test func aUserNamedOnALineTypedAtAPendingChallengeIsNoSecret() {
        let host = EveryOutput()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: host)
        for line in ["user add alice password Passw0rd!", "user add bob password Other-Pass9!", "login alice"] {
            evaluator.run(SourceFile(name: "<repl>", text: line + "\n"))
        }
        expectEqual(evaluator.simulation.active.promptStatus, "[alice: mode 0 verify]")
        for line in ["lgoin alice Zq9SecretA1!", "lgoin bob Zq9SecretB2!"] {
            evaluator.clearFailures()
            evaluator.run(evaluator.parse(SourceFile(name: "<repl>", text: line + "\n")))
        }
        #expect(host.errors.contains("1 | *** alice ***\n") && host.errors.contains("1 | *** bob ***\n"), "\(host.errors)")
        host.text = ""
        for line in ["users", "state"] {
            evaluator.clearFailures()
            evaluator.run(SourceFile(name: "<repl>", text: line + "\n"))
        }
        #expect(host.text.contains("alice") && host.text.contains("bob") && !host.text.contains("***"), "\(host.text)")
        #expect(!host.all.contains("Zq9Secret"), "\(host.all)")
    }

    /// Issue 31, item 4: the secret spelled with an escape (`\u{41}` for `A`), held in a
    /// query a variable keeps, and named in a test: neither the value nor its spelling
    /// reaches any output.
    static func spelled(_ secret: String, _ random: inout SeededGenerator) -> String {
        let scalars = Array(secret.unicodeScalars)
        let index = Int.random(in: 0..<scalars.count, using: &random)
        let hex = String(scalars[index].value, radix: 16, uppercase: Bool.random(using: &random))
        let escape = "\\u{" + String(repeating: "0", count: Int.random(in: 0...2, using: &random)) + hex + "}"
        var out = ""
        for (position, scalar) in scalars.enumerated() {
            if position == index { out += escape } else if scalar == "\\" || scalar == "\"" { out += "\\" + String(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    static let spelledLeaks: [String] = [
        #"login alice "E""#,
        #"login bob "E""#,
        #"update "E" Other-Pass9! Other-Pass9!"#,
        "lgoin alice \"E\"",
        #"let url = "/aaa/login.json?login=a@example.com&password=S""#,
        "echo $url",
        #"let q = "x?newpassword=S&a=b""#,
        "echo $q",
        #"test "login with S" { expect 1 = 2 }"#,
    ]

    @Test func aSecretSpelledOrHeldInAQueryNeverReachesAnyOutput() {
        var random = SeededGenerator(seed: 3131)
        for index in 0..<Self.scripts {
            let secret = Self.secret(&random)
            let spelling = Self.spelled(secret, &random)
            var lines = ["sdk relid", "user add alice password \(secret)", "login alice \(secret)"]
            for _ in 0..<Int.random(in: 3...10, using: &random) {
                let line = Bool.random(using: &random) ? Self.spelledLeaks.randomElement(using: &random)! : Self.errors.randomElement(using: &random)!
                // The secret first: its spelling holds an `S` of its own.
                lines.append(line.replacingOccurrences(of: "S", with: secret).replacingOccurrences(of: "E", with: spelling))
            }
            let script = lines.joined(separator: "\n") + "\n"
            let host = EveryOutput()
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: host)
            evaluator.run(SourceFile(name: "spelled\(index).credscript", text: script))
            let everything = host.all
            let leaked = everything.contains(secret) || everything.contains(spelling)
            #expect(!leaked, "script \(index):\n\(script)\nprinted:\n\(everything)")
            if leaked { return }
        }
    }

    /// A secret field of a call (every catalog's), misspelt by one edit so that it is a
    /// near miss of the name (Spelling): `pasword`, `passwrod`, `pim`.
    static func misspelt(_ name: String, among fields: [String], _ random: inout SeededGenerator) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        // Bound: 20 tries, then a deletion (a near miss of any name of three letters or more).
        for _ in 0..<20 {
            var word = Array(name)
            let at = Int.random(in: 0..<word.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: word.remove(at: at)
            case 1: if at + 1 < word.count { word.swapAt(at, at + 1) }
            case 2: word.insert(letters.randomElement(using: &random)!, at: at)
            default: word[at] = letters.randomElement(using: &random)!
            }
            let text = String(word)
            if !fields.contains(text), Spelling.closestByEdits(to: text, among: [name]) != nil { return text }
        }
        return String(name.dropLast())
    }

    /// Everything `lines` print run as a file, checked by `credsh check`, and typed line by
    /// line at the prompt, with the history file the prompt writes of them.
    static func everyOutput(of lines: [String], named name: String) -> String {
        let script = lines.joined(separator: "\n") + "\n"
        let ran = EveryOutput()
        Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: ran)
            .run(SourceFile(name: name, text: script))
        let checked = EveryOutput()
        _ = Evaluator(simulation: Simulation(seed: 0), host: checked).check(SourceFile(name: name, text: script))
        let prompt = EveryOutput()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: prompt)
        var history = ""
        for typed in lines {
            let read = evaluator.parse(SourceFile(name: "<repl>", text: typed + "\n"))
            history += SecretMasker.maskTyped(typed, read: read, challengePending: evaluator.simulation.active.challengePending,
                                              table: evaluator.table) + "\n"
            evaluator.clearFailures()
            evaluator.run(read)
        }
        return ran.all + checked.all + prompt.all + history
    }

    /// Issue: a misspelt secret field (`call setPassword pasword="Secr3t!"`) is refused, and
    /// the value typed is the secret still, though no password's shape says so (`moss417`,
    /// a PIN `52817`): it reaches no output of a run, of `credsh check`, or of the prompt
    /// and its history, among errors of every kind.
    @Test func theValueOfAMisspeltSecretFieldNeverReachesAnyOutput() {
        var random = SeededGenerator(seed: 4242)
        let calls = Simulation.catalogs.flatMap { catalog in
            catalog.calls.flatMap { call in
                call.fields.filter(\.secret).map { (sdk: catalog.name, method: call.name, field: $0.name, fields: call.fields.map(\.name)) }
            }
        }
        for index in 0..<Self.scripts {
            let call = calls.randomElement(using: &random)!
            let secret = call.field.lowercased().contains("pin") || Bool.random(using: &random)
                ? String(Int.random(in: 10_000...99_999, using: &random)) : "moss\(Int.random(in: 100...999, using: &random))"
            let value = Bool.random(using: &random) ? "\"\(secret)\"" : secret
            let line = "call \(call.method) \(Self.misspelt(call.field, among: call.fields, &random))=\(value)"
            var lines = ["sdk \(call.sdk)"]
            for _ in 0..<Int.random(in: 0...4, using: &random) { lines.append(Self.errors.randomElement(using: &random)!) }
            lines.insert(line, at: Int.random(in: 1...lines.count, using: &random))
            let script = lines.joined(separator: "\n") + "\n"

            let everything = Self.everyOutput(of: lines, named: "misspelt\(index).credscript")
            #expect(everything.contains("takes no field"), "script \(index):\n\(script)\nprinted:\n\(everything)")
            #expect(!everything.contains(secret), "script \(index):\n\(script)\nprinted:\n\(everything)")
            if everything.contains(secret) { return }
        }
    }

    /// Review: a secret holding a control character (a BEL, an ESC, a CR, DEL, a C1 or
    /// bidi control), written with an escape in any spelling (`\u{7}`, `\u{0007}`,
    /// `\u{1b}`), reaches no output, which writes it back escaped (`\u{7}`, `\r`, `?`):
    /// the echo of a `let`, a command and a call, the journal, messages, diagnostics.
    static let controls: [Unicode.Scalar] = ["\u{7}", "\u{1B}", "\r", "\t", "\n", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{2066}"]

    static let controlLeaks: [String] = [
        #"let note = "E""#, #"user show "E""#, #"echo "E""#, #"login bob "E""#, #"lgoin bob "E""#,
        #"call setUser userID="E""#, "journal show", #"expect output "E""#, #"let pw = "E""# + "\necho $pw",
        #"user add carol password "E""#, #"update "E" "E" "E" extra"#,
    ]

    @Test func aSecretHoldingAControlCharacterNeverReachesAnyOutput() {
        var random = SeededGenerator(seed: 7007)
        for index in 0..<Self.scripts {
            var scalars = Array(Self.secret(&random).unicodeScalars)
            let control = Self.controls.randomElement(using: &random)!
            scalars.insert(control, at: Int.random(in: 1..<scalars.count, using: &random))
            let secret = String(String.UnicodeScalarView(scalars))
            let hex = String(control.value, radix: 16, uppercase: Bool.random(using: &random))
            let escape = "\\u{" + String(repeating: "0", count: Int.random(in: 0...2, using: &random)) + hex + "}"
            let written = scalars.map { $0 == control ? escape : String($0) }.joined()
            var lines = ["sdk relid", #"user add bob password "E""#.replacingOccurrences(of: "E", with: written)]
            for _ in 0..<Int.random(in: 3...10, using: &random) {
                let line = Bool.random(using: &random) ? Self.controlLeaks.randomElement(using: &random)! : Self.errors.randomElement(using: &random)!
                lines.append(line.replacingOccurrences(of: "E", with: written))
                if line.hasPrefix("call ") { lines.append("expect error 4") }
            }
            let script = lines.joined(separator: "\n") + "\n"
            let ran = EveryOutput()
            Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: ran)
                .run(SourceFile(name: "control\(index).credscript", text: script))
            let prompt = EveryOutput()
            let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, interactive: true), host: prompt)
            for typed in lines {
                evaluator.clearFailures()
                evaluator.run(evaluator.parse(SourceFile(name: "<repl>", text: typed + "\n")))
            }
            let everything = ran.all + prompt.all
            let spellings = [secret, written, StringLiteral.quote(secret).dropFirst().dropLast().description, secret.escapingControls,
                             String(String.UnicodeScalarView(scalars.map { $0 == control && control != "\t" ? "?" : $0 }))]
            let leaked = spellings.filter { everything.contains($0) }
            #expect(leaked.isEmpty, "script \(index):\n\(script)\nleaked \(leaked) in:\n\(everything)")
            if !leaked.isEmpty { return }
        }
    }

    /// Review: a line that fails to parse for an extra word (`login alice hunter2 extra`)
    /// still holds a secret in its place, whatever its shape: the quoted line of the
    /// error, `credsh check`, the prompt and its history never show it. So too a pair whose
    /// name is a secret field's spelt as the lexer reads it (`"password"=`, `pass\u{77}ord=`).
    static let extraWordLeaks: [String] = [
        "login alice S extra", "login alice S (", "user add bob password S extra", "update S S S extra",
        "update Other-Pass9! S S extra words", #"login alice "S" extra"#, #"call setPassword "password"="S""#,
        #"call setPassword pass\u{77}ord="S""#, #"call setPassword pass\u{77}ord=S"#,
    ]

    @Test func aSecretInItsPlaceOnALineThatDoesNotParseNeverReachesAnyOutput() {
        var random = SeededGenerator(seed: 2323)
        for index in 0..<Self.scripts {
            // Not shaped like a password: only its place says it is one.
            let secret = "hunt\(Int.random(in: 100...999, using: &random))"
            var lines = ["sdk relid", "user add alice password Passw0rd!x"]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let line = Bool.random(using: &random) ? Self.extraWordLeaks.randomElement(using: &random)! : Self.errors.randomElement(using: &random)!
                lines.append(line.replacingOccurrences(of: "S", with: secret))
            }
            let script = lines.joined(separator: "\n") + "\n"
            let everything = Self.everyOutput(of: lines, named: "extra\(index).credscript")
            #expect(!everything.contains(secret), "script \(index):\n\(script)\nprinted:\n\(everything)")
            if everything.contains(secret) { return }
        }
    }
}
