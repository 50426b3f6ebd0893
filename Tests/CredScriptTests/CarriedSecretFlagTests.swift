import CredLanguage
import CredSimulator
import Testing
import Expectations
@testable import CredScript

/// Issue 48, item 1: a field an event flags secret (`SDKEvent.secretValues`, decided by its
/// catalog where the event was made) is masked by that flag at the edge (Redactor.outcome),
/// whatever the run's ledger holds, and the flag ends there; the value scan is only the net.
@Suite struct CarriedSecretFlagTests {
    /// A `response` whose `access_token` is flagged secret with the value written in place,
    /// as a writer before the edge may hold it, and a `message` that quotes it.
    static func response(token: String, alsoIn other: String) -> OutputRecord {
        .outcome(.event(SDKEvent("response", [("access_token", .string(token)), ("credType", .string(other)),
                                             ("message", .string("issued \(token)"))],
                                 secretValues: [("access_token", token)])), sdk: .first)
    }

    static func fields(_ record: OutputRecord) -> [(String, JSONValue)] {
        guard case .outcome(.event(let event), _) = record else { return [] }
        return event.fields
    }

    static func json(_ record: OutputRecord) -> String {
        JSONLinesRenderer().object(for: record).serialized
    }

    @Test func aFlaggedFieldThatIsACatalogWordIsMaskedByItsFlagAndTheSameWordElsewhereIsNot() {
        // `Password` is a protocol word: the net never rewrites it, the flag hides it.
        let shown = Redactor(SecretLedger()).record(Self.response(token: "Password", alsoIn: "Password"))
        let fields = Self.fields(shown)
        expectEqual(fields.first { $0.0 == "access_token" }?.1, .string("***"))
        expectEqual(fields.first { $0.0 == "credType" }?.1, .string("Password"))
        let json = Self.json(shown)
        expectEqual(json.contains(#""access_token":"***""#), true, "\(json)")
        expectEqual(json.contains(#""credType":"Password""#), true, "\(json)")
        expectEqual(json.contains(#""event":"response""#), true, "\(json)")
    }

    @Test func aRecordsJSONShowsTheMaskForAFlaggedFieldWhateverTheLedgerHolds() {
        let token = "Zq9TokenValue42"
        var other = SecretLedger()
        other.add("SomethingElse77!")
        var shownLedger = SecretLedger()
        shownLedger.shown = true
        for ledger in [SecretLedger(), other, shownLedger] {
            let record = Redactor(ledger).record(Self.response(token: token, alsoIn: "Password"))
            let json = Self.json(record)
            expectEqual(json.contains(token), false, "\(json)")
            expectEqual(json.contains(#""access_token":"***""#), true, "\(json)")
            // The flag ends at the edge: no writer past it holds the value.
            guard case .outcome(.event(let event), _) = record else { Issue.record("not an event"); continue }
            expectEqual(event.secretValues.isEmpty, true)
        }
    }

    @Test func theFlaggedValueIsCarriedToTheEventsOtherTexts() {
        let token = "Zq9TokenValue42"
        let fields = Self.fields(Redactor(SecretLedger()).record(Self.response(token: token, alsoIn: "Password")))
        expectEqual(fields.first { $0.0 == "message" }?.1, .string("issued ***"))
        // Another record, with no flag, is left to the ledger: the flag was this event's.
        expectEqual(Redactor(SecretLedger()).record(.text("issued \(token)")), .text("issued \(token)"))
    }

    @Test func aFlaggedValueSentWholeWhereNothingIsSecretIsLeftThereUnlessShapedLikeASecret() {
        // A new password equal to the e-mail (SecretReading's rule for a file's literals).
        let email = OutputRecord.outcome(.event(SDKEvent("request", [("changepassword", .string("ann1@example.com")),
                                                                     ("newpassword", .string("ann1@example.com"))],
                                                         secretValues: [("newpassword", "ann1@example.com")])), sdk: .first)
        expectEqual(Self.json(Redactor(SecretLedger()).record(email)).contains(#""changepassword":"ann1@example.com","newpassword":"***""#),
                    true, "\(Self.json(Redactor(SecretLedger()).record(email)))")
        // A password sent again under a name nobody listed.
        let again = OutputRecord.outcome(.event(SDKEvent("request", [("password", .string("Wrong9Pass!x")),
                                                                     ("parameters", .object([("x", .string("Wrong9Pass!x"))]))],
                                                         secretValues: [("password", "Wrong9Pass!x")])), sdk: .first)
        expectEqual(Self.json(Redactor(SecretLedger()).record(again)).contains("Wrong9Pass!x"), false)
    }

    @Test func theRunsEdgeMasksByTheFlag() {
        let events = RunEvents(verdict: RunVerdict())
        let log = RunEventLog()
        events.subscribe(log)
        events.publishOutput(Self.response(token: "Password", alsoIn: "Password"), origin: nil)
        events.publish(.output(Self.response(token: "Zq9TokenValue42", alsoIn: "Password"), origin: nil))
        let written = log.events.compactMap { event -> String? in
            if case .output(let record, _) = event { return Self.json(record) }
            return nil
        }
        expectEqual(written.count, 2)
        for json in written {
            expectEqual(json.contains(#""access_token":"***""#), true, "\(json)")
            expectEqual(json.contains(#""credType":"Password""#), true, "\(json)")
            expectEqual(json.contains("Zq9TokenValue42"), false, "\(json)")
        }
    }

    /// A run whose ledger is full (KnownSecrets.limit values): it keeps no value it meets,
    /// so what hides a secret there is the flag the reading command carries.
    static func runPastTheLedgersBound(_ script: String, files: [String: String] = [:], shown: Bool = false) -> MemoryHost {
        var full = SecretLedger()
        for index in 0..<KnownSecrets.limit { full.add("filler\(index)value") }
        full.shown = shown
        let host = MemoryHost()
        host.files = files
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true), host: host)
        evaluator.events.secrets = full
        evaluator.run(SourceFile(name: "t.credscript", text: script))
        return host
    }

    /// A command carries the values it read as secret (RunEvents.carry) to the edge with
    /// what it prints, in a procedure's body and a sourced file too, and the flags end with
    /// it: a later command printing the same text, unflagged, is left to the ledger's net.
    @Test func aCommandsFlagsHideWhatItPrintsAndEndWithIt() {
        let secret = "zq512secretx"  // letters and digits: no shape the net fails closed on
        let script = """
            sdk relid
            let pw = "\(secret)"
            login $pw $pw
            expect error ~"no user"
            echo \(secret)
            proc p pw { login $pw $pw }
            p $pw
            expect error ~"no user"
            echo again \(secret)
            source inner.credscript
            echo after \(secret)
            source $pw

            """
        let host = Self.runPastTheLedgersBound(script, files: ["inner.credscript": "login $pw $pw\nexpect error ~\"no user\"\n"])
        let lines = host.output.split(separator: "\n").map(String.init)
        expectEqual(lines.filter { $0.contains(secret) && !$0.hasPrefix("> ") }, [secret, "again \(secret)", "after \(secret)"], "\(host.output)")
        expectEqual(lines.filter { $0 == "✗ error: no user '***'" }.count, 3, "\(host.output)")
        expectEqual(host.errors.contains(secret), false, "\(host.errors)")
        expectEqual(host.errors.contains("cannot read ***"), true, "\(host.errors)")
        // `secrets shown`: the records people read show what was typed; diagnostics still mask.
        let shown = Self.runPastTheLedgersBound("sdk relid\nlet pw = \"\(secret)\"\nlogin $pw $pw\n", shown: true)
        expectEqual(shown.output.contains("✗ error: no user '\(secret)'"), true, "\(shown.output)")
        expectEqual(shown.errors.contains(secret), false, "\(shown.errors)")
    }

    @Test func theTrieScanFindsAValueOrItsCutStartWhereTheTextLies() {
        var known = KnownSecrets()
        known.add("Zq9Secret!")
        expectEqual(known.mayHold("é user Zq9Secret! said"), true)
        expectEqual(known.mayHold("a name cut: Zq9Sec…"), true)
        expectEqual(known.mayHold("Zq9Sec and nothing cut"), false)
        expectEqual(known.mayHold("nothing here at all, ünïcode too"), false)
        expectEqual(known.redact("a name cut: Zq9Sec…"), "a name cut: ***…")
    }
}

/// The same flag on a request a real client sends (SusiEvents.request): a password the run
/// never knew, sent again under another name, is hidden at the prompt by the flag.
@Suite struct ServedRequestSecretFlagTests {
    @Test func aPasswordSentAgainUnderAnotherNameIsHiddenInTheEventsShown() {
        let host = MemoryHost()
        let evaluator = SusiServeTests.prompt(SusiServeTests.setup.split(separator: "\n").map(String.init), host: host)
        let request = SusiServeTests.curl("POST", SusiServer.loginPath, [("login", "dave@example.com"), ("password", "Wrong9Pass!x"),
                                                                          ("type", "access-token"), ("x", "Wrong9Pass!x")])
        expectEqual(evaluator.serve(request, from: "127.0.0.1:5000", show: true) == nil, false)
        expectEqual(host.output.contains("Wrong9Pass!x"), false, "\(host.output)")
        // The rest of the request stands as sent.
        expectEqual(host.output.contains("dave@example.com"), true, "\(host.output)")
    }
}
