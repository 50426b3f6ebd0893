import CredLanguage
import CredSimulator

extension Evaluator {
    /// Runs a block `count` times. A block is journaled whole when every iteration ran;
    /// otherwise as `repeat N { … }` for the N iterations that finished, followed by the
    /// statements of the unfinished one that ran.
    func repeatBlock(_ statement: Statement, count: Int, body: [Statement], in source: SourceFile) -> (flow: Flow, replay: Replay) {
        guard enterNesting(at: statement.position, in: source) else { return (.stop, .none) }
        place.blocks += 1
        defer {
            place.blocks -= 1
            leaveNesting()
        }
        let journals = self.place.journals
        self.place.journals = false  // a block is journaled as one piece, not command by command
        // What ran is tracked only for a journal (at the prompt), so scripts pay nothing.
        let tracking = journals || place.tracksReplay
        let outerTracking = place.tracksReplay
        place.tracksReplay = tracking
        defer { place.tracksReplay = outerTracking }
        var ran = BlockReplay()
        var flow = Flow.proceed
        iterations: for _ in 0..<count {
            if tracking { ran.startIteration() }
            for inner in body {
                let (innerFlow, innerReplay) = perform(inner, in: source)
                if tracking { ran.add(inner, innerReplay) }
                if innerFlow == .stop {
                    flow = .stop
                    break iterations
                }
            }
            if tracking { ran.endIteration() }
            flushPendingFailure()
            if shouldStop {
                flow = .stop
                break
            }
        }
        self.place.journals = journals
        guard tracking, !ran.isWhole(of: count), case let .repetition(countExpression, _, position) = statement else {
            journal(statement)
            return (flow, .whole)
        }
        let replay = ran.pieces { times in
            .repetition(count: Expression(kind: .integer(times), position: countExpression.position), body: body, position: position)
        }
        if journals {
            journal(replay, of: ran, iterations: count)
        }
        return (flow, ran.overflowed ? .notReplayable : .partial(replay))
    }
}

extension Evaluator {
    /// Writes down a block that did not run whole, and tells a recording how.
    func journal(_ replay: [ReplayPiece], of ran: BlockReplay, iterations count: Int) {
        guard !ran.overflowed else {
            return events.publish(.notReplayable("a block wrote out more than \(BlockReplay.maximumPieces.grouped) statements for its replay"))
        }
        for piece in replay { journal(piece.statement, result: piece.result) }
        guard sessionJournal?.isRecording == true else { return }
        var note: String
        if ran.failed {
            note = "the recording keeps what ran: \(ran.cleanIterations) of the \(count) iteration\(count == 1 ? "" : "s") as a block, then each statement from the first that failed, with its expect error"
        } else {
            note = "the recording keeps what ran: \(ran.finishedIterations) of the \(count) iteration\(count == 1 ? "" : "s")"
            if ran.ranOfUnfinished > 0 {
                note += ", then \(ran.ranOfUnfinished) statement\(ran.ranOfUnfinished == 1 ? "" : "s") of the next"
            }
        }
        emit(.text(note))
    }
}
