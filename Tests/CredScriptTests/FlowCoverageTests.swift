import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// Flow coverage: what each SDK's flow reads out of outcomes, how hits add up, and that
/// every transition the simulation produces is in its SDK's list.
@Suite struct FlowCoverageTests {
    /// Runs `text` with a coverage recorder, as `credsh test --coverage` does.
    static func tally(_ text: String, keepGoing: Bool = true) -> CoverageTally {
        let host = NullHost()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(keepGoing: keepGoing), host: host)
        let coverage = CoverageRecorder()
        evaluator.events.subscribe(coverage)
        evaluator.run(SourceFile(name: "coverage.credscript", text: text))
        return coverage.tally
    }

    @Test func countsComeFromTheOutcomes() {
        let tally = Self.tally("""
            user add alice password "Passw0rd!"
            login alice "Passw0rd!"
            logout
            logout
            expect error 166
            login alice "wrong"
            """)
        func hits(_ key: CoverageKey) -> Int { tally.hits(key, sdk: SDKID(named: "relid")!) }
        expectEqual(hits(.event("getPassword")), 3, "one for the first login, two for the wrong password")
        expectEqual(hits(.event("onUserLoggedIn")), 1)
        expectEqual(hits(.event("onUserLoggedOff")), 1)
        expectEqual(hits(.event("getUser")), 1)
        expectEqual(hits(.code("status code", 100)), 3, "two challenges and onUserLoggedIn carry 100")
        expectEqual(hits(.code("status code", 102)), 1)
        expectEqual(hits(.code("challenge mode", 0)), 3)
        expectEqual(hits(.code("sync error", 166)), 1, "the second logOff's synchronous error")
        expectEqual(hits(.transition("getPassword", "onUserLoggedIn")), 1)
        expectEqual(hits(.transition("getPassword", "getPassword")), 1)
        expectEqual(hits(.transition("onUserLoggedIn", "onCredentialsAvailableForUpdate")), 1)
        expectEqual(hits(.transition("onCredentialsAvailableForUpdate", "onUserLoggedOff")), 1)
        expectEqual(hits(.transition("onUserLoggedOff", "getUser")), 1)
        expectEqual(hits(.transition("getUser", "getPassword")), 1)
        expectEqual(tally.counts.keys.map(\.name).sorted(), ["relid"], "no other SDK was touched")
    }

    @Test func policyRulesModesAndScreensAreReadByEachSDK() {
        let tally = Self.tally("""
            user add bob
            login bob "short"
            sdk onewelcome
            user add pat pin 52817
            validate 13579
            sdk fiori
            user add carol passcode "Abcdefg1"
            login carol "Abcdefg1"
            sdk susi
            user add dave@example.com password "secret12"
            login dave@example.com "secret12"
            """)
        expectEqual(tally.hits(.policyRule("minL"), sdk: SDKID(named: "relid")!), 1)
        expectEqual(tally.hits(.code("challenge mode", 1), sdk: SDKID(named: "relid")!), 2)
        expectEqual(tally.hits(.code("status code", 190), sdk: SDKID(named: "relid")!), 1)
        expectEqual(tally.hits(.code("error code", 9012), sdk: SDKID(named: "onewelcome")!), 1, "13579 is a sequence")
        expectEqual(tally.hits(.transition("didStartAuthentication", "didReceivePinChallenge"), sdk: SDKID(named: "onewelcome")!), 0)
        expectEqual(tally.hits(CoverageKey(CoverageKey.screenKind, "Enter Passcode"), sdk: SDKID(named: "fiori")!), 1)
        expectEqual(tally.hits(.named("input mode", "match"), sdk: SDKID(named: "fiori")!), 1)
        expectEqual(tally.hits(.code("HTTP status", 200), sdk: SDKID(named: "susi")!), 1)
        expectEqual(tally.hits(.transition("request", "response"), sdk: SDKID(named: "susi")!), 1)
    }

    @Test func aTransitionNeverSpansTwoSDKs() {
        let tally = Self.tally("""
            user add alice password "Passw0rd!"
            login alice "Passw0rd!"
            sdk onewelcome
            user add pat pin 52817
            login pat 52817
            sdk relid
            logout
            """)
        expectEqual(tally.hits(.transition("onCredentialsAvailableForUpdate", "onUserLoggedOff"), sdk: SDKID(named: "relid")!), 1)
        expectEqual(tally.hits(.transition("didStartAuthentication", "didReceivePinChallenge"), sdk: SDKID(named: "onewelcome")!), 1)
        for (sdk, hits) in tally.counts {
            let events = Set(sdk.catalog.eventNames)
            for key in hits.keys {
                guard let ends = CoverageItem(unlisted: key).transition else { continue }
                #expect(events.contains(ends.from) && events.contains(ends.to), "\(sdk.name): \(key.id)")
            }
        }
    }

    @Test func aPlainRunHasNoRecorder() {
        let (_, evaluator) = runScript("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n")
        // The host's renderer alone: no coverage recorder follows a plain run.
        expectEqual(evaluator.events.subscriberCount, 1)
    }

    @Test func talliesAddUpWhateverTheOrder() {
        let a = Self.tally("user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n")
        let b = Self.tally("user add bob\nlogin bob \"short\"\n")
        var ab = a, ba = b
        ab.merge(b)
        ba.merge(a)
        expectEqual(ab, ba)
        expectEqual(ab.hits(.event("getPassword"), sdk: SDKID(named: "relid")!), a.hits(.event("getPassword"), sdk: SDKID(named: "relid")!) + 2)
    }

    @Test func everyModelListsItsCatalogsEventsOnceAndTransitionsBetweenThem() {
        for (model, flow) in zip(FlowCoverage.models, SDKFlows.all) {
            let keys = model.items.map(\.key)
            expectEqual(Set(keys).count, keys.count, "\(model.sdk.name): an item listed twice")
            let events = flow.catalog.eventNames
            expectEqual(keys.filter { $0.kind == CoverageKey.eventKind }.map(\.id), events)
            for item in model.items {
                guard let (from, to) = item.transition else { continue }
                #expect(events.contains(from) && events.contains(to), "\(model.sdk.name): \(item.key.id)")
            }
            #expect(model.unreachable.isSubset(of: Set(keys)), "\(model.sdk.name): an unreachable item that is not listed")
        }
    }

    @Test func anItemHitButNotListedIsShownNotHidden() {
        var tally = CoverageTally()
        tally.add(.code("status code", 999), sdk: SDKID(named: "relid")!)
        tally.add(.transition("onUserLoggedIn", "getUser"), sdk: SDKID(named: "relid")!)
        let relid = FlowCoverage.report(tally)[0]
        let unlisted = relid.lines.filter { !$0.listed }
        expectEqual(unlisted.map(\.item.key.id), ["999", "onUserLoggedIn → getUser"])
        let statusLines = relid.lines.filter { $0.item.key.kind == "status code" }
        expectEqual(statusLines.last?.item.key.id, "999", "it follows the listed items of its kind")
    }

    /// A random walk through each SDK's commands, many times over: every transition the
    /// simulation produces must be in the SDK's list, no item it calls unreachable may be
    /// hit, and nothing hit may be missing from the model. This keeps the lists honest
    /// when an SDK's behaviour changes.
    @Test(arguments: Walk.all)
    func randomWalksStayInsideTheModel(_ walk: Walk) {
        let model = FlowCoverage.models.first { $0.sdk.name == walk.sdk }!
        let listed = Set(model.items.map(\.key))
        var total = CoverageTally()
        var generator = SeededGenerator(seed: 12)
        for _ in 0..<25 {
            total.merge(Self.tally(walk.script(length: 250, using: &generator)))
        }
        let hits = total.counts[SDKID(named: walk.sdk)!] ?? [:]
        let unlisted = hits.keys.filter { !listed.contains($0) }.map { "\($0.kind) \($0.id)" }.sorted()
        #expect(unlisted.isEmpty, "\(walk.sdk) hit items its model does not list: \(unlisted)")
        let reached = hits.keys.filter { model.unreachable.contains($0) }.map { "\($0.kind) \($0.id)" }
        #expect(reached.isEmpty, "\(walk.sdk) hit items its model calls unreachable: \(reached)")
        #expect(hits.keys.count { $0.kind == CoverageKey.transitionKind } >= walk.minimumTransitions,
                "the walk is too narrow to say much")
    }
}

