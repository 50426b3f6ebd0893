import Testing
import Expectations
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript
@testable import CredSimulator

/// The seam between the language and the simulated SDKs: shared verbs go to the active
/// SDK, each SDK keeps its own state, and everything the language names comes from the
/// SDKs' catalogs.
@Suite struct SDKSeamTests {
    /// Each SDK's name, known without its catalog, is its catalog's.
    @Test func eachSDKsNameIsItsCatalogs() {
        for type in Simulation.sdkTypes { expectEqual(type.name, type.catalog.name) }
    }

    /// Each SDK's calls, known without its catalog, are its catalog's.
    @Test func eachSDKsCallsAreItsCatalogs() {
        for type in Simulation.sdkTypes { expectEqual(type.calls.map(\.name), type.catalog.calls.map(\.name)) }
    }

    @Test func switchingSDKsKeepsEachSDKsState() {
        let (host, evaluator) = runScript("""
            user add alice password "Passw0rd!"
            login alice "Passw0rd!"
            sdk onewelcome
            user add bob pin 52817
            login bob 52817
            expect state bob logged-in
            changepin
            expect event didReceivePinChallenge remainingFailureCount=3
            sdk relid
            expect state alice logged-in
            users
            sdk onewelcome
            pin 52817
            expect event didReceiveCreatePinChallenge pinLength=5
            users
            """ + "\n")
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        #expect(host.output.contains("alice  logged-in\n"))
        #expect(host.output.contains("bob  logged-in, registered, changing-pin\n"))
        expectEqual(evaluator.simulation.activeCatalog.name, "onewelcome")
        expectEqual(evaluator.simulation.sdk(RelIDSimulator.self).signedInUser, "alice")
    }

    @Test func theClockIsShared() {
        let (host, evaluator) = runScript("sdk susi\nclock advance 8d\nsdk relid\nclock\n")
        expectEqual(evaluator.exitCode, 0)
        #expect(host.output.hasSuffix("2026-01-09T00:00:00Z\n"))
    }

    @Test func aCommandOfAnotherSDKIsARuntimeErrorNamingItsSDKs() {
        // Written where onewelcome is not active, `changepin` is resolved by name and refused when it runs.
        let (refused, evaluator) = runScript("changepin\n")
        expectEqual(evaluator.exitCode, 3)
        expectEqual(refused.output, "✗ error: 'changepin' is a command of onewelcome; the active SDK is relid (switch with: sdk onewelcome)\n")
        let (acknowledged, fine) = runScript("changepin\nexpect error ~\"is a command of onewelcome\"\n")
        expectEqual(fine.exitCode, 0, "\(acknowledged.errors)")
    }

    @Test func sameNamedCommandsFollowTheSDKActiveOnTheirLine() {
        // The word too many is another SDK's keyword: the message names that SDK.
        expectEqual(parse("user add bob pin 52817\n").diagnostics.first?.message,
                    "too many arguments for user add (usage: user add USER [password PASSWORD]) — 'pin' is onewelcome's: sdk onewelcome")
        expectEqual(parse("user add carol passcode Abcdefg1\n").diagnostics.first?.message.hasSuffix("— 'passcode' is fiori's: sdk fiori"), true)
        expectEqual(parse("state now\n").diagnostics.first?.message, "too many arguments for state (usage: state)", "no keyword of any SDK: no hint")
        #expect(parse("sdk onewelcome\nuser add bob pin 52817\n").diagnostics.isEmpty)
        #expect(parse("sdk fiori\nuser add carol passcode Abcdefg1 touchid\n").diagnostics.isEmpty)
        #expect(parse("sdk susi\nexpect event response status=200\n").diagnostics.isEmpty)
        expectEqual(parse("expect event response status=200\n").diagnostics.first?.message,
                    "unknown event 'response' for relid (it is an event of susi: switch with sdk susi first)")
        expectEqual(parse("sdk onewelcom\n").diagnostics.first?.message.hasPrefix("no SDK 'onewelcom' — did you mean 'onewelcome'?"), true)
    }

