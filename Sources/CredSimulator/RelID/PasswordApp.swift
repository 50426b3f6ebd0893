/// The app around the REL-ID SDK, as the codelabs build it: it checks the form before
/// calling the SDK (trimmed, in order, no call when a check fails), shows the policy
/// message it builds from `RELID_PASSWORD_POLICY`, and calls `getAllChallenges` right
/// after `onUserLoggedIn`.
extension RelIDSimulator {
    /// The user enters a user name (and, if given, answers the password challenge at once).
    public mutating func login(_ userID: String, password: String? = nil, now: Int64,
                               fault: NetworkFault? = nil) throws(SimulationError) -> [Outcome] {
        switch sdk.state {
        case .loggedIn(let user, _):
            throw SimulationError(.alreadySignedIn, "\(user) is logged in; log out first")
        case .awaitingPassword(let pending):
            throw SimulationError(.notNow, "a password challenge for \(pending.userID) is pending (mode \(pending.mode.rawValue)); answer it or cancel first")
        case .awaitingUser:
            break
        }
        guard server.account(userID) != nil else {
            throw SimulationError(.unknownUser, "no user '\(userID)'")
        }
        var out = appReacts(to: sdk.setUser(userID, server: &server))
        if let password, let pending = sdk.pendingChallenge, pending.mode == .verify || pending.mode == .set {
            out += try submitPassword(password, confirm: password, now: now, fault: fault)
        }
        return out
    }

    /// The user answers a mode 0 (verify) or mode 1 (set) challenge.
    public mutating func submitPassword(_ password: String, confirm: String? = nil, now: Int64,
                                        fault: NetworkFault? = nil) throws(SimulationError) -> [Outcome] {
        guard let pending = sdk.pendingChallenge else { throw SimulationError(.notNow, "no password challenge is pending; login first") }
        let entered = password.trimmedAsFoundationWhitespaces
        switch pending.mode {
        case .verify:
            if entered.isEmpty { return [.appCheck("Please enter a password")] }
        case .set:
            let confirmation = (confirm ?? password).trimmedAsFoundationWhitespaces
            if entered.isEmpty { return [.appCheck("Please enter a password")] }
            if confirmation.isEmpty { return [.appCheck("Please confirm your password")] }
            if entered != confirmation { return [.appCheck("Password and confirm password do not match")] }
        default:
            throw SimulationError(.notNow, "the pending challenge is mode \(pending.mode.rawValue) (\(pending.mode.sdkName)); answer it with: update CURRENT NEW")
        }
        return appReacts(to: sdk.setPassword(entered, mode: pending.mode, server: &server, now: now, fault: fault))
    }

    /// The user fills the three-field update form (modes 2 and 4); the confirmation
    /// defaults to the new password. Both screens trim as Foundation does and check in
    /// the same order, but the mode 2 screen (S1) keeps its Update button disabled, and
    /// its Return key does nothing, while a trimmed field is empty, so its three "Please
    /// enter …" messages never show; the mode 4 screen (S0) submits on Return and shows them.
    public mutating func updatePassword(current: String, new: String, confirm: String? = nil, now: Int64,
                                        fault: NetworkFault? = nil) -> [Outcome] {
        let current = current.trimmedAsFoundationWhitespaces, new = new.trimmedAsFoundationWhitespaces
        let confirm = (confirm ?? new).trimmedAsFoundationWhitespaces
        // The screen was opened for the pending challenge; with none, the app would guess
        // from the login state, and the SDK answers that there is nothing to update.
        let mode = sdk.pendingChallenge?.mode ?? (sdk.loggedInUser == nil ? .updateOnExpiry : .updateCredentials)
        if mode == .updateCredentials, current.isEmpty || new.isEmpty || confirm.isEmpty {
            return [.appCheck(Self.updateButtonDisabled)]
        }
        if current.isEmpty { return [.appCheck("Please enter your current password")] }
        if new.isEmpty { return [.appCheck("Please enter a new password")] }
        if confirm.isEmpty { return [.appCheck("Please confirm your new password")] }
        if new != confirm { return refuse("New password and confirm password do not match", mode: mode) }
        if current == new { return refuse("New password must be different from current password", mode: mode) }
        return appReacts(to: sdk.updatePassword(current: current, new: new, mode: mode, server: &server, now: now, fault: fault))
    }

