import CredLanguage
import CredEditor
import CredScript
import CredSimulator

/// `credsh lsp`: a Language Server Protocol server for credscript. It keeps the open
/// documents, analyses each on open and on every change (DocumentAnalysis: the language's
/// own parser, command table and catalogs), and answers the editor's questions from that.
/// One thread, one message at a time, in the order they come; nothing is answered late.
///
/// The server never stops on bad input: a body that is not JSON gets the protocol's parse
/// error, a message that is not a request gets invalid-request, an unknown method gets
/// method-not-found, and it goes on reading.
///
/// It bounds what it holds (docs/editor.md): a document of at most
/// `maximumDocumentBytes`, open documents of at most `maximumOpenBytes` together and
/// `maximumOpenDocuments` in number, a message of at most `MessageReader.maximumBodyBytes`. A document past a bound is not held nor
/// analysed: it gets one diagnostic saying so, and the editor's questions about it are
/// answered with nothing, at once.
public final class LanguageServer {
    /// Reads a file from disk (the executable's reader, with its bounds and messages).
    public typealias FileReader = @Sendable (String) -> Result<[UInt8], HostError>

    private let send: (String) -> Void
    private let readFile: FileReader
    private var initialized = false
    private var shutdownRequested = false
    /// Set by `exit`: the process's exit code.
    public private(set) var exitCode: Int32? = nil

    private struct Document {
        var text: DocumentText
        var version: Int
        var analysis: DocumentAnalysis
        /// The sourced files this document last published diagnostics for.
        var published: [String]
    }

    private var documents: [String: Document] = [:]
    /// The open documents' texts by path, kept as documents open, change and close: what a
    /// `source` line of another document reads, found without walking every open document
    /// (opening n documents costs n analyses, not n² steps).
    private var openTexts: [String: [UInt8]] = [:]
    /// The bytes of the open documents' texts together.
    private var heldBytes = 0

    /// What the server holds at most (docs/editor.md).
    public struct Bounds: Sendable {
        /// A document larger than this is not held: 4 MiB, 16 times the 256 KB of a script
        /// the language holds parsed; its analysis takes a few seconds in a debug build.
        public var documentBytes = 4 << 20
        /// The open documents' texts together; one more past it is not held: 16 MiB. A
        /// document held with its analysis takes about five times its text (measured:
        /// 67 documents of 1 MB, 376 MiB), so this keeps the server near 100 MiB.
        public var openBytes = 16 << 20
        /// How many documents are held at once: 1,000, so the tables of open documents
        /// stay small however many small files an editor opens.
        public var openDocuments = 1_000

        public init() {}
    }

    public static let maximumDocumentBytes = Bounds().documentBytes
    public static let maximumOpenBytes = Bounds().openBytes
    public static let maximumOpenDocuments = Bounds().openDocuments

    private let bounds: Bounds

    private let version: String
    /// The URI of docs/diagnostics.md, for each diagnostic's `codeDescription`; nil: the
    /// codes are sent without it.
    private let documentation: String?

    /// `documentationPath`: where docs/diagnostics.md is on this machine, when it is.
    public init(version: String, bounds: Bounds = Bounds(), documentationPath: String? = nil, readFile: @escaping FileReader,
                send: @escaping (String) -> Void) {
        self.bounds = bounds
        self.version = version
        self.documentation = documentationPath.map(FileURI.uri(of:))
        self.readFile = readFile
        self.send = send
    }

    /// Handles one frame of input; false once the server should stop (after `exit`).
    @discardableResult
    public func handle(_ frame: MessageReader.Frame) -> Bool {
        switch frame {
        case .end:
            if exitCode == nil { exitCode = shutdownRequested ? 0 : 1 }
            return false
        case .malformed(let why):
            send(JSONRPC.response(RPCError(RPCError.parseError, why)))
            return true
        case .tooLarge(let bytes, let head):
            skipped(bytes: bytes, head: MessageHead(scanning: head))
            return true
        case .message(let body):
            switch JSONRPC.decode(body) {
            case .failure(let error):
                send(JSONRPC.response(error))
            case .success(.response):
                break
            case .success(.request(let id, let method, let params)):
                do {
                    send(JSONRPC.response(id: id, result: try answer(method, params)))
                } catch var error {
                    error.id = id
                    send(JSONRPC.response(error))
                }
            case .success(.notification(let method, let params)):
                notice(method, params)
            }
            return exitCode == nil
        }
    }

