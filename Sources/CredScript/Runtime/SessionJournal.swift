import CredLanguage
import CredSimulator

/// At the prompt, every statement that ran is written down as script text, with
/// `expect` lines that pin down what each command produced. `record FILE` writes what
/// was kept so far (so the replay starts from the same state) and then each new statement.
/// It follows the run's events: a statement that ran as a replay writes it (`ran`), and a
/// request a real client sent (`served`); the evaluator decides what of a block ran.
final class SessionJournal: RunEventSubscriber {
    /// Bytes of script kept for a later `record` (docs/scripts.md, "Bounds"). A prompt that serves
    /// HTTP adds a few lines per request, without end; past this the journal lets go of
    /// what it kept and `record` says it cannot start, while a recording already running
    /// goes on into its file.
    static let maximumBytes = 16 << 20

    let maximumBytes: Int
    private var text = ""
    private(set) var statementCount = 0
    /// The session ran past `maximumBytes`, or ran what a replay cannot write
    /// (`notKeptBecause`): what ran first is no longer kept.
    private(set) var overflowed = false
    private(set) var notKeptBecause: String?
    /// The file being recorded into, if any.
    private(set) var recordingPath: String?
    var isRecording: Bool { recordingPath != nil }

    static let header = """
        # Recorded at the credsh prompt. Replay and check it with: credsh test FILE
        # This file holds the passwords typed in the session; keep it private.

        """

    /// Where a recording's lines go (ScriptHost.appendRecording).
    let host: ScriptHost
    /// What reads a served request's replay lines back, to be sure they say the same.
    let table: CommandTable

    init(host: ScriptHost, table: CommandTable, maximumBytes: Int = SessionJournal.maximumBytes) {
        self.host = host
        self.table = table
        self.maximumBytes = maximumBytes
    }

    func receive(_ event: RunEvent) {
        switch event {
        case .ran(let statement, let result): add(statement, result: result)
        case .served(let request): add(request)
        case .notReplayable(let reason): letGo(because: reason)
        default: break
        }
    }

    /// What a new recording file starts with: the header and every statement so far.
    var recordingText: String { Self.header + text }

    /// From now on, each statement is also appended to the host's recording.
    func startRecording(to path: String) { recordingPath = path }

    func stopRecording() { recordingPath = nil }

    func add(_ statement: Statement, result: CommandResult?) {
        var chunk = ScriptWriter.render(statement, masked: false) + "\n"
        if let result { chunk += Self.expectations(for: result).map { $0 + "\n" }.joined() }
        keep(chunk)
        statementCount += 1
        if isRecording { host.appendRecording(chunk) }
    }

    /// A line of commentary (`# …`), not a statement.
    func addComment(_ text: String) {
        let chunk = "# " + text + "\n"
        keep(chunk)
        if isRecording { host.appendRecording(chunk) }
    }

    /// What ran can no longer be replayed from the start: what was kept goes, so `record`
    /// says it cannot start; a recording running says why its file stops replaying here.
    private func letGo(because reason: String) {
        if isRecording {
            host.appendRecording("# not recorded: \(reason); this file replays only what ran before\n")
            host.endRecording()
            recordingPath = nil
        }
        overflowed = true
        notKeptBecause = reason
        text = ""
    }

    private func keep(_ chunk: String) {
        guard !overflowed else { return }
        guard text.utf8.count + chunk.utf8.count <= maximumBytes else {
            overflowed = true
            text = ""
            return
        }
        text += chunk
    }

    /// The expectations that pin a command's result: its error, or its callbacks in
    /// order and the key fields of those that carry a mode or a status.
    static func expectations(for result: CommandResult) -> [String] {
        if let failure = result.failure {
            return ["expect error " + StringLiteral.quote(failure.message)]
        }
        let events = result.events
        guard !events.isEmpty else { return [] }
        var lines = ["expect events " + events.map(\.name).joined(separator: " ")]
        for event in events {
            // Numbers and flags say what happened (a mode, a status, a counter); text
            // fields are messages and names, which the event order already pins.
            let fields = event.fields.compactMap { key, value -> String? in
                switch value {
                case .int(let i): return "\(key)=\(i)"
                case .bool(let b): return "\(key)=\(b)"
                default: return nil
                }
            }
            if !fields.isEmpty { lines.append("expect event \(event.name) " + fields.joined(separator: " ")) }
        }
        return lines
    }
}
