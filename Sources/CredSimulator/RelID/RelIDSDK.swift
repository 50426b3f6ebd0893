/// A pending `getPassword` challenge: whose, which mode, how many attempts are left.
public struct PasswordChallenge: Equatable, Sendable {
    public let userID: String
    public let mode: ChallengeMode
    public let attemptsLeft: Int
}

/// Where the SDK's login state machine stands.
public enum RelIDState: Equatable, Sendable {
    /// `getUser` was delivered: the SDK waits for `setUser`.
    case awaitingUser
    /// A password challenge of mode 0, 1 or 4 waits for an answer; nobody is logged in.
    case awaitingPassword(PasswordChallenge)
    /// A user is logged in; `update` is the mode 2 challenge if one was initiated.
    case loggedIn(userID: String, update: PasswordChallenge?)
}

/// The simulated REL-ID SDK client: each API returns its synchronous error first, as an
/// `Outcome.call`, then the callbacks it triggers, in the order docs/relid.md gives.
/// It knows nothing of the app's screens; `PasswordApp` is the app around it.
public struct RelIDSDK: Sendable {
    /// The credential name `initiateUpdateFlowForCredential` accepts (case-sensitive).
    public static let passwordCredential = "Password"

    public private(set) var state: RelIDState = .awaitingUser
    /// Users who logged in on this simulated device, in the order they first did.
    public private(set) var rememberedUsers: [String] = []
    public private(set) var recentLoggedInUser = ""

    public init() {}

    public var loggedInUser: String? {
        if case .loggedIn(let user, _) = state { return user }
        return nil
    }

    /// The challenge a password answer would go to, whatever the mode.
    public var pendingChallenge: PasswordChallenge? {
        switch state {
        case .awaitingUser: return nil
        case .awaitingPassword(let challenge): return challenge
        case .loggedIn(_, let update): return update
        }
    }

    // MARK: APIs

    public mutating func setUser(_ userID: String, server: inout IdentityServer) -> [Outcome] {
        guard state == .awaitingUser, !userID.isEmpty, let account = server.account(userID) else {
            return [.call(api: "setUser", arguments: [("userID", .string(userID))], error: RelIDSyncError.invalidArguments)]
        }
        var out: [Outcome] = [.call(api: "setUser", arguments: [("userID", .string(userID))], error: nil)]
        if account.blocked {
            out.append(.note("server: \(userID) is blocked; an administrator's 'unblock \(userID)' clears it"))
            out.append(getUser(status: RelIDStatus.attemptsExhausted))
        } else if !account.isActivated {
            out.append(challenge(PasswordChallenge(userID: userID, mode: .set, attemptsLeft: server.policy.attempts), server: server))
        } else {
            out.append(challenge(PasswordChallenge(userID: userID, mode: .verify, attemptsLeft: account.attemptsLeft), server: server))
        }
        return out
    }

    public mutating func setPassword(_ password: String, mode: ChallengeMode, server: inout IdentityServer, now: Int64,
                                     fault: NetworkFault? = nil) -> [Outcome] {
        let arguments: [(String, JSONValue)] = [("password", FieldSpec.hidden), ("challengeMode", .int(mode.rawValue))]
        guard case .awaitingPassword(let pending) = state, pending.mode == mode, mode == .verify || mode == .set,
              !password.isEmpty
        else { return [.call(api: "setPassword", arguments: arguments, error: RelIDSyncError.invalidArguments)] }
        if let fault { return Self.unreachable("setPassword", arguments, fault) }
        var out: [Outcome] = [.call(api: "setPassword", arguments: arguments, error: nil)]
        let user = pending.userID
        if mode == .set {
            if let rule = server.policy.firstViolation(of: password, userID: user) {
                out.append(.policyRefusal(rule: rule.key(refusing: password), message: rule.message))
                out.append(challenge(pending, status: RelIDStatus.policyViolation, server: server))
                return out
            }
            server.changePassword(user, to: password, now: now)
            out.append(contentsOf: logIn(user))
            return out
        }
        guard server.verify(user, password) else {
            let left = server.useAttempt(user)
            if left == 0 {
                state = .awaitingUser
                out.append(.note("server: no attempts left; \(user) is now blocked"))
                out.append(getUser(status: RelIDStatus.attemptsExhausted))
            } else {
                out.append(challenge(PasswordChallenge(userID: user, mode: .verify, attemptsLeft: left),
                                     status: RelIDStatus.invalidCredentials, server: server))
            }
            return out
        }
        server.resetAttempts(user)
        if server.isExpired(user, now: now) {
            out.append(challenge(PasswordChallenge(userID: user, mode: .updateOnExpiry, attemptsLeft: server.policy.attempts),
                                 status: RelIDStatus.expired, server: server))
        } else {
            out.append(contentsOf: logIn(user))
        }
        return out
    }

