#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
import CredSimulator

/// A host that keeps the run's records as a sequence diagram, as the prompt's does.
final class DiagramHost: ScriptHost {
    var recorder = SequenceDiagram.Recorder()
    weak var evaluator: Evaluator?
    var text = ""

    func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        recorder.record(record, activeSDK: evaluator?.simulation.activeSDK ?? .first)
        text += TextRenderer().render(record)
    }
    func report(_ diagnostic: Diagnostic, source: SourceFile?) {
        recorder.recordFailure(diagnostic.message, activeSDK: evaluator?.simulation.activeSDK ?? .first)
    }
    func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile { throw HostError("no files") }
    func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {}
    func appendRecording(_ text: String) {}
    func endRecording() {}
    func sessionDiagram(title: String) -> SequenceDiagram? { recorder.diagram(title: title) }
}

/// Runs `script` with echo on (as `credsh diagram` does) and returns its diagram.
func diagram(of script: String, keepGoing: Bool = false) -> SequenceDiagram {
    let host = DiagramHost()
    let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: keepGoing), host: host)
    host.evaluator = evaluator
    evaluator.run(SourceFile(name: "t.credscript", text: script))
    return host.recorder.diagram(title: "t.credscript")
}

extension XMLElement {
    /// An attribute's value. (`attribute(forName:)` finds nothing on Linux for an element
    /// in a default namespace, as every SVG element is.)
    func value(_ name: String) -> String? { attributes?.first { $0.name == name }?.stringValue }
}

/// Every `<text>` of an SVG with the box its characters take (estimated from the
/// monospace advance), for overlap checks without a browser.
struct TextBox {
    let text: String
    let left, right, top, bottom: Double

    static func all(in svg: String) throws -> (boxes: [TextBox], width: Double, height: Double) {
        let document = try XMLDocument(xmlString: svg, options: [])
        let root = try #require(document.rootElement())
        let width = Double(root.value("width") ?? "") ?? 0
        let height = Double(root.value("height") ?? "") ?? 0
        var boxes: [TextBox] = []
        for node in try root.nodes(forXPath: "//*[local-name()='text']") {
            guard let element = node as? XMLElement else { continue }
            let text = element.stringValue ?? ""
            let classes = element.value("class") ?? ""
            let size = classes.contains("title") ? 16.0 : 12.0
            let x = Double(element.value("x") ?? "") ?? 0
            let y = Double(element.value("y") ?? "") ?? 0
            let w = Double(TextMetrics.cells(text)) * size * SVGWriter.advance
            let anchor = element.value("text-anchor")
                ?? ((element.parent as? XMLElement)?.value("class") == "head" ? "middle" : "start")
            let left = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x
            boxes.append(TextBox(text: text, left: left, right: left + w, top: y - size * 0.8, bottom: y + size * 0.25))
        }
        return (boxes, width, height)
    }

    func overlaps(_ other: TextBox) -> Bool {
        left < other.right - 0.5 && other.left < right - 0.5 && top < other.bottom - 0.5 && other.top < bottom - 0.5
    }
}

@Suite struct DiagramTests {
    static let expiry = """
        user add alice password "Passw0rd!"
        expire alice
        let pw = "Passw0rd!"
        login alice $pw
        expect event getPassword challengeMode=4
        update "Passw0rd!" "N3w-Passw0rd" "typo"
        expect error ~"do not match"
        update "Passw0rd!" "N3w-Passw0rd"
        echo $pw
        """

