import CredSimulator

/// The text of `user show`, `policy show` and `state`: what an administrator or a
/// learner wants to see, and never a password or a hash.
enum AccountReport {
    static func lines(for userID: String, in simulation: Simulation) -> [String] {
        guard let account = simulation.server.account(userID) else { return [] }
        let server = simulation.server
        var lines = ["user: \(userID)",
                     "  states: \(simulation.states(of: userID).map(\.rawValue).joined(separator: ", "))",
                     "  attempts left: \(account.attemptsLeft) of \(server.policy.attempts)"]
        if let stored = account.password {
            lines.append("  password: set \(UTCTimestamp.format(account.passwordSetAt)), stored as PBKDF2-HMAC-SHA256, \(stored.rounds) rounds, \(stored.salt.count)-byte salt")
            lines.append("  history: \(account.history.count) stored hash\(account.history.count == 1 ? "" : "es") (reuse checks the last \(server.policy.historySize))")
            if let expiry = server.expiryDate(userID) { lines.append("  expires by age: \(UTCTimestamp.format(expiry))") }
            if account.markedExpired { lines.append("  expired by an administrator") }
        } else {
            lines.append("  password: none yet (activation sets one, mode 1)")
        }
        return lines
    }

    static func policyLines(_ policy: PasswordPolicy) -> [String] {
        let json = policy.relidJSON.serialized
        var lines = ["RELID_PASSWORD_POLICY: \(json)",
                     "app shows: \(PolicyMessage.from(json: json))",
                     "server: history=\(policy.historySize) maxAge=\(policy.maxAge.map { SimDuration(seconds: $0).description } ?? "none") attempts=\(policy.attempts)"]
        if policy.blackListedCommonPassword {
            lines.append("common passwords refused: \(PolicyRule.commonPasswords.sorted().joined(separator: " "))")
        }
        return lines
    }

    static func stateLines(_ simulation: Simulation) -> [String] {
        let relid = simulation.relid
        var lines: [String] = []
        if let user = relid.loggedInUser {
            lines.append("logged in: \(user)")
        } else {
            lines.append("logged in: nobody")
        }
        if let pending = relid.pendingChallenge {
            lines.append("pending: getPassword mode \(pending.mode.rawValue) (\(pending.mode.sdkName)) for \(pending.userID), attemptsLeft=\(pending.attemptsLeft)")
        } else if relid.state == .awaitingUser {
            lines.append("pending: getUser (the SDK waits for a user name: login USER)")
        } else {
            lines.append("pending: nothing")
        }
        lines.append("clock: \(UTCTimestamp.format(simulation.now))")
        return lines
    }
}
