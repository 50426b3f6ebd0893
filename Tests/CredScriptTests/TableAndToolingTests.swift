import Testing
import Expectations
#if canImport(Glibc)
import Glibc
#endif
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript
@testable import CredSimulator

@Suite struct CommandTableTests {
    static func packageRoot() -> String {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }

    static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[0..<count] }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func grammarMdHoldsTheReferenceOfTheTable() throws {
        let grammar = try #require(Self.read(Self.packageRoot() + "/grammar.md"))
        for spec in CommandTable.standard.commands {
            #expect(grammar.contains("`\(spec.usage)`"), "grammar.md lacks \(spec.name)")
        }
        #expect(grammar.contains("<!-- commands:begin -->\n" + HelpText.markdownReference(.standard) + "<!-- commands:end -->"),
                "grammar.md's reference is stale: run make grammar")
    }

    @Test func everyCommandHasAnExampleThatParses() {
        for spec in CommandTable.standard.commands {
            // An SDK's command is written where that SDK is active.
            var parser = ScriptReader(SourceFile(name: "example", text: spec.example + "\n"), sdk: spec.sdk ?? .first)
            let statements = parser.parseAll()
            #expect(parser.diagnostics.isEmpty, "\(spec.name): \(parser.diagnostics.map(\.message))")
            expectEqual(statements.count, 1)
            if case .command(let call)? = statements.first { #expect(call.spec === spec, "\(spec.name)'s example runs another command") }
        }
    }

    @Test func helpComesFromTheTable() {
        // `help all`: every command; `help`: the shared ones and the active SDK's only.
        let all = HelpText.render(.standard, topic: ["all"], active: SDKID(named: "relid")!).joined(separator: "\n")
        for spec in CommandTable.standard.commands { #expect(all.contains(spec.usage)) }
        for active in SDKID.all {
            let overview = HelpText.render(.standard, topic: [], active: active)
            let visible = CommandTable.standard.commands.filter { $0.sdk == nil || $0.sdk == active }
            for spec in CommandTable.standard.commands {
                let shown = overview.contains { $0.hasPrefix("  " + spec.usage + " ") }
                if visible.contains(where: { $0 === spec }) {
                    #expect(shown, "\(active): \(spec.usage)")
                } else if !visible.contains(where: { $0.usage == spec.usage }) {  // two SDKs may write one alike
                    #expect(!shown, "\(active): \(spec.usage) is another SDK's")
                }
            }
        }
        expectEqual(HelpText.render(.standard, topic: ["update"], active: SDKID(named: "relid")!).first, "usage: update CURRENT NEW [CONFIRM]")
        expectEqual(HelpText.render(.standard, topic: ["update"], active: SDKID(named: "susi")!).last, "  example (susi): update secret12 newpass34")
        expectEqual(HelpText.render(.standard, topic: ["lgoin"], active: SDKID(named: "relid")!), ["no command 'lgoin' — did you mean 'login'?; 'help' lists them all"])
        // A line written with its choice (docs/double.md lists `journal show`) is the
        // command's topic; it was "no command 'journal show'". A word it does not take is not.
        let relid = SDKID(named: "relid")!
        expectEqual(HelpText.render(.standard, topic: ["journal", "show"], active: relid), HelpText.render(.standard, topic: ["journal"], active: relid))
        expectEqual(HelpText.render(.standard, topic: ["journal", "show"], active: relid).first, "usage: journal ACTION")
        expectEqual(HelpText.render(.standard, topic: ["journal", "shwo"], active: relid).first?.hasPrefix("no command 'journal shwo'"), true)
    }
}

@Suite struct CompleterTests {
    static var simulation: Simulation {
        var sim = Simulation()
        sim.modify(RelIDSimulator.self) { relid, _ in
            try! relid.server.addUser("alice", password: "Passw0rd!", now: 0)
            try! relid.server.addUser("albert", password: nil, now: 0)
        }
        return sim
    }

    func complete(_ word: String, after before: String) -> Completion {
        Completer.complete(word: word, before: before, simulation: Self.simulation)
    }

    @Test func commandsThenSubwordsThenArguments() {
        expectEqual(complete("lo", after: ""), .words(["login", "logout"]))
        expectEqual(complete("", after: "user "), .words(["add", "show"]))
        expectEqual(complete("", after: "expect no "), .words(["call", "event", "output"]))
        expectEqual(complete("al", after: "login "), .words(["albert", "alice"]))
        expectEqual(complete("", after: "user show "), .words(["albert", "alice"]))
        expectEqual(complete("P", after: "initiate "), .words(["Password"]))
        expectEqual(complete("onUser", after: "expect events getPassword "), .words(["onUserLoggedIn", "onUserLoggedOff"]))
        expectEqual(complete("", after: "expect state alice "), .words(["blocked", "expired", "logged-in", "logged-out", "not", "not-activated"]))
        let modes = ["RDNA_CHALLENGE_OP_VERIFY", "RDNA_CHALLENGE_OP_SET", "RDNA_OP_UPDATE_CREDENTIALS", "RDNA_OP_UPDATE_ON_EXPIRY", "RDNA_OP_AUTHORIZE_NOTIFICATION"]
        expectEqual(complete("challengeMode=", after: "expect event getPassword "), .words(((0...4).map(String.init) + modes).map { "challengeMode=\($0)" }.sorted()))
        // A readable field the text output shows (REL-ID's policy inside challengeInfo) is
        // offered as the resolver accepts it.
        expectEqual(complete("p", after: "expect event getPassword "), .words(["policy="]))
        expectEqual(complete("challengeMode=RDNA_OP_U", after: "expect event getPassword "),
                    .words(["challengeMode=RDNA_OP_UPDATE_CREDENTIALS", "challengeMode=RDNA_OP_UPDATE_ON_EXPIRY"]))
        expectEqual(complete("RDNA_OP", after: "explain "), .words(["RDNA_OP_AUTHORIZE_NOTIFICATION", "RDNA_OP_UPDATE_CREDENTIALS", "RDNA_OP_UPDATE_ON_EXPIRY"]))
        expectEqual(complete("pa", after: "user add bob "), .words(["password"]))
        expectEqual(complete("", after: "source "), .files)
        expectEqual(complete("", after: "login alice "), .words([]), "passwords are never offered")
    }
}

@Suite struct SecretMaskerTests {
    @Test(arguments: [
        ("update Old-Pass1 \"New Pass 2\"", "update *** ***"),
        ("login alice Passw0rd!", "login alice ***"),
        ("user add bob password S3cret", "user add bob password ***"),
        ("let pw = \"Passw0rd!\"", "let pw = ***"),
        ("repeat 2 { password Wrong-1 }", "repeat 2 { password *** }"),
        ("state", "state"),
        ("updat Old-Pass1 New-Pass2", "updat *** ***"),
        ("repeat 3 {", "repeat 3 {"),
    ])
    func masksSecretsBeforeHistory(line: String, masked: String) {
        expectEqual(SecretMasker.mask(line), masked)
    }
}

@Suite struct DiagnosticFormatterTests {
    @Test func caretUnderTheColumn() {
        let source = SourceFile(name: "x.credscript", text: "state\n\tlgoin  alice\n")
        let diagnostic = Diagnostic(.unknownCommand, "unknown command", file: "x.credscript",
                                    at: SourcePosition(line: 2, column: 2, offset: 7, lineStart: 6))
        expectEqual(DiagnosticFormatter().format(diagnostic, source: source),
                    "x.credscript:2:2: error: unknown command [CS0301]\n2 | \tlgoin  alice\n  | \t^\n")
    }

    @Test func aLongLineIsShownAsAWindow() {
        let line = String(repeating: "a", count: 500_000) + " lgoin"
        let (host, evaluator) = runScript("echo " + line + " \"unterminated\n")
        expectEqual(evaluator.exitCode, 2)
        let shown = host.errors.split(separator: "\n")
        expectEqual(shown.count, 3)
        #expect(shown[1].count < 250 && shown[1].hasSuffix("\"unterminated"))
    }
}

/// What reaches the history file, and what is refused when it comes back.
@Suite struct HistoryMaskingTests {
    /// Text that does not parse keeps only its first word per line: a mistyped command, an
    /// unterminated string, a bad escape, a PIN given as a number must not leak.
    @Test(arguments: [
        ("pni 52817", "pni ***"),
        ("login alice \"Pass word", "login *** ***"),
        ("login alice \"pa\\qss\" x", "login *** *** ***"),
        ("updte \"Old Pass\" New-Pass2 # note", "updte *** *** *** ***"),
        ("repeat 2 {\n    pni 52817\n}", "repeat 2 {\n    pni ***\n}"),
        ("repeat 2 {\nlogin alice Secret-1\nlogout\n}", "repeat 2 {\nlogin alice ***\nlogout\n}"),
    ])
    func nothingSecretSurvives(line: String, masked: String) {
        expectEqual(SecretMasker.mask(line), masked)
    }

    /// Only what may be a secret is masked: command words, event and field names, named
    /// values and the users that exist stay, so the line can be recognised and fixed.
    @Test(arguments: [
        ("expect event didChangePin", [String](), "expect event didChangePin"),
        ("lgoin alice", [], "lgoin ***"),
        ("lgoin alice Secr3t", ["alice"], "lgoin alice ***"),
        ("user add bob pin 52817", [], "user add *** pin ***"),
        ("expect evnet getPassword challengeMode=2 attemptsLeft=3", [], "expect *** getPassword challengeMode=*** attemptsLeft=***"),
        ("expect evnet getPassword challengeMode=RDNA_OP_UPDATE_CREDENTIALS", [], "expect *** getPassword challengeMode=RDNA_OP_UPDATE_CREDENTIALS"),
        ("sdk onewelcome extra", [], "sdk onewelcome ***"),
        ("reqest POST /aaa/login.json login=alice password=login", ["alice"], "reqest POST /aaa/login.json login=alice password=***"),
        ("echo $user login", [], "echo $user login"),
    ])
    func wordsThatCannotBeSecretsStay(line: String, users: [String], masked: String) {
        expectEqual(SecretMasker.mask(line, users: users), masked)
    }

    @Test func aMaskWhereASecretGoesIsFound() {
        func found(_ text: String) -> [String] {
            SecretMasker.removedSecrets(in: SourceFile(name: "<repl>", text: text + "\n")).map { "\($0.position.column):\($0.noun)" }
        }
        expectEqual(found("login alice ***"), ["13:password"])
        expectEqual(found("update *** New-Pass1"), ["8:password"])
        #expect(found("login alice \"***\"").isEmpty, "quoted, it is three asterisks typed on purpose")
        #expect(found("echo ***").isEmpty, "not where a secret goes")
        expectEqual(found("let pw = ***"), ["10:value"])
        expectEqual(found("repeat 2 { password *** }"), ["21:password"])
        expectEqual(found("sdk onewelcome\nuser add bob pin ***"), ["18:PIN"])
        // A path shaped like a password is masked in the history file too: recalled, it
        // would be a file named ***.
        expectEqual(found("record ***"), ["8:path"])
        expectEqual(found("source ***"), ["8:path"])
        #expect(found("record \"***\"").isEmpty)
    }
}