    // MARK: Requests

    private func answer(_ method: String, _ params: JSONValue) throws(RPCError) -> JSONValue {
        if method == "initialize" {
            initialized = true
            return LanguageServer.capabilities(version: version)
        }
        guard initialized else { throw RPCError(RPCError.serverNotInitialized, "the server is not initialized yet") }
        guard !shutdownRequested else { throw RPCError(RPCError.invalidRequest, "the server is shutting down") }
        switch method {
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/completion":
            let (document, point) = try place(params)
            guard let document else { return .null }
            let (span, candidates) = EditorCompletion.complete(in: document.analysis, at: point)
            return .object([("isIncomplete", .bool(false)),
                            ("items", .array(candidates.map { ProtocolValues.completionItem($0, replacing: span) }))])
        case "textDocument/hover":
            let (document, point) = try place(params)
            guard let document, let (span, text) = EditorHover.hover(in: document.analysis, at: point) else { return .null }
            return .object([("contents", .object([("kind", .string("markdown")), ("value", .string(text))])),
                            ("range", ProtocolValues.range(span))])
        case "textDocument/definition":
            let (document, point) = try place(params)
            guard let document else { return .null }
            let uri = try uri(params)
            return .array(EditorNavigation.definition(in: document.analysis, at: point).map { location($0, in: uri) })
        case "textDocument/references":
            let (document, point) = try place(params)
            guard let document else { return .null }
            let declaration = params["context"]?["includeDeclaration"] == .bool(true)
            let uri = try uri(params)
            return .array(EditorNavigation.references(in: document.analysis, at: point, includeDeclaration: declaration)
                .map { location($0, in: uri) })
        case "textDocument/documentSymbol":
            guard let document = documents[try uri(params)] else { return .null }
            return .array(EditorSymbols.symbols(of: document.analysis).map(ProtocolValues.symbol))
        case "textDocument/formatting":
            guard let document = documents[try uri(params)] else { return .null }
            let formatted = ScriptFormatter.format(document.text)
            guard formatted != document.text.bytes else { return .array([]) }
            let whole = document.text.span(0..<document.text.bytes.count)
            return .array([.object([("range", ProtocolValues.range(whole)),
                                    ("newText", .string(String(decoding: formatted, as: UTF8.self)))])])
        default:
            throw RPCError(RPCError.methodNotFound, "credsh lsp does not answer \(method)")
        }
    }