    @Test func aRunBecomesCommandsArrowsAndNotes() {
        let picture = diagram(of: Self.expiry)
        // Expectations and `let` are not steps; every other command is, in order.
        expectEqual(picture.steps.map(\.command), ["user add alice password ***", "expire alice", "login alice $pw",
                                                  "update *** *** ***", "update *** ***", "echo $pw"])
        expectEqual(picture.steps.map(\.location), ["t.credscript:1", "t.credscript:2", "t.credscript:4", "t.credscript:6",
                                                   "t.credscript:8", "t.credscript:9"])
        let messages = picture.messages.filter { !$0.serverTrip }
        expectEqual(messages.map(\.name), ["setUser", "getPassword", "setPassword", "getPassword", "updatePassword",
                                          "onUserLoggedIn", "getAllChallenges", "onCredentialsAvailableForUpdate"])
        // Calls go from the app to the SDK, callbacks come back.
        for message in messages {
            let route = message.kind == .call ? ("app", "sdk") : ("sdk", "app")
            #expect((message.from, message.to) == route, "\(message.name)")
        }
        #expect(messages[3].details.contains("statusCode=118"))
        let notes = picture.steps.flatMap(\.items).compactMap { item -> SequenceDiagram.Note? in
            if case .note(let n) = item { return n } else { return nil }
        }
        // The policy sentence and mode 4's error banner (118), then the refused form and
        // the alert mode 4's screen raises with it (S0).
        expectEqual(notes.map(\.kind), [.appShows, .appShows, .appCheck, .appShows])
        expectEqual(notes.last?.text, "alert \"Password Mismatch\": New password and confirm password do not match")
        #expect(notes.allSatisfy { $0.lifeline == "app" })
        expectEqual(picture.lifelines[SDKID(named: "relid")!]?.map(\.name), ["user / app", "REL-ID SDK", "identity server"])
    }

    /// The arrows of one step as `from->to name details`, in order, notes as `note@lifeline`.
    static func trace(_ picture: SequenceDiagram, step: Int) -> [String] {
        picture.steps[step].items.map { item in
            switch item {
            case .message(let m): return "\(m.from)->\(m.to) \(([m.name] + m.details).joined(separator: " "))"
            case .note(let n): return "note@\(n.lifeline)"
            }
        }
    }

    /// The identity server checks the password, the policy and the history: its request
    /// and answer are drawn between the call and the callback, the policy note between them.
    @Test func relIDChecksAreDrawnOnTheServer() {
        let picture = diagram(of: """
            policy password minL=8 SeqCheck=true history=3
            user add alice password "Passw0rd!"
            expire alice
            login alice "Passw0rd!"
            update "Passw0rd!" "Abc12345!"
            update "Passw0rd!" "N3w-Passw0rd"
            logout
            expire alice
            login alice "N3w-Passw0rd"
            update "N3w-Passw0rd" "Passw0rd!"
            """)
        expectEqual(Self.trace(picture, step: 3), [
            "app->sdk setUser userID=alice", "sdk->server check user userID=alice",
            "server->sdk status 100 statusMessage=Success attemptsLeft=3",
            "sdk->app getPassword userID=alice challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY) attemptsLeft=3 statusCode=100 statusMessage=Success",
            "app->sdk setPassword password=*** challengeMode=0 (RDNA_CHALLENGE_OP_VERIFY)", "sdk->server verify password password=***",
            "server->sdk status 118 statusMessage=\"Password has expired. Please contact the admin.\" attemptsLeft=3",
        ] + Self.trace(picture, step: 3).suffix(3))
        let refused = Self.trace(picture, step: 4)
        expectEqual(Array(refused.prefix(4)), [
            "app->sdk updatePassword currentPassword=*** newPassword=*** challengeMode=4 (RDNA_OP_UPDATE_ON_EXPIRY)",
            "sdk->server verify current password, check policy and history, store currentPassword=*** newPassword=***",
            "note@server",
            "server->sdk status 190 statusMessage=\"Password does not meet policy standards\" attemptsLeft=3",
        ])
        // The history check: the server answers 164 (reused), no policy note.
        let reused = Self.trace(picture, step: 9)
        #expect(reused.count > 3 && reused[2].hasPrefix("server->sdk status 164"), "\(reused)")
        #expect(picture.messages.filter(\.serverTrip).allSatisfy { [$0.from, $0.to].contains("server") })
    }

