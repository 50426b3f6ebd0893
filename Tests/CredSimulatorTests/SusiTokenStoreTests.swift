import Testing
import Expectations
@testable import CredSimulator

/// The server's tokens, bounded per account: a client of `credsh serve` that logs in
/// without end makes the oldest tokens be forgotten, not the store grow
/// (docs/susi.md, "Simulator decisions").
@Suite struct SusiTokenStoreTests {
    let hasher = PasswordHasher(rounds: 1)

    @Test func pastItsBoundAnAccountsOldestTokensAreForgotten() {
        var store = SusiTokenStore(salt: [7, 7, 7])
        let extra = 5
        for n in 0..<(SusiTokenStore.tokensPerAccount + extra) {
            store.issue("token-\(n)", to: "ann@example.com", now: Int64(n), validSeconds: 3600, hasher: hasher)
        }
        store.issue("bob-token", to: "bob@example.com", now: 0, validSeconds: nil, hasher: hasher)
        let now = Int64(SusiTokenStore.tokensPerAccount)
        for n in 0..<extra { expectEqual(store.owner(of: "token-\(n)", hasher: hasher, now: now), nil) }
        expectEqual(store.owner(of: "token-\(extra)", hasher: hasher, now: now), "ann@example.com")
        let kept = store.grants(of: "ann@example.com")
        expectEqual(kept.count, SusiTokenStore.tokensPerAccount)
        expectEqual(store.issuedCount(of: "ann@example.com"), SusiTokenStore.tokensPerAccount + extra)
        expectEqual(kept.map(\.issuedAt), (extra..<(SusiTokenStore.tokensPerAccount + extra)).map(Int64.init), "oldest first")
        expectEqual(store.owner(of: "bob-token", hasher: hasher, now: now), "bob@example.com", "another account's tokens are its own")
        expectEqual(store.expireAll(of: "ann@example.com", now: now), SusiTokenStore.tokensPerAccount)
        expectEqual(store.owner(of: "token-\(extra)", hasher: hasher, now: now), nil)
    }

    @Test func aTokenIssuedAgainBelongsToItsNewOwnerOnly() {
        var store = SusiTokenStore(salt: [1])
        store.issue("same", to: "ann@example.com", now: 0, validSeconds: nil, hasher: hasher)
        store.issue("same", to: "bob@example.com", now: 1, validSeconds: nil, hasher: hasher)
        #expect(store.grants(of: "ann@example.com").isEmpty)
        expectEqual(store.grants(of: "bob@example.com").map(\.issuedAt), [1])
        expectEqual(store.owner(of: "same", hasher: hasher, now: 2), "bob@example.com")
    }
}
