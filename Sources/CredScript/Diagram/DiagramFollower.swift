import CredLanguage
import CredSimulator

/// The run drawn as it goes: a subscriber of the run's events (RunEvents), as coverage
/// is, not a mode of the host. It sees what the renderer sees — records and shown failures,
/// masked once where they were published — and draws each echoed command, outcome and
/// failure (DiagramRecorder). At the prompt it answers `diagram`; `credsh diagram` and the
/// HTML report of `credsh test` take its picture at the end.
public final class DiagramFollower: RunEventSubscriber {
    private var recorder = SequenceDiagram.Recorder()
    /// `credsh test --html`: the picture ends at the first failure, which it shows in red.
    private let stopsAtFirstFailure: Bool
    private var stopped = false
    /// The SDK active now: the one an echoed command or a failure belongs to.
    private let activeSDK: () -> SDKID

    public init(stopsAtFirstFailure: Bool = false, activeSDK: @escaping () -> SDKID) {
        self.stopsAtFirstFailure = stopsAtFirstFailure
        self.activeSDK = activeSDK
    }

    /// `--show-secrets`, `secrets shown`: commands are drawn as typed (ShownSecrets).
    public var secretsShown: Bool {
        get { recorder.secretsShown }
        set { recorder.secretsShown = newValue }
    }

    public func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {
        guard !stopped else { return }
        recorder.record(record, activeSDK: activeSDK())
    }

    public func receive(_ event: RunEvent) {
        if case .output(let record, let origin) = event { return receiveOutput(record, origin: origin) }
        guard !stopped, let (diagnostic, _) = event.shownDiagnostic else { return }
        // A line that does not parse ran nothing: it is not part of the flow.
        if diagnostic.kind != .syntax { recorder.recordFailure(diagnostic.message, activeSDK: activeSDK()) }
        if stopsAtFirstFailure { stopped = true }
    }

    /// The picture so far.
    public func diagram(title: String) -> SequenceDiagram { recorder.diagram(title: title) }
}
