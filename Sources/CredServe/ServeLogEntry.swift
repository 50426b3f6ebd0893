import CredLanguage
import CredScript
import CredSimulator

/// One line of `credsh serve`'s log: one per request, whatever became of it. It carries the
/// secrets its request carries, and the server's one edge (ServeEdge) masks every text a
/// client chose with them and the run's; every value is made safe for a terminal, since
/// all of it comes from clients.
public struct ServeLogEntry: Sendable, Equatable {
    /// `127.0.0.1:50312`.
    public let client: String
    /// Nil when the request was too broken to have one.
    public let method: String?
    public let path: String?
    /// The status answered; nil when the connection was dropped without an answer.
    public let status: Int?
    /// The parameters the server read, in the order sent, those secret by name already
    /// `***`; a long name or value is shortened where the line is written (`valueLimit`),
    /// after the edge has masked it whole.
    public let parameters: [(String, String)]
    /// What else to say: why a request was refused or dropped, a control run's exit code.
    public let note: String?
    /// Answered (or closed) by the HTTP layer itself, before the simulation saw it: a
    /// malformed, oversized or slow request, or one connection too many.
    public let refusedByHTTP: Bool
    /// The secrets the request carries, decided where it was read: its secret parameters
    /// by name, a call's secret fields. The edge hides them in the entry's every text.
    let carried: KnownSecrets

    /// What became of a request, as its line says it (`200`, `dropped`) and as the counts
    /// at the end (`N answered, N dropped, N refused`) count it: one reading of the entry.
    public enum Fate: Sendable { case answered, dropped, refused }

    /// No status: no answer was sent (`dropped`), whoever ended it (the simulated network,
    /// the client, the server stopping, the HTTP layer closing); a status the HTTP layer
    /// gave: refused; any other: answered.
    public var fate: Fate { status == nil ? .dropped : refusedByHTTP ? .refused : .answered }

    /// The served SDK's secret parameters: their values are `***` in every entry.
    static let secretParameters = (Simulation.servedType?.secretParameters).map { Array($0).sorted() } ?? []

    /// Whether a parameter's value is masked in the log: a secret parameter's name, in any
    /// case or a letter off (`PASSWORD=`, `;password=`, `password%00=`, `pasword=`), or a
    /// name that says it holds a secret as a script's variable's does (`pwd=`, `token=`,
    /// `confirm_password=`: SecretName). The server reads none of those as the password,
    /// but what a client sent there is most likely one (fail closed).
    static func namesSecret(_ name: String) -> Bool {
        // (Spelling compares in lower case, and only names of about a secret name's length.)
        !secretParameters.isEmpty && SecretMasker.namesSecretOrSaysSo(name, secretParameters)
    }

    /// Characters of a value shown in the log; the rest is left out and counted.
    public static let valueLimit = 200

    /// `catalogued`: the parameters are a call's fields, masked already by what its catalog
    /// marks secret (SDKWire), so a name that merely sounds secret (`credentialType`) is not
    /// masked again by its sound.
    /// `carrying`: the secrets the request carries (`carried`).
    init(client: String, method: String?, path: String?, status: Int?, parameters: [(String, String)] = [], note: String? = nil,
         refusedByHTTP: Bool = false, catalogued: Bool = false, carrying carried: KnownSecrets = KnownSecrets()) {
        self.refusedByHTTP = refusedByHTTP
        self.client = client
        self.method = method
        self.path = path
        self.status = status
        self.parameters = catalogued ? parameters : parameters.map { name, value in (name, Self.namesSecret(name) ? ScriptWriter.mask : value) }
        self.note = note
        self.carried = carried
    }

    /// The entry with `shown` applied to every text a client chose: the path, the note
    /// (which may quote the request) and the parameters, names and values; what the
    /// server wrote (client, method, status) is left. The edge's way in (ServeEdge).
    func withClientTexts(_ shown: (String) -> String) -> ServeLogEntry {
        // `catalogued`: masked by name already, not again by the shown name's sound.
        ServeLogEntry(client: client, method: method, path: path.map(shown), status: status,
                      parameters: parameters.map { (shown($0.0), shown($0.1)) }, note: note.map(shown), refusedByHTTP: refusedByHTTP,
                      catalogued: true)
    }

