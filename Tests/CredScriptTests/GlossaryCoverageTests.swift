import Foundation
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
import CredSimulator

/// The glossary covers the words the docs pages and `explain` use; each SDK's terms come
/// from its own folder; `explain` of an API call says its parameters and its sync errors.
@Suite struct GlossaryCoverageTests {
    /// The teaching words a newcomer meets. Each one the docs pages or any `explain` text
    /// use must be found by `glossary`; and each must be used somewhere, so the list
    /// cannot keep a word nobody says any more.
    static let vocabulary = [
        "access token", "API call", "attempts", "blocked", "blocklist", "callback", "challenge", "challenge mode",
        "delegate", "deregistration", "error code", "event", "expectation", "expiry", "flow", "flow coverage", "hash",
        "history", "HTTP status", "input mode", "KDF", "lifeline", "network", "passcode", "payload", "PBKDF2", "PIN",
        "policy", "registration", "salt", "screen", "secret", "seed", "sequence diagram", "simulator decision",
        "status code", "sync error", "token", "Touch ID", "transcript", "user state", "vendor behaviour", "virtual clock",
    ]

    /// Every page of docs/ (the manual: each SDK's page and each use's) and the README, and
    /// every `explain` text of every SDK (codes, events, API calls).
    static func corpus() throws -> String {
        let root = CommandTableTests.packageRoot()
        var text = ""
        let pages = try FileManager.default.contentsOfDirectory(atPath: root + "/docs").filter { $0.hasSuffix(".md") }.sorted()
        #expect(pages.count >= 12, "docs/ holds the manual")
        for page in pages {
            text += try #require(CommandTableTests.read(root + "/docs/\(page)"), "docs/\(page)") + "\n"
        }
        text += try #require(CommandTableTests.read(root + "/README.md")) + "\n"
        for catalog in Simulation.catalogs {
            let names = catalog.codes.map(\.name) + catalog.eventNames + (SDKFlows.flow(named: catalog.name)?.apis.map(\.name) ?? [])
            for name in names { text += ((try? ExplainText.render(name, active: catalog)) ?? []).joined(separator: "\n") + "\n" }
        }
        return text.lowercased()
    }

