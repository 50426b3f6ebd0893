import CredLanguage
import CredScript
import CredSimulator

/// The session as the live page shows it (docs/teaching.md): a subscriber of
/// the run's events (RunEvents), seeing each record before the host's renderer; after each command the diagram so far, that command's
/// output and narration, and the `explain` text of what is in view go to the page's server
/// as one snapshot. Under `--step` the command at the pause is the snapshot's `next`, and
/// the last command run keeps its output until the next one runs (RunStarts tells when).
///
/// Cost: a snapshot draws the whole picture (up to the last 1,000 commands), so one is
/// made when a pause or the prompt waits for the teacher, and otherwise at most every
/// `interval` (or four times the last drawing's time, when that is longer) while a script
/// runs: a 1,000-command script draws tens of pictures, not a thousand, on a slow machine too.
package final class LiveFeed: RunEventSubscriber {
    /// Seconds between snapshots while a script runs without pausing.
    package static let interval = Duration.milliseconds(250)
    /// Lines of the last command's output kept: a command that prints more shows its end.
    package static let outputLines = 200
    /// Names and codes whose `explain` text is kept (most sessions meet a few dozen).
    package static let explainedNames = 2_000

    package let server: LiveServer
    private var recorder: SequenceDiagram.Recorder
    private let table: CommandTable
    private var snapshot = LiveSnapshot()
    private var pendingNarration: String?
    private var nextAllowed: ContinuousClock.Instant?
    private var changed = false
    private var explained: [String: String?] = [:]
    package var title = "credsh live"
    /// `step 3/12`, set by the pacer.
    package var progress: String? { didSet { snapshot.progress = progress } }
    /// `--step`: the pause shows each command, with its progress, before it runs, so an
    /// echoed command does not publish by itself; the page shows it as the one waiting
    /// (`next`), and the last command run keeps its output until the next one runs.
    package var pacedByStep = false
    /// `--step`: each echo seen, until it runs (`commandRuns`); those echoed during a pause
    /// were typed at it and run at once, the one echoed before the pause waits for Enter.
    private var echoed: [(command: String, narration: String?, step: Bool, typed: Bool, records: [OutputRecord])] = []
    /// `--step`: the narration met before the next echo, drawn with its command when that
    /// runs, so a command typed at a pause is drawn before the one waiting (where it ran).
    private var heldNarration: [OutputRecord] = []
    /// Echoes awaiting their run, at most: they nest only as deep as `source` and a typed
    /// line at a pause do (Limits.standard.sourceDepth), far below this.
    package static let maximumEchoed = 1_000
    /// Echoes past `maximumEchoed`, not kept: their runs are not told apart.
    private var uncounted = 0
    /// `--step` waits for Enter (between `waiting(progress:)` and the waiting command's run).
    private var pausing = false
    /// The SDK active now: the one a command or a failure belongs to.
    private let activeSDK: () -> SDKID

    package init(server: LiveServer, table: CommandTable = .standard, activeSDK: @escaping () -> SDKID) {
        self.server = server
        self.table = table
        self.activeSDK = activeSDK
        recorder = SequenceDiagram.Recorder(table: table)
    }

    package func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {
        self.record(record, activeSDK: activeSDK())
        if case .echo = record, !pacedByStep { publish(force: false) }
    }

    package func receive(_ event: RunEvent) {
        if case .output(let record, let origin) = event { return receiveOutput(record, origin: origin) }
        // A line that does not parse ran nothing: it is not part of the flow.
        guard let (diagnostic, _) = event.shownDiagnostic, diagnostic.kind != .syntax else { return }
        recordFailure(diagnostic.message, activeSDK: activeSDK())
    }

    package var secretsShown: Bool {
        get { recorder.secretsShown }
        set {
            recorder.secretsShown = newValue
            snapshot.banner = newValue ? SecretLedger.shownBanner : nil
            changed = true
        }
    }

    /// Every record the host shows, in order.
    /// Each has passed the run's edge (RunEvents), which masks its secrets, the control
    /// token of `credsh serve --control` always (SecretLedger.withheld).
    package func record(_ record: OutputRecord, activeSDK: SDKID) {
        // Under --step a command is drawn as it runs, not as it is shown at the pause.
        switch (pacedByStep, record) {
        case (true, .narration): heldNarration.append(record)
        case (true, .echo): break  // drawn when it runs (commandRuns), with its narration
        default: recorder.record(record, activeSDK: activeSDK)
        }
        changed = true
        switch record {
        case .narration(let text):
            pendingNarration = text
        case .echo(let command, _, _):
            let told = pendingNarration
            pendingNarration = nil
            if pacedByStep {
                let step = table.isStep(echoed: command)
                if echoed.count < Self.maximumEchoed {
                    echoed.append((command, told, step, pausing, heldNarration + [record]))
                } else {
                    uncounted += 1
                    for held in heldNarration + [record] { recorder.record(held, activeSDK: activeSDK) }
                }
                heldNarration = []
                // Before a pause: the command waits for Enter; the last one run, and its output, stay.
                if step, !pausing {
                    snapshot.next = command
                    snapshot.nextNarration = told
                }
                return
            }
            guard table.isStep(echoed: command) else { return }
            // A new command: what the page shows of the last one is complete; show it, then this one.
            snapshot.command = command
            snapshot.narration = told
            snapshot.output = []
        case .text, .commandError, .outcome:
            var line = TextRenderer().render(record)
            if line.hasSuffix("\n") { line.removeLast() }
            snapshot.output.append(line)
            if snapshot.output.count > Self.outputLines * 2 { snapshot.output.removeFirst(snapshot.output.count - Self.outputLines) }
        }
    }

    /// `--step`: the pause starts, showing `progress` (`step 3/12`) and the command waiting.
    package func waiting(progress: String) {
        self.progress = progress
        pausing = true
        changed = true
        publish(force: true)
    }

    /// `--step`: the command last echoed runs now (RunStarts sees each echo after the pacer,
    /// so after its pause): the output that follows is its own.
    package func commandRuns() {
        if uncounted > 0 { return uncounted -= 1 }
        guard let started = echoed.popLast() else { return }
        for record in started.records { recorder.record(record, activeSDK: activeSDK()) }
        if !started.typed, started.step {
            pausing = false
            snapshot.next = nil
            snapshot.nextNarration = nil
        }
        guard started.step else { return }
        snapshot.command = started.command
        snapshot.narration = started.narration
        snapshot.output = []
        changed = true
    }

    /// Sees each echo after StepPacer (subscribed after it), that is as its command starts to
    /// run: a pause, if any, is over. It tells LiveFeed, which sees each echo before the pacer.
    package final class RunStarts: RunEventSubscriber {
        unowned let feed: LiveFeed
        package init(feed: LiveFeed) { self.feed = feed }
        package func receive(_ event: RunEvent) {
            if case .output(let record, let origin) = event { receiveOutput(record, origin: origin) }
        }
        package func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {
            if case .echo = record { feed.commandRuns() }
        }
    }

    package func recordFailure(_ message: String, activeSDK: SDKID) {
        recorder.recordFailure(message, activeSDK: activeSDK)
        snapshot.output.append("✗ " + message)
        changed = true
    }

    /// Sends a snapshot when something changed: now when `force` (a pause, the prompt
    /// waiting, the end of a run), else only if `interval` has passed since the last.
    package func publish(force: Bool) {
        guard changed || force else { return }
        if !force, let next = nextAllowed, ContinuousClock.now < next { return }
        changed = false
        let started = ContinuousClock.now
        defer {
            // The next unforced snapshot waits `interval`, or four times what this one took,
            // whichever is longer: drawing costs at most a fifth of a run however slow the machine.
            let finished = ContinuousClock.now
            nextAllowed = finished + max(Self.interval, (finished - started) * 4)
        }
        let diagram = recorder.diagram(title: title)
        snapshot.sequence += 1
        snapshot.svg = SVGWriter().render(diagram)
        snapshot.output = Array(snapshot.output.suffix(Self.outputLines))
        snapshot.explanations = explanations(diagram)
        server.publish(snapshot)
    }

    /// `explain`'s text for each name and code in the picture and the output.
    private func explanations(_ diagram: SequenceDiagram) -> [(String, String)] {
        var keys: [(String, SDKID)] = []  // (query, sdk)
        var seen = Set<String>()
        func add(_ key: String, _ sdk: SDKID) {
            if !key.isEmpty, seen.insert(key).inserted { keys.append((key, sdk)) }
        }
        for step in diagram.steps {
            for case .message(let message) in step.items {
                add(message.name, step.sdk)
                for detail in message.details { if let code = Self.code(in: detail) { add(code, step.sdk) } }
                if let error = message.error { add(error.split(separator: " ").dropFirst().first.map(String.init) ?? "", step.sdk) }
            }
        }
        let sdk = diagram.steps.last?.sdk ?? .first
        for line in snapshot.output {
            for word in line.split(separator: " ") {
                if let code = Self.code(in: String(word)) { add(code, sdk) }
                else if word.first?.isLetter == true, word.allSatisfy({ $0.isLetter || $0.isNumber }) { add(String(word), sdk) }
            }
        }
        var found: [(String, String)] = []
        for (key, sdk) in keys {
            let text: String?
            if let cached = explained[key] { text = cached } else {
                text = ExplainLookup.lines(key, sdk: sdk)?.joined(separator: "\n")
                if explained.count < Self.explainedNames { explained[key] = text }
            }
            if let text { found.append((key, text)) }
        }
        return found
    }

    /// `118` of `statusCode=118`, `errorCode=9009` or `code=…`: a number after a name that ends in "code" or is "status".
    package static func code(in field: String) -> String? {
        guard let equals = field.firstIndex(of: "=") else { return nil }
        let name = field[..<equals].lowercased()
        guard name.hasSuffix("code") || name == "status" else { return nil }
        let digits = field[field.index(after: equals)...].prefix { $0.isASCII && $0.isNumber }
        return digits.isEmpty ? nil : String(digits)
    }

    package func stop() { server.stop() }
}
