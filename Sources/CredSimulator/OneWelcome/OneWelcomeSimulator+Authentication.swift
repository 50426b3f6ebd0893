/// Authentication with a PIN (`authenticateUser`), and the stateless session
/// (docs/onewelcome.md, "Log in").
extension OneWelcomeSimulator {
    /// `authenticateUser` for a profile the caller has checked exists and nobody is signed in.
    mutating func startAuthentication(_ profile: PinProfile, world: World) -> [Outcome] {
        var out: [Outcome] = [
            .call(api: "authenticateUser", arguments: [("profileId", .string(profile.id))], error: nil),
            OneWelcomeEvents.didStartAuthentication(profile.id),
        ]
        if profile.isStateless {
            // A stateless session is created by the server, so it needs one; there is no PIN.
            if let fault = world.network.fault {
                out.append(.note("\(fault.rawValue): no stateless session without the server"))
                out.append(OneWelcomeEvents.didFailToAuthenticateUser(profile.id, error: .from(fault)))
            } else {
                authenticatedUser = profile.id
                out.append(.note("\(profile.id) is stateless: authenticated with no PIN challenge"))
                out.append(OneWelcomeEvents.didAuthenticateUser(profile.id))
            }
            return out
        }
        let challenge = newChallenge(for: profile.id)
        pending = .authentication(challenge)
        out.append(OneWelcomeEvents.didReceivePinChallenge(challenge))
        return out
    }

    mutating func answerAuthentication(_ challenge: PinChallengeCounters, pin: String, world: World) -> [Outcome] {
        let id = challenge.profileID
        var out = [Self.senderCall("respond", challenge: "PinChallenge", pin: true)]
        let (check, notes) = checkPin(pin, for: challenge, world: world)
        out += notes
        switch check {
        case .correct:
            pending = nil
            authenticatedUser = id
            out.append(OneWelcomeEvents.didAuthenticateUser(id))
        case .wrong(let next):
            pending = .authentication(next)
            out.append(OneWelcomeEvents.didReceivePinChallenge(next, error: .invalidPin(remaining: next.remainingFailureCount)))
        case .deregistered:
            pending = nil
            out.append(OneWelcomeEvents.didFailToAuthenticateUser(id, error: .userDeregistered))
        case .unreachable(let error):
            out.append(OneWelcomeEvents.didReceivePinChallenge(challenge, error: error))
        }
        return out
    }
}
