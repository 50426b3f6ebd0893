import CredLanguage
import CredSimulator

/// What a run publishes, in order, to its subscribers (RunEvents): the renderers behind the
/// host, coverage, the failure policy (RunVerdict) and anything a test attaches. The
/// interpreter says *what happened*; each subscriber decides what that means for it.
///
/// An enum with payloads and no boxing: publishing one costs a switch per subscriber.
/// Every event is masked (KnownSecrets) once, where it is published, before any
/// subscriber sees it.
public enum RunEvent: Sendable {
    /// A record to show: an outcome with the SDK it came from, a command's own line, an
    /// echoed command, or a command's error. `origin` is the statement that produced it.
    case output(OutputRecord, origin: RecordOrigin?)
    /// An `expect` statement held.
    case expectationHeld
    /// An `expect` statement did not hold: under `continueAfterFailedExpectations` the run
    /// goes on (RunVerdict decides).
    case expectationFailed(Diagnostic, source: SourceFile?)
    /// A failure of the script: a command that failed with no `expect error` after it, a
    /// runtime error, an I/O error. Stops the run unless `keepGoing`.
    case failure(Diagnostic, source: SourceFile?)
    /// A syntax error found before the source ran: always shown (each file's are already
    /// bounded, Diagnostic.keptPerFile), kept among the failures under the cap.
    case syntaxError(Diagnostic, source: SourceFile?)
    /// The run cannot go on, even under `keepGoing` (its step budget is spent): always shown.
    case halted(Diagnostic, source: SourceFile?)
    /// The first failure past RunVerdict.reportedFailures: the notice that the rest are
    /// only counted. Shown, not itself a failure.
    case failuresPastCap(Diagnostic)
    /// A statement finished, as a replay must write it to reach the same state (a block
    /// whole, or what of it ran), with the result its `expect` lines pin: published only
    /// while a journal follows the run (the prompt, SessionJournal). Not masked: a
    /// recording replays the session's own secrets (docs/prompt.md, "Recording").
    case ran(Statement, result: CommandResult?)
    /// What ran cannot be written down as a replay (why): a journal lets go of the session,
    /// as past its size bound (BlockReplay.maximumPieces).
    case notReplayable(String)
    /// A real client's request, answered by the served SDK (`credsh serve`, `serve start`).
    /// Not masked, as `ran`: a recording replays it.
    case served(ServedRequest)

    /// The diagnostic a renderer shows for this event, with the source it quotes.
    public var shownDiagnostic: (Diagnostic, SourceFile?)? {
        switch self {
        case .output, .expectationHeld, .ran, .served, .notReplayable: return nil
        case .expectationFailed(let d, let s), .failure(let d, let s), .syntaxError(let d, let s), .halted(let d, let s): return (d, s)
        case .failuresPastCap(let d): return (d, nil)
        }
    }
}

/// Something that follows a run: sees every event the run publishes, in order.
public protocol RunEventSubscriber: AnyObject {
    func receive(_ event: RunEvent)
    /// `receive(.output(record, origin:))`, the event of every printed line: a renderer may
    /// take it without the event around it, built for every printed line.
    func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?)
}

extension RunEventSubscriber {
    public func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) { receive(.output(record, origin: origin)) }
}

/// The host as a renderer: records to `emit`, shown diagnostics to `report`. What the
/// host does with them (text, JSON Lines, a test's memory) is its own affair.
public final class HostRenderer: RunEventSubscriber {
    /// Held strongly: an unowned existential costs a check on every record. The host holds
    /// no renderer, so there is no cycle.
    let host: ScriptHost

    public init(_ host: ScriptHost) { self.host = host }

    public func receive(_ event: RunEvent) {
        if case .output(let record, let origin) = event { return host.emit(record, from: origin) }
        if let (diagnostic, source) = event.shownDiagnostic { host.report(diagnostic, source: source) }
    }

    public func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) { host.emit(record, from: origin) }
}

/// Keeps every event, for tests and tools that replay a run into other subscribers.
public final class RunEventLog: RunEventSubscriber {
    public private(set) var events: [RunEvent] = []
    public init() {}
    public func receive(_ event: RunEvent) { events.append(event) }
}

/// A request a real client sent to the served SDK, and what it made of it.
public struct ServedRequest: Sendable {
    /// Who sent it (`127.0.0.1:50312`).
    public let client: String
    public let method: String
    public let path: String
    /// The SDK that answered, and the SDK active at the prompt then.
    public let sdk: SDKID
    public let active: SDKID
    /// The request's parameters as the served SDK reads them back into its `request`
    /// line; nil when they cannot be (HTTPServedSDK).
    public let replayParameters: [(String, String)]?
    public let result: CommandResult
}
