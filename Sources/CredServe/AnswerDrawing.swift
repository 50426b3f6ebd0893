import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Where answers that take long to make are made: a journal drawn as a diagram or written
/// as a script (SDKWire.journal) takes seconds for a full one, and the simulation's turn
/// is every other client's wait. The turn takes a copy of what is drawn (a value, so the
/// simulation goes on changing meanwhile), and one thread of its own draws it; meanwhile
/// `/__credsh/state` and every call are answered.
///
/// Bounds: one drawing at a time; at most `waiting` more wait for it, and one more is
/// answered 503; a drawing whose turn comes while unread answers hold over
/// `ServeLimits.answerBytesInFlight` is answered 503 instead of drawn, so answers drawn
/// and never read cannot pile up.
final class AnswerDrawing: Sendable {
    static let waiting = 4

    private let pool = NIOThreadPool(numberOfThreads: 1)
    /// Its thread starts with the first drawing: a server that draws none (the live
    /// page) has none.
    private let started = NIOLockedValueBox(false)
    private let queued = NIOLockedValueBox(0)
    private let limits: ServeLimits
    private let unread: UnreadAnswers

    init(limits: ServeLimits, unread: UnreadAnswers) {
        self.limits = limits
        self.unread = unread
    }

    /// Draws `answer` off the event loop; the future holds the answer to write.
    func draw(on loop: any EventLoop, _ answer: @escaping @Sendable () -> WireResponse) -> EventLoopFuture<WireResponse> {
        let admitted = queued.withLockedValue { count -> Bool in
            guard count <= Self.waiting else { return false }
            count += 1
            return true
        }
        guard admitted else {
            return loop.makeSucceededFuture(Refusals.busy("\(Self.waiting + 1) drawings wait already; try again\n"))
        }
        started.withLockedValue { started in
            if !started { pool.start() }
            started = true
        }
        let limits = self.limits, unread = self.unread, queued = self.queued
        return pool.runIfActive(eventLoop: loop) { () -> WireResponse in
            defer { queued.withLockedValue { $0 -= 1 } }
            guard unread.bytes <= limits.answerBytesInFlight else {
                return Refusals.busy("answers not yet read by their clients hold over \(limits.answerBytesInFlight >> 20) MiB; try again\n")
            }
            return answer()
        }
    }

    /// Without waiting for a drawing under way: `credsh serve` stops within a second
    /// (docs/serving.md), and what that drawing makes goes nowhere.
    func stop() {
        guard started.withLockedValue({ $0 }) else { return }
        pool.shutdownGracefully { _ in }
    }
}
