import CredLanguage
import CredScript
import CredSimulator
import Foundation
import Testing
import Expectations

/// Issue 53 over real HTTP (docs/coverage.md, "Coverage of an app"): what the apps met,
/// counted from the answers to their calls and from what their event streams delivered,
/// never from a control run's own lines; `GET /__credsh/coverage` and `serve --coverage
/// FILE`; `credsh coverage merge` adding runs up, gating and drawing them.
@Suite struct AppCoverageTests {
    /// An item's hits in a coverage document; nil when it is not listed there.
    static func hits(_ document: JSONValue, _ sdk: String, _ kind: String, _ item: String) -> Int? {
        guard case .array(let items)? = document["items"] else { return nil }
        let found = items.first { $0["sdk"] == .string(sdk) && $0["kind"] == .string(kind) && $0["item"] == .string(item) }
        guard case .int(let hits)? = found?["hits"] else { return nil }
        return hits
    }

    static func coverage(_ served: ServedCredsh) throws -> (ServedCredsh.Answer, JSONValue) {
        let answer = try served.curl("GET", "/__credsh/coverage", extra: served.authorization)
        expectEqual(answer.status, 200, "\(answer.text)")
        expectEqual(answer.header("Content-Type"), "application/json;charset=utf-8")
        return (answer, try #require(answer.json, "\(answer.text)"))
    }

    /// setUser, a wrong password (102), the right one (100): a REL-ID login as an app makes it.
    static func logIn(_ served: ServedCredsh, device: String? = nil) throws {
        _ = try SDKWireTests.call(served, "relid", "setUser", #"{"userID":"alice"}"#, device: device)
        let wrong = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"wrong-one","challengeMode":0}"#, device: device, id: 2)
        #expect(wrong.serialized.contains(#""statusCode":102"#), "\(wrong.serialized)")
        let right = try SDKWireTests.call(served, "relid", "setPassword", #"{"password":"Passw0rd!","challengeMode":0}"#, device: device, id: 3)
        #expect(SDKWireTests.events(right).contains("onUserLoggedIn"), "\(right.serialized)")
    }

    static let setup = "sdk relid\nuser add alice password \"Passw0rd!\"\n"

    @Test func callsThatMeet102And100CountThemAndLeave118AtZero() throws {
        let dir = try Credsh.temporaryDirectory()
        let file = dir.appendingPathComponent("out/app.json")
        let served = try ServedCredsh(["--control", "--coverage", file.path])
        try expectEqual(served.control(Self.setup).status, 200)
        try Self.logIn(served, device: "phone-1")
        let (answer, document) = try Self.coverage(served)
        expectEqual(Self.hits(document, "relid", "status code", "102"), 1)
        #expect((Self.hits(document, "relid", "status code", "100") ?? 0) >= 2, "\(answer.text)")
        expectEqual(Self.hits(document, "relid", "status code", "118"), 0)
        expectEqual(Self.hits(document, "relid", "event", "getPassword"), 2)
        expectEqual(Self.hits(document, "relid", "challenge mode", "0"), 2)
        // The app's own order of callbacks: a wrong password asked again, then logged in.
        expectEqual(Self.hits(document, "relid", "transition", "getPassword → getPassword"), 1)
        expectEqual(Self.hits(document, "relid", "transition", "getPassword → onUserLoggedIn"), 1)
        #expect(answer.text.contains(#"{"kind":"status code","item":"102","hits":1}"#), "the codes met on an arrow: \(answer.text)")
        // Per SDK: only what credsh produces is counted; an SDK the app never called is not used.
        guard case .array(let sdks)? = document["sdks"] else { Issue.record("no sdks"); return }
        let relid = sdks.first { $0["sdk"] == .string("relid") }
        expectEqual(relid?["used"], .bool(true))
        expectEqual(sdks.first { $0["sdk"] == .string("fiori") }?["used"], .bool(false))
        // The world changes under control runs (each leaves a new simulation, a device
        // forgotten); what the app met stays the run's.
        try expectEqual(served.control("sdk relid\ndevices forget phone-1\nuser add bob password \"Passw0rd!\"\nclock advance 1d\n").status, 200)
        try expectEqual(Self.coverage(served).0.text, answer.text)
        // Behind the control API's rules.
        try expectEqual(served.curl("GET", "/__credsh/coverage").status, 401)
        try expectEqual(served.curl("GET", "/__credsh/coverage", extra: served.authorization + ["-H", "Origin: http://evil.example"]).status, 403)
        // Written when the server stops, SIGTERM too: what the route answered.
        let (status, _) = try served.stop(signal: SIGTERM)
        expectEqual(status, 0)
        expectEqual(try String(contentsOf: file, encoding: .utf8), answer.text)
    }

    /// Without --control, --coverage counts what SUSI's clients met; a file that cannot be
    /// written is said so, exit 4, after the server has stopped as asked.
    @Test func withoutControlTheServedSDKsAnswersCount() throws {
        let dir = try Credsh.temporaryDirectory()
        let file = dir.appendingPathComponent("susi.json")
        let served = try ServedCredsh(["--coverage", file.path], scripts: ["user add dave@example.com password \"secret12\"\n"])
        try expectEqual(served.curl("POST", "/aaa/login.json", form: "login=dave%40example.com&password=secret12&type=access-token").status, 200)
        try expectEqual(served.curl("POST", "/aaa/login.json", form: "login=dave%40example.com&password=wrong&type=access-token").status, 422)
        try expectEqual(served.curl("GET", "/__credsh/coverage").status, 404, "no control API, no route")
        // A readiness probe and a browser's favicon are no app of SUSI's: they count nothing.
        try expectEqual(served.curl("GET", "/").status, 404)
        try expectEqual(served.curl("GET", "/favicon.ico").status, 404)
        try expectEqual(served.curl("POST", "/aaa/logn.json", form: "login=dave%40example.com").status, 404)
        expectEqual(try served.stop().status, 0)
        let document = try JSONValue.parse(try String(contentsOf: file, encoding: .utf8))
        expectEqual(Self.hits(document, "susi", "HTTP status", "200"), 1)
        expectEqual(Self.hits(document, "susi", "HTTP status", "422"), 1)
        // Three requests to SUSI's own folder, its 404 to the mistyped endpoint among them.
        expectEqual(Self.hits(document, "susi", "HTTP status", "404"), 1)
        expectEqual(Self.hits(document, "susi", "transition", "response → request"), 2)

        let unwritable = try ServedCredsh(["--coverage", dir.path])
        let (status, log) = try unwritable.stop()
        expectEqual(status, 4)
        #expect(log.contains("credsh: cannot write \(dir.path): it is a directory"), "\(log)")
    }

    @Test func aControlRunsLoginAndLogoutCountNothing() throws {
        let served = try ServedCredsh(["--control"])
        let steered = try served.control(Self.setup + "device phone-1\nlogin alice \"Passw0rd!\"\nlogout\ncall setUser userID=alice\n")
        expectEqual(steered.status, 200, "\(steered.text)")
        let (answer, document) = try Self.coverage(served)
        expectEqual(document["totals"]?["met"], .int(0), "\(answer.text)")
        expectEqual(Self.hits(document, "relid", "event", "onUserLoggedIn"), 0)
        expectEqual(Self.hits(document, "relid", "status code", "100"), 0)
        _ = try served.stop()
    }

    /// What a steered flow sends to a device's open stream, its app met; another device's
    /// flow, with no stream open, it did not.
    @Test func callbacksAStreamDeliveredCount() throws {
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control(Self.setup).status, 200)
        let stream = try served.openStream("/sdk/relid/events?device=tablet&seconds=2")
        try expectEqual(served.control("sdk relid\ndevice tablet\nlogin alice \"Passw0rd!\"\ndevice other\nlogin alice \"Passw0rd!\"\n").status, 200)
        stream.process.waitUntilExit()
        let (answer, document) = try Self.coverage(served)
        expectEqual(Self.hits(document, "relid", "event", "onUserLoggedIn"), 1, "\(answer.text)")
        expectEqual(Self.hits(document, "relid", "transition", "getPassword → onUserLoggedIn"), 1)
        _ = try served.stop()
    }

    @Test func mergeAddsRunsUpAndGatesWithTheNeverMetList() throws {
        let dir = try Credsh.temporaryDirectory()
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control(Self.setup).status, 200)
        try Self.logIn(served, device: "phone-1")
        let first = try Self.coverage(served).0.text
        try Self.logIn(served, device: "phone-2")
        let second = try Self.coverage(served).0.text
        _ = try served.stop()
        let a = try Credsh.write(first, "a.json", in: dir), b = try Credsh.write(second, "b.json", in: dir)
        // A script suite's coverage beside the app's: it meets 118, which the app did not.
        try Credsh.write("sdk relid\nuser add bob password \"Passw0rd!\"\nexpire bob\nlogin bob \"Passw0rd!\"\nexpect event getPassword statusCode=118\n",
                         "expiry.credscript", in: dir)
        let suite = try Credsh.run(["test", "--coverage", "--format", "json", dir.appendingPathComponent("expiry.credscript").path])
        expectEqual(suite.status, 0, "\(suite.stdout)")
        let scripts = try Credsh.write(suite.stdout, "suite.json", in: dir)

        let sum = dir.appendingPathComponent("sum.json")
        let merged = try Credsh.run(["coverage", "merge", a.path, b.path, "-o", sum.path])
        expectEqual(merged.status, 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("coverage of 2 runs (2 files): "), "\(merged.stdout)")
        #expect(merged.stdout.contains("\n  relid: ") && merged.stdout.contains("\n  fiori: not used\n"), "\(merged.stdout)")
        let document = try JSONValue.parse(try String(contentsOf: sum, encoding: .utf8))
        expectEqual(Self.hits(document, "relid", "status code", "102"), 3, "1 in the first file, 2 in the second")
        expectEqual(document["runs"], .int(2))

        // The sum merges again, and with a suite's JSON Lines.
        let both = try Credsh.run(["coverage", "merge", sum.path, scripts.path, "-o", "-"])
        expectEqual(both.status, 0, "\(both.stderr)")
        let all = try JSONValue.parse(both.stdout)
        expectEqual(Self.hits(all, "relid", "status code", "102"), 3)
        expectEqual(Self.hits(all, "relid", "status code", "118"), 1)
        expectEqual(all["runs"], .int(3))

        let gated = try Credsh.run(["coverage", "merge", a.path, "--min", "90"])
        expectEqual(gated.status, 1)
        #expect(gated.stdout.contains("is below --min 90%; never met ("), "\(gated.stdout)")
        #expect(gated.stdout.contains("\n  relid, status code: 118 PASSWORD_EXPIRED\n"), "\(gated.stdout)")
        #expect(!gated.stdout.contains("3 RDNA_OP_AUTHORIZE_NOTIFICATION"), "what credsh never produces is not asked for")
        #expect(!gated.stdout.contains("fiori,"), "an SDK no run used is not asked for")
        let passed = try Credsh.run(["coverage", "merge", a.path, "--min", "1.5"])
        expectEqual(passed.status, 0)
        #expect(passed.stdout.contains(" reaches --min 1.5%\n"), "\(passed.stdout)")
    }