    static func capabilities(version: String) -> JSONValue {
        .object([
        ("capabilities", .object([
            ("positionEncoding", .string("utf-16")),
            // Incremental: each change sends only the edited range.
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
            ("completionProvider", .object([("triggerCharacters", .array([" ", "$", "="].map { .string($0) }))])),
            ("hoverProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("documentSymbolProvider", .bool(true)),
            ("documentFormattingProvider", .bool(true)),
        ])),
        ("serverInfo", .object([("name", .string("credsh")), ("version", .string(version))])),
        ])
    }

    private func uri(_ params: JSONValue) throws(RPCError) -> String {
        guard let uri = ProtocolValues.string(params["textDocument"]?["uri"]) else {
            throw RPCError(RPCError.invalidParams, "textDocument.uri is missing")
        }
        return uri
    }

    /// The document and the point a request is about. A point past the end is answered
    /// as the end (DocumentText clamps it); an unknown document is answered with null.
    private func place(_ params: JSONValue) throws(RPCError) -> (Document?, TextPoint) {
        let uri = try uri(params)
        guard let point = ProtocolValues.point(params["position"]) else {
            throw RPCError(RPCError.invalidParams, "position is missing or not {line, character}")
        }
        return (documents[uri], point)
    }

    private func location(_ location: EditorLocation, in uri: String) -> JSONValue {
        ProtocolValues.location(uri: location.file.map(FileURI.uri(of:)) ?? uri, location.span)
    }

    // MARK: Notifications

    private func notice(_ method: String, _ params: JSONValue) {
        switch method {
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
        case "textDocument/didOpen":
            guard initialized, let item = params["textDocument"], let uri = ProtocolValues.string(item["uri"]),
                  let text = ProtocolValues.string(item["text"]) else { return }
            forget(uri)
            if let refusal = refusal(size: text.utf8.count) { return refuse(uri, refusal) }
            let bytes = DocumentText(bytes: Array(text.utf8))
            hold(uri, Document(text: bytes, version: ProtocolValues.int(item["version"]) ?? 0,
                               analysis: analyse(bytes, uri: uri), published: []))
            publish(uri)
        case "textDocument/didChange":
            guard initialized, let uri = ProtocolValues.string(params["textDocument"]?["uri"]), var document = documents[uri],
                  case .array(let changes)? = params["contentChanges"] else { return }
            for change in changes {
                guard let text = ProtocolValues.string(change["text"]) else { continue }
                if let span = ProtocolValues.span(change["range"]) {
                    document.text.replace(span, with: Array(text.utf8))
                } else {
                    document.text = DocumentText(bytes: Array(text.utf8))
                }
            }
            forget(uri)
            if let refusal = refusal(size: document.text.bytes.count) { return refuse(uri, refusal) }
            document.version = ProtocolValues.int(params["textDocument"]?["version"]) ?? document.version + 1
            document.analysis = analyse(document.text, uri: uri)
            hold(uri, document)
            publish(uri)
        case "textDocument/didClose":
            guard let uri = ProtocolValues.string(params["textDocument"]?["uri"]) else { return }
            // A document not held (too large) had its diagnostic saying so: cleared too.
            if let document = forget(uri) {
                for name in document.published { publishDiagnostics(FileURI.uri(of: name), []) }
            }
            publishDiagnostics(uri, [])
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace and the rest need nothing.
            break
        }
    }

    // MARK: Bounds

    /// Holds a document (after `refusal` said it fits).
    private func hold(_ uri: String, _ document: Document) {
        heldBytes += document.text.bytes.count
        documents[uri] = document
        openTexts[path(of: uri)] = document.text.bytes
    }

    /// Stops holding a document; returns it.
    @discardableResult
    private func forget(_ uri: String) -> Document? {
        guard let document = documents.removeValue(forKey: uri) else { return nil }
        heldBytes -= document.text.bytes.count
        openTexts[path(of: uri)] = nil
        return document
    }

    /// Why a document of `size` bytes cannot be held beside the open ones; nil when it can.
    private func refusal(size: Int) -> String? {
        if size > bounds.documentBytes {
            return "this document is \(Self.megabytes(size)), more than the \(Self.megabytes(bounds.documentBytes)) credsh lsp holds"
        }
        if documents.count >= bounds.openDocuments {
            return "this document would be open beside \(documents.count.grouped) others, more than the \(bounds.openDocuments.grouped) credsh lsp holds at once"
        }
        if heldBytes + size > bounds.openBytes {
            return "this document (\(Self.megabytes(size))) would take the open documents past the \(Self.megabytes(bounds.openBytes)) credsh lsp holds in all (\(Self.megabytes(heldBytes)) are open)"
        }
        return nil
    }

    /// A document not held: its diagnostic says why, and what still works.
    private func refuse(_ uri: String, _ why: String) {
        let message = why + ": it is not checked, and completion, hover and the rest answer nothing for it; "
            + "`credsh check` reads it whole. Close it and open it again once it fits."
        send(JSONRPC.notification("textDocument/publishDiagnostics", params: .object([
            ("uri", .string(uri)),
            ("diagnostics", .array([.object([
                ("range", ProtocolValues.range(TextSpan(start: TextPoint(line: 0, character: 0), end: TextPoint(line: 0, character: 0)))),
                ("severity", .int(2)), ("code", .string(DiagnosticCode.documentNotHeld.id)),
                ("source", .string("credsh")), ("message", .string(message)),
            ])])),
        ])))
    }

    /// A message longer than the reader takes was skipped unread. The editor is told in a
    /// message window; the document it carried (when its head names one) gets the
    /// diagnostic of a document too large, and a request its error.
    private func skipped(bytes: Int, head: MessageHead) {
        let why = "a message of \(Self.megabytes(bytes)), more than the \(Self.megabytes(MessageReader.maximumBodyBytes)) credsh lsp reads"
        send(JSONRPC.notification("window/showMessage", params: .object([
            ("type", .int(1)), ("message", .string("credsh lsp skipped \(why)\(head.method.map { " (\($0))" } ?? "")")),
        ])))
        if let id = head.id {
            send(JSONRPC.response(RPCError(RPCError.invalidRequest, "credsh lsp skipped \(why)", id: id)))
        } else if head.method == nil {
            send(JSONRPC.response(RPCError(RPCError.parseError, "credsh lsp skipped \(why)")))
        }
        guard initialized, let uri = head.uri, head.method == "textDocument/didOpen" || head.method == "textDocument/didChange" else { return }
        forget(uri)
        refuse(uri, "this document came in " + why)
    }

    /// `1.5 MiB`, `812 KiB`, `96 bytes`. Any count the header may give, up to `Int.max`:
    /// the whole mebibytes and the rest are rounded apart, so nothing overflows.
    static func megabytes(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = (bytes >> 20) * 10 + ((bytes & ((1 << 20) - 1)) * 10 + (1 << 19)) >> 20
            return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
        }
        return bytes >= 1 << 10 ? "\((bytes + 512) >> 10) KiB" : "\(bytes) bytes"
    }

