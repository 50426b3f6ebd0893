import CredLanguage
/// The one place that decides what a failure means for a run — whether it stops, what is
/// shown, the exit code — and the one place that caps what is shown at
/// `reportedFailures`. It follows the run's events like any subscriber (RunEvents hands
/// it each event first, to learn whether the others are to see it).
public final class RunVerdict: RunEventSubscriber {
    /// Failures reported in full; later ones (under `--keep-going`) are only counted.
    public static let reportedFailures = Limits.reportedFailures

    /// Go on after a failure, reporting and counting each one.
    var keepGoing: Bool { didSet { updateShouldStop() } }
    /// A failed expectation is reported and the run goes on (`credsh test`).
    var continueAfterFailedExpectations: Bool

    /// Every failure reported, in order (the first `reportedFailures`); the most severe
    /// decides the exit code (`ExitCode`).
    public private(set) var failures: [Diagnostic] = []
    /// Failures past `reportedFailures`: counted, not kept or shown.
    public private(set) var droppedFailures = 0
    /// The most severe code among the dropped failures: a runtime error past the cap still
    /// makes the run's code 3.
    private var droppedExitCode: Int32 = 0
    /// How many `expect` statements ran and held.
    public private(set) var expectationsPassed = 0
    /// How many `expect` statements did not hold, those past the cap included.
    public private(set) var expectationsFailed = 0
    /// A failure that stops a run without `keepGoing` has happened.
    private(set) var failureStopsTheRun = false { didSet { updateShouldStop() } }
    /// The run cannot usefully go on, even under `keepGoing`: the step budget is spent, or
    /// `source` recursed past its depth.
    var halted = false { didSet { updateShouldStop() } }
    /// Set by `exit`: the run stops, successfully.
    public internal(set) var exitRequested = false { didSet { updateShouldStop() } }
    /// Set by `skip`: why the script stopped there, to be reported as skipped.
    public internal(set) var skipReason: String?
    /// A command failed, and whether that is a failure of the script waits on the next
    /// statement: not when it is `expect error` (Evaluator.flushPendingFailure).
    var pendingFailure: (Diagnostic, SourceFile)? { didSet { hasPendingFailure = pendingFailure != nil } }
    /// `pendingFailure != nil`, kept as it changes: asked before nearly every statement,
    /// where reading the optional itself copied the diagnostic and the source out.
    private(set) var hasPendingFailure = false

    public init(keepGoing: Bool = false, continueAfterFailedExpectations: Bool = false) {
        self.keepGoing = keepGoing
        self.continueAfterFailedExpectations = continueAfterFailedExpectations
    }

    /// Whether the run stops before its next statement: `exitRequested || halted ||
    /// (!keepGoing && failureStopsTheRun)`, kept up to date as each of them changes. The
    /// evaluator asks before and after every statement; one stored flag is one run-time
    /// exclusivity check where the four were four.
    private(set) var shouldStop = false

    private func updateShouldStop() {
        shouldStop = exitRequested || halted || (!keepGoing && failureStopsTheRun)
    }

    /// The exit code for the run so far: 0, or the most severe failure's (`ExitCode`).
    public var exitCode: Int32 { ExitCode.mostSevere(ExitCode.of(failures), droppedExitCode) }

    /// At the prompt each line starts afresh: earlier failures do not stop later lines.
    func clear() {
        failures.removeAll()
        failureStopsTheRun = false
        droppedFailures = 0
        droppedExitCode = 0
        expectationsFailed = 0
        exitRequested = false
        skipReason = nil
        halted = false
    }

    /// A plain run of a file with named tests goes on to the next test after one that
    /// ended with `skip`.
    func resumeAfterSkip() {
        skipReason = nil
        exitRequested = false
    }

    /// Counts a failure that happened outside the language (a script file that cannot be read).
    func count(_ diagnostic: Diagnostic) {
        failures.append(diagnostic)
        failureStopsTheRun = true
    }

    public func receive(_ event: RunEvent) { _ = admit(event) }

    /// Counts what `event` says and returns what the other subscribers are to see of it:
    /// the event itself, the notice that failures past the cap are only counted, or nothing.
    public func admit(_ event: RunEvent) -> RunEvent? {
        switch event {
        case .output, .ran, .served, .notReplayable: return event
        case .expectationHeld:
            expectationsPassed += 1
            return event
        case .expectationFailed(let diagnostic, _):
            expectationsFailed += 1
            if !continueAfterFailedExpectations { failureStopsTheRun = true }
            return capped(event, diagnostic)
        case .failure(let diagnostic, _):
            failureStopsTheRun = true
            return capped(event, diagnostic)
        case .syntaxError(let diagnostic, _):
            if failures.count < Self.reportedFailures { failures.append(diagnostic) }
            failureStopsTheRun = true
            return event
        case .halted(let diagnostic, _):
            halted = true
            failures.append(diagnostic)
            return event
        case .failuresPastCap: return event
        }
    }

    /// Whether there is room to show another failure.
    var showsMoreFailures: Bool { failures.count < Self.reportedFailures }

    private func capped(_ event: RunEvent, _ diagnostic: Diagnostic) -> RunEvent? {
        guard failures.count >= Self.reportedFailures else {
            failures.append(diagnostic)
            return event
        }
        droppedFailures += 1
        droppedExitCode = ExitCode.mostSevere(droppedExitCode, diagnostic.exitCode)
        guard droppedFailures == 1 else { return nil }
        return .failuresPastCap(Diagnostic(.failuresNotShown, "more than \(Self.reportedFailures) failures: the rest are counted, not shown",
                                           file: diagnostic.file, at: diagnostic.position, kind: diagnostic.kind))
    }
}