    public static func == (a: ServeLogEntry, b: ServeLogEntry) -> Bool {
        a.client == b.client && a.method == b.method && a.path == b.path && a.status == b.status && a.note == b.note
            && a.refusedByHTTP == b.refusedByHTTP
            && a.parameters.map(\.0) == b.parameters.map(\.0) && a.parameters.map(\.1) == b.parameters.map(\.1)
    }

    static func shortened(_ text: String) -> String {
        // At most `valueLimit` bytes are at most as many characters: no need to count them.
        guard text.utf8.count > valueLimit, text.count > valueLimit else { return text }
        return String(text.prefix(valueLimit)) + "…(\(text.utf8.count) bytes)"
    }

    /// `127.0.0.1:50312 POST /aaa/login.json 200 login=dave@example.com password=*** type=access-token`
    public var text: String { String(decoding: textBytes, as: UTF8.self) }

    /// `text` as UTF-8, made in one buffer: a line per request of the wire.
    private var textBytes: [UInt8] {
        var line: [UInt8] = []
        line.reserveCapacity(160)
        let space = UInt8(ascii: " ")
        line += client.utf8
        line.append(space)
        Self.appendSafe(method ?? "-", to: &line)
        line.append(space)
        Self.appendSafe(path ?? "-", to: &line)
        line.append(space)
        line += (status.map(String.init) ?? "dropped").utf8
        if let note {
            line += " (".utf8
            Self.appendSafe(note, to: &line)
            line.append(UInt8(ascii: ")"))
        }
        for (name, value) in parameters {
            line.append(space)
            Self.appendSafe(Self.shortened(name), to: &line)
            line.append(UInt8(ascii: "="))
            Self.appendSafe(Self.shortened(value), quoting: true, to: &line)
        }
        return line
    }

    /// `safe(text)` appended, without a copy when nothing in it needs escaping or quotes.
    private static func appendSafe(_ text: String, quoting: Bool = false, to line: inout [UInt8]) {
        if isPlain(text) { line += text.utf8 } else { line += safe(text, quoting: quoting).utf8 }
    }

    /// Printable ASCII without a space, quote or backslash: nothing to escape or quote.
    private static func isPlain(_ text: String) -> Bool {
        var text = text
        return !text.isEmpty && text.withUTF8 { $0.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") } }
    }

    /// The same as a JSON object: `client`, `method`, `path`, `status` (null when dropped),
    /// `note`, and `parameters` as an object in the order sent.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("client", .string(client))]
        if let method { members.append(("method", .string(method))) }
        if let path { members.append(("path", .string(path))) }
        members.append(("status", status.map { .int($0) } ?? .null))
        if let note { members.append(("note", .string(note))) }
        if !parameters.isEmpty { members.append(("parameters", .object(parameters.map { (Self.shortened($0.0), .string(Self.shortened($0.1))) }))) }
        return .object(members)
    }

    /// Unsafe characters (C0, DEL, C1, bidi controls: TerminalSafe) written as escapes, so a
    /// client cannot move the cursor, retitle or recolour the terminal; with `quoting`, a value with a space, a quote or
    /// nothing at all is written in double quotes.
    static func safe(_ text: String, quoting: Bool = false) -> String {
        if isPlain(text) { return text }
        var out = ""
        var needsQuotes = quoting && text.isEmpty
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                needsQuotes = needsQuotes || quoting
                out += quoting ? "\\" + String(scalar) : String(scalar)
            case " ":
                needsQuotes = needsQuotes || quoting
                out += " "
            case _ where TerminalSafe.isUnsafe(scalar): out += TerminalSafe.text(String(scalar))
            default: out.unicodeScalars.append(scalar)
            }
        }
        return needsQuotes ? "\"" + out + "\"" : out
    }
}
