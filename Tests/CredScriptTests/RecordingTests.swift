@testable import CredLanguage
@testable import CredScript
import CredSimulator
import Testing
import Expectations

/// `record` at the prompt: what a recording holds must replay to the state the session
/// reached, and a failing `record` must not lose the recording that was running.
@Suite struct RecordingTests {
    /// A session at the prompt: each line runs on its own, as the REPL runs them.
    final class Session {
        let host = MemoryHost()
        let evaluator: Evaluator

        init() { evaluator = Evaluator(simulation: Simulation(seed: 0), options: .init(interactive: true), host: host) }

        func type(_ lines: String...) {
            for line in lines {
                evaluator.clearFailures()
                evaluator.run(SourceFile(name: "<repl>", text: line + "\n"))
            }
        }
    }

    /// Regression: `record /nonexistent/x` while recording silently ended the recording
    /// that was running, so what followed was lost.
    @Test func aFailingRecordLeavesTheRunningRecordingAsItWas() {
        let session = Session()
        session.type("user add alice password \"Passw0rd!\"", "record a.credscript", "login alice \"Passw0rd!\"")
        session.type("record /nonexistent/x.credscript")
        #expect(session.host.errors.contains("cannot write /nonexistent/x.credscript"))
        #expect(session.host.errors.contains("still recording to a.credscript"))
        expectEqual(session.evaluator.recordingPath, "a.credscript")
        session.type("logout", "record stop")
        let recorded = session.host.recordings["a.credscript"] ?? ""
        #expect(recorded.contains("login alice \"Passw0rd!\"\n"))
        #expect(recorded.contains("logout\nexpect events onUserLoggedOff getUser\n"), "\(recorded)")
        expectEqual(session.host.recordings["/nonexistent/x.credscript"], nil)
    }

    /// The journal a later `record` starts from is bounded (a prompt serving HTTP adds to
    /// it with every request): past its bound, `record` is refused with the reason, and a
    /// recording already running goes on whole.
    @Test func pastItsBoundTheSessionIsNoLongerKeptButARunningRecordingGoesOn() {
        let session = Session()
        session.evaluator.startJournal(maximumBytes: 400)
        session.type("user add alice password \"Passw0rd!\"", "record early.credscript")
        for _ in 0..<50 { session.type("clock advance 1h") }
        session.type("record late.credscript")
        #expect(session.host.output.contains("this session has run more than 400 bytes of script, more than is kept to replay it from the start; record in a new session"))
        expectEqual(session.host.recordings["late.credscript"], nil)
        expectEqual(session.evaluator.recordingPath, "early.credscript")
        session.type("state", "record stop")
        let recorded = session.host.recordings["early.credscript"] ?? ""
        expectEqual(recorded.components(separatedBy: "clock advance 1h\n").count - 1, 50)
        #expect(recorded.hasSuffix("state\n"))
    }

    /// The journal is a subscriber of the run's events: a journal given the events a
    /// session published writes the same script as the one that followed it live.
    @Test func aJournalFedTheRecordedEventsWritesTheSameScript() {
        let session = Session()
        let log = RunEventLog()
        session.evaluator.events.subscribe(log)
        session.type("user add alice password \"Passw0rd!\"", "login alice \"Passw0rd!\"", "repeat 2 { clock advance 1h }",
                     "proc out { logout }", "out", "for d in 1h 2h { clock advance $d }")
        let live = session.evaluator.sessionJournal?.recordingText ?? ""
        let replayed = SessionJournal(host: session.host, table: .standard)
        for event in log.events { replayed.receive(event) }
        #expect(live.contains("repeat 2 {") && live.contains("for d in 1h 2h {") && live.contains("\nout\n"), "\(live)")
        expectEqual(replayed.recordingText, live)
        #expect(log.events.contains { if case .ran = $0 { true } else { false } })
    }

