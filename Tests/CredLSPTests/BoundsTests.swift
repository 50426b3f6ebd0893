import Testing
import Expectations
import CredLanguage
import CredEditor
import CredScript
import CredSimulator
@testable import CredLSP

/// Issue 31, item 7: the language server bounds what it holds. A document past a bound is
/// not held nor analysed; it gets one diagnostic saying why, at once, and the server
/// answers everything else as before.
@Suite struct LanguageServerBoundsTests {
    /// A server and everything it sent, in memory.
    final class Editor {
        private(set) var sent: [JSONValue] = []
        private(set) var server: LanguageServer!

        init(bounds: LanguageServer.Bounds = .init()) {
            server = LanguageServer(version: "test", bounds: bounds, readFile: { path in .failure(HostError("cannot read \(path)")) }) { [unowned self] text in
                sent.append(try! JSONValue.parse(text))
            }
            _ = send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}"#)
        }

        func send(_ body: String) -> [JSONValue] {
            let before = sent.count
            server.handle(.message(Array(body.utf8)))
            return Array(sent[before...])
        }

        func open(_ uri: String, _ text: String) -> [JSONValue] {
            send(JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/didOpen")),
                                   ("params", .object([("textDocument", .object([("uri", .string(uri)), ("languageId", .string("credscript")),
                                                                                  ("version", .int(1)), ("text", .string(text))]))]))]).serialized)
        }

        func append(_ uri: String, _ text: String, atLine line: Int) -> [JSONValue] {
            send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[{"range":{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":0}},"text":\#(JSONValue.string(text).serialized)}]}}"#)
        }

        func close(_ uri: String) -> [JSONValue] {
            send(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        }

        func symbols(_ uri: String) -> JSONValue {
            send(#"{"jsonrpc":"2.0","id":9,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#).last?["result"] ?? .null
        }
    }

    /// The messages of the diagnostics published for `uri` in `sent`.
    static func diagnostics(_ sent: [JSONValue], for uri: String) -> [String]? {
        let published = sent.last { $0["method"] == .string("textDocument/publishDiagnostics") && $0["params"]?["uri"] == .string(uri) }
        guard case .array(let list)? = published?["params"]?["diagnostics"] else { return nil }
        return list.compactMap { ProtocolValues.string($0["message"]) }
    }

    static let small = LanguageServer.Bounds.testing(document: 1_000, open: 2_500)

    /// A script of exactly `bytes` bytes with no error: whole lines, then a comment to fill.
    static func script(bytes: Int) -> String {
        let line = "let a = \"" + String(repeating: "x", count: 40) + "\"\n"
        let rest = bytes % line.utf8.count
        return String(repeating: line, count: bytes / line.utf8.count)
            + (rest >= 2 ? "#" + String(repeating: "x", count: rest - 2) + "\n" : String(repeating: "\n", count: rest))
    }

    @Test func aDocumentPastTheBoundGetsOneDiagnosticAndIsNotHeld() {
        let editor = Editor(bounds: Self.small)
        let sent = editor.open("file:///big.credscript", Self.script(bytes: 1_200))
        expectEqual(sent.count, 1, "one diagnostic, nothing analysed: \(sent)")
        let messages = Self.diagnostics(sent, for: "file:///big.credscript")
        expectEqual(messages, ["this document is 1 KiB, more than the 1000 bytes credsh lsp holds: it is not checked, and completion, hover and the rest answer nothing for it; `credsh check` reads it whole. Close it and open it again once it fits."])
        if case .array(let list)? = sent.first?["params"]?["diagnostics"] {
            expectEqual(list.first?["severity"], .int(2), "a warning: the script is not wrong, only too large to analyse here")
            expectEqual(list.first?["code"], .string("CS0604"))
        }
        expectEqual(editor.symbols("file:///big.credscript"), .null, "not held: answered with nothing")
        // Closing it clears the diagnostic; opened again small enough, it is checked as any other.
        expectEqual(Self.diagnostics(editor.close("file:///big.credscript"), for: "file:///big.credscript"), [])
        let reopened = editor.open("file:///big.credscript", "sdk susi\nlet a = \"b\"\n")
        expectEqual(Self.diagnostics(reopened, for: "file:///big.credscript"), [])
        #expect(editor.symbols("file:///big.credscript") != .null)
    }

    @Test func anEditPastTheBoundDropsTheDocumentWithADiagnostic() {
        let editor = Editor(bounds: Self.small)
        expectEqual(Self.diagnostics(editor.open("file:///a.credscript", Self.script(bytes: 900)), for: "file:///a.credscript"), [])
        let grown = editor.append("file:///a.credscript", Self.script(bytes: 200), atLine: 0)
        #expect(Self.diagnostics(grown, for: "file:///a.credscript")?.first?.hasPrefix("this document is 1.1 KiB") == true
                || Self.diagnostics(grown, for: "file:///a.credscript")?.first?.hasPrefix("this document is 1 KiB") == true, "\(grown)")
        expectEqual(editor.symbols("file:///a.credscript"), .null)
        // Later edits of a document not held are ignored, not applied to nothing.
        #expect(editor.append("file:///a.credscript", "x", atLine: 0).isEmpty)
    }

    @Test func theOpenDocumentsTogetherAreBoundedAndClosingOneMakesRoom() {
        let editor = Editor(bounds: Self.small)
        for name in ["a", "b"] {
            expectEqual(Self.diagnostics(editor.open("file:///\(name).credscript", Self.script(bytes: 1_000)), for: "file:///\(name).credscript"), [])
        }
        let third = editor.open("file:///c.credscript", Self.script(bytes: 600))
        expectEqual(Self.diagnostics(third, for: "file:///c.credscript"), ["this document (600 bytes) would take the open documents past the 2 KiB credsh lsp holds in all (2 KiB are open): it is not checked, and completion, hover and the rest answer nothing for it; `credsh check` reads it whole. Close it and open it again once it fits."])
        _ = editor.close("file:///a.credscript")
        _ = editor.close("file:///c.credscript")
        expectEqual(Self.diagnostics(editor.open("file:///c.credscript", Self.script(bytes: 600)), for: "file:///c.credscript"), [])
        #expect(editor.symbols("file:///c.credscript") != .null)
        // Reopening a document replaces it: its old text is not counted twice.
        expectEqual(Self.diagnostics(editor.open("file:///b.credscript", Self.script(bytes: 1_000)), for: "file:///b.credscript"), [])
    }

    /// Issue 33, item 8: the number of open documents is bounded too, and opening them
    /// costs each one analysis, whatever else is open (no walk over every open document).
    @Test func theNumberOfOpenDocumentsIsBounded() {
        var bounds = LanguageServer.Bounds()
        bounds.openDocuments = 3
        let editor = Editor(bounds: bounds)
        for name in ["a", "b", "c"] {
            expectEqual(Self.diagnostics(editor.open("file:///\(name).credscript", "echo \(name)\n"), for: "file:///\(name).credscript"), [])
        }
        expectEqual(Self.diagnostics(editor.open("file:///d.credscript", "echo d\n"), for: "file:///d.credscript"),
                    ["this document would be open beside 3 others, more than the 3 credsh lsp holds at once: it is not checked, and completion, hover and the rest answer nothing for it; `credsh check` reads it whole. Close it and open it again once it fits."])
        // Reopening one that is open replaces it; closing one makes room.
        expectEqual(Self.diagnostics(editor.open("file:///c.credscript", "echo c2\n"), for: "file:///c.credscript"), [])
        _ = editor.close("file:///a.credscript")
        expectEqual(Self.diagnostics(editor.open("file:///d.credscript", "echo d\n"), for: "file:///d.credscript"), [])
        expectEqual(LanguageServer.maximumOpenDocuments, 1_000)
    }

    /// An open document is what another's `source` line reads (not the disk), and closing
    /// it takes it out of that table.
    @Test func aSourcedDocumentIsReadFromTheEditorWhileOpen() {
        let editor = Editor()
        _ = editor.open("file:///w/lib.credscript", "proc hello {\n  echo hi\n}\n")
        expectEqual(Self.diagnostics(editor.open("file:///w/main.credscript", "source lib.credscript\nhello\n"), for: "file:///w/main.credscript"), [])
        _ = editor.close("file:///w/lib.credscript")
        let again = editor.open("file:///w/main.credscript", "source lib.credscript\nhello\n")
        expectEqual(Self.diagnostics(again, for: "file:///w/main.credscript")?.contains { $0.hasPrefix("cannot read /w/lib.credscript") }, true, "\(again)")
    }

    @Test func theRealBoundIsFourMebibytes() {
        let editor = Editor()
        let sent = editor.open("file:///huge.credscript", Self.script(bytes: (4 << 20) + 1))
        expectEqual(Self.diagnostics(sent, for: "file:///huge.credscript")?.first?.hasPrefix("this document is 4 MiB, more than the 4 MiB credsh lsp holds"), true, "\(sent)")
        expectEqual(LanguageServer.maximumOpenBytes, 16 << 20)
    }

    /// A message past the reader's bound is skipped unread, but its head names the
    /// document: the editor gets a message and the document its diagnostic.
    @Test func aMessageTooLargeToReadIsToldAboutNotSilentlySkipped() {
        let editor = Editor()
        _ = editor.open("file:///x.credscript", "sdk susi\n")
        let head = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.credscript","languageId":"credscript","version":3,"text":"let a = 1\n"#.utf8)
        let before = editor.sent.count
        #expect(editor.server.handle(.tooLarge(bytes: 60 << 20, head: head)))
        let sent = Array(editor.sent[before...])
        expectEqual(sent.first?["method"], .string("window/showMessage"))
        expectEqual(sent.first?["params"]?["message"], .string("credsh lsp skipped a message of 60 MiB, more than the 8 MiB credsh lsp reads (textDocument/didOpen)"))
        expectEqual(Self.diagnostics(sent, for: "file:///x.credscript")?.first?.hasPrefix("this document came in a message of 60 MiB"), true, "\(sent)")
        #expect(!sent.contains { $0["error"] != nil }, "a notification gets no answer")
        expectEqual(editor.symbols("file:///x.credscript"), .null, "the old text is not held either")
        // A request too large is answered with an error of its own id.
        let request = Array(#"{"jsonrpc":"2.0","id":42,"method":"textDocument/formatting","params":{"#.utf8)
        let start = editor.sent.count
        _ = editor.server.handle(.tooLarge(bytes: 17 << 20, head: request))
        #expect(editor.sent[start...].contains { $0["id"] == .int(42) && $0["error"]?["code"] == .int(RPCError.invalidRequest) })
    }

    @Test func theHeadIsReadAsJSONNotSearchedAsText() {
        expectEqual(MessageHead(scanning: Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a%20b.credscript","version":4},"contentChanges":[{"text":"x"#.utf8)),
                    MessageHead(method: "textDocument/didChange", uri: "file:///a%20b.credscript"))
        // The text comes first here, and holds what looks like a uri key: not taken for one.
        let tricky = #"{"params":{"textDocument":{"text":"say \"uri\": \"file:///other\" \\\"uri\":\"file:///no\"","uri":"file:///yes"#
        expectEqual(MessageHead(scanning: Array(tricky.utf8)).uri, nil, "the uri's string does not end in the head")
        expectEqual(MessageHead(scanning: Array((tricky + #"","method":"textDocument/didOpen"}"#).utf8)),
                    MessageHead(method: "textDocument/didOpen", uri: "file:///yes"))
        expectEqual(MessageHead(scanning: Array(#"{"id":"r-1","method":"x""#.utf8)), MessageHead(method: "x", id: .string("r-1")))
        expectEqual(MessageHead(scanning: Array(#"{"id":17,"#.utf8)).id, .int(17))
        expectEqual(MessageHead(scanning: []), MessageHead())
    }

    @Test func theReaderSkipsAMessageTooLargeKeepingItsHeadOnly() {
        let body = Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///z","text":""#.utf8)
            + [UInt8](repeating: UInt8(ascii: "a"), count: MessageReader.maximumBodyBytes) + Array(#""}}}"#.utf8)
        var chunks: [[UInt8]] = [Array("Content-Length: \(body.count)\r\n\r\n".utf8)]
        var offset = 0
        while offset < body.count {
            chunks.append(Array(body[offset..<min(body.count, offset + (1 << 16))]))
            offset += 1 << 16
        }
        chunks.append(Array("Content-Length: 2\r\n\r\n{}".utf8))
        var reader = MessageReader { chunks.isEmpty ? nil : chunks.removeFirst() }
        guard case .tooLarge(let bytes, let head) = reader.next() else { Issue.record("expected a message too large"); return }
        expectEqual(bytes, body.count)
        expectEqual(head.count, MessageReader.keptHeadBytes)
        expectEqual(MessageHead(scanning: head).uri, "file:///z")
        expectEqual(reader.next(), .message(Array("{}".utf8)))
        expectEqual(reader.next(), .end)
    }
}

extension LanguageServer.Bounds {
    static func testing(document: Int, open: Int) -> Self {
        var bounds = Self()
        bounds.documentBytes = document
        bounds.openBytes = open
        return bounds
    }
}
