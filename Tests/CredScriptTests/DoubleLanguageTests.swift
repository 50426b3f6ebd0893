import Testing
import Expectations
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript
@testable import CredSimulator

/// The SDK double in the language (docs/double.md): `call`, `device`, the journal checks
/// with their failures, secrets masked, and the journal as a script that replays.
@Suite struct DoubleLanguageTests {
    static let scenario = """
        kdf 1
        user add alice password "Passw0rd!"
        user add bob password "Bob-Passw0rd1"

        """

    static func failure(_ host: MemoryHost) -> String { host.diagnostics.map(\.message).joined(separator: "\n") }

    @Test func aCallPrintsItsCallbacksAndMasksItsSecrets() {
        let (host, _) = runScript(Self.scenario + """
            call setUser userID=alice
            call setPassword password="Passw0rd!" challengeMode=0
            expect events onUserLoggedIn
            """, echo: true)
        #expect(host.diagnostics.isEmpty, "\(host.errors)")
        #expect(host.output.contains("> call setPassword password=*** challengeMode=0\n"))
        #expect(host.output.contains("→ setPassword password=*** challengeMode=0"))
        #expect(!host.output.contains("Passw0rd!"))
    }

    @Test func refusedCallsNameWhatIsWrong() {
        let cases: [(String, String)] = [
            ("let m = \"setuser\"\ncall $m userID=alice", "no method 'setuser' in relid; did you mean 'setUser'?"),
            ("let n = \"zero\"\ncall setPassword password=x challengeMode=$n", "setPassword's field 'challengeMode' takes an integer"),
        ]
        for (text, message) in cases {
            let (host, _) = runScript(Self.scenario + text)
            #expect(Self.failure(host).contains(message) || host.output.contains(message), "\(host.output)\(host.errors)")
        }
        // Written literally, the resolver (and so credsh check) refuses it where it stands.
        for (text, message) in [("call setuser userID=alice", "no method 'setuser' in relid; did you mean 'setUser'?"),
                                 ("call setUser userId=alice", "setUser takes no field 'userId'; did you mean 'userID'?"),
                                 ("call setUser", "setUser needs the field 'userID'"),
                                 ("expect called setPassword password=x", "setPassword's field 'password' is a secret"),
                                 ("call authenticateUser profileId=bob", "it is a call of onewelcome")] {
            let (host, _) = runScript(text)
            expectEqual(host.diagnostics.first?.message.contains(message), true, "\(text): \(host.errors)")
        }
    }

    @Test func journalChecksPassAndFailForTheRightReason() {
        let setup = Self.scenario + """
            call setUser userID=alice
            call setPassword password="Passw0rd!" challengeMode=0

            """
        let (passing, _) = runScript(setup + """
            expect called setUser userID=alice
            expect called setPassword challengeMode=0
            expect no call setPassword challengeMode=1
            expect no call updatePassword
            expect calls setUser setPassword
            """)
        #expect(passing.diagnostics.isEmpty, "\(passing.errors)")

        let failing: [(String, String)] = [
            ("expect called setUser userID=bob",
             "expected a call setUser userID=bob on device default; its calls: setUser userID=alice; setPassword password=*** challengeMode=0"),
            ("expect no call setPassword challengeMode<1",
             "expected no call setPassword challengeMode<1 on device default, but call #2 of its journal was one"),
            ("expect calls setPassword setUser",
             "expected the calls setPassword setUser in this order on device default; found only setPassword, then no setUser"),
            ("journal clear\nexpect called setUser", "expected a call setUser on device default; it made no relid call"),
            ("device phone\nexpect called setUser", "expected a call setUser on device phone; it made no relid call"),
        ]
        for (text, message) in failing {
            let (host, evaluator) = runScript(setup + text)
            #expect(Self.failure(host).contains(message), "\(text): \(host.errors)")
            expectEqual(evaluator.exitCode, 1, "\(text): an expectation fails with exit 1")
        }
    }

    @Test func devicesActApart() {
        let (host, _) = runScript(Self.scenario + """
            call setUser userID=alice
            device phone
            call resetAuthState
            network down
            call setUser userID=bob
            call setPassword password="Bob-Passw0rd1" challengeMode=0
            expect error 12
            device default
            call setPassword password="Passw0rd!" challengeMode=0
            expect events onUserLoggedIn
            expect calls setUser setPassword
            expect no call resetAuthState
            devices
            """, echo: true)
        #expect(host.diagnostics.isEmpty, "\(host.errors)")
        #expect(host.output.contains("device phone: new, a copy of default's SDK side"))
        #expect(host.output.contains("* default  2 calls\n  phone  3 calls\n"))
    }