    /// A refusal of the update form, in its banner; the mode 4 screen (S0) also raises an
    /// alert for the two refusals that compare fields, the mode 2 screen (S1) does not.
    private func refuse(_ message: String, mode: ChallengeMode) -> [Outcome] {
        guard mode == .updateOnExpiry, let alert = UpdateScreen.expiryFormAlerts[message] else { return [.appCheck(message)] }
        return [.appCheck(message), UpdateScreen.alert(alert.title, alert.message)]
    }

    /// What the mode 2 screen does with an empty field: nothing reaches the SDK.
    public static let updateButtonDisabled =
        "the Update Password button stays disabled while a field is empty (after trimming); nothing is submitted"

    public mutating func getAllChallenges(fault: NetworkFault? = nil) -> [Outcome] {
        sdk.getAllChallenges(sdk.loggedInUser ?? sdk.recentLoggedInUser, server: server, fault: fault)
    }

    /// The side menu's Update Password item (S1): a loading alert while the SDK is called,
    /// then the update screen, or an alert with the synchronous error.
    public mutating func initiateUpdate(credential: String, fault: NetworkFault? = nil) -> [Outcome] {
        [UpdateScreen.loading] + appReacts(to: sdk.initiateUpdateFlowForCredential(credential, server: server, fault: fault))
    }

    public mutating func logout(fault: NetworkFault? = nil) -> [Outcome] {
        sdk.logOff(sdk.loggedInUser ?? sdk.recentLoggedInUser, fault: fault)
    }

    /// The user cancels the screen in front of them. On a login challenge the app calls
    /// `resetAuthState`; on the mode 2 update screen it just closes it (no SDK call).
    public mutating func cancel() throws(SimulationError) -> [Outcome] {
        switch sdk.state {
        case .loggedIn(let user, let update):
            guard update != nil else { throw SimulationError(.notNow, "nothing to cancel: \(user) is logged in (use logout)") }
            sdk.dropUpdateChallenge()
            return [.appShows("update screen closed; \(user) stays logged in (no SDK call)")]
        case .awaitingUser, .awaitingPassword:
            return sdk.resetAuthState()
        }
    }

    /// What the app does with the callbacks it receives.
    private mutating func appReacts(to outcomes: [Outcome]) -> [Outcome] {
        var out: [Outcome] = []
        for outcome in outcomes {
            out.append(outcome)
            // The update screens show a synchronous error in their banner (S0, S1).
            if case .call("updatePassword", _, let error?) = outcome { out.append(UpdateScreen.banner(error.message)) }
            // The side menu shows a synchronous error of initiateUpdateFlowForCredential in an alert (S1).
            if case .call("initiateUpdateFlowForCredential", _, let error?) = outcome {
                out.append(UpdateScreen.alert("Update Password Error", error.message))
            }
            guard let event = outcome.event else { continue }
            if event.name == "getPassword", case .array(let info)? = event["challengeInfo"],
               let policy = info.first(where: { $0["key"] == .string(RelIDEvents.policyKey) }),
               case .string(let json)? = policy["value"] {
                if lastPolicyMessage?.json != json { lastPolicyMessage = (json, PolicyMessage.from(json: json)) }
                out.append(.appShows("policy: " + lastPolicyMessage!.message))
            }
            out += UpdateScreen.shows(event)
            // S1's dashboard offers an update only for what the SDK listed (test 8).
            if event.name == "onCredentialsAvailableForUpdate", event["options"] == .array([]) {
                out.append(.appShows("dashboard: no update option (nothing is offered for update)"))
            }
            if event.name == "onUserLoggedIn", case .string(let user)? = event["userID"] {
                out += sdk.getAllChallenges(user, server: server)
            }
        }
        return out
    }
}
