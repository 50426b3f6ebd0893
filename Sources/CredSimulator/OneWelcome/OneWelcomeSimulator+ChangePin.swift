/// Change PIN: `changePin`, the current-PIN challenge, the create-PIN challenge, the
/// app's form filled in one go, and `validatePolicyCompliance` (docs/onewelcome.md, "Change PIN").
extension OneWelcomeSimulator {
    /// `changepin`: every refusal is a `didFailToChangePin` with no `didStartPinChange`.
    public mutating func changePin(world: World) -> [Outcome] {
        var out: [Outcome] = [.call(api: "changePin", arguments: [], error: nil)]
        if let pending {
            out.append(.note(Self.pendingMessage(pending)))
            out.append(OneWelcomeEvents.didFailToChangePin(authenticatedUser, error: .actionAlreadyInProgress))
            return out
        }
        guard let user = authenticatedUser, let profile = profiles[user] else {
            out.append(OneWelcomeEvents.didFailToChangePin(nil, error: .userNotAuthenticated))
            return out
        }
        guard !profile.isStateless else {
            out.append(OneWelcomeEvents.didFailToChangePin(user, error: .statelessUser))
            return out
        }
        let challenge = newChallenge(for: user)
        pending = .currentPin(challenge)
        out.append(OneWelcomeEvents.didStartPinChange(user))
        out.append(OneWelcomeEvents.didReceivePinChallenge(challenge))
        return out
    }

    mutating func answerCurrentPin(_ challenge: PinChallengeCounters, pin: String, world: World) -> [Outcome] {
        let id = challenge.profileID
        var out = [Self.senderCall("respond", challenge: "PinChallenge", pin: true)]
        let (check, notes) = checkPin(pin, for: challenge, world: world)
        out += notes
        switch check {
        case .correct:
            pending = .createPin(profileID: id)
            out.append(OneWelcomeEvents.didReceiveCreatePinChallenge(id, pinLength: policy.length))
        case .wrong(let next):
            pending = .currentPin(next)
            out.append(OneWelcomeEvents.didReceivePinChallenge(next, error: .invalidPin(remaining: next.remainingFailureCount)))
        case .deregistered:
            pending = nil
            out.append(OneWelcomeEvents.didFailToChangePin(id, error: .userDeregistered))
        case .unreachable(let error):
            out.append(OneWelcomeEvents.didReceivePinChallenge(challenge, error: error))
        }
        return out
    }

    /// The new PIN: checked against the policy on the device first (no counter, as many
    /// tries as the user likes), then stored with the server's help.
    mutating func answerNewPin(_ id: String, pin: String, world: World) -> [Outcome] {
        var out = [Self.senderCall("respond", challenge: "CreatePinChallenge", pin: true)]
        if let rule = policy.firstViolation(of: pin) {
            out.append(.policyRefusal(rule: rule.key, message: rule.error.message))
            out.append(OneWelcomeEvents.didReceiveCreatePinChallenge(id, pinLength: policy.length, error: rule.error))
            return out
        }
        if let fault = world.network.fault {
            out.append(.note("\(fault.rawValue): the new PIN was not stored; the old one still works"))
            out.append(OneWelcomeEvents.didReceiveCreatePinChallenge(id, pinLength: policy.length, error: .from(fault)))
            return out
        }
        let stored = storedPin(pin)
        profiles[id]?.registration = .pin(stored)
        profiles[id]?.failedAttempts = 0
        pending = nil
        out.append(OneWelcomeEvents.didChangePin(id))
        return out
    }

    /// `update CURRENT NEW [CONFIRM]`: `changePin`, then the current PIN, then the new PIN,
    /// stopping at the first step that is refused with its challenge still pending. A
    /// change PIN already under way goes on from its pending step. CONFIRM is compared
    /// only on the create-PIN screen, as the example app's `evaluatePinState` does: a
    /// wrong current PIN is answered (9009, an attempt spent) before any mismatch shows.
    mutating func changePinInOneGo(current: String, new: String, confirm: String? = nil,
                                   world: World) throws(SimulationError) -> [Outcome] {
        if let refusal = Self.pinPadRefusal(current) ?? Self.pinPadRefusal(new) { return [.appCheck(refusal)] }
        var out: [Outcome]
        switch pending {
        case nil:
            out = changePin(world: world)
        case .authentication(let challenge):
            throw SimulationError(.notNow, Self.pendingMessage(.authentication(challenge)))
        case .currentPin:
            out = [.note("a change PIN is already under way: CURRENT answers its current-PIN challenge")]
        case .createPin:
            out = [.note("the current PIN was already accepted: only NEW is sent")]
        }
        if case .currentPin = pending {
            out += try answerPin(current, world: world)
        }
        if case .createPin = pending {
            if let confirm, confirm != new { return out + confirmationMismatch(new) }
            out += try answerPin(new, world: world)
        }
        return out
    }

    /// The create-PIN screen with a confirmation that differs: the example app checks the
    /// new PIN against the policy (`validatePolicyCompliance`, before it asks for the
    /// confirmation), then compares, and sends nothing; the create-PIN challenge stays
    /// pending. A policy refusal shows first and the confirmation is never asked for.
    private func confirmationMismatch(_ new: String) -> [Outcome] {
        let check = validatePolicyCompliance(new)
        if check.contains(where: { if case .policyRefusal = $0 { true } else { false } }) { return check }
        return check + [.appCheck(Self.confirmationMismatchMessage)]
    }

    /// The example app's words (`PinViewController`).
    public static let confirmationMismatchMessage = "The confirmation PIN does not match."


    /// `validate PIN`: asks the SDK whether a PIN would pass the policy. Changes nothing,
    /// needs no authenticated user and, the policy being on the device, no network.
    public func validatePolicyCompliance(_ pin: String) -> [Outcome] {
        if let refusal = Self.pinPadRefusal(pin) { return [.appCheck(refusal)] }
        var out: [Outcome] = [.call(api: "validatePolicyCompliance", arguments: [("pin", FieldSpec.hidden)], error: nil)]
        let rule = policy.firstViolation(of: pin)
        if let rule { out.append(.policyRefusal(rule: rule.key, message: rule.error.message)) }
        out.append(OneWelcomeEvents.validatePolicyCompliance(error: rule?.error))
        return out
    }
}
