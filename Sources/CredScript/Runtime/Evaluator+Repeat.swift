import CredSimulator

/// What of a statement ran, as the session journal must write it down so that a replay
/// reaches the same state: nothing, all of it, or, for a `repeat` cut short (Ctrl-C, a
/// failure, `exit`, the step budget), the statements that do exactly what ran.
enum Replay {
    case none
    case whole
    case partial([Statement])
}

extension Evaluator {
    /// Runs a block `count` times. A block is journaled whole when every iteration ran;
    /// otherwise as `repeat N { … }` for the N iterations that finished, followed by the
    /// statements of the unfinished one that ran.
    func repeatBlock(_ statement: Statement, count: Int, body: [Statement], in source: SourceFile) -> (flow: Flow, replay: Replay) {
        guard enterNesting(at: statement.position, in: source) else { return (.stop, .none) }
        defer { leaveNesting() }
        let journals = self.journals
        self.journals = false  // a block is journaled as one piece, not command by command
        // What ran is tracked only for a journal (at the prompt), so scripts pay nothing.
        let tracking = journals || tracksReplay
        let outerTracking = tracksReplay
        tracksReplay = tracking
        defer { tracksReplay = outerTracking }
        var finished = 0
        var ranOfUnfinished: [Statement] = []
        var flow = Flow.proceed
        iterations: for _ in 0..<count {
            ranOfUnfinished.removeAll(keepingCapacity: true)
            for inner in body {
                let (innerFlow, innerReplay) = perform(inner, in: source)
                if tracking {
                    switch innerReplay {
                    case .none: break
                    case .whole: ranOfUnfinished.append(inner)
                    case .partial(let statements): ranOfUnfinished += statements
                    }
                }
                if innerFlow == .stop {
                    flow = .stop
                    break iterations
                }
            }
            finished += 1
            ranOfUnfinished.removeAll(keepingCapacity: true)
            flushPendingFailure()
            if shouldStop {
                flow = .stop
                break
            }
        }
        self.journals = journals
        guard tracking, finished < count, case let .repetition(countExpression, _, position) = statement else {
            journal(statement)
            return (flow, .whole)
        }
        var replay: [Statement] = []
        if finished > 0 {
            let times = Expression(kind: .integer(finished), position: countExpression.position)
            replay.append(.repetition(count: times, body: body, position: position))
        }
        replay += ranOfUnfinished
        if journals {
            for piece in replay { journal(piece) }
            if journal?.isRecording == true {
                var note = "the recording keeps what ran: \(finished) of the \(count) iteration\(count == 1 ? "" : "s")"
                if !ranOfUnfinished.isEmpty {
                    note += ", then \(ranOfUnfinished.count) statement\(ranOfUnfinished.count == 1 ? "" : "s") of the next"
                }
                emit(.text(note))
            }
        }
        return (flow, .partial(replay))
    }
}