    @Test func badInputGetsAClearMessageAndTheREADMEsExitCodes() throws {
        let dir = try Credsh.temporaryDirectory()
        let good = try Credsh.write(CoverageDocument.text(CoverageRun()), "good.json", in: dir)
        let missing = try Credsh.run(["coverage", "merge", dir.appendingPathComponent("nope.json").path])
        expectEqual(missing.status, 4)
        #expect(missing.stderr.hasPrefix("credsh: ") && missing.stderr.contains("nope.json"), "\(missing.stderr)")
        let broken = try Credsh.write("{\"credshCoverage\":1,\"items\":[\n", "broken.json", in: dir)
        let malformed = try Credsh.run(["coverage", "merge", good.path, broken.path])
        expectEqual(malformed.status, 2)
        #expect(malformed.stderr.contains("broken.json:1:30: not JSON (expected a JSON value, found the end)"), "\(malformed.stderr)")
        // Valid JSON that is no count, and text after a whole document: named where they are.
        let document = CoverageDocument.text(CoverageRun()).replacingOccurrences(of: #""hits":0,"#, with: #""hits":1.5,"#)
        let fraction = try Credsh.run(["coverage", "merge", Credsh.write(document, "fraction.json", in: dir).path])
        expectEqual(fraction.status, 2)
        #expect(fraction.stderr.hasPrefix("credsh: ") && fraction.stderr.contains("fraction.json:2:"), "\(fraction.stderr)")
        #expect(fraction.stderr.contains(": the number 1.5 is not written as a whole number; a coverage file's numbers are whole"), "\(fraction.stderr)")
        let twice = try Credsh.run(["coverage", "merge", Credsh.write(CoverageDocument.text(CoverageRun()) + "garbage\n", "twice.json", in: dir).path])
        expectEqual(twice.status, 2)
        let end = CoverageDocument.text(CoverageRun()).split(separator: "\n").count + 1
        #expect(twice.stderr.contains("twice.json:\(end):1: text after the end of the coverage document"), "\(twice.stderr)")
        let noRun = try Credsh.write(#"{"credshCoverage":1,"runs":0,"items":[{"kind":"event","sdk":"relid","item":"getUser","hits":2}]}"#, "none.json", in: dir)
        let runs = try Credsh.run(["coverage", "merge", noRun.path])
        expectEqual(runs.status, 2)
        #expect(runs.stderr.contains(#"none.json: "runs" is 0, yet 1 item was met"#), "\(runs.stderr)")
        let kind = try Credsh.run(["coverage", "merge", Credsh.write(#"{"coverage":"gesture","sdk":"relid","item":"swipe","hits":1}"# + "\n", "kind.json", in: dir).path])
        expectEqual(kind.status, 2)
        #expect(kind.stderr.contains("kind.json:1: relid has no kind of item 'gesture'; its kinds are event, status code"), "\(kind.stderr)")
        let wrongSDK = try Credsh.write(#"{"coverage":"event","sdk":"acme","item":"x","hits":1}"# + "\n", "acme.json", in: dir)
        let sdk = try Credsh.run(["coverage", "merge", wrongSDK.path])
        expectEqual(sdk.status, 2)
        #expect(sdk.stderr.contains("acme.json:1: no SDK 'acme'; credsh has relid, onewelcome, fiori, susi"), "\(sdk.stderr)")
        let summary = try Credsh.write(#"{"credshCoverage":1,"sdks":[{"sdk":"acme","used":true,"items":1,"met":1}],"items":[]}"#, "summary.json", in: dir)
        let named = try Credsh.run(["coverage", "merge", summary.path])
        expectEqual(named.status, 2)
        #expect(named.stderr.contains("summary.json: sdks 1: no SDK 'acme'; credsh has relid"), "\(named.stderr)")
        for percent in ["150", "-1", "abc", "50.123", ""] {
            let result = try Credsh.run(["coverage", "merge", good.path, "--min", percent])
            expectEqual(result.status, 2, "--min \(percent)")
            #expect(result.stderr.contains("--min takes a percent from 0 to 100"), "\(result.stderr)")
        }
        let verb = try Credsh.run(["coverage", "add", good.path])
        expectEqual(verb.status, 2)
        #expect(verb.stderr.contains("coverage takes the verb merge, not 'add'"), "\(verb.stderr)")
        let nothing = try Credsh.run(["coverage", "merge", good.path, "--min", "10"])
        expectEqual(nothing.status, 1)
        #expect(nothing.stdout.contains("the runs met nothing of any SDK"), "\(nothing.stdout)")
    }

    /// The page in a real browser at 1280×800: the DOM holds each SDK's graph (the
    /// callbacks met in colour with their counts, those never met in grey, the codes on
    /// the arrows) beside its table, and the screenshot shows the green of what was met
    /// (it stays in .build/coverage-page/ for a person to look at).
    @Test(.enabled(if: Chromium.binary != nil, Chromium.skipReason))
    func chromiumRendersThePageWithItsGraph() throws {
        let out = Credsh.packageRoot.appendingPathComponent(".build/coverage-page")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let served = try ServedCredsh(["--control"])
        try expectEqual(served.control(Self.setup).status, 200)
        try Self.logIn(served, device: "phone-1")
        let app = try Credsh.write(try Self.coverage(served).0.text, "app.json", in: out)
        _ = try served.stop()
        let html = out.appendingPathComponent("coverage.html")
        try expectEqual(Credsh.run(["coverage", "merge", app.path, "--html", html.path]).status, 0)

        let profile = out.appendingPathComponent("profile-dom")
        let dump = try Chromium.run(["--dump-dom", html.absoluteString], profile: profile)
        try? FileManager.default.removeItem(at: profile)
        try #require(dump.status == 0 && !dump.timedOut, "\(dump.stderr.suffix(1000))")
        let dom = dump.stdout
        #expect(dom.contains("<details class=\"cv-sdk\" id=\"sdk-relid\" open=\"\">"), "the SDK the app used is open")
        #expect(dom.contains("<g class=\"cv-node cv-met\"><title>getPassword: 2</title>"), "\(dom.prefix(3000))")
        #expect(dom.contains("<g class=\"cv-node cv-never\"><title>onUserLoggedOff: never</title>"))
        #expect(dom.contains("<path class=\"cv-edge cv-met\"") && dom.contains("<path class=\"cv-edge cv-never\""))
        #expect(dom.contains(">×1</tspan><tspan x=") && dom.contains(">mode 0 · code 102</tspan>"), "the codes met on getPassword → getPassword")
        #expect(dom.contains("<tr class=\"cv-never\"><td>118 PASSWORD_EXPIRED</td><td>never</td></tr>"))

        // [share of pixels not white, pixels near the diagrams' blue, near green]: what was met is drawn green.
        let numbers = try DiagramFileTests.screenshotColours(html, size: "1280,800", in: out)
        #expect(numbers[0] > 0.05, "the screenshot is nearly blank: \(numbers)")
        #expect(numbers[2] > 500, "what was met is drawn in green: \(numbers)")
    }

    @Test func thePageEscapesWhatAFileBrings() throws {
        let dir = try Credsh.temporaryDirectory()
        let file = try Credsh.write(#"{"coverage":"transition","sdk":"relid","item":"<b>x</b> → getUser","hits":2}"# + "\n", "odd.json", in: dir)
        let page = dir.appendingPathComponent("page.html")
        try expectEqual(Credsh.run(["coverage", "merge", file.path, "--html", page.path]).status, 0)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("&lt;b&gt;x&lt;/b&gt;") && !html.contains("<b>x</b>"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("<script"), "self-contained")

        // Transitions a file brings that the model does not list: the table has them all,
        // the graph the first 24, and a long name is cut short in its box.
        let many = (1...30).map { #"{"coverage":"transition","sdk":"relid","item":"getUser → odd\#($0)\#(String(repeating: "x", count: 60))","hits":1}"# }
        let crowded = try Credsh.write(many.joined(separator: "\n") + "\n", "many.json", in: dir)
        try expectEqual(Credsh.run(["coverage", "merge", crowded.path, "--html", page.path]).status, 0)
        let drawn = try String(contentsOf: page, encoding: .utf8)
        #expect(drawn.contains("<figcaption>and 6 more transitions met that the model does not list, in the table</figcaption>"))
        expectEqual(drawn.components(separatedBy: "<path class=\"cv-edge cv-unlisted\"").count - 1, 24)
        expectEqual(drawn.components(separatedBy: "</td><td>1 (not listed)</td>").count - 1, 30)
        #expect(drawn.contains("xxx…</text>"))
    }
}
