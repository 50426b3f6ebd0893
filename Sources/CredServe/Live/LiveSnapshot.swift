import CredSimulator

/// What the live page shows at one moment (docs/teaching.md): the session's
/// diagram so far, the last command run with its text output and narration, under `--step`
/// the command waiting for Enter with its narration (`next`), where a paced run is
/// (`step 3/12`), and the `explain` text of every name and code in view. The executable
/// makes one after each command; the server sends it whole to every page.
public struct LiveSnapshot: Sendable {
    /// Counts up from 1 with each snapshot: the SSE event id.
    public var sequence = 0
    /// The diagram so far, as SVG (SVGWriter escapes the session's text).
    public var svg = ""
    /// The last command run, as echoed, its narration, and the lines of text it printed:
    /// under `--step` they stay until the next command runs, so the class reads the output.
    public var command: String?
    public var narration: String?
    public var output: [String] = []
    /// `--step`: the command shown at the pause, waiting for Enter, and its narration.
    public var next: String?
    public var nextNarration: String?
    /// `step 3/12` under `--step`.
    public var progress: String?
    /// Shown above everything when secrets are shown (SecretLedger.shownBanner).
    public var banner: String?
    /// `explain`'s text by name or code (`getPassword`, `118`), for a click on the page.
    public var explanations: [(String, String)] = []

    public init() {}

    /// The snapshot as one JSON object, the data of an SSE event (one line: JSON escapes newlines).
    var json: String {
        var members: [(String, JSONValue)] = [("sequence", .int(sequence)), ("svg", .string(svg))]
        members.append(("command", command.map(JSONValue.string) ?? .null))
        members.append(("narration", narration.map(JSONValue.string) ?? .null))
        members.append(("output", .array(output.map(JSONValue.string))))
        members.append(("next", next.map(JSONValue.string) ?? .null))
        members.append(("nextNarration", nextNarration.map(JSONValue.string) ?? .null))
        members.append(("progress", progress.map(JSONValue.string) ?? .null))
        members.append(("banner", banner.map(JSONValue.string) ?? .null))
        members.append(("explanations", .object(explanations.map { ($0.0, .string($0.1)) })))
        return JSONValue.object(members).serialized
    }

    /// The Server-Sent Events frame: `id`, `event: update`, one `data` line, a blank line.
    var eventText: String { EventStreamWriter.frame("update", data: json, id: sequence) }
}