    /// Regression: a recording wrote `user add a password 7` for `007` and `1d` for `24h`,
    /// so the replay set other passwords than the session had.
    @Test func numbersAndDurationsAreRecordedAsTyped() {
        let session = Session()
        session.type("record typed.credscript", "user add a password 007", "user add b password 24h", "let p = 0042", "clock advance 1d12h")
        session.type("record stop")
        let recorded = session.host.recordings["typed.credscript"] ?? ""
        for line in ["user add a password 007\n", "user add b password 24h\n", "let p = 0042\n", "clock advance 1d12h\n"] {
            #expect(recorded.contains(line), "\(line) in \(recorded)")
        }
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() {
        let session = Session()
        session.type("user add alice password \"Passw0rd!\"", "record a.credscript", "record stop")
        let first = session.host.recordings["a.credscript"]
        session.type("users", "record a.credscript")
        #expect(session.host.errors.contains("a.credscript already exists; 'record --force a.credscript' replaces it"))
        #expect(session.host.errors.contains("; not recording"))
        expectEqual(session.evaluator.recordingPath, nil)
        expectEqual(session.host.recordings["a.credscript"], first)
        session.type("record --force a.credscript", "record stop")
        expectEqual(session.host.recordings["a.credscript"]?.contains("users\n"), true)
    }

    @Test func switchingToAnotherFileSaysWhereTheFirstEnds() {
        let session = Session()
        session.type("record a.credscript", "clock advance 1d", "record b.credscript", "clock advance 2d", "record stop")
        #expect(session.host.output.contains("the recording to a.credscript ends here"))
        expectEqual(session.host.recordings["a.credscript"]?.contains("2d"), false)
        expectEqual(session.host.recordings["b.credscript"]?.contains("clock advance 1d\nclock advance 2d\n"), true)
    }

    /// Regression: a block whose commands failed at the prompt was recorded whole, with no
    /// `expect error`, so its replay failed at the first. A block at the prompt stops at its
    /// first failure (Evaluator.failureRule): the iterations that ran clean are written as
    /// a block, then each statement of the one that failed, the failed command with its
    /// `expect error`, so the replay reaches the same state and stops nowhere.
    @Test func aBlockWhoseCommandsFailedIsRecordedStatementByStatement() {
        let session = Session()
        session.type("user add alice password \"Sekr1t-A!9\"", "record f.credscript")
        session.type("repeat 2 { clock advance 1h }", "for u in x y z {\n    echo $u\n    login nobody\n}",
                     "repeat 3 {\n    login alice\n    password wrong1X!\n}", "record stop")
        let recorded = session.host.recordings["f.credscript"] ?? ""
        #expect(recorded.contains("repeat 2 {\n    clock advance 1h\n}\n"), "\(recorded)")
        // The `for` stopped at its first row's failure: the later rows never ran.
        #expect(recorded.contains("let u = x\necho $u\nlogin nobody\nexpect error \"no user 'nobody'\"\n"), "\(recorded)")
        #expect(!recorded.contains("let u = y") && !recorded.contains("let u = z"), "\(recorded)")
        #expect(session.host.output.contains("the recording keeps what ran: 0 of the 3 iterations as a block, then each statement from the first that failed, with its expect error"))
        expectEqual(session.host.errors.components(separatedBy: "a block stops at its first failure").count - 1, 2, "\(session.host.errors)")
        let (host, replay) = runScript(recorded)
        expectEqual(replay.exitCode, 0, "\(host.errors)")
        expectEqual(replay.simulation.now, session.evaluator.simulation.now)
        expectEqual(replay.simulation.active.describeState(world: replay.simulation.world),
                    session.evaluator.simulation.active.describeState(world: session.evaluator.simulation.world))
    }

    /// A block that would write out more than BlockReplay.maximumPieces statements is not
    /// kept: the recording says where it stops replaying, and a later `record` says why.
    @Test func aBlockTooLongToWriteOutEndsTheRecording() {
        let session = Session()
        // Each failure acknowledged, so the block goes on: two statements written out an iteration.
        session.type("record g.credscript", "repeat 10001 {\n    login nobody\n    expect error ~\"no user\"\n}", "record h.credscript")
        let recorded = session.host.recordings["g.credscript"] ?? ""
        #expect(recorded.hasSuffix("# not recorded: a block wrote out more than 10,000 statements for its replay; this file replays only what ran before\n"), "\(recorded.suffix(300))")
        expectEqual(session.evaluator.recordingPath, nil)
        #expect(session.host.output.contains("a block wrote out more than 10,000 statements for its replay, which a recording cannot replay; record in a new session"))
        // Inside another block too: the outer block is not then written whole.
        let nested = Session()
        nested.type("record n.credscript", "repeat 1 {\n    repeat 10001 {\n        login nobody\n        expect error ~\"no user\"\n    }\n}")
        expectEqual(nested.host.recordings["n.credscript"]?.hasSuffix("this file replays only what ran before\n"), true)
        expectEqual(nested.host.recordings["n.credscript"]?.contains("repeat 1 {"), false)
    }

    /// Regression: `repeat 1000000 { login dave@example.com secret34 }` at the prompt printed
    /// the same error for each iteration until Ctrl-C. The block stops at its first failure,
    /// with one diagnostic saying so, and the next line runs as usual; a failure the block
    /// acknowledges with `expect error` does not stop it.
    @Test func aBlockAtThePromptStopsAtItsFirstFailure() {
        let session = Session()
        session.type("record r.credscript", "repeat 1000000 { login dave@example.com secret34 }")
        expectEqual(session.host.output.components(separatedBy: "no user 'dave@example.com'").count - 1, 1, "\(session.host.output)")
        let stops = session.host.errors.components(separatedBy: "a block stops at its first failure, as in a script; write 'expect error' after the command to go on").count - 1
        expectEqual(stops, 1, "\(session.host.errors)")
        #expect(!session.host.errors.contains("secret34"))
        session.type("repeat 3 {\n    login nobody\n    expect error ~\"no user\"\n}", "echo after")
        expectEqual(session.host.output.components(separatedBy: "no user 'nobody'").count - 1, 3)
        #expect(session.host.output.hasSuffix("after\n"), "\(session.host.output.suffix(200))")
        // Outside a block, the prompt goes on after a failed command as before.
        session.type("login nobody", "echo still here")
        #expect(session.host.output.hasSuffix("still here\n"))
        session.type("record stop")
        let recorded = session.host.recordings["r.credscript"] ?? ""
        let (host, replay) = runScript(recorded)
        expectEqual(replay.exitCode, 0, "\(host.errors)\n\(recorded)")
    }

    /// Regression: a `repeat` stopped by Ctrl-C was recorded with its full count, so the
    /// replay went further than the session had and still passed.
    @Test func anInterruptedRepeatIsRecordedAsTheIterationsThatRan() {
        let session = Session()
        session.type("record s.credscript")
        var checks = 0
        // Statement starts: the repeat, then 1d, 1h, 1d, 1h, 1d, and the 7th is interrupted.
        session.evaluator.interruptRequested = {
            checks += 1
            return checks == 7
        }
        session.type("repeat 10 {\n    clock advance 1d\n    clock advance 1h\n}")
        session.evaluator.interruptRequested = { false }
        #expect(session.host.errors.contains("interrupted"))
        #expect(session.host.output.contains("the recording keeps what ran: 2 of the 10 iterations, then 1 statement of the next"))
        session.type("record stop")
        let recorded = session.host.recordings["s.credscript"] ?? ""
        #expect(recorded.contains("repeat 2 {\n    clock advance 1d\n    clock advance 1h\n}\nclock advance 1d\n"), "\(recorded)")
        #expect(!recorded.contains("repeat 10"))
        let (_, replay) = runScript(recorded)
        expectEqual(replay.exitCode, 0)
        expectEqual(replay.simulation.now, session.evaluator.simulation.now)
        expectEqual(session.evaluator.simulation.now, VirtualClock.defaultStart + 3 * 86_400 + 2 * 3_600)
    }

    /// A `for` cut short is recorded as the rows that ran, then the current row's names
    /// bound and its statements that ran: the replay reaches the same instant.
    @Test func anInterruptedForIsRecordedAsTheRowsThatRan() {
        let session = Session()
        session.type("record s.credscript")
        var checks = 0
        // Statement starts: the for, then 1d, 1h, 2d, 1h, 3d, and the 7th is interrupted.
        session.evaluator.interruptRequested = {
            checks += 1
            return checks == 7
        }
        session.type("for d in 1d 2d 3d 4d {\n    clock advance $d\n    clock advance 1h\n}")
        session.evaluator.interruptRequested = { false }
        #expect(session.host.errors.contains("interrupted"))
        session.type("record stop")
        let recorded = session.host.recordings["s.credscript"] ?? ""
        #expect(recorded.contains("for d in 1d 2d {\n    clock advance $d\n    clock advance 1h\n}\nlet d = 3d\nclock advance $d\n"), "\(recorded)")
        let (_, replay) = runScript(recorded)
        expectEqual(replay.exitCode, 0)
        expectEqual(replay.simulation.now, session.evaluator.simulation.now)
        expectEqual(session.evaluator.simulation.now, VirtualClock.defaultStart + 6 * 86_400 + 2 * 3_600)
    }

    /// A procedure's definition and its calls are recorded as written: the replay defines it, then calls it.
    @Test func proceduresAreRecordedAsDefinedAndCalled() {
        let session = Session()
        session.type("record s.credscript", "proc tick n {\n    clock advance $n\n}", "tick 2d", "record stop")
        let recorded = session.host.recordings["s.credscript"] ?? ""
        #expect(recorded.contains("proc tick n {\n    clock advance $n\n}\ntick 2d\n"), "\(recorded)")
        let (_, replay) = runScript(recorded)
        expectEqual(replay.simulation.now, session.evaluator.simulation.now)
    }

    /// Wherever a nested block is cut short, the recording replays to the same instant.
    @Test(arguments: 1...24) func aCutAnywhereInNestedBlocksReplaysToTheSameState(cut: Int) {
        let session = Session()
        session.type("record s.credscript")
        var checks = 0
        session.evaluator.interruptRequested = {
            checks += 1
            return checks == cut
        }
        session.type("repeat 3 {\n    repeat 2 {\n        clock advance 1h\n        clock advance 1m\n    }\n    clock advance 1d\n}")
        session.evaluator.interruptRequested = { false }
        session.type("record stop")
        let recorded = session.host.recordings["s.credscript"] ?? ""
        let (host, replay) = runScript(recorded)
        expectEqual(replay.exitCode, 0, "\(host.errors)")
        expectEqual(replay.simulation.now, session.evaluator.simulation.now, "cut at \(cut):\n\(recorded)")
    }

    @Test func aRepeatThatRanWholeIsRecordedAsWritten() {
        let session = Session()
        session.type("record s.credscript", "repeat 3 { clock advance 1d }", "record stop")
        expectEqual(session.host.recordings["s.credscript"]?.contains("repeat 3 {\n    clock advance 1d\n}\n"), true)
        #expect(!session.host.output.contains("keeps what ran"))
    }
}