    public mutating func updatePassword(current: String, new: String, mode: ChallengeMode,
                                        server: inout IdentityServer, now: Int64, fault: NetworkFault? = nil) -> [Outcome] {
        let arguments: [(String, JSONValue)] = [
            ("currentPassword", FieldSpec.hidden), ("newPassword", FieldSpec.hidden), ("challengeMode", .int(mode.rawValue)),
        ]
        func refuse(_ error: SyncError) -> [Outcome] { [.call(api: "updatePassword", arguments: arguments, error: error)] }
        guard let pending = pendingChallenge, pending.mode == .updateCredentials || pending.mode == .updateOnExpiry else {
            return refuse(RelIDSyncError.noCredentialsToUpdate)
        }
        guard pending.mode == mode, !current.isEmpty, !new.isEmpty else { return refuse(RelIDSyncError.invalidArguments) }
        guard current != new else { return refuse(RelIDSyncError.sameAsCurrent) }
        if let fault { return Self.unreachable("updatePassword", arguments, fault) }
        let call = Outcome.call(api: "updatePassword", arguments: arguments, error: nil)
        if mode == .updateOnExpiry {
            return [call] + updateOnExpiry(pending, current: current, new: new, server: &server, now: now)
        }
        return [call] + updateCredentials(pending, current: current, new: new, server: &server, now: now)
    }

    public mutating func getAllChallenges(_ userID: String, server: IdentityServer, fault: NetworkFault? = nil) -> [Outcome] {
        let arguments: [(String, JSONValue)] = [("userID", .string(userID))]
        guard loggedInUser == userID else {
            return [.call(api: "getAllChallenges", arguments: arguments, error: RelIDSyncError.loginRequired)]
        }
        if let fault { return Self.unreachable("getAllChallenges", arguments, fault) }
        return [
            .call(api: "getAllChallenges", arguments: arguments, error: nil),
            RelIDEvents.onCredentialsAvailableForUpdate(userID, options: server.offeredCredentials(userID)),
        ]
    }

    public mutating func initiateUpdateFlowForCredential(_ credential: String, server: IdentityServer,
                                                         fault: NetworkFault? = nil) -> [Outcome] {
        let arguments: [(String, JSONValue)] = [("credentialType", .string(credential))]
        guard let user = loggedInUser, let account = server.account(user) else {
            return [.call(api: "initiateUpdateFlowForCredential", arguments: arguments, error: RelIDSyncError.loginRequired)]
        }
        // Only what getAllChallenges offers can be updated (S1 test 8: with `options=[]`
        // the dashboard has no update; the SDK refuses it as any other type).
        let offered = server.offeredCredentials(user)
        guard offered.contains(credential) else {
            // The SDK's error stays as it is; the note says what would have worked.
            let onOffer = offered.isEmpty ? "none (the server offers this user nothing to update)"
                                          : offered.joined(separator: ", ")
            let hint = offered.contains(where: { $0.lowercased() == credential.lowercased() })
                ? "did you mean '\(Self.passwordCredential)'? the credential type is matched exactly, as onCredentialsAvailableForUpdate offers it"
                : "the credential types on offer (onCredentialsAvailableForUpdate): \(onOffer)"
            return [.call(api: "initiateUpdateFlowForCredential", arguments: arguments, error: RelIDSyncError.credentialNotSupported),
                    .note(hint)]
        }
        if let fault { return Self.unreachable("initiateUpdateFlowForCredential", arguments, fault) }
        let update = PasswordChallenge(userID: user, mode: .updateCredentials, attemptsLeft: account.attemptsLeft)
        return [.call(api: "initiateUpdateFlowForCredential", arguments: arguments, error: nil), challenge(update, server: server)]
    }

    /// Abandons whatever login is under way and asks for a user again. No logoff is sent.
    public mutating func resetAuthState() -> [Outcome] {
        state = .awaitingUser
        return [.call(api: "resetAuthState", arguments: [], error: nil), getUser()]
    }

    public mutating func logOff(_ userID: String, fault: NetworkFault? = nil) -> [Outcome] {
        let arguments: [(String, JSONValue)] = [("userID", .string(userID))]
        guard loggedInUser == userID else {
            return [.call(api: "logOff", arguments: arguments, error: RelIDSyncError.notLoggedIn)]
        }
        if let fault { return Self.unreachable("logOff", arguments, fault) }
        return [.call(api: "logOff", arguments: arguments, error: nil)] + logOffChain(userID)
    }

