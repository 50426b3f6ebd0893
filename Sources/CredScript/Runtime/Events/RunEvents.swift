import CredLanguage

/// The publishing point of a run: the interpreter hands each event here; it passes the one
/// Redactor once (the secrets its data carries flagged, the running command's among them,
/// every secret seen so far, by the run's ledger), judged by the failure policy
/// (RunVerdict), then given to each subscriber in the order they subscribed. The host's
/// renderer is the first.
public final class RunEvents {
    /// The run's secrets (SecretLedger): each event passes through it before anyone sees it,
    /// and whatever else shows what the run did asks it what to hide. `shown`
    /// (`--show-secrets`, `secrets shown`): the records people read (a text run's output,
    /// its echo, diagrams, the live page) skip the known secrets; diagnostics are masked
    /// still, and JSON refuses the switch.
    public var secrets = SecretLedger() {
        didSet {
            secretFlow = secrets.flow
            recordEdge = Redactor(secrets)
            // Shown secrets leave the values never shown (the control token) masked.
            textShownAsIs = recordEdge.passesAll
            messageEdge = Redactor(secrets, shown: false)
        }
    }
    /// The one redactor as the records people read pass it (`shown` skips the known
    /// secrets there), and as everything else passes it (diagnostics, every event): kept
    /// beside `secrets`, as `textShownAsIs` is, and rebuilt whenever it changes.
    private var recordEdge = Redactor(known: KnownSecrets())
    private var messageEdge = Redactor(known: KnownSecrets())
    /// `secrets.flow`, kept apart for the same reason as `textShownAsIs`: every `let` asks
    /// whether its name holds a secret, and a read of the public `secrets` was a run-time
    /// exclusivity check. The
    /// ledger only ever replaces its flow whole, so sharing it copies nothing.
    private var secretFlow = SecretFlow()
    /// No known secret is masked in a line of text: none is known, or secrets are shown.
    /// Read for every line printed, kept apart from `secrets`, a public stored `var` whose
    /// every access is checked at run time, where no access to this
    /// one is (Evaluator.settings says why).
    private var textShownAsIs = true
    /// The values the running command read where a secret goes or from a variable that
    /// holds one (CommandContext): its records and diagnostics carry them to this edge,
    /// flagged secret, whatever the ledger kept (docs/development.md, "Secrets at the
    /// edge"). Nil while it read none, as nearly every command: no set is made for it.
    /// Only ever loaded or stored whole, as `textShownAsIs` is.
    private var carried: KnownSecrets?
    /// What the command that made the last result carried: an expectation that quotes that
    /// result (`expect output`'s notes) carries it too.
    private var carriedByLast: KnownSecrets?
    /// Whether `carried`, and `carriedByLast`, are not nil: asked on every statement and
    /// record, where asking the optional set itself copied it.
    private var carries = false
    private var lastCarries = false

    /// Flags `value` (and the spellings a command prints it in) for the running command,
    /// when the run made it a secret: a literal the reading found written openly too is no
    /// secret (SecretReading), and past the ledger's bound, where that is not known, every
    /// value is flagged.
    func carry(_ value: String) {
        guard secrets.values.ignored > 0 || secrets.values.knows(value) else { return }
        var values = carried ?? KnownSecrets()
        carried = nil  // its only reference while it grows
        values.addAsRead(value)
        carried = values
        carries = true
    }

    /// A statement starts: what the last command carried is no flag of its records.
    /// (The check alone, on every statement; what it rarely does, apart.)
    func startStatement() { if carries { dropCarried() } }

    private func dropCarried() {
        carried = nil
        carries = false
    }

    /// What the running command carries, taken off it while it runs others (`source`),
    /// and given back after (`resumeCommand`): what they carried ends with them.
    func suspendCommand() -> KnownSecrets? {
        let values = carried
        startStatement()
        return values
    }

    func resumeCommand(carrying values: KnownSecrets?) {
        guard carries || values != nil else { return }
        carried = values
        carries = values != nil
    }

    /// The running command made the last result: what it carries goes with that result.
    func keepCarriedForLast() { if carries || lastCarries { moveCarriedToLast() } }

    private func moveCarriedToLast() {
        carriedByLast = carried
        lastCarries = carries
    }

    /// The running command quotes the last result: it carries what that result's command did.
    func carryLastResult() {
        guard lastCarries, let last = carriedByLast else { return }
        for value in last.values { carry(value) }
    }

    /// The edge for the records people read, with the running command's flags (none
    /// while secrets are shown: the records people read show what was typed). Asked only
    /// once `carries`: nearly every record passes without it.
    private var recordEdgeCarrying: Redactor { recordEdge.shown ? recordEdge : carrying(recordEdge) }

    /// `edge`, also hiding what the running command carries.
    private func carrying(_ edge: Redactor) -> Redactor {
        guard carries, let carried else { return edge }
        return edge.carrying(carried)
    }

    /// Whether `name` holds a secret, by every source read so far (SecretLedger.holdsSecret).
    func holdsSecret(_ name: String) -> Bool {
        let flow = secretFlow  // copied out: no access to it spans the search
        return flow.holdsSecret(name)
    }

