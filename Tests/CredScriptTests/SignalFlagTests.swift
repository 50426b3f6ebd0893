import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import CredLanguage
@testable import CredScript

// What the handler raises, and what says the sender is done: globals, as a handler's are.
private let flagUnderFire = SignalFlag()
private let senderDone = SignalFlag()

@Suite struct SignalFlagTests {
    /// A signal handler raises the flag while this very thread loops looking at it and
    /// lowering it, as the prompt's evaluator looks at Ctrl-C's flag before each statement:
    /// signals land at every point of the loop, in the middle of a look included, and the
    /// thread goes on. A flag kept in a `var` trapped here at once in a debug build (its
    /// accesses are checked for exclusivity, and the handler's write overlapped the read).
    @Test func aHandlerRaisingTheFlagInTheMiddleOfALookIsSeenAndTrapsNothing() {
        flagUnderFire.lower()
        senderDone.lower()
        signal(SIGUSR2) { _ in flagUnderFire.raise() }
        // Ignored afterwards, not set back to the default: a late signal must not end the runner.
        defer { signal(SIGUSR2, SIG_IGN) }
        // The runner's threads may have it blocked: this one takes it.
        var usr2 = sigset_t()
        sigemptyset(&usr2)
        sigaddset(&usr2, SIGUSR2)
        pthread_sigmask(SIG_UNBLOCK, &usr2, nil)
        let target = pthread_self()
        let signals = 20_000
        let sender = Thread {
            for _ in 0..<signals { pthread_kill(target, SIGUSR2) }
            senderDone.raise()
        }
        sender.start()
        var seen = 0
        var looks = 0
        while !senderDone.isRaised {
            looks += 1
            if flagUnderFire.take() { seen += 1 }
        }
        #expect(seen > 0, "\(signals) signals sent, none seen in \(looks) looks")
        #expect(seen <= signals)
    }

    @Test func takeLowersWhatItSaw() {
        // (What a flag says is read into a value first: #expect copies what it looks at.)
        let flag = SignalFlag()
        let before = flag.take()
        flag.raise()
        let raised = flag.isRaised
        let taken = flag.take()
        let afterwards = (flag.isRaised, flag.take())
        #expect(!before && raised && taken)
        #expect(afterwards == (false, false))
    }
}
