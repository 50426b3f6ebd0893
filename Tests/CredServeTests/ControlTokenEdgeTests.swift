import CredLanguage
import CredScript
import CredSimulator
import Testing
import Expectations
@testable import CredServe

/// Issue 48: the control token is a secret of the run's ledger, decided where it is known
/// (ServeSession.start), never shown: the live page and the run's output mask it under
/// `secrets shown` too, after a reset as before; the banner, printed past the run's
/// records, still shows it to whoever started the server.
@Suite struct ControlTokenEdgeTests {
    static let token = "fedcba9876543210fedcba9876543210"
    static let encoded = token.utf8.map { "%" + String($0, radix: 16) }.joined()

    @Test func theLivePageAndTheOutputMaskTheTokenWithSecretsShown() throws {
        let host = CaptureHost(limit: 1 << 20)
        let evaluator = Evaluator(host: host)
        let session = ServeSession(evaluator: evaluator, options: .init(control: true, controlToken: Self.token)) { _ in }
        let url = try session.start(host: "127.0.0.1", port: 0)
        defer { session.stop() }
        // The banner is written from the session, past the records: it shows the token.
        let banner = ServeLogFormats.matching(TextRunFormat()).serveBanner(url: url, control: true, token: session.controlToken)
        #expect(banner.contains("control API token: \(Self.token) "), "\(banner)")
        let server = try LiveServer(host: "127.0.0.1", port: 0, initial: LiveSnapshot())
        defer { server.stop() }
        let feed = LiveFeed(server: server, table: evaluator.table) { .first }
        evaluator.events.subscribeBeforeTheRenderer(feed)
        evaluator.events.secrets.add("Zq9Practice1!")
        evaluator.events.secrets.shown = true
        feed.secretsShown = true
        session.resetToScenario()
        evaluator.run(SourceFile(name: "t.credscript", text: """
            echo "Zq9Practice1!"
            echo "GET /aaa/\(Self.token) and /aaa/\(Self.encoded)"

            """))
        feed.publish(force: true)
        let page = server.hub.current.snapshot
        expectEqual(page.output.suffix(2), ["Zq9Practice1!", "GET /aaa/*** and /aaa/***"])
        #expect(!page.svg.contains(Self.token) && !page.svg.contains(Self.encoded), "\(page.svg)")
        #expect(host.text.contains("GET /aaa/*** and /aaa/***") && !host.text.contains(Self.token), "\(host.text)")
    }
}

/// Issue 48: an answer that quotes the run or the client passes the run's secrets at the
/// edge (ServeEdge), in its text or in each string of its JSON, the call's carried secrets
/// too; the JSON-RPC id it echoes loses only the values never shown; a log entry's texts
/// lose what its request carries.
@Suite struct QuotingAnswerEdgeTests {
    static var edge: ServeEdge {
        var ledger = SecretLedger()
        ledger.add("Zq9LeakPw1!")
        ledger.withhold(ControlTokenEdgeTests.token)
        return ServeEdge(ledger: ledger)
    }

    @Test func aQuotingTextBodyLosesTheRunsSecrets() {
        let page = Self.edge.answer(SDKWire.noSDK("Zq9LeakPw1!"))
        #expect(String(decoding: page.body, as: UTF8.self).hasPrefix("no SDK '***' here; /sdk/ has "), "\(String(decoding: page.body, as: UTF8.self))")
        // The same words as made, not said to quote anything, keep them (the server's own answer).
        let own = Refusals.plain(404, "Not Found", "Zq9LeakPw1! \(ControlTokenEdgeTests.token)\n")
        expectEqual(String(decoding: Self.edge.answer(own).body, as: UTF8.self), "Zq9LeakPw1! ***\n")
    }

    @Test func aQuotingJSONAnswerMasksStringsButTheIdItEchoes() {
        var carried = KnownSecrets()
        carried.add("Carried-Pw9")
        let answer = JSONRPC.result(id: .string("Zq9LeakPw1!"), .object([
            ("events", .array([.object([("message", .string("Zq9LeakPw1! Carried-Pw9 \(ControlTokenEdgeTests.token)")), ("code", .int(1234))])])),
        ]))
        let shown = Self.edge.answer(WireResponse(status: 200, reason: "OK", json: answer).quoting(carried, echoing: ["id"]))
        expectEqual(String(decoding: shown.body, as: UTF8.self),
                    #"{"jsonrpc":"2.0","id":"Zq9LeakPw1!","result":{"events":[{"message":"*** *** ***","code":1234}]}}"# + "\n")
        let token = Self.edge.answer(WireResponse(status: 200, reason: "OK", json: JSONRPC.result(id: .string(ControlTokenEdgeTests.token), .null))
                                        .quoting(echoing: ["id"]))
        expectEqual(String(decoding: token.body, as: UTF8.self), #"{"jsonrpc":"2.0","id":"***","result":null}"# + "\n")
    }

    @Test func aLogEntryLosesWhatItsRequestCarries() {
        var carried = KnownSecrets()
        carried.add("Carried-Pw9")
        let entry = ServeLogEntry(client: "127.0.0.1:1", method: "GET", path: "/aaa/login.json", status: 200,
                                  parameters: [("password", "Carried-Pw9"), ("x", "Carried-Pw9"), ("login", "Zq9LeakPw1!")], carrying: carried)
        expectEqual(Self.edge.entry(entry).text, "127.0.0.1:1 GET /aaa/login.json 200 password=*** x=*** login=***")
    }
}