    /// While a plain run runs a file's setup again for its second test and on, the
    /// setup's output (and so its picture) is not shown again: it was shown once, and it
    /// is the same each time (Evaluator+Tests). Failures are still reported.
    var mutesOutput = false
    /// What failures mean for this run, and its exit code.
    public let verdict: RunVerdict
    /// Changed only by storing a new list (never in place, around a call into the array),
    /// so that no access to it, one for every record published, is checked at run time
    /// (Evaluator.settings says why).
    private var subscribers: [any RunEventSubscriber] = []

    init(verdict: RunVerdict) { self.verdict = verdict }

    /// Adds a subscriber: it sees every event published from now on.
    public func subscribe(_ subscriber: any RunEventSubscriber) { subscribers = subscribers + [subscriber] }

    /// Adds a subscriber that sees each event before the host's renderer does: a follower
    /// whose view must be current while the renderer waits (the live page, while `--step`
    /// waits for Enter before a command).
    public func subscribeBeforeTheRenderer(_ subscriber: any RunEventSubscriber) { subscribers = [subscriber] + subscribers }

    /// Removes a subscriber (`live stop`): it sees nothing published from now on.
    public func unsubscribe(_ subscriber: any RunEventSubscriber) { subscribers = subscribers.filter { $0 !== subscriber } }

    /// The subscriber of type `T`, if one follows the run (`record` asks for the journal).
    func subscriber<T: RunEventSubscriber>(_ type: T.Type) -> T? {
        for subscriber in subscribers { if let found = subscriber as? T { return found } }
        return nil
    }

    /// How many follow the run (the host's renderer is one).
    public var subscriberCount: Int { subscribers.count }

    /// `publish(.output(record, origin:))` without building the event: the failure policy
    /// has nothing to judge in a printed line, and each subscriber takes the record itself.
    /// `ours`: the record is our own text (`help`'s, from the command table), never the
    /// user's, and is not masked (HelpText.Line).
    func publishOutput(_ record: OutputRecord, origin: RecordOrigin?, ours: Bool = false) {
        if mutesOutput, !ours { return }
        let masked = ours ? record : carries ? recordEdgeCarrying.record(record) : recordEdge.record(record)
        for subscriber in subscribers { subscriber.receiveOutput(masked, origin: origin) }
    }

    /// `publishOutput(.text(line), origin:)` for each line, in order, with the switches
    /// and the subscribers read once for all of them (each read of a stored `var` of this
    /// class is a run-time exclusivity check) and no masking pass while no secret is known.
    /// `maskedByField`: lines that mask their own secrets field by field (JournalScript), which
    /// a pass by value would only spoil (`errorCode=***` for a number with a PIN's digits).
    func publishText(_ lines: [String], origin: RecordOrigin?, maskedByField: Bool = false) {
        if mutesOutput { return }
        let subscribers = subscribers
        let redactor: Redactor? = maskedByField ? nil : carries ? recordEdgeCarrying : textShownAsIs ? nil : recordEdge
        for line in lines {
            let record = OutputRecord.text(redactor.map { $0.text(line) } ?? line)
            for subscriber in subscribers { subscriber.receiveOutput(record, origin: origin) }
        }
    }

    /// `publishText([line], origin:)` without the array (`echo`).
    func publishText(_ line: String, origin: RecordOrigin?) {
        if mutesOutput { return }
        let record = OutputRecord.text(carries ? recordEdgeCarrying.text(line) : textShownAsIs ? line : recordEdge.text(line))
        for subscriber in subscribers { subscriber.receiveOutput(record, origin: origin) }
    }

    /// `lines` as a pager shows them, past the subscribers: as the records people read
    /// pass this edge, each line whose `ours` is true left as it is (HelpText.Line).
    func paged(_ lines: [String], ours: [Bool] = []) -> [String] {
        let redactor = recordEdgeCarrying
        guard !redactor.passesAll else { return lines }
        return lines.indices.map { ours.indices.contains($0) && ours[$0] ? lines[$0] : redactor.text(lines[$0]) }
    }

    func publish(_ event: RunEvent) {
        guard let admitted = verdict.admit(redacted(event)) else { return }
        for subscriber in subscribers { subscriber.receive(admitted) }
    }

    /// The one masking pass: any record may quote a secret given in the wrong place
    /// (`policy password raw $pw` prints the policy it read), any diagnostic may quote a
    /// line holding one.
    private func redacted(_ event: RunEvent) -> RunEvent {
        carries ? Self.redacted(event, by: carrying(messageEdge)) : Self.redacted(event, by: messageEdge)
    }

    private static func redacted(_ event: RunEvent, by messageEdge: Redactor) -> RunEvent {
        switch event {
        case .output(let record, let origin): return .output(messageEdge.record(record), origin: origin)
        case .expectationHeld, .ran, .served, .notReplayable: return event
        case .expectationFailed(let d, let s):
            let (shown, quoted) = messageEdge.diagnostic(d, source: s)
            return .expectationFailed(shown, source: quoted)
        case .failure(let d, let s):
            let (shown, quoted) = messageEdge.diagnostic(d, source: s)
            return .failure(shown, source: quoted)
        case .syntaxError(let d, let s):
            let (shown, quoted) = messageEdge.diagnostic(d, source: s)
            return .syntaxError(shown, source: quoted)
        case .halted(let d, let s):
            let (shown, quoted) = messageEdge.diagnostic(d, source: s)
            return .halted(shown, source: quoted)
        case .failuresPastCap(let d):
            return .failuresPastCap(messageEdge.diagnostic(d, source: nil).0)
        }
    }
}