    @Test func everyCatalogEventAndStateIsInHelpCompletionAndGrammar() throws {
        let grammar = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/grammar.md"))
        for catalog in Simulation.catalogs {
            var simulation = Simulation()
            try simulation.activate(named: catalog.name)
            let help = HelpText.render(.standard, topic: [], active: simulation.activeSDK).joined(separator: "\n")
            let completed = Completer.complete(word: "", before: "expect event ", simulation: simulation)
            let states = Completer.complete(word: "", before: "expect state someone ", simulation: simulation)
            for event in catalog.eventNames {
                #expect(help.contains(event), "help lacks \(catalog.name)'s \(event)")
                #expect(grammar.contains("| `\(event)` |"), "grammar.md lacks \(catalog.name)'s \(event)")
                guard case .words(let words) = completed else { Issue.record("no completion"); continue }
                #expect(words.contains(event), "completion lacks \(catalog.name)'s \(event)")
            }
            guard case .words(let stateWords) = states else { Issue.record("no completion"); continue }
            expectEqual(stateWords, (catalog.userStateNames + ["not"]).sorted())  // `expect state USER not STATE`
            #expect(SDKFlows.flow(named: catalog.name) != nil, "\(catalog.name) has no commands in Flows/")
        }
        expectEqual(SDKFlows.all.map { $0.catalog.name }, Simulation.catalogs.map(\.name))
        for flow in SDKFlows.all { for command in flow.commands { expectEqual(command.spec.sdk?.name, flow.catalog.name) } }
    }

    @Test func completionOffersTheActiveSDKsCommandsAndUsers() throws {
        var simulation = Simulation()
        try simulation.activate(named: "onewelcome")
        simulation.modify(OneWelcomeSimulator.self) { sdk, _ in try! sdk.addProfile("bob", pin: "52817") }
        expectEqual(Completer.complete(word: "change", before: "", simulation: simulation), .words(["changepin"]), "not fiori's changepasscode")
        expectEqual(Completer.complete(word: "", before: "login ", simulation: simulation), .words(["bob"]))
        expectEqual(Completer.complete(word: "", before: "user add bob ", simulation: simulation), .words(["pin", "stateless"]))
    }

    @Test func secretsOfEverySDKAreMasked() {
        expectEqual(SecretMasker.mask("pin 52817", sdk: SDKID(named: "onewelcome")!), "pin ***")
        expectEqual(SecretMasker.mask("user add bob pin 52817", sdk: SDKID(named: "onewelcome")!), "user add bob pin ***")
        expectEqual(SecretMasker.mask("passcode Abcdefg1", sdk: SDKID(named: "fiori")!), "passcode ***")
        expectEqual(SecretMasker.mask("update old1234 new5678", sdk: SDKID(named: "susi")!), "update *** ***")
        let raw = "request GET /aaa/changepassword.json changepassword=eve@example.com password=Eve-pass1 newpassword=Taken-0ver1"
        expectEqual(SecretMasker.mask(raw, sdk: SDKID(named: "susi")!),
                    "request GET /aaa/changepassword.json changepassword=eve@example.com password=*** newpassword=***")
        let (echoed, _) = runScript("sdk susi\n" + raw + "\n", echo: true)
        #expect(echoed.output.contains("> " + raw.replacingOccurrences(of: "Eve-pass1", with: "***").replacingOccurrences(of: "Taken-0ver1", with: "***")))
        let (host, _) = runScript("sdk onewelcome\nuser add bob pin 52817\nlogin bob 52817\n", echo: true)
        #expect(!host.output.contains("52817"))
    }

