import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// The one exit-code rule (ExitCode): the most severe failure decides, I/O 4 > runtime 3
/// > syntax 2 > expectation 1, whatever the order the failures came in, and past the
/// failures a run keeps too.
@Suite struct ExitCodeRuleTests {
    @Test func theMostSevereWinsInAnyOrder() {
        expectEqual(ExitCode.mostSevere([Int32]()), 0)
        expectEqual(ExitCode.mostSevere(1, 3), 3)
        expectEqual(ExitCode.mostSevere(3, 1), 3)
        expectEqual(ExitCode.mostSevere(2, 4, 1), 4)
        expectEqual(ExitCode.mostSevere(0, 2), 2)
        let kinds: [Diagnostic.Kind] = [.expectation, .syntax, .runtime, .io]
        for (index, kind) in kinds.enumerated() {
            let failures = kinds[...index].reversed().map { Diagnostic(.commandCannotRun, "x", file: "f", at: .start, kind: $0) }
            expectEqual(ExitCode.of(failures), Int32(index + 1), "\(kind) is the worst of \(kinds[...index])")
        }
    }

    @Test func aFailedExpectationThenARuntimeErrorIsThree() {
        let script = "user add alice\nlogin alice\nexpect event getPassword challengeMode=0\nlogin nobody\n"
        let (_, stopped) = runScript(script)
        expectEqual(stopped.exitCode, 1, "without keep-going the run stops at the expectation")
        let (_, going) = runScript(script, keepGoing: true)
        expectEqual(going.failures.map(\.kind), [.expectation, .runtime])
        expectEqual(going.exitCode, 3)
        #expect(going.expectationsFailed == 1 && going.expectationsPassed == 0)
    }

    /// Past the failures a run keeps (Evaluator.reportedFailures), a runtime error still counts.
    @Test func aRuntimeErrorPastTheKeptFailuresStillCounts() {
        let failing = String(repeating: "expect state alice logged-in\n", count: Evaluator.reportedFailures + 5)
        let (_, evaluator) = runScript("user add alice\n" + failing + "login nobody\n", keepGoing: true)
        expectEqual(evaluator.failures.count, Evaluator.reportedFailures)
        #expect(evaluator.failures.allSatisfy { $0.kind == .expectation })
        expectEqual(evaluator.droppedFailures, 6)
        expectEqual(evaluator.exitCode, 3)
        expectEqual(evaluator.expectationsFailed, Evaluator.reportedFailures + 5)
    }
}