    /// The token server verifies the PIN and counts the wrong ones; the PIN policy is the
    /// SDK's, on the device: a refused new PIN, or no network, sends nothing to the server.
    @Test func oneWelcomeChecksAreDrawnWhereTheyHappen() {
        let picture = diagram(of: """
            sdk onewelcome
            user add bob pin 14825
            login bob 14825
            changepin
            pin 24680
            pin 14825
            pin 11111
            network down
            pin 62048
            network up
            pin 62048
            """)
        let trips = picture.messages.filter(\.serverTrip).map { "\($0.from)->\($0.to) \(([$0.name] + $0.details).joined(separator: " "))" }
        expectEqual(trips, [
            "sdk->server verify PIN pin=***", "server->sdk PIN right",
            "sdk->server verify PIN pin=***", "server->sdk PIN wrong previousFailureCount=1 remainingFailureCount=2",
            "sdk->server verify PIN pin=***", "server->sdk PIN right",
            "sdk->server store new PIN pin=***", "server->sdk new PIN stored",
        ], "\(trips)")
        let policyNote = picture.steps.flatMap(\.items).compactMap { item -> SequenceDiagram.Note? in
            if case .note(let n) = item, n.text.hasPrefix("refused by policy rule") { return n } else { return nil }
        }
        expectEqual(policyNote.map(\.lifeline), ["sdk"])
    }

    @Test func syncErrorsSimulatorNotesAndFailuresAreDrawn() {
        let picture = diagram(of: """
            user add alice password "Passw0rd!"
            logout
            expect error ~"not logged in"
            login alice Wrong-Pass1
            password Wrong-Pass1
            password Wrong-Pass1
            expect event getUser
            user show nobody
            """, keepGoing: true)
        let logOff = picture.messages.first { $0.name == "logOff" }
        expectEqual(logOff?.error, "error 166 \"User is not logged in\"")
        let notes = picture.steps.flatMap(\.items).compactMap { item -> SequenceDiagram.Note? in
            if case .note(let n) = item { return n } else { return nil }
        }
        #expect(notes.contains { $0.kind == .simulator && $0.lifeline == "server" && $0.text.hasPrefix("server:") })
        #expect(notes.contains { $0.kind == .failure && $0.text == "error: no user 'nobody'" })
        // The `user show` that could not run fails the script: the failure is drawn where it happened.
        expectEqual(picture.steps.last?.items.last.map { item in
            if case .note(let n) = item { return n.kind == .failure && n.text.contains("user show failed") }
            return false
        }, true)
    }

    @Test func secretsNeverReachThePicture() throws {
        let secrets = ["Sup3r-Secret!", "N3w-Secret-1", "52817", "gu3ss-Pass!", "0v3r-Taken!", "Qu3ry-Pass!", "Qu3ry-New!"]
        let picture = diagram(of: """
            user add alice password "Sup3r-Secret!"
            let pw = "Sup3r-Secret!"
            login alice $pw
            echo $pw
            sdk onewelcome
            user add bob pin 52817
            login bob 52817
            sdk susi
            user add eve@example.com password "gu3ss-Pass!"
            login eve@example.com "gu3ss-Pass!"
            request GET /aaa/changepassword.json changepassword=eve@example.com password=gu3ss-Pass! newpassword=0v3r-Taken!
            request POST /aaa/login.json login=eve@example.com password="0v3r-Taken!" type=access-token
            request GET "/aaa/changepassword.json?changepassword=eve@example.com&password=Qu3ry-Pass!&newpassword=Qu3ry-New!"
            """)
        expectEqual(picture.sections.map(\.sdk.name), ["relid", "onewelcome", "susi"])
        for text in [SVGWriter().render(picture), MermaidWriter().render(picture)] {
            for secret in secrets { #expect(!text.contains(secret), "\(secret) leaked") }
            #expect(text.contains("password=***"))
        }
        // The e-mail a raw request names is not a secret: it stays.
        #expect(picture.steps.contains { $0.command?.contains("changepassword=eve@example.com password=*** newpassword=***") == true })
    }

    @Test func theSVGIsWellFormedWhateverTheTextHolds() throws {
        let picture = diagram(of: "user show \"<b>&'\\\"\\n\"\nexplain \"]]>\"", keepGoing: true)
        let svg = SVGWriter().render(picture)
        let document = try XMLDocument(xmlString: svg, options: [])
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains { $0.contains("no user '<b>&'\"\\n'") })
        #expect(!svg.contains("<script") && !svg.contains("href") && !svg.contains("@import") && !svg.contains("url(http"))
    }