    /// A journal rendered as a script is checked clean (its secrets bound from outside),
    /// holds no plain secret, and replayed after the same scenario reaches the same state.
    @Test func theJournalReplaysAsAScript() throws {
        let session = """
            call setUser userID=alice
            call setPassword password="Wrong-pass1" challengeMode=0
            call setPassword password="Passw0rd!" challengeMode=0
            call getAllChallenges userID=alice
            call initiateUpdateFlowForCredential credentialType=Password
            call updatePassword currentPassword="Passw0rd!" newPassword="N3w-Passw0rd!" challengeMode=2
            sdk onewelcome
            user add carol pin 52817
            call authenticateUser profileId=carol
            call respond pin=52817
            call logoutUser
            sdk relid
            call setUser userID=bob
            call setPassword password="Bob-Passw0rd1" challengeMode=1
            expect error 4
            """
        let (first, evaluator) = runScript(Self.scenario + session)
        #expect(first.diagnostics.isEmpty, "\(first.errors)")
        let script = JournalScript.script(of: evaluator.simulation, device: .standard)
        for secret in ["Passw0rd!", "Wrong-pass1", "N3w-Passw0rd!", "52817"] { #expect(!script.contains(secret)) }
        #expect(script.contains("call setPassword password=$password1 challengeMode=0"))
        #expect(script.contains("--secret password1 --secret password2 --secret currentPassword1 --secret newPassword1 --secret pin1 --secret password3"))
        #expect(script.contains("call setPassword password=$password3 challengeMode=1\nexpect error 4\nexpect events\n"))

        let values = ["password1": "Wrong-pass1", "password2": "Passw0rd!", "currentPassword1": "Passw0rd!",
                      "newPassword1": "N3w-Passw0rd!", "pin1": "52817", "password3": "Bob-Passw0rd1"]
        // credsh check: clean with its variables given.
        let checker = Evaluator(host: MemoryHost())
        for (name, value) in values { checker.bindFromOutside(name, value, secret: true) }
        let scenarioOnly = Self.scenario + "sdk onewelcome\nuser add carol pin 52817\nsdk relid\n"
        #expect(checker.checkFollowingSources(SourceFile(name: "journal.credscript", text: scenarioOnly + script)))

        // Replayed after the same scenario: every expectation holds, and the state is the same.
        let host = MemoryHost()
        let replay = Evaluator(simulation: Simulation(seed: 0), options: .init(), host: host)
        for (name, value) in values { replay.bindFromOutside(name, value, secret: true) }
        replay.run(SourceFile(name: "journal.credscript", text: scenarioOnly + script))
        #expect(host.diagnostics.isEmpty, "\(host.errors)\n\(script)")
        expectEqual(replay.exitCode, 0)
        for sdk in SDKID.all {
            expectEqual(replay.simulation.sdk(sdk).describeState(world: replay.simulation.world),
                        evaluator.simulation.sdk(sdk).describeState(world: evaluator.simulation.world))
        }
        let relid = replay.simulation.sdk(RelIDSimulator.self).server
        #expect(relid.verify("alice", "N3w-Passw0rd!"))
        expectEqual(replay.simulation.journalScript(device: .standard), script)
        #expect(!host.output.contains("Passw0rd!") && !host.output.contains("52817"))
    }

    /// Review: a user ID that is a known secret of the run (a user named like a password)
    /// was written `userID=***` in the journal, a line that does not replay (CS0213). It is
    /// a variable, as a secret field is, named in the header; the same text in an event is
    /// the same variable; replayed with it bound, every expectation holds, and without it
    /// the replay says which variable is missing.
    @Test func aKnownSecretInAFieldThatIsNotSecretIsAVariableOfTheJournal() throws {
        let scenario = "kdf 1\nuser add Zed2024x password \"Passw0rd!\"\n"
        let (first, evaluator) = runScript(scenario + "call setUser userID=Zed2024x\njournal show\n", echo: true)
        #expect(first.diagnostics.isEmpty, "\(first.errors)")
        let script = JournalScript.script(of: evaluator.simulation, device: .standard, secrets: evaluator.events.secrets.values)
        #expect(script.contains("call setUser userID=$userID1\n"), "\(script)")
        #expect(script.contains("expect event 1 getPassword ") && script.contains(" userID=$userID1\n"), "\(script)")
        #expect(script.contains("credsh test --secret userID1 FILE"), "\(script)")
        #expect(!script.contains("Zed2024x") && !script.contains("***"), "\(script)")
        // `journal show` prints the same script.
        #expect(first.output.contains("call setUser userID=$userID1\n") && !first.output.contains("userID=***\nexpect"), "\(first.output)")

        let host = MemoryHost()
        let replay = Evaluator(simulation: Simulation(seed: 0), options: .init(), host: host)
        replay.bindFromOutside("userID1", "Zed2024x", secret: true)
        replay.run(SourceFile(name: "journal.credscript", text: scenario + script))
        #expect(host.diagnostics.isEmpty && replay.exitCode == 0, "\(host.errors)\n\(script)")

        let unbound = MemoryHost()
        Evaluator(simulation: Simulation(seed: 0), options: .init(), host: unbound).run(SourceFile(name: "journal.credscript", text: scenario + script))
        #expect(unbound.errors.contains("userID1"), "\(unbound.errors)")
    }

    /// Review: the journal was masked as one text after it was written, so a number field
    /// that merely has a secret's digits (`errorCode=9006` in a session whose Fiori passcode
    /// is 9006) was written `errorCode=***`, which the call's own record shows as 9006 and
    /// which does not replay. It masks by field: the number stays, the secret fields are
    /// variables, and the passcode itself is shown nowhere.
    @Test func aNumberWithASecretsDigitsIsWrittenAsItIsInTheJournal() throws {
        let scenario = """
            sdk fiori
            policy passcode minLength=4 hasUpper=false hasLower=false hasSpecial=false
            user add carol passcode 9006
            sdk onewelcome
            user add bob pin 52817

            """
        let calls = "call authenticateUser profileId=bob\ncall respond pin=52817\ncall changePin\ncall cancel\njournal show\n"
        let (host, evaluator) = runScript(scenario + calls)
        #expect(host.diagnostics.isEmpty, "\(host.errors)")
        #expect(host.output.contains("← didFailToChangePin profileId=bob errorCode=9006 "), "\(host.output)")
        #expect(host.output.contains("""
            call cancel
            expect events didFailToChangePin
            expect event 1 didFailToChangePin profileId=bob errorCode=9006 errorDomain=ONGGenericErrorDomain message="The action was cancelled."

            """), "\(host.output)")
        #expect(host.output.contains("call respond pin=$pin1\n") && !host.output.contains("52817"), "\(host.output)")
        let script = JournalScript.script(of: evaluator.simulation, device: .standard, secrets: evaluator.events.secrets.values)
        #expect(!script.contains("***"), "\(script)")
        // Replayed with its variable bound, every expectation holds.
        let replayed = MemoryHost()
        let replay = Evaluator(simulation: Simulation(seed: 0), options: .init(), host: replayed)
        replay.bindFromOutside("pin1", "52817", secret: true)
        replay.run(SourceFile(name: "journal.credscript", text: scenario + script))
        #expect(replayed.diagnostics.isEmpty && replay.exitCode == 0, "\(replayed.errors)\n\(script)")
    }

    /// A run given a device (a control run of `credsh serve`: `default`) starts on it,
    /// whatever device the simulation was left on, and ends on it, whatever its `device` lines did.
    @Test func aRunGivenADeviceStartsAndEndsOnIt() throws {
        var simulation = Simulation(seed: 0)
        try simulation.enter(device: DeviceID("phone-2"))
        var options = Evaluator.Options()
        options.device = .standard
        let host = MemoryHost()
        let evaluator = Evaluator(simulation: simulation, options: options, host: host)
        evaluator.run(SourceFile(name: "t.credscript", text: "devices\ndevice tablet\ncall resetAuthState\n"))
        #expect(host.diagnostics.isEmpty, "\(host.errors)")
        #expect(host.output.contains("* default") && host.output.contains("  phone-2"), "\(host.output)")
        expectEqual(evaluator.simulation.device, .standard)
        expectEqual(evaluator.simulation.journal(of: try DeviceID("tablet")).entries.count, 1)
    }
}

/// Completion and the secrets property of the double's lines.
@Suite struct DoubleToolingTests {
    static let relid = SDKID(named: "relid")!

    static func words(_ before: String, _ word: String = "") -> [String] {
        guard case .words(let words) = Completer.complete(word: word, before: before, sdk: relid, userIDs: ["alice"]) else { return [] }
        return words
    }

    @Test func completionOffersTheCallsAndTheirFields() {
        expectEqual(Self.words("call "), RelIDSimulator.catalog.callNames.sorted())
        expectEqual(Self.words("call ", "setP"), ["setPassword"])
        expectEqual(Self.words("call setPassword "), ["challengeMode=", "password="])
        expectEqual(Self.words("call updatePassword currentPassword=x ", "new"), ["newPassword="])
        // Issue 52: a field's values: users, a number's names, the catalog's choices; never a secret's.
        expectEqual(Self.words("call setUser ", "userID=a"), ["userID=alice"])
        expectEqual(Self.words("call setPassword ", "challengeMode="),
                    ["challengeMode=0", "challengeMode=1", "challengeMode=2", "challengeMode=3", "challengeMode=4"]
                        + ["RDNA_CHALLENGE_OP_SET", "RDNA_CHALLENGE_OP_VERIFY", "RDNA_OP_AUTHORIZE_NOTIFICATION", "RDNA_OP_UPDATE_CREDENTIALS",
                           "RDNA_OP_UPDATE_ON_EXPIRY"].map { "challengeMode=" + $0 })
        expectEqual(Self.words("call setPassword ", "password="), [])
        expectEqual(Self.words("call initiateUpdateFlowForCredential ", "credentialType="), ["credentialType=Password"])
        // A check offers only the fields it can compare: never a secret one.
        expectEqual(Self.words("expect called setPassword "), ["challengeMode="])
        expectEqual(Self.words("expect calls setUser ", "get"), ["getAllChallenges"])
    }

    /// Whatever secret a call is given, it shows nowhere: not in the output, the journal,
    /// nor the journal's script.
    @Test(arguments: 0..<24) func noPlainSecretReachesTheJournalOrItsScript(seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 99)
        let alphabet = Array("abcdefghijkLMNOPQ0123456789!#%&*+-_.")
        let secret = "Zq9" + String((0..<(5 + seed % 9)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        let pin = String((0..<5).map { _ in Character(String(generator.next() % 10)) })
        let (host, evaluator) = runScript("""
            kdf 1
            user add alice password "\(secret)"
            call setUser userID=alice
            call setPassword password="\(secret)" challengeMode=0
            call updatePassword currentPassword="\(secret)" newPassword="\(secret)x" challengeMode=4
            sdk onewelcome
            call validatePolicyCompliance pin=\(pin)
            journal show
            """, keepGoing: true, echo: true)
        let journal = evaluator.simulation.journal
        let stored = String(describing: journal.entries.map { ($0.arguments.map { "\($0.0)=\($0.1)" }, $0.outcomes) })
        let script = JournalScript.script(of: evaluator.simulation, device: .standard)
        for text in [host.output, host.errors, stored, script] {
            #expect(!text.contains(secret), "\(secret) shown")
            #expect(!text.contains("=\(pin)") && !text.contains("\"\(pin)\""), "\(pin) shown")
        }
        expectEqual(journal.entries.count, 4)
    }
}

extension DoubleToolingTests {
    /// docs/double.md's table of calls is the catalogs' (`make grammar` rewrites it).
    @Test func theDocsTableOfCallsIsGeneratedFromTheCatalogs() throws {
        let page = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/docs/double.md"))
        #expect(page.contains("<!-- calls:begin -->\n" + CallReference.markdown() + "<!-- calls:end -->"),
                "docs/double.md's table of calls is stale: run make grammar (bench/update_double.py)")
        for catalog in Simulation.catalogs {
            for call in catalog.calls { #expect(page.contains("| `\(call.name)` |"), "\(catalog.name).\(call.name)") }
        }
    }
}

extension DoubleToolingTests {
    /// `explain METHOD` tells how to make every call of every SDK in the double.
    @Test func explainKnowsEveryCall() throws {
        for catalog in Simulation.catalogs {
            for call in catalog.calls {
                let lines = try ExplainText.render(call.name, active: catalog)
                #expect(lines.contains { $0.hasPrefix("  the double:  call \(call.name)") }, "\(catalog.name).\(call.name): \(lines)")
                #expect(lines.contains("  callbacks:   " + call.callbacks.joined(separator: ", ") + " (those that may follow)"))
            }
        }
    }
}

/// Issue 50: an app's own validation delegate refuses a new passcode on screen 2, its
/// message carried by `enterPasscode`'s `validationError` (docs/double.md, "Calls").
@Suite struct FioriValidationRefusalTests {
    @Test func screenTwoKeepsAPasscodeTheAppsDelegateRefused() {
        let (host, _) = runScript("""
            sdk fiori
            user add carol passcode "Abcdefg1"
            call present controller=FUIPasscodeInputController userIdentifier=carol
            call enterPasscode passcode="Abcdefg1"
            call present controller=FUIPasscodeChangeController
            call enterPasscode passcode="Abcdefg1"
            call enterPasscode passcode="Company-Pass1" validationError="Do not use the company's name"
            expect events validate failedToMeetPolicy
            expect event 2 failedToMeetPolicy message="Do not use the company's name"
            call enterPasscode passcode="Hijklmn2"
            expect events validate showScreen
            expect event 2 showScreen screen=3
            """)
        #expect(host.diagnostics.isEmpty, "\(host.output)\(host.errors)")
    }
}
