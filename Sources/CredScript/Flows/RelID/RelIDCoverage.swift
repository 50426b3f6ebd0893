import CredLanguage
import CredSimulator

/// What REL-ID's outcomes hit, for `credsh test --coverage` (docs/coverage.md).
extension RelIDFlow {
    static let coverageModel = CoverageModel(
        sdk: sdkID,
        codeKinds: ["status code", "challenge mode", "sync error"],
        extras: policyRules.map(CoverageItem.policyRule),
        unreachable: unreachable,
        transitions: transitions)

    /// What `explain` knows but credsh never produces (docs/relid.md): mode 3 is not
    /// simulated; 43, 141 and 147 are answered otherwise; the app's form checks and its
    /// choice of mode always prevent 4 and 167.
    static let unreachable: [CoverageKey] = [.code("challenge mode", 3)]
        + [4, 43, 141, 147, 167].map { .code("sync error", $0) }

    /// The RELID_PASSWORD_POLICY keys that can refuse a password (`msg` and `SDKValidation`
    /// refuse nothing).
    static let policyRules = PasswordPolicy.relidKeys.filter { $0 != "msg" && $0 != "SDKValidation" }

    /// For each callback, the callbacks that may come next, as docs/relid.md ("The flows,
    /// callback by callback") describes them, including those that follow a command the
    /// app may send at any time (`getAllChallenges`, `logOff`, `resetAuthState`).
    static let transitions: [(String, [String])] = [
        // setUser answered: a password challenge, or (blocked user; cancel with nothing pending) getUser again.
        ("getUser", ["getPassword", "getUser"]),
        // A wrong or refused password asks again; the last attempt blocks (getUser 153); cancel
        // resets (getUser); the right one logs in; a mode 2 answer is onUpdateCredentialResponse;
        // with mode 2 pending the app may still call getAllChallenges or logOff.
        ("getPassword", ["getPassword", "getUser", "onUserLoggedIn", "onUpdateCredentialResponse",
                         "onCredentialsAvailableForUpdate", "onUserLoggedOff"]),
        // The app calls getAllChallenges after every login.
        ("onUserLoggedIn", ["onCredentialsAvailableForUpdate"]),
        // From the dashboard: initiate (mode 2), getAllChallenges again, logOff; or the
        // answer to a mode 2 challenge left pending while getAllChallenges ran.
        ("onCredentialsAvailableForUpdate", ["getPassword", "onCredentialsAvailableForUpdate", "onUserLoggedOff",
                                             "onUpdateCredentialResponse"]),
        // Accepted, expired meanwhile or blocked: logged off; refused (190, 164): asked again.
        ("onUpdateCredentialResponse", ["onUserLoggedOff", "getPassword"]),
        ("onUserLoggedOff", ["getUser"]),
    ]

    static func coverage(of outcome: Outcome) -> OutcomeCoverage {
        switch outcome {
        case .event(let event):
            var keys = [CoverageKey.event(event.name)]
            if case .int(let status)? = event["statusCode"] { keys.append(.code("status code", status)) }
            if event.name == "getPassword", case .int(let mode)? = event["challengeMode"] {
                keys.append(.code("challenge mode", mode))
            }
            return OutcomeCoverage(keys, step: event.name)
        case .call(_, _, let error?):
            return OutcomeCoverage([.code("sync error", error.code)])
        case .policyRefusal(let rule, _):
            return OutcomeCoverage([.policyRule(rule)])
        default:
            return .none
        }
    }
}