    /// The app closes a mode 2 screen without calling the SDK: the user stays logged in.
    public mutating func dropUpdateChallenge() {
        if case .loggedIn(let user, _) = state { state = .loggedIn(userID: user, update: nil) }
    }

    // MARK: Flows

    private mutating func updateOnExpiry(_ pending: PasswordChallenge, current: String, new: String,
                                         server: inout IdentityServer, now: Int64) -> [Outcome] {
        let user = pending.userID
        guard server.verify(user, current) else {
            let left = server.useAttempt(user)
            if left == 0 {
                state = .awaitingUser
                return [.note("server: no attempts left; \(user) is now blocked"), getUser(status: RelIDStatus.attemptsExhausted)]
            }
            return [challenge(PasswordChallenge(userID: user, mode: .updateOnExpiry, attemptsLeft: left),
                              status: RelIDStatus.invalidCredentials, server: server)]
        }
        if let rule = server.policy.firstViolation(of: new, userID: user) {
            return [.policyRefusal(rule: rule.key(refusing: new), message: rule.message),
                    challenge(pending, status: RelIDStatus.policyViolation, server: server)]
        }
        if server.isReused(user, new) {
            return [challenge(pending, status: RelIDStatus.reuse(historySize: server.policy.historySize), server: server)]
        }
        server.changePassword(user, to: new, now: now)
        return logIn(user)
    }

    private mutating func updateCredentials(_ pending: PasswordChallenge, current: String, new: String,
                                            server: inout IdentityServer, now: Int64) -> [Outcome] {
        let user = pending.userID
        if server.isExpired(user, now: now) {
            return [RelIDEvents.onUpdateCredentialResponse(user, status: RelIDStatus.expiredWhileUpdating)] + logOffChain(user)
        }
        // A wrong current password, a policy violation and a reused password each use an attempt (S1 test 5).
        var refusal: (code: Int, message: String)?
        var out: [Outcome] = []
        if !server.verify(user, current) {
            refusal = RelIDStatus.invalidCredentials
        } else if let rule = server.policy.firstViolation(of: new, userID: user) {
            out.append(.policyRefusal(rule: rule.key(refusing: new), message: rule.message))
            refusal = RelIDStatus.policyViolation
        } else if server.isReused(user, new) {
            refusal = RelIDStatus.reuse(historySize: server.policy.historySize)
        }
        guard let refusal else {
            server.changePassword(user, to: new, now: now)
            return [RelIDEvents.onUpdateCredentialResponse(user, status: RelIDStatus.passwordUpdated)] + logOffChain(user)
        }
        let left = server.useAttempt(user)
        if left == 0 {
            out.append(.note("server: no attempts left; \(user) is now blocked"))
            out.append(RelIDEvents.onUpdateCredentialResponse(user, status: RelIDStatus.attemptsExhausted))
            return out + logOffChain(user)
        }
        let retry = PasswordChallenge(userID: user, mode: .updateCredentials, attemptsLeft: left)
        if refusal.code != RelIDStatus.invalidCredentials.code {
            out.append(RelIDEvents.onUpdateCredentialResponse(user, status: refusal))
        }
        out.append(challenge(retry, status: refusal, server: server))
        return out
    }

    // MARK: Helpers

    private mutating func logIn(_ userID: String) -> [Outcome] {
        state = .loggedIn(userID: userID, update: nil)
        recentLoggedInUser = userID
        if !rememberedUsers.contains(userID) { rememberedUsers.append(userID) }
        return [RelIDEvents.onUserLoggedIn(userID)]
    }

    private mutating func logOffChain(_ userID: String) -> [Outcome] {
        state = .awaitingUser
        return [RelIDEvents.onUserLoggedOff(userID), getUser()]
    }

    private func getUser(status: (code: Int, message: String)? = nil) -> Outcome {
        RelIDEvents.getUser(recent: recentLoggedInUser, remembered: rememberedUsers, status: status)
    }

    /// Makes `challenge` the pending one and delivers it; modes 1, 2 and 4 carry the policy.
    private mutating func challenge(_ challenge: PasswordChallenge, status: (code: Int, message: String) = RelIDStatus.success,
                                    server: IdentityServer) -> Outcome {
        switch challenge.mode {
        case .updateCredentials:
            state = .loggedIn(userID: challenge.userID, update: challenge)
        default:
            state = .awaitingPassword(challenge)
        }
        let policy = challenge.mode == .verify ? nil : server.policy.relidPolicyText
        return RelIDEvents.getPassword(challenge, status: status, policy: policy)
    }
}
