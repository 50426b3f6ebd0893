import Foundation
import Testing
import Expectations
@testable import CredServe

/// The turn two event loops take in the simulation (ServeSession's `loopTurn`,
/// docs/serving.md, "One request at a time"): whether it yields or sleeps while waiting,
/// one thread at a time holds it.
@Suite struct TurnTests {
    /// Four threads, 20,000 turns each, half yielding 64 times before sleeping and half
    /// sleeping at once: no turn overlaps another, and none is lost.
    @Test func oneThreadAtATimeHoldsTheTurn() {
        let turn = TryLock()
        final class Shared: @unchecked Sendable {
            var count = 0
            var inside = 0
            var overlaps = 0
        }
        let shared = Shared()
        let threads = 4, turns = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { index in
            for _ in 0..<turns {
                turn.yielding(upTo: index % 2 == 0 ? 64 : 0) {
                    shared.inside += 1
                    if shared.inside != 1 { shared.overlaps += 1 }
                    shared.count += 1
                    shared.inside -= 1
                }
            }
        }
        expectEqual(shared.overlaps, 0)
        expectEqual(shared.count, threads * turns)
    }
}
