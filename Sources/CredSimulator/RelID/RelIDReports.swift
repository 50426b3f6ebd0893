/// The text of `user show`, `policy show` and `state` for REL-ID: what an administrator
/// or a learner wants to see, and never a password or a hash.
extension RelIDSimulator {
    public func describeUser(_ userID: String, world: World) -> [String]? {
        guard let account = server.account(userID) else { return nil }
        var lines = ["user: \(userID)",
                     "  states: \((states(of: userID, world: world) ?? []).joined(separator: ", "))",
                     "  attempts left: \(account.attemptsLeft) of \(server.policy.attempts)"]
        if let stored = account.password {
            lines.append("  password: set \(UTCTimestamp.format(account.passwordSetAt)), stored as PBKDF2-HMAC-SHA256, \(stored.rounds) rounds, \(stored.salt.count)-byte salt")
            lines.append("  history: \(account.history.count) stored hash\(account.history.count == 1 ? "" : "es") (reuse checks the last \(server.policy.historySize))")
            if let expiry = server.expiryDate(userID) {
                // Set near the end of the clock's range, a password can outlive the year 9999.
                lines.append(expiry > VirtualClock.latest
                    ? "  expires by age: never within the clock's range (it ends at \(UTCTimestamp.format(VirtualClock.latest)))"
                    : "  expires by age: \(UTCTimestamp.format(expiry))")
            }
            if account.markedExpired { lines.append("  expired by an administrator") }
        } else {
            lines.append("  password: none yet (activation sets one, mode 1)")
        }
        if server.offeredCredentials(userID).isEmpty {
            lines.append("  offered for update: nothing (getAllChallenges answers options=[]; 'offer \(userID) Password' restores it)")
        }
        return lines
    }

    public func describePolicy() -> [String] {
        let policy = server.policy
        let json = policy.relidPolicyText
        var lines = ["RELID_PASSWORD_POLICY: \(json)",
                     "app shows: \(PolicyMessage.from(json: json))",
                     "server: history=\(policy.historySize) maxAge=\(policy.maxAge.map { SimDuration(seconds: $0).description } ?? "none") attempts=\(policy.attempts)"]
        if policy.blackListedCommonPassword {
            lines.append("common passwords refused: \(PolicyRule.commonPasswords.sorted().joined(separator: " "))")
        }
        return lines + ["kdf: \(server.hasher.description)"]
    }

    public func describeState(world: World) -> [String] {
        // Room for both lines at once.
        var lines: [String] = []
        lines.reserveCapacity(2)
        describeState(world: world, into: &lines)
        return lines
    }

    /// Written into `state`'s own array (SimulatedSDK.describeState(world:into:)).
    public func describeState(world: World, into lines: inout [String]) {
        // The first line joined, not interpolated (`state` prints it); nobody's line is one
        // constant: no string joined, none allocated. Not "logged in: nobody",
        // which a user named nobody would print too (as OneWelcome says "nobody is signed in").
        lines.append(sdk.loggedInUser.map { "logged in: " + $0 } ?? "nobody is logged in")
        if let pending = sdk.pendingChallenge {
            lines.append("pending: getPassword mode \(pending.mode.rawValue) (\(pending.mode.sdkName)) for \(pending.userID), attemptsLeft=\(pending.attemptsLeft)")
        } else if sdk.state == .awaitingUser {
            lines.append("pending: getUser (the SDK waits for a user name: login USER)")
        } else {
            lines.append("pending: nothing")
        }
    }
}
