/// One of N shares of a suite (`credsh test --shard K/N`): the scripts at positions K-1,
/// K-1+N, K-1+2N, … of the sorted list. Every script is in exactly one share, and the
/// shares differ in size by one at most (ShardTimings balances them by time instead).
package struct Shard: Equatable, Sendable {
    package let index: Int
    package let count: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    package func contains(position: Int) -> Bool { position % count == index - 1 }
    package var label: String { "\(index)/\(count)" }
}
