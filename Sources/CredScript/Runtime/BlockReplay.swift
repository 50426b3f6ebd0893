import CredLanguage
/// What of a statement ran, as the session journal must write it down so that a replay
/// reaches the same state and stops nowhere the session did not.
enum Replay {
    /// Nothing a replay needs ran.
    case none
    /// The statement ran whole.
    case whole
    /// A command that ran and failed: a replay writes it with its `expect error`. Boxed, so
    /// that what every statement returns stays a word.
    indirect case failed(CommandResult)
    /// A block cut short (Ctrl-C, a failure, `exit`, the step budget) or whose commands
    /// failed: the statements that do exactly what ran, in order.
    case partial([ReplayPiece])
    /// What ran was too much to write out (BlockReplay.maximumPieces): no replay reaches it.
    case notReplayable
}

/// A statement of a replay, with the result its `expect` lines pin (a failed command's).
struct ReplayPiece {
    let statement: Statement
    let result: CommandResult?
}

/// What ran of a block that runs again and again (`repeat`, `for`): the iterations that
/// finished before any of its commands failed, kept as one block; from the iteration where
/// one failed on, each statement that ran (a failed command with its `expect error`); then
/// what ran of an iteration cut short. Kept only at the prompt, for the journal.
struct BlockReplay {
    /// Statements written out one by one, at most (docs/scripts.md, "Bounds"): past it, what ran
    /// is no longer kept, and the journal lets go of the session (`record` says so).
    static let maximumPieces = 10_000

    private(set) var cleanIterations = 0
    private(set) var finishedIterations = 0
    /// A command of the block failed: the iterations from that one on are written out.
    private(set) var failed = false
    /// More than `maximumPieces` were to be written out.
    private(set) var overflowed = false
    private var unrolled: [ReplayPiece] = []
    /// The iteration running now: its names' bindings (a `for` row), then what ran.
    private var current: [ReplayPiece] = []
    private var bindings = 0

    /// An iteration starts; `bindings` give its names their values (a `for` row's `let`s).
    mutating func startIteration(bindings: [Statement] = []) {
        current = bindings.map { ReplayPiece(statement: $0, result: nil) }
        self.bindings = bindings.count
    }

    /// A statement of the body ran so.
    mutating func add(_ statement: Statement, _ replay: Replay) {
        switch replay {
        case .none: return
        case .whole: keep(ReplayPiece(statement: statement, result: nil))
        case .failed(let result):
            failed = true
            keep(ReplayPiece(statement: statement, result: result))
        case .partial(let pieces):
            if pieces.contains(where: { $0.result?.failure != nil }) { failed = true }
            for piece in pieces { keep(piece) }
        case .notReplayable:
            overflow()
        }
    }

    private mutating func keep(_ piece: ReplayPiece) {
        guard !overflowed else { return }
        guard unrolled.count + current.count < Self.maximumPieces else { return overflow() }
        current.append(piece)
    }

    private mutating func overflow() {
        overflowed = true
        unrolled = []
        current = []
    }

    mutating func endIteration() {
        finishedIterations += 1
        if failed { unrolled += current } else { cleanIterations += 1 }
        current = []
        bindings = 0
    }

    /// Statements of the iteration cut short that ran (its bindings aside).
    var ranOfUnfinished: Int { current.count - bindings }

    /// Whether the block can be written as it stands: every iteration ran, none failed.
    func isWhole(of iterations: Int) -> Bool { !failed && !overflowed && finishedIterations == iterations }

    /// The replay: `block(n)` writes the first n clean iterations as one block, then the
    /// iterations written out, then what ran of the one cut short (if any of its body did).
    func pieces(block: (Int) -> Statement) -> [ReplayPiece] {
        var pieces: [ReplayPiece] = []
        if cleanIterations > 0 { pieces.append(ReplayPiece(statement: block(cleanIterations), result: nil)) }
        pieces += unrolled
        if ranOfUnfinished > 0 { pieces += current }
        return pieces
    }
}
