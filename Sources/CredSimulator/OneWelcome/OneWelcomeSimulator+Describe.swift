/// `state`, `user show` and `policy show`: what the simulator can tell about itself,
/// never a PIN or its hash.
extension OneWelcomeSimulator {
    public func describeState(world: World) -> [String] {
        var lines = [authenticatedUser.map { "signed in: \($0)" } ?? "nobody is signed in"]
        lines.append(pending.map { "pending: " + describe($0) } ?? "nothing pending")
        let users = userIDs.map { id in "\(id) (\(profiles[id].map(registrationWord) ?? ""))" }
        lines.append("users: " + (users.isEmpty ? "none" : users.joined(separator: ", ")))
        return lines
    }

    public func describeUser(_ userID: String, world: World) -> [String]? {
        guard let profile = profiles[userID] else { return nil }
        var lines: [String]
        switch profile.registration {
        case .pin(let stored):
            lines = ["\(userID): registered with a PIN",
                     "PIN: stored as \(PasswordHasher(rounds: stored.rounds).description)",
                     "wrong PINs in a row: \(profile.failedAttempts) (the policy allows \(policy.attempts))"]
        case .stateless:
            lines = ["\(userID): stateless: no PIN, nothing stored on the device"]
        case .deregistered:
            lines = ["\(userID): deregistered: the profile and its local data were removed after too many wrong PINs",
                     "'user add \(userID) pin …' registers again"]
        }
        lines.append(authenticatedUser == userID ? "session: authenticated" : "session: not authenticated")
        if let pending, pending.profileID == userID { lines.append("pending: " + describe(pending)) }
        return lines
    }

    public func describePolicy() -> [String] { policy.describe }

    private func registrationWord(_ profile: PinProfile) -> String {
        switch profile.registration {
        case .pin: return "PIN"
        case .stateless: return "stateless"
        case .deregistered: return "deregistered"
        }
    }

    private func describe(_ pending: PendingPinFlow) -> String {
        switch pending {
        case .authentication(let c):
            return "\(c.profileID)'s PIN to log in, \(c.remainingFailureCount) of \(c.maxFailureCount) attempts left"
        case .currentPin(let c):
            return "\(c.profileID)'s current PIN to change it, \(c.remainingFailureCount) of \(c.maxFailureCount) attempts left"
        case .createPin(let id):
            return "\(id)'s new PIN (\(policy.length) digits), as many tries as needed"
        }
    }
}