    /// Whether `term` occurs in `text` as words of their own.
    static func uses(_ text: String, _ term: String) -> Bool {
        var rest = Substring(text)
        let term = term.lowercased()
        while let range = rest.range(of: term) {
            let before = range.lowerBound == rest.startIndex ? nil : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            let word: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber } ?? false }
            if !word(before), !word(after) || after == "s" { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func everyTermTheDocsAndExplainUseIsInTheGlossary() throws {
        let corpus = try Self.corpus()
        for term in Self.vocabulary {
            let used = Self.uses(corpus, term)
            #expect(used, "'\(term)' is used nowhere: take it off the list")
            #expect(Glossary.lookUp(term.split(separator: " ").map(String.init)) != nil, "the docs or explain use '\(term)'; the glossary has no entry")
        }
        // The issue's own words, however a reader spells them.
        for words in ["expiry", "PIN", "passcode", "blocklist", "KDF", "salt", "Touch ID", "touchid", "token", "deregistration", "PINs", "expired"] {
            #expect(Glossary.lookUp(words.split(separator: " ").map(String.init)) != nil, "glossary \(words)")
        }
    }

    /// What `explain` calls each entry (status code, sync error, input mode, …) is a term.
    @Test func everyKindExplainShowsIsATerm() {
        var kinds: Set<String> = ["event", "API call"]
        for catalog in Simulation.catalogs { kinds.formUnion(catalog.codes.map(\.kind)) }
        for kind in kinds.sorted() {
            #expect(Glossary.lookUp(kind.split(separator: " ").map(String.init)) != nil, "explain shows '\(kind)'; the glossary has no entry")
        }
    }

    /// The seam: the shared glossary names no SDK; each SDK's words come from its folder
    /// and are shown under its name.
    @Test func theSharedGlossaryNamesNoSDK() throws {
        let source = try #require(CommandTableTests.read(CommandTableTests.packageRoot() + "/Sources/CredScript/Commands/Glossary.swift")).lowercased()
        for catalog in Simulation.catalogs {
            let words = [catalog.name] + catalog.title.split(separator: "-").prefix(1).map { $0.lowercased() }
            for word in words where word.count > 2 {
                #expect(!Self.uses(source, word), "Glossary.swift names \(word)")
            }
        }
        for name in ["rel-id", "onewelcome", "fiori", "susi", "getpassword", "didreceivepinchallenge", "showscreen"] {
            #expect(!source.contains(name), "Glossary.swift names \(name)")
        }
        let all = try Glossary.render([]).joined(separator: "\n")
        for flow in SDKFlows.all {
            for entry in flow.glossary {
                let lines = try Glossary.render(entry.term.split(separator: " ").map(String.init)).joined(separator: " ")
                #expect(lines.replacingOccurrences(of: "\n", with: " ").contains("\(flow.catalog.name):"), "\(entry.term) shows \(flow.catalog.name)'s words")
            }
            #expect(flow.glossary.isEmpty || all.contains("\(flow.catalog.name): "))
        }
        #expect(try Glossary.render(["attempts"]).contains { $0.contains("relid: attemptsLeft") })
    }

    @Test func explainOfAnAPICallShowsItsParametersAndSyncErrors() throws {
        let lines = try ExplainText.render("updatePassword", active: RelIDFlow.catalog)
        #expect(lines.contains("  parameters:"))
        #expect(lines.contains("    currentPassword: the user types it (shown as ***)"))
        #expect(lines.contains("    challengeMode: decided by the SDK (the pending challenge's)"))
        #expect(lines.contains { $0.hasPrefix("    118 NO_CREDENTIALS_TO_UPDATE: decided by the SDK; No credentials to update. [vendor (its Flutter codelab's strings)]") })
        #expect(lines.contains { $0.hasPrefix("    13 SERVER_UNREACHABLE: decided by the server;") })
        #expect(lines.contains { $0.hasPrefix("    12 NETWORK_UNAVAILABLE: decided by the network;") })
        let respond = try ExplainText.render("respond", active: OneWelcomeFlow.catalog)
        #expect(respond.contains("    pin: the user types it (shown as ***)"))
        #expect(respond.contains("  sync errors: none (what goes wrong arrives later, in a callback or an answer)"))
        #expect(try ExplainText.render("changePin", active: OneWelcomeFlow.catalog).contains("  parameters:  none"))
    }

    /// Each API's sync errors are codes of its SDK's catalog, and every sync error of a
    /// catalog belongs to some API; each API's parameters are the names its call shows.
    @Test func syncErrorsAndParametersComeFromTheCatalogs() {
        for flow in SDKFlows.all {
            let catalog = flow.catalog
            let syncCodes = Set(catalog.codes.filter { $0.kind == "sync error" }.compactMap(\.code))
            let listed = Set(flow.apis.flatMap { $0.syncErrors.map(\.code) })
            #expect(listed.isSubset(of: syncCodes), "\(catalog.name): \(listed.subtracting(syncCodes).sorted()) are no sync errors of its catalog")
            #expect(syncCodes.isSubset(of: listed), "\(catalog.name): \(syncCodes.subtracting(listed).sorted()) belong to no API")
        }
        // The parameters are those the calls show (their `NAME=` on a → line).
        let shown = diagram(of: """
            user add alice password "Passw0rd!"
            expire alice
            login alice "Passw0rd!"
            update "Passw0rd!" "N3w-Passw0rd"
            initiate Password
            logout
            """).messages.filter { $0.kind == .call && !$0.serverTrip }
        for call in shown {
            let names = call.details.map { String($0.prefix { $0 != "=" }) }
            let api = RelIDFlow.apis.first { $0.name == call.name }
            expectEqual(api?.parameters.map(\.name), names, "\(call.name): \(names)")
        }
    }
}