    @Test func nothingOverlapsAndTheWidthFollowsTheContent() throws {
        let short = SVGWriter().render(diagram(of: "user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\""))
        let long = SVGWriter().render(diagram(of: Self.expiry))
        for svg in [short, long] {
            let (boxes, width, height) = try TextBox.all(in: svg)
            for (i, a) in boxes.enumerated() {
                #expect(a.left >= 0 && a.right <= width - 10 && a.top >= 0 && a.bottom <= height - 10, "\(a.text) outside")
                for b in boxes[(i + 1)...] { #expect(!a.overlaps(b), "'\(a.text)' overlaps '\(b.text)'") }
            }
            // As wide as the widest text needs, and no wider than a margin past it.
            let rightmost = boxes.map(\.right).max() ?? 0
            #expect(width - rightmost <= 40, "width \(width), text ends at \(rightmost)")
        }
        // A long label moves the columns apart, and a long note beside the last column widens the picture.
        let cast = FlowCast.of(SDKID(named: "relid")!)
        func picture(_ details: [String], note: String) -> String {
            SVGWriter().render(SequenceDiagram(title: "t", steps: [SequenceDiagram.Step(sdk: SDKID(named: "relid")!, command: "login", items: [
                .message(.init(kind: .call, from: "app", to: "sdk", name: "setUser", details: details)),
                .note(.init(kind: .simulator, lifeline: "server", text: note)),
            ])], lifelines: [SDKID(named: "relid")!: cast.lifelines]))
        }
        let narrow = try TextBox.all(in: picture(["a=1"], note: "ok")).width
        let wideLabel = try TextBox.all(in: picture([String(repeating: "x", count: 50)], note: "ok")).width
        let wideNote = try TextBox.all(in: picture(["a=1"], note: String(repeating: "word ", count: 12))).width
        #expect(narrow < wideLabel && narrow < wideNote, "\(narrow) \(wideLabel) \(wideNote)")
    }

    @Test func aLongSessionKeepsItsLastThousandCommands() {
        let script = String(repeating: "clock advance 1s\n", count: 2_500) + "user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n"
        let picture = diagram(of: script)
        expectEqual(picture.steps.count, SequenceDiagram.maximumSteps)
        expectEqual(picture.omittedSteps, 1_502)
        expectEqual(picture.steps.last?.command, "login alice ***")
        #expect(SVGWriter().render(picture).contains("the first 1502 commands are left out"))
        #expect(MermaidWriter().render(picture).contains("Note over relid_app,relid_server: the first 1502 commands are left out"))
    }

    /// Issue 31, item 5: what `serve --live` draws fills one step with no command; past the
    /// bound the oldest go, so the newest request is always in the picture.
    @Test func aFullStepKeepsItsNewestItemsAndCountsTheOthers() {
        var recorder = SequenceDiagram.Recorder()
        for index in 1...500 { recorder.record(.outcome(.note("request \(index)"), sdk: SDKID(named: "relid")!), activeSDK: SDKID(named: "relid")!) }
        let picture = recorder.diagram(title: "served")
        let texts = picture.steps.flatMap(\.items).compactMap { item -> String? in
            if case .note(let note) = item { return note.text } else { return nil }
        }
        expectEqual(texts.count, SequenceDiagram.Recorder.maximumItemsPerStep)
        expectEqual(texts.first, "301 earlier calls, callbacks and notes are not drawn", "\(texts.prefix(2))")
        expectEqual(texts[1], "request 302")
        expectEqual(texts.last, "request 500", "the newest request is drawn")
    }

    @Test func aHugeStringInACommandIsCut() {
        let huge = String(repeating: "x", count: 100_000)
        let picture = diagram(of: "user show \"\(huge)\"", keepGoing: true)
        expectEqual(picture.steps.first.map { TextMetrics.cells($0.command ?? "") }, SequenceDiagram.Recorder.maximumText)
        for item in picture.steps.flatMap(\.items) {
            if case .note(let note) = item { #expect(note.text.count <= SequenceDiagram.Recorder.maximumText) }
        }
        #expect(SVGWriter().render(picture).utf8.count < 20_000)
    }

    @Test func theSameRunDrawsTheSameBytes() {
        let a = diagram(of: Self.expiry), b = diagram(of: Self.expiry)
        expectEqual(a, b)
        expectEqual(SVGWriter().render(a), SVGWriter().render(b))
        expectEqual(MermaidWriter().render(a), MermaidWriter().render(b))
    }

    @Test func mermaidWritesItsSpecialCharactersAsEntities() {
        expectEqual(MermaidWriter.escape("a#b;c<d>e&f"), "a#35;b#59;c#60;d#62;e#38;f")
        expectEqual(MermaidWriter.escape("line\nbreak"), "line\\nbreak")
        let text = MermaidWriter().render(diagram(of: Self.expiry))
        #expect(text.hasPrefix("sequenceDiagram\n    title t.credscript\n    autonumber\n"))
        #expect(text.contains("    relid_app->>relid_sdk: setUser userID=alice\n"))
        #expect(text.contains("relid_sdk-->>relid_app: onUserLoggedIn userID=alice statusCode=100<br/>statusMessage=Success\n"))
        #expect(text.contains("Note right of relid_app: app refused: New password and confirm password do not match (no<br/>SDK call)\n"))
    }

    @Test func eachSDKHasItsOwnLifelinesAndRoutes() {
        let picture = diagram(of: """
            sdk fiori
            user add carol passcode Abcd-1234
            login carol Abcd-1234
            sdk susi
            user add dave@example.com password secret12
            login dave@example.com secret12
            """)
        expectEqual(picture.lifelines[SDKID(named: "fiori")!]?.map(\.name), ["user / app", "Fiori controllers", "app delegates"])
        expectEqual(picture.lifelines[SDKID(named: "susi")!]?.map(\.name), ["user / app", "SUSI server (HTTP)"])
        expectEqual(picture.lifelines[SDKID(named: "relid")!], nil, "sdk fiori opens the fiori part: no empty REL-ID part")
        let routes = picture.messages.map { "\($0.name) \($0.from)->\($0.to) \($0.kind)" }
        #expect(routes.contains("present app->controller call"))
        #expect(routes.contains("showScreen controller->app callback"))
        #expect(routes.contains("shouldTryPasscode controller->delegate callback"))
        #expect(routes.contains("POST /aaa/login.json app->server call"))
        #expect(routes.contains("HTTP 200 server->app callback"))
    }
}

@Suite struct TextMetricsTests {
    @Test func linesFitAndKeepEveryWord() {
        // Seeded: a failing round is the same round on every run, and can be replayed.
        var generator = SeededGenerator(seed: 0x7E47)
        for _ in 0..<300 {
            let words = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                String((0..<Int.random(in: 1...90, using: &generator)).map { _ in "ab,c d\"é漢".randomElement(using: &generator)! })
            }
            let width = Int.random(in: 8...70, using: &generator)
            let lines = TextMetrics.wrap(words, width: width, maxLines: 1_000)
            #expect(!lines.isEmpty, "\(words) wraps to at least one line")
            for line in lines { #expect(TextMetrics.cells(line) <= width, "\(line) is wider than \(width)") }
            let squeeze = { (s: String) in s.filter { $0 != " " } }
            expectEqual(squeeze(lines.joined()), squeeze(words.joined()))
        }
    }

    @Test func aCutTextEndsInAnEllipsis() {
        let lines = TextMetrics.wrap(Array(repeating: "word", count: 100), width: 20, maxLines: 3)
        expectEqual(lines.count, 3)
        expectEqual(lines.last?.hasSuffix(" …"), true)
        #expect(lines.allSatisfy { TextMetrics.cells($0) <= 20 })
        expectEqual(TextMetrics.cells("漢字"), 4)
        expectEqual(TextMetrics.truncate("abcdef", to: 4), "abc…")
    }
}
