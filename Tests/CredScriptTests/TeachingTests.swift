import Testing
import Expectations
@testable import CredLanguage
@testable import CredEditor
@testable import CredScript
import CredSimulator

/// A host that renders text through the compact renderer, as `--compact` does.
final class CompactHost: ScriptHost {
    let renderer = CompactTextRenderer()
    var output = ""
    func emit(_ record: OutputRecord, from origin: RecordOrigin?) { output += renderer.render(record) }
    func report(_ diagnostic: Diagnostic, source: SourceFile?) { output += "FAILED: \(diagnostic.message)\n" }
    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile { throw HostError("no files") }
    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
    func appendRecording(_ text: String) {}
    func endRecording() {}
}

func compactOutput(_ script: String) -> [String] {
    let host = CompactHost()
    Evaluator(simulation: Simulation(seed: 0), host: host).run(SourceFile(name: "t.credscript", text: script))
    return host.output.split(separator: "\n").map(String.init)
}

@Suite struct CompactOutputTests {
    @Test func aChallengesPolicyShowsOncePerFlow() {
        let lines = compactOutput("""
            user add alice password "Passw0rd!"
            expire alice
            login alice "Passw0rd!"
            update "Passw0rd!" "short"
            expect event getPassword statusCode=190
            update "Passw0rd!" "N3w-Passw0rd"
            logout
            expire alice
            login alice "N3w-Passw0rd"
            """)
        let challenges = lines.filter { $0.hasPrefix("← getPassword") }
        expectEqual(challenges.count, 5)
        // The first challenge of the flow in full; the next ones only what changed.
        expectEqual(challenges[0], "← getPassword userID=alice challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY) attemptsLeft=3 statusCode=100 statusMessage=Success")
        #expect(challenges[1].hasPrefix("← getPassword challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY) statusCode=118 statusMessage="))
        #expect(challenges[1].contains("policy={") && challenges[1].hasSuffix(" (same userID, attemptsLeft)"))
        expectEqual(challenges[2], "← getPassword statusCode=190 statusMessage=\"Password does not meet policy standards\" (same userID, challengeMode, attemptsLeft, policy)")
        // The flow ended with onUserLoggedIn (and the logout): the next login shows everything again.
        expectEqual(challenges[3], "← getPassword userID=alice challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY) attemptsLeft=3 statusCode=100 statusMessage=Success")
        #expect(challenges[4].contains("policy={"))
        // What the app shows is not repeated within a flow either.
        expectEqual(lines.filter { $0.hasPrefix("  app: policy:") }.count, 2)
        #expect(!lines.contains { $0.hasPrefix("FAILED") })
    }

    @Test func anEventWithNothingNewSaysSo() {
        let lines = compactOutput("""
            sdk onewelcome
            user add bob pin 52817
            login bob 11111
            pin 11111
            pin 52817
            """)
        let challenges = lines.filter { $0.hasPrefix("← didReceivePinChallenge") }
        expectEqual(challenges.count, 3)
        #expect(challenges[0].hasPrefix("← didReceivePinChallenge profileId=bob maxFailureCount=3 previousFailureCount=0"))
        #expect(challenges[1].hasPrefix("← didReceivePinChallenge previousFailureCount=1 remainingFailureCount=2 errorCode=9009"))
        #expect(challenges[1].hasSuffix("(same profileId, maxFailureCount)"))
        #expect(lines.contains("← didAuthenticateUser profileId=bob"))
    }
}

@Suite struct ExplainAndGlossaryTests {
    @Test func explainTakesEventAndAPINames() throws {
        let relid = RelIDFlow.catalog
        let event = try ExplainText.render("getPassword", active: relid)
        expectEqual(event.first, "event getPassword")
        #expect(event.contains("  goes:        from the REL-ID SDK to the user / app (shown as ← getPassword …)"))
        #expect(event.contains("  check it:    expect event getPassword challengeMode=VALUE"))
        let api = try ExplainText.render("setpassword", active: relid)
        expectEqual(api.first, "API call setPassword")
        // Another SDK's name is found too, and says whose it is.
        let other = try ExplainText.render("didReceivePinChallenge", active: relid)
        expectEqual(other.first, "event didReceivePinChallenge (onewelcome: OneWelcome-style change PIN)")
        #expect(throws: SimulationError.self) { try ExplainText.render("noSuchThing", active: relid) }
    }

    @Test func sourcesAreSaidInWords() throws {
        let lines = try ExplainText.render("118", active: RelIDFlow.catalog)
        let origins = lines.filter { $0.hasPrefix("  decided by:") }
        expectEqual(origins, ["  decided by:  vendor (its iOS password-expiry codelab)", "  decided by:  vendor (its Flutter codelab's strings)"])
        expectEqual(ExplainText.inWords("vendor in mode 4 (S0); in mode 2: simulator decision"), "vendor in mode 4 (its iOS password-expiry codelab); in mode 2: simulator decision")
        expectEqual(ExplainText.inWords("vendor (S4, example app)"), "vendor (its iOS change-PIN guide, example app)")
        expectEqual(ExplainText.inWords("S10 and XS0 stay"), "S10 and XS0 stay")
        // No code of any SDK is explained with a bare tag.
        for catalog in Simulation.catalogs {
            for code in catalog.codes {
                let words = ExplainText.inWords(code.origin)
                for tag in ["S0", "S1", "S4", "RN", "FL", "CO"] {
                    #expect(!words.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains(Substring(tag)), "\(code.name): \(words)")
                }
            }
        }
    }

    @Test func theGlossaryListsAndFindsItsTerms() throws {
        let all = try Glossary.render([])
        for term in ["challenge mode", "sync error", "callback", "policy", "attempts", "deregistration", "input mode", "delegate", "access token"] {
            #expect(all.contains(term), "\(term) missing")
        }
        try expectEqual(Glossary.render(["sync", "errors"]).first, "sync error")
        try expectEqual(Glossary.render(["Challenge", "Mode"]).first, "challenge mode")
        do throws(SimulationError) {
            _ = try Glossary.render(["chalenge", "mode"])
            Issue.record("a misspelt term must not be found")
        } catch {
            #expect(error.message.contains("did you mean 'challenge mode'?"))
        }
    }

    @Test func tabCompletesEventAndAPINamesAfterExplain() {
        let simulation = Simulation(seed: 0)
        guard case .words(let words) = Completer.complete(word: "get", before: "explain ", simulation: simulation) else {
            Issue.record("no words")
            return
        }
        expectEqual(words, ["getAllChallenges", "getPassword", "getUser"])
    }
}
