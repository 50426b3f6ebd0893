import Testing
import Expectations
import CredLanguage
import CredEditor
import CredScript
import CredSimulator
@testable import CredLSP

/// The server answered in memory: what an editor sends, what it gets back.
@Suite struct ServerTests {
    final class Client {
        var sent: [JSONValue] = []
        lazy var server = LanguageServer(version: "test", readFile: { path in .failure(HostError("cannot read \(path): no such file")) }) { [unowned self] text in
            sent.append(try! JSONValue.parse(text))
        }

        func raw(_ body: String) -> [JSONValue] {
            let before = sent.count
            server.handle(.message(Array(body.utf8)))
            return Array(sent[before...])
        }

        func request(_ id: Int, _ method: String, _ params: String = "{}") -> JSONValue {
            raw(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#).last ?? .null
        }

        func notify(_ method: String, _ params: String) -> [JSONValue] {
            raw(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
        }
    }

    func errorCode(_ answer: JSONValue) -> Int? {
        if case .int(let code)? = answer["error"]?["code"] { return code }
        return nil
    }

    @Test func badJSONGetsAParseErrorAndTheServerGoesOn() {
        let client = Client()
        expectEqual(errorCode(client.raw("{not json")[0]), RPCError.parseError)
        expectEqual(errorCode(client.raw("[1,2]")[0]), RPCError.invalidRequest)
        expectEqual(errorCode(client.raw(#"{"jsonrpc":"2.0","id":3}"#)[0]), RPCError.invalidRequest)
        expectEqual(errorCode(client.request(4, "textDocument/hover")), RPCError.serverNotInitialized)
        expectEqual(client.request(5, "initialize")["result"]?["capabilities"]?["hoverProvider"], .bool(true))
        expectEqual(errorCode(client.request(6, "no/suchMethod")), RPCError.methodNotFound)
        expectEqual(errorCode(client.request(7, "textDocument/hover", #"{"textDocument":{"uri":"file:///a"}}"#)), RPCError.invalidParams)
        expectEqual(client.request(8, "shutdown")["result"], .null)
        expectEqual(errorCode(client.request(9, "textDocument/hover")), RPCError.invalidRequest)
        _ = client.notify("exit", "{}")
        expectEqual(client.server.exitCode, 0)
    }

    @Test func exitWithoutShutdownIsExitCodeOne() {
        let client = Client()
        _ = client.request(1, "initialize")
        _ = client.notify("exit", "{}")
        expectEqual(client.server.exitCode, 1)
    }

    @Test func diagnosticsOnOpenAndAfterAnIncrementalChange() {
        let client = Client()
        _ = client.request(1, "initialize")
        let opened = client.notify("textDocument/didOpen", #"{"textDocument":{"uri":"file:///s.credscript","languageId":"credscript","version":1,"text":"user add alice password \"Passw0rd!\"\nlgoin alice\n"}}"#)
        guard case .array(let diagnostics)? = opened.last?["params"]?["diagnostics"] else { Issue.record("no diagnostics"); return }
        expectEqual(diagnostics.count, 1)
        expectEqual(diagnostics.first?["range"], .object([
            ("start", .object([("line", .int(1)), ("character", .int(0))])),
            ("end", .object([("line", .int(1)), ("character", .int(5))])),
        ]))
        // Fix the typo: replace "lgoin" with "login".
        let changed = client.notify("textDocument/didChange", #"{"textDocument":{"uri":"file:///s.credscript","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":5}},"text":"login"}]}"#)
        expectEqual(changed.last?["params"]?["diagnostics"], .array([]))
    }

    @Test func aPositionPastTheEndIsAnswered() {
        let client = Client()
        _ = client.request(1, "initialize")
        _ = client.notify("textDocument/didOpen", #"{"textDocument":{"uri":"file:///s.credscript","version":1,"text":"login alice"}}"#)
        let hover = client.request(2, "textDocument/hover", #"{"textDocument":{"uri":"file:///s.credscript"},"position":{"line":99999,"character":99999}}"#)
        expectEqual(hover["error"], nil)
        let completion = client.request(3, "textDocument/completion", #"{"textDocument":{"uri":"file:///s.credscript"},"position":{"line":-4,"character":99999}}"#)
        expectEqual(completion["error"], nil)
    }
}