    // MARK: Analysis

    /// A document's path when it is a file (its `source` lines resolve against it).
    private func path(of uri: String) -> String { FileURI.path(of: uri) ?? uri }

    private func analyse(_ text: DocumentText, uri: String) -> DocumentAnalysis {
        // Open documents are read as the editor has them, unsaved changes included (this one
        // is not among them while it is analysed). The loader lives as long as the analysis,
        // so the table is shared, not copied.
        let snapshot = openTexts
        let readFile = self.readFile
        let loader: SourceLoader = { written, includingFile in
            let resolved = FileURI.resolve(written, against: includingFile)
            if let bytes = snapshot[resolved] { return .success(SourceFile(name: resolved, bytes: bytes)) }
            switch readFile(resolved) {
            case .success(let bytes):
                let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
                return .success(SourceFile(name: resolved, bytes: body))
            case .failure(let error):
                return .failure(error)
            }
        }
        return DocumentAnalysis(SourceFile(name: path(of: uri), bytes: text.bytes), loader: loader)
    }

    private func publish(_ uri: String) {
        guard var document = documents[uri] else { return }
        publishDiagnostics(uri, document.analysis.diagnostics)
        var now: [String] = []
        for (name, diagnostics) in document.analysis.sourcedDiagnostics where openTexts[name] == nil {
            publishDiagnostics(FileURI.uri(of: name), diagnostics)
            now.append(name)
        }
        let published = Set(now)
        for stale in document.published where !published.contains(stale) { publishDiagnostics(FileURI.uri(of: stale), []) }
        document.published = now
        documents[uri] = document
    }

    private func publishDiagnostics(_ uri: String, _ diagnostics: [EditorDiagnostic]) {
        send(JSONRPC.notification("textDocument/publishDiagnostics", params: .object([
            ("uri", .string(uri)), ("diagnostics", .array(diagnostics.map { ProtocolValues.diagnostic($0, documentation: documentation) })),
        ])))
    }
}
