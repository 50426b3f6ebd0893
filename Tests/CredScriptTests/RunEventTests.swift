import CredLanguage
import CredScript
import CredSimulator
import Testing
import Expectations

/// The run's events: each subscriber sees the same sequence, and what it makes of the
/// sequence recorded from a live run is what it made of the run itself.
@Suite struct RunEventTests {
    /// Passes, fails (an expectation, a command), prints, and quotes a secret in the wrong place.
    static let script = """
        let secret pw = "Zq9-secret!"
        user add alice password $pw
        login alice
        password $pw
        expect event onUserLoggedIn
        expect state alice logged-out
        echo "typed: Zq9-secret!"
        login nobody
        logout
        """

    /// A live run with a log, a coverage recorder and a second verdict beside the host.
    static func liveRun() -> (host: MemoryHost, evaluator: Evaluator, log: RunEventLog, coverage: CoverageRecorder, verdict: RunVerdict) {
        let host = MemoryHost()
        let options = Evaluator.Options(echo: true, keepGoing: true, continueAfterFailedExpectations: true)
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: options, host: host)
        let log = RunEventLog(), coverage = CoverageRecorder()
        let verdict = RunVerdict(keepGoing: true, continueAfterFailedExpectations: true)
        evaluator.events.subscribe(log)
        evaluator.events.subscribe(coverage)
        evaluator.events.subscribe(verdict)
        evaluator.run(SourceFile(name: "events.credscript", text: script))
        return (host, evaluator, log, coverage, verdict)
    }

    static func replay(_ events: [RunEvent], into subscriber: RunEventSubscriber) {
        for event in events { subscriber.receive(event) }
    }

    @Test func theSequenceSaysWhatHappenedInOrder() {
        let run = Self.liveRun()
        let kinds = run.log.events.compactMap { event -> String? in
            switch event {
            case .output(.echo, _): return "echo"
            case .output: return nil
            case .expectationHeld: return "held"
            case .expectationFailed: return "expectation failed"
            case .failure: return "failure"
            case .syntaxError: return "syntax"
            case .halted: return "halted"
            case .failuresPastCap: return "cap"
            case .ran, .served, .notReplayable: return "journal"
            }
        }
        expectEqual(kinds, ["echo", "echo", "echo", "echo", "echo", "held", "echo", "expectation failed",
                          "echo", "echo", "failure", "echo"])
    }

    @Test func everyEventIsMaskedBeforeAnySubscriberSeesIt() {
        let run = Self.liveRun()
        #expect(!run.log.events.isEmpty)
        for event in run.log.events {
            #expect(!"\(event)".contains("Zq9-secret!"))
        }
        #expect(!run.host.output.contains("Zq9-secret!") && !run.host.errors.contains("Zq9-secret!"))
        #expect(run.host.output.contains("typed: ***"))
    }

    @Test func theHostsRendererShowsTheSameFromTheRecordedSequence() {
        let run = Self.liveRun()
        let replayed = MemoryHost()
        Self.replay(run.log.events, into: HostRenderer(replayed))
        #expect(!run.host.output.isEmpty && !run.host.errors.isEmpty)
        expectEqual(replayed.output, run.host.output)
        expectEqual(replayed.errors, run.host.errors)
    }

    @Test func coverageCountsTheSameFromTheRecordedSequence() {
        let run = Self.liveRun()
        let replayed = CoverageRecorder()
        Self.replay(run.log.events, into: replayed)
        expectEqual(replayed.tally, run.coverage.tally)
        #expect(replayed.tally != CoverageRecorder().tally)
    }

    @Test func theDiagramDrawsTheSameFromTheRecordedSequence() {
        let host = MemoryHost()
        let evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(echo: true, keepGoing: true, continueAfterFailedExpectations: true), host: host)
        let log = RunEventLog()
        let live = DiagramFollower { [unowned evaluator] in evaluator.simulation.activeSDK }
        evaluator.events.subscribe(log)
        evaluator.events.subscribe(live)
        evaluator.run(SourceFile(name: "events.credscript", text: Self.script))
        let replayed = DiagramFollower { .first }  // the script stays with the first SDK
        Self.replay(log.events, into: replayed)
        let drawn = live.diagram(title: "t")
        #expect(!drawn.steps.isEmpty)
        expectEqual(SVGWriter().render(replayed.diagram(title: "t")), SVGWriter().render(drawn))
        #expect(!SVGWriter().render(drawn).contains("Zq9-secret!"))
    }

    @Test func theVerdictJudgesTheSameFromTheRecordedSequence() {
        let run = Self.liveRun()
        let replayed = RunVerdict(keepGoing: true, continueAfterFailedExpectations: true)
        Self.replay(run.log.events, into: replayed)
        for verdict in [replayed, run.verdict] {
            expectEqual(verdict.failures, run.evaluator.failures)
            #expect(verdict.expectationsPassed == 1 && verdict.expectationsFailed == 1)
            expectEqual(verdict.exitCode, run.evaluator.exitCode)
        }
        expectEqual(run.evaluator.exitCode, 3)
        expectEqual(run.evaluator.failures.count, 2)
    }

    /// One place caps what is shown: past the cap failures are counted, one notice says so,
    /// and the exit code still counts the dropped ones.
    @Test func failuresPastTheCapAreCountedOnceNoticed() {
        let verdict = RunVerdict(keepGoing: true)
        let failure = Diagnostic(.commandCannotRun, "boom", file: "f", at: .start)
        var shown: [RunEvent] = []
        for _ in 0..<(RunVerdict.reportedFailures + 5) {
            if let event = verdict.admit(.failure(failure, source: nil)) { shown.append(event) }
        }
        expectEqual(shown.count, RunVerdict.reportedFailures + 1)
        guard case .failuresPastCap(let notice)? = shown.last else { Issue.record("no notice"); return }
        #expect(notice.message.contains("the rest are counted, not shown"))
        #expect(verdict.failures.count == RunVerdict.reportedFailures && verdict.droppedFailures == 5)
        expectEqual(verdict.exitCode, 3)
    }
}
