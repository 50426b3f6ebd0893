import CredLanguage
import CredSimulator

/// Runs a file's named tests (docs/suites.md, "Named tests"): each test in a fresh simulation,
/// after the file's setup (its statements outside test blocks) has run again, then the
/// test's body. `credsh test` runs each test in an evaluator of its own
/// (`Options.selectedTest`); a plain run runs them all in turn in this one, each from the
/// state the file started in, and stops at a failure as a plain run always does.
extension Evaluator {
    /// What a test starts from: the simulation, variables and procedures as they were
    /// when the file began (the variables given with `--var` included).
    struct TestStart {
        let simulation: Simulation
        let variables: [String: Value]
        let procedures: [String: Procedure]
    }

    func runTests(_ tests: [DeclaredTest], of script: ParsedScript) -> Bool {
        let source = script.source
        if options.interactive {
            fail(Diagnostic(.testNotRunnable, "a test runs from a file (credsh test FILE); at the prompt, type its lines",
                            file: source.name, at: tests[0].position), source)
            return false
        }
        let start = TestStart(simulation: simulation, variables: environment.values, procedures: procedures)
        let chosen = options.selectedTest.map { name in tests.filter { $0.name == name } } ?? tests
        if chosen.isEmpty, let name = options.selectedTest {
            fail(Diagnostic(.testNotRunnable, "\(source.name) has no test named \(StringLiteral.quote(name))", file: source.name, at: .start), source)
        }
        for (index, test) in chosen.enumerated() {
            if index > 0 { restore(start) }
            runTest(test, of: script, showsSetup: index == 0)
            flushPendingFailure()
            // `skip` ends its test; the next one still runs (under `credsh test`, each is
            // alone in its evaluator and the skip is its verdict).
            if options.selectedTest == nil, verdict.skipReason != nil { verdict.resumeAfterSkip() }
            if shouldStop { break }
        }
        return !verdict.failureStopsTheRun || options.keepGoing
    }

    /// The setup, read from the top with every test block passed over, then the body of
    /// `test`. The setup's output is shown for the first test only: it is the same each
    /// time, so a run's output, like a file's transcript, holds it once, then each test's
    /// own lines from its header on.
    private func runTest(_ test: DeclaredTest, of script: ParsedScript, showsSetup: Bool) {
        let source = script.source
        var found: NamedTest?
        var stopped = false
        events.mutesOutput = !showsSetup
        defer { events.mutesOutput = false }
        forEachStatement(of: script) { statement in
            if case .test(let named) = statement {
                if named.name == test.name { found = named }
                return .proceed
            }
            let flow = execute(statement, in: source)
            stopped = flow == .stop
            return flow
        }
        events.mutesOutput = false
        if stopped { return }
        flushPendingFailure()
        guard let found, !shouldStop else { return }
        if options.echo {
            let outerOrigin = place.origin
            place.origin = RecordOrigin(file: source.name, line: test.position.line)
            defer { place.origin = outerOrigin }
            // The header after the setup, before the body: a transcript holds the setup's
            // output once, then each test's own lines from its header on (TranscriptFile).
            emit(.echo(command: ScriptWriter.renderTestHeader(test.name), file: source.name, line: test.position.line))
            if options.narrates, let story = Narration.above(test.position, in: source) { emit(.narration(story)) }
        }
        guard enterNesting(at: test.position, in: source) else { return }
        defer { leaveNesting() }
        // The body runs with the SDK it was read for: the one active where the test is written.
        simulation.activate(found.sdk)
        for statement in found.body where execute(statement, in: source) == .stop { return }
    }

    private func restore(_ start: TestStart) {
        simulation = start.simulation
        environment.restoreValues(start.variables)
        procedures = start.procedures
        last = nil
        verdict.pendingFailure = nil
        printed = .none
    }

    /// A `test` block met where no test can run: in a sourced file.
    func refuseTest(_ test: NamedTest, in source: SourceFile) {
        fail(Diagnostic(.testNotRunnable, "test \(StringLiteral.quote(test.name)) is in a sourced file: tests run only in the file credsh runs or tests",
                        file: source.name, at: test.position), source)
    }
}
