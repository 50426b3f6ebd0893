/// The REL-ID-style password lifecycle as one simulated SDK: the app (`PasswordApp.swift`),
/// the SDK client (`RelIDSDK`) and the server (`IdentityServer`). docs/relid.md.
public struct RelIDSimulator: SimulatedSDK {
    public var sdk = RelIDSDK()
    public var server: IdentityServer
    /// The sentence the app last built from a RELID_PASSWORD_POLICY text, and that text:
    /// the policy rarely changes, and every mode 1, 2 and 4 challenge carries it.
    var lastPolicyMessage: (json: String, message: String)?

    public init(seed: UInt64) { server = IdentityServer(seed: seed) }

    public static let name = "relid"
    public static let catalog = SDKCatalog(
        name: "relid", title: "REL-ID-style password lifecycle", page: "docs/relid.md", secretNoun: "password",
        events: RelIDEvents.specs,
        userStates: [
            UserStateSpec("logged-in", "the user is logged in on the simulated device"),
            UserStateSpec("logged-out", "the user is not logged in"),
            UserStateSpec("expired", "the password has expired (by an administrator or by age)"),
            UserStateSpec("blocked", "attempts are exhausted or an administrator blocked the user"),
            UserStateSpec("not-activated", "the user has no password yet: the first login sets one (mode 1)"),
        ],
        codes: RelIDCodes.all, calls: calls,
        words: { [RelIDSDK.passwordCredential, RelIDEvents.policyKey] + ChallengeMode.allCases.map(\.sdkName)
            + [RelIDStatus.success, RelIDStatus.passwordUpdated, RelIDStatus.invalidCredentials, RelIDStatus.expiredWhileUpdating,
               RelIDStatus.expired, RelIDStatus.attemptsExhausted, RelIDStatus.policyViolation].map(\.message)
            + [RelIDSyncError.invalidArguments, RelIDSyncError.noCredentialsToUpdate, RelIDSyncError.credentialNotSupported,
               RelIDSyncError.loginRequired, RelIDSyncError.notLoggedIn, RelIDSyncError.sameAsCurrent].map(\.message) })

    public var userIDs: [String] { server.userIDs }
    public var signedInUser: String? { sdk.loggedInUser }

    public func states(of userID: String, world: World) -> [String]? {
        guard let account = server.account(userID) else { return nil }
        var states: [String] = [sdk.loggedInUser == userID ? "logged-in" : "logged-out"]
        if server.isExpired(userID, now: world.now) { states.append("expired") }
        if account.blocked { states.append("blocked") }
        if !account.isActivated { states.append("not-activated") }
        return states
    }

    /// `alice`, `bob [mode 1 set]`, `alice [mode 2 update]`.
    public var promptState: PromptState {
        PromptState(signedIn: sdk.loggedInUser,
                    pending: sdk.pendingChallenge.map { .init(user: $0.userID, label: $0.mode.promptLabel) })
    }

    public mutating func login(_ userID: String, secret: String?, world: World) throws(SimulationError) -> [Outcome] {
        try login(userID, password: secret, now: world.now, fault: world.network.fault)
    }

    public mutating func update(current: String, new: String, confirm: String?, world: World) throws(SimulationError) -> [Outcome] {
        updatePassword(current: current, new: new, confirm: confirm, now: world.now, fault: world.network.fault)
    }

    public mutating func logout(world: World) throws(SimulationError) -> [Outcome] { logout(fault: world.network.fault) }

    public mutating func cancel(world: World) throws(SimulationError) -> [Outcome] { try cancel() }
}

extension ChallengeMode {
    var promptLabel: String {
        switch self {
        case .verify: return "mode 0 verify"
        case .set: return "mode 1 set"
        case .updateCredentials: return "mode 2 update"
        case .authorizeNotification: return "mode 3"
        case .updateOnExpiry: return "mode 4 expired"
        }
    }
}