    /// A secret written into a raw request's query string is masked like one given as a
    /// parameter: in the echo, its JSON record and the history file; recalled from the
    /// history with `***` in its place, the line is refused.
    @Test func secretsInARequestsQueryAreMasked() {
        let target = "/aaa/changepassword.json?changepassword=eve%40example.com&pass%77ord=Old-pass1&newpassword=New-pass2&access_token=tok3n#top"
        let masked = "/aaa/changepassword.json?changepassword=eve%40example.com&pass%77ord=***&newpassword=***&access_token=***#top"
        let line = "request GET \"\(target)\""
        expectEqual(SecretMasker.mask(line, sdk: SDKID(named: "susi")!), "request GET \"\(masked)\"")
        expectEqual(SecretMasker.mask("request GET /aaa/login.json", sdk: SDKID(named: "susi")!), "request GET /aaa/login.json", "no query, nothing to mask")
        let (host, _) = runScript("sdk susi\n\(line)\n", echo: true)
        #expect(host.output.contains("> request GET \"\(masked)\"\n"))
        let json = host.records.map { JSONLinesRenderer().render($0.0, from: $0.1) }.joined()
        for secret in ["Old-pass1", "New-pass2", "tok3n"] { #expect(!host.output.contains(secret) && !json.contains(secret)) }

        func removed(_ text: String) -> Int {
            var source = "sdk susi\n"
            source += text + "\n"
            return SecretMasker.removedSecrets(in: SourceFile(name: "<repl>", text: source)).count
        }
        expectEqual(removed("request GET \"\(masked)\""), 1, "as the history file keeps it")
        expectEqual(removed("request GET \"/aaa/login.json?login=eve%40example.com&password=%2A%2A%2A\""), 0, "three asterisks, escaped, are a password")
    }

    /// A query's name a case or a letter off a secret one holds a secret as a misspelt
    /// `NAME=VALUE` field does: the server reads no password there, but it is most likely one.
    @Test func aSecretInAQueryUnderANameAlmostASecretOneIsMasked() {
        let script = "sdk susi\nrequest GET \"/aaa/login.json?login=ctl@example.com&pasword=Zq9ReqLeak1&type=access-token\"\n"
            + "request GET \"/aaa/login.json?login=ctl@example.com&PASSWORD=Zq9ReqLeak3&type=access-token\"\n"
        let (host, _) = runScript(script, echo: true)
        let json = host.records.map { JSONLinesRenderer().render($0.0, from: $0.1) }.joined()
        for secret in ["Zq9ReqLeak1", "Zq9ReqLeak3"] {
            #expect(!host.output.contains(secret) && !json.contains(secret), "\(secret): \(host.output)")
        }
        expectEqual(SecretMasker.mask("request GET \"/aaa/login.json?PASSWORD=Zq9ReqLeak3\"", sdk: SDKID(named: "susi")!),
                    "request GET \"/aaa/login.json?PASSWORD=***\"")
        #expect(host.output.contains("login=ctl@example.com"), "\(host.output)")
    }

    @Test func jsonRecordsNameTheirSDK() {
        let record = JSONLinesRenderer().render(.outcome(.event(SDKEvent("didChangePin", [("profileId", .string("bob"))])), sdk: SDKID(named: "onewelcome")!))
        expectEqual(record, #"{"event":"didChangePin","sdk":"onewelcome","profileId":"bob"}"# + "\n")
    }
}

/// The active SDK is a value (SDKID) made only by the registry.
@Suite struct SDKIdentityTests {
    @Test func everySDKRoundTripsByNameAndByType() {
        expectEqual(SDKID.all.count, Simulation.sdkTypes.count)
        for (id, type) in zip(SDKID.all, Simulation.sdkTypes) {
            expectEqual(SDKID(named: id.name), id)
            expectEqual(id.catalog.name, type.catalog.name)
            expectEqual(ObjectIdentifier(id.type), ObjectIdentifier(type))
        }
        expectEqual(SDKID(RelIDSimulator.self), SDKID.first)
        expectEqual(SDKID(SusiSimulator.self)?.name, "susi")
        #expect(SDKID(named: "nope") == nil && SDKID(named: "") == nil && SDKID(named: "RELID") == nil)
    }

    @Test func theSimulationSwitchesByValue() throws {
        var simulation = Simulation()
        expectEqual(simulation.activeSDK, .first)
        let susi = try #require(SDKID(named: "susi"))
        simulation.activate(susi)
        #expect(simulation.activeSDK == susi && simulation.activeCatalog.name == "susi")
        #expect(throws: SimulationError.self) { try simulation.activate(named: "nope") }
        expectEqual(simulation.activeSDK, susi, "a name that is no SDK changes nothing")
        // Each SDK's state is reached by its identity, and by its type for the commands only it has.
        simulation.modify(SusiSimulator.self) { sdk, _ in try? sdk.addUser("dave@example.com", password: "secret12") }
        expectEqual(simulation.sdk(susi).userIDs, ["dave@example.com"])
        expectEqual(simulation.sdk(SusiSimulator.self).userIDs, ["dave@example.com"])
        #expect(simulation.sdk(.first).userIDs.isEmpty)
    }
}