/// A random script for one SDK: its commands with secrets drawn from a few right, wrong
/// and policy-breaking ones.
struct Walk: Sendable, CustomTestStringConvertible {
    let sdk: String
    let setup: [String]
    let commands: [String]
    let secrets: [String]
    let minimumTransitions: Int

    var testDescription: String { sdk }

    func script(length: Int, using generator: inout SeededGenerator) -> String {
        var lines = setup
        for _ in 0..<length {
            var line = commands.randomElement(using: &generator)!
            while let range = line.firstRange(of: "{s}") {
                line.replaceSubrange(range, with: secrets.randomElement(using: &generator)!)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let all = [
        Walk(sdk: "relid",
             setup: ["user add alice password \"Passw0rd!\"", "user add bob", "policy password history=2 attempts=3 minL=8 maxL=16 minDg=1"],
             commands: ["login alice {s}", "login bob {s}", "login alice", "password {s}", "password {s} {s}", "initiate Password",
                        "initiate password", "update {s} {s}", "update {s} {s} {s}", "logout", "cancel", "expire alice",
                        "expire bob", "block alice", "unblock alice", "unblock bob", "challenges", "clock advance 100d",
                        "policy password history=2 maxAge=90d attempts=2"],
             secrets: ["\"Passw0rd!\"", "\"N3w-Passw0rd\"", "\"Th1rd-Passw0rd\"", "\"wrong\"", "\"weakpass\"", "\"Passw0rd!x\""],
             minimumTransitions: 15),
        Walk(sdk: "onewelcome",
             setup: ["sdk onewelcome", "user add bob pin 52817", "user add sue stateless",
                     "policy pin length=5 maxSimilar=2 sequences=false blocklist=24680 attempts=3"],
             // `update` with a confirmation that differs now opens a change PIN and leaves its
             // create-PIN step pending (docs/onewelcome.md), so `cancel` is drawn twice as often.
             commands: ["login bob {s}", "login bob", "login sue", "changepin", "pin {s}", "update {s} {s}", "update {s} {s} {s}",
                        "cancel", "cancel", "logout", "validate {s}", "network down", "network up", "server down", "server up",
                        "user add bob pin 52817"],
             secrets: ["52817", "13579", "12345", "11111", "1234", "24680", "97531"],
             minimumTransitions: 16),
        Walk(sdk: "fiori",
             setup: ["sdk fiori", "user add carol passcode \"Abcdefg1\"", "user add dan passcode \"Abcdefg1\" touchid",
                     "policy passcode minLength=8 hasDigit=true retryLimit=3"],
             commands: ["login carol {s}", "login carol", "login dan", "login dan {s}", "changepasscode", "passcode {s}",
                        "update {s} {s}", "update {s} {s} {s}", "cancel", "logout", "resetpasscode", "touchid on", "touchid off",
                        "touchid fail", "user add carol passcode \"Abcdefg1\"", "user add dan passcode \"Abcdefg1\" touchid"],
             secrets: ["\"Abcdefg1\"", "\"Bcdefgh2\"", "\"short1\"", "\"abcdefgh\"", "\"Cdefghi3\"", "\"wrong\""],
             minimumTransitions: 25),
        Walk(sdk: "susi",
             setup: ["sdk susi", "user add dave@example.com password \"secret12\"",
                     "user add ann@example.com password \"secret12\" inactive", "policy password rule=2017 maxInvalidLogins=2"],
             commands: ["login dave@example.com {s}", "login ann@example.com {s}", "login nobody@example.com {s}", "update {s} {s}",
                        "logout", "token expire", "clock advance 2h", "network down", "network up", "server down", "server up",
                        "request GET /aaa/changepassword.json changepassword=dave@example.com password={s} newpassword={s}",
                        "request POST /aaa/login.json login=dave@example.com password={s}"],
             secrets: ["\"secret12\"", "\"secret34\"", "\"abc\"", "\"wrong1\""],
             minimumTransitions: 3),
    ]
}

/// A host that throws output away: the walks render nothing.
final class NullHost: ScriptHost {
    func emit(_ record: OutputRecord, from origin: RecordOrigin?) {}
    func report(_ diagnostic: Diagnostic, source: SourceFile?) {}
    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile { throw HostError("no files") }
    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
    func appendRecording(_ text: String) {}
    func endRecording() {}
}
