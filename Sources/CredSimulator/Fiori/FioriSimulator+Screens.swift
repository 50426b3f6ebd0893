/// The change controller's flow and the answers to every passcode screen
/// (docs/fiori.md, "The change flow").
extension FioriSimulator {
    /// Presents `FUIPasscodeChangeController` for the signed-in user. With Touch ID on, the
    /// prompt replaces screen 1 and the whole change happens at once: the stored passcode is
    /// tried, a generated one replaces it. Otherwise screen 1 waits for the current passcode.
    public mutating func changePasscode(world: World) throws(SimulationError) -> [Outcome] {
        guard let userID = signedInUser, let user = users[userID] else {
            throw SimulationError(.notSignedIn, "nobody is signed in: login first")
        }
        try requireNoScreen()
        var out = [FioriEvents.present(FioriController.change, userID: userID)]
        if usesTouchID(user) {
            if let prompt = biometricPrompt() {
                out.append(prompt)
            } else {
                return out + changeWithTouchID(userID)
            }
        }
        return out + show(.currentPasscode, for: userID)
    }

    /// Answers the screen on display with `passcode`.
    /// `validationError`: the app's validation delegate refused the passcode with this
    /// message, as a client that asked it before sending says; only screen 2 asks it.
    public mutating func answerPasscode(_ passcode: String, validationError: String? = nil, world: World) throws(SimulationError) -> [Outcome] {
        guard let open = presented else { throw SimulationError(.notNow, "no passcode screen is open") }
        // The controller's Done button does nothing while the field is empty.
        guard !passcode.isEmpty else { return [.appCheck("the passcode field is empty")] }
        switch open.screen {
        case .unlock: return enterToUnlock(passcode, userID: open.userID)
        case .currentPasscode: return enterCurrent(passcode, userID: open.userID)
        case .newPasscode: return enterNew(passcode, userID: open.userID, validationError: validationError)
        case .confirmPasscode(let first): return enterConfirmation(passcode, of: first, userID: open.userID)
        }
    }

    /// The change form in one go: presents the change controller if it is not on display,
    /// then answers each screen in turn (screen 3 with `confirm`, or `new` again), and
    /// stops at the first screen that does not move on, leaving it on display.
    public mutating func update(current: String, new: String, confirm: String?, world: World) throws(SimulationError) -> [Outcome] {
        guard signedInUser != nil else { throw SimulationError(.notSignedIn, "nobody is signed in: login first") }
        var out: [Outcome] = []
        if presented == nil {
            out += try changePasscode(world: world)
            if presented == nil {
                out.append(.note("Touch ID replaced the screens: the passcodes given were not used"))
                return out
            }
        } else if let open = presented, open.screen.number > 1 {
            out.append(.note("the change is already on screen \(open.screen.number): the current passcode given is not used"))
        }
        while let open = presented {
            let answer: String
            switch open.screen {
            case .unlock: return out  // only while nobody is signed in, which the guard excludes
            case .currentPasscode: answer = current
            case .newPasscode: answer = new
            case .confirmPasscode: answer = confirm ?? new
            }
            out += try answerPasscode(answer, world: world)
            guard let next = presented, next.screen.number > open.screen.number else { return out }
        }
        return out
    }

    // MARK: Each screen

    private mutating func enterToUnlock(_ passcode: String, userID: String) -> [Outcome] {
        let tried = FioriEvents.shouldTryPasscode(.match, source: .user)
        guard matches(passcode, of: userID) else { return [tried] + wrongPasscode(of: userID) }
        return [tried] + unlock(userID)
    }

    /// Screen 1: the delegate tries the current passcode.
    private mutating func enterCurrent(_ passcode: String, userID: String) -> [Outcome] {
        let tried = FioriEvents.shouldTryPasscode(.matchForChange, source: .user)
        guard matches(passcode, of: userID) else { return [tried] + wrongPasscode(of: userID) }
        users[userID]?.failedAttempts = 0
        return [tried] + show(.newPasscode, for: userID)
    }

    /// Screen 2: the controller's policy check first, then the validation delegate with
    /// the app's one rule, or the refusal an app's own delegate gave. A refusal keeps screen 2.
    private mutating func enterNew(_ passcode: String, userID: String, validationError: String? = nil) -> [Outcome] {
        if let rule = policy.firstViolation(passcode) {
            return [.note("the controller's policy check refused it before any delegate call"),
                    .policyRefusal(rule: rule.key, message: rule.label),
                    FioriEvents.failedToMeetPolicy(rule.label)]
        }
        let validated = FioriEvents.validate()
        if let validationError { return [validated, FioriEvents.failedToMeetPolicy(validationError)] }
        if matches(passcode, of: userID) { return [validated, FioriEvents.failedToMeetPolicy(FioriEvents.mustDifferMessage)] }
        return [validated] + show(.confirmPasscode(hash(passcode)), for: userID)
    }

    /// Screen 3: a confirmation that differs saves nothing and goes back to screen 2; one
    /// that matches is tried with `change`, saved, and the controller is dismissed.
    private mutating func enterConfirmation(_ passcode: String, of first: StoredPassword, userID: String) -> [Outcome] {
        guard hasher.verify(passcode, against: first) else {
            return [FioriEvents.passcodeMismatch()] + show(.newPasscode, for: userID)
        }
        var out = [FioriEvents.shouldTryPasscode(.change, source: .user)]
        out += finishChange(userID, to: passcode, source: .user)
        if users[userID]?.touchID == true { out.append(.note("Touch ID stays on: its keychain data now follows the new passcode")) }
        return out
    }

    /// The Touch ID path: the stored passcode comes from the keychain (so it always
    /// matches), the controller makes up a new one that meets the policy, and saves it.
    private mutating func changeWithTouchID(_ userID: String) -> [Outcome] {
        var out = [FioriEvents.evaluatePolicy(success: true), FioriEvents.shouldTryPasscode(.matchForChange, source: .device)]
        var fresh = PasscodeGenerator.passcode(for: policy, using: &random)
        while matches(fresh, of: userID) { fresh = PasscodeGenerator.passcode(for: policy, using: &random) }
        out.append(FioriEvents.shouldTryPasscode(.change, source: .device))
        out += finishChange(userID, to: fresh, source: .device)
        out.append(.note("Touch ID replaced screen 1: the controller generated the new passcode; only the keychain behind Touch ID knows it, and Touch ID stays on"))
        return out
    }

    private mutating func finishChange(_ userID: String, to passcode: String, source: PasscodeSource) -> [Outcome] {
        let stored = hash(passcode)
        users[userID]?.passcode = stored
        users[userID]?.source = source
        users[userID]?.failedAttempts = 0
        presented = nil
        return [FioriEvents.dismiss(FioriController.change), .appShows("\(userID): passcode changed")]
    }
}
