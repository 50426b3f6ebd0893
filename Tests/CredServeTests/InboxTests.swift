import Foundation
import Testing
import Expectations
@testable import CredServe

/// The one way from the network to the simulation (ServeInbox, docs/serving.md, "One
/// request at a time"): whatever threads post, the thread that owns the simulation takes
/// every event once, each thread's in the order it posted them.
@Suite struct InboxTests {
    @Test func everyEventArrivesOnceAndEachThreadsInOrder() {
        let inbox = ServeInbox()
        let threads = 4, posts = 5_000
        final class Taken: @unchecked Sendable { var events: [ServeEvent] = [] }
        let taken = Taken()
        let done = DispatchSemaphore(value: 0)
        let owner = Thread {
            while taken.events.count < threads * posts {
                if inbox.wait(upTo: 0.05) { taken.events += inbox.takeAll() }
            }
            done.signal()
        }
        owner.start()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<posts {
                inbox.post(.refused(ServeLogEntry(client: "thread \(thread)", method: nil, path: nil, status: nil, note: String(index),
                                                  refusedByHTTP: true)))
            }
        }
        done.wait()
        var next = [String: Int]()
        var outOfOrder = 0
        for event in taken.events {
            guard case .refused(let entry) = event else { continue }
            if entry.note != String(next[entry.client, default: 0]) { outOfOrder += 1 }
            next[entry.client, default: 0] += 1
        }
        expectEqual(outOfOrder, 0)
        expectEqual(next.values.sorted(), Array(repeating: posts, count: threads))
    }
}
