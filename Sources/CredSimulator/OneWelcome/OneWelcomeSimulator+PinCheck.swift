/// Answering PIN challenges: one entry point for whichever challenge is pending, and the
/// token server's check of a PIN with its failure counter (docs/onewelcome.md, "Wrong PINs").
extension OneWelcomeSimulator {
    /// `pin P`: the app answers the pending challenge (log-in PIN, current PIN or new PIN).
    public mutating func answerPin(_ pin: String, world: World) throws(SimulationError) -> [Outcome] {
        guard let pending else {
            throw SimulationError(.notNow, "no PIN challenge is pending: start one with 'login' or 'changepin'")
        }
        if let refusal = Self.pinPadRefusal(pin) { return [.appCheck(refusal)] }
        switch pending {
        case .authentication(let challenge): return answerAuthentication(challenge, pin: pin, world: world)
        case .currentPin(let challenge): return answerCurrentPin(challenge, pin: pin, world: world)
        case .createPin(let id): return answerNewPin(id, pin: pin, world: world)
        }
    }

    /// A fresh PIN challenge for the profile: the policy's attempts as the maximum and the
    /// failures the server has counted so far, always leaving at least one attempt (a policy
    /// lowered below the failures already counted takes effect from here).
    func newChallenge(for id: String) -> PinChallengeCounters {
        let failures = profiles[id]?.failedAttempts ?? 0
        return PinChallengeCounters(profileID: id, maxFailureCount: policy.attempts,
                                    previousFailureCount: min(failures, policy.attempts - 1))
    }

    /// What the token server made of a PIN given to a challenge.
    enum PinCheck {
        case correct
        /// Wrong, with the counters of the challenge that follows.
        case wrong(PinChallengeCounters)
        /// Wrong on the last attempt: the profile is gone.
        case deregistered
        /// No answer from the server: nothing was counted.
        case unreachable(OneWelcomeError)
    }

    /// Verifies the PIN against the stored hash. A network fault never reaches the server,
    /// so it never counts; the last wrong PIN deregisters the profile and ends its session.
    mutating func checkPin(_ pin: String, for challenge: PinChallengeCounters, world: World) -> (PinCheck, [Outcome]) {
        let id = challenge.profileID
        if let fault = world.network.fault {
            return (.unreachable(.from(fault)), [.note("\(fault.rawValue): the PIN was not checked; the counters did not move")])
        }
        guard case .pin(let stored)? = profiles[id]?.registration else { return (.deregistered, []) }
        if hasher.verify(pin, against: stored) {
            profiles[id]?.failedAttempts = 0
            return (.correct, [])
        }
        let next = challenge.afterFailure
        guard next.remainingFailureCount <= 0 else {
            profiles[id]?.failedAttempts = next.previousFailureCount
            return (.wrong(next), [])
        }
        profiles[id] = PinProfile(id: id, registration: .deregistered)
        if authenticatedUser == id { authenticatedUser = nil }
        return (.deregistered, [.note("\(next.previousFailureCount) wrong PINs in a row: \(id)'s profile and local data "
                                      + "are removed from the device; 'user add \(id) pin …' registers again")])
    }
}
