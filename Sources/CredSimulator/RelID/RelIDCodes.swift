/// The REL-ID codes `explain` knows (docs/relid.md).
public enum RelIDCodes {
    public static let all: [CodeExplanation] = statuses + modes + syncErrors + readings

    /// Every entry for a number: 118 is both a status code and a sync error, 4 both a mode and an error.
    public static func explain(_ code: Int) -> [CodeExplanation] { all.filter { $0.code == code } }

    /// An entry by its SDK name (`RDNA_OP_UPDATE_ON_EXPIRY`), ignoring case.
    public static func explain(name: String) -> [CodeExplanation] {
        all.filter { $0.name.lowercased() == name.lowercased() }
    }

    static let statuses: [CodeExplanation] = [
        .init(kind: "status code", code: 100, name: "SUCCESS", meaning: "Success (0 also means success); in onUpdateCredentialResponse its words are \"Password updated successfully\".",
              flow: "onUserLoggedIn; onUpdateCredentialResponse after an accepted mode 2 update",
              appShould: "go on: to the dashboard, or after a mode 2 update show the \"Success\" alert and wait for the logoff and getUser",
              origin: "vendor (S1)"),
        .init(kind: "status code", code: 102, name: "INVALID_CREDENTIALS", meaning: "Invalid credentials: the password (or current password) is wrong.",
              flow: "getPassword mode 0, 2 or 4 again, with attemptsLeft one lower",
              appShould: "show the message and the attempts left, clear the fields",
              origin: "simulator decision (the sources give no number for a wrong password)"),
        .init(kind: "status code", code: 110, name: "PASSWORD_EXPIRED_WHILE_UPDATING", meaning: RelIDStatus.expiredWhileUpdating.message + ".",
              flow: "onUpdateCredentialResponse during a mode 2 update, then onUserLoggedOff and getUser",
              appShould: "tell the user, let the SDK log off; the next login goes through mode 4",
              origin: "vendor (S1)"),
        .init(kind: "status code", code: 118, name: "PASSWORD_EXPIRED", meaning: RelIDStatus.expired.message,
              flow: "getPassword mode 4 after a correct password at login (mode 0)",
              appShould: "show the update-expired-password screen (current, new, confirm) and call updatePassword(current, new, 4)",
              origin: "vendor (S0)"),
        .init(kind: "status code", code: 153, name: "ATTEMPTS_EXHAUSTED", meaning: RelIDStatus.attemptsExhausted.message + ".",
              flow: "onUpdateCredentialResponse in mode 2, then onUserLoggedOff and getUser; at login, getUser with status 153",
              appShould: "tell the user the account is locked; an administrator must unblock it",
              origin: "vendor in mode 2 (S1); at login and the blocking itself: simulator decision"),
        .init(kind: "status code", code: 164, name: "PASSWORD_REUSED", meaning: RelIDStatus.reuseMessage(limit: "N"),
              flow: "getPassword mode 4 again (mode 2: onUpdateCredentialResponse 164, then getPassword mode 2)",
              appShould: "clear the fields and ask for a password not among the last N",
              origin: "vendor in mode 4 (S0); in mode 2: simulator decision"),
        .init(kind: "status code", code: 190, name: "POLICY_VIOLATION", meaning: RelIDStatus.policyViolation.message + ".",
              flow: "getPassword mode 1 or 4 again; in mode 2 onUpdateCredentialResponse 190, then getPassword mode 2 (no logoff)",
              appShould: "show the message and the policy, clear the fields; in mode 2 it uses an attempt",
              origin: "vendor (S1)"),
    ]

    static let modes: [CodeExplanation] = [
        .init(kind: "challenge mode", code: 0, name: ChallengeMode.verify.sdkName, meaning: "Verify the password to log in.",
              flow: "getPassword after setUser for an activated user",
              appShould: "show the verify screen and call setPassword(password, 0)", origin: "vendor (S0, S1)"),
        .init(kind: "challenge mode", code: 1, name: ChallengeMode.set.sdkName, meaning: "Set a password during activation (first login).",
              flow: "getPassword after setUser for a user never activated, with RELID_PASSWORD_POLICY",
              appShould: "show the set-password screen with the policy message and call setPassword(password, 1)",
              origin: "vendor (S0)"),
        .init(kind: "challenge mode", code: 2, name: ChallengeMode.updateCredentials.sdkName, meaning: "User-initiated update, after login.",
              flow: "getPassword after initiateUpdateFlowForCredential(\"Password\"), with the policy",
              appShould: "show current/new/confirm and call updatePassword(current, new, 2); success logs the user off",
              origin: "vendor (S1)"),
        .init(kind: "challenge mode", code: 3, name: ChallengeMode.authorizeNotification.sdkName, meaning: "Authorize a notification with the password.",
              flow: "not simulated by credsh", appShould: "-", origin: "vendor (exists; not simulated)"),
        .init(kind: "challenge mode", code: 4, name: ChallengeMode.updateOnExpiry.sdkName, meaning: "Update an expired password during login.",
              flow: "getPassword with status 118 after a correct but expired password",
              appShould: "show current/new/confirm and call updatePassword(current, new, 4); success logs the user in",
              origin: "vendor (S0)"),
    ]

    /// Where the sources disagree, the readings and the one credsh follows.
    static let readings: [CodeExplanation] = [
        .init(kind: "callback in mode 4", code: nil, name: "onUpdateCredentialResponse",
              meaning: "Two readings of an accepted mode 4 update. S0's comment on updatePassword lists "
                  + "\"SDK triggers onUpdateCredentialResponse callback\" and then onUserLoggedIn; S0's own flow diagram "
                  + "and callback table, and the React Native codelab, go straight to onUserLoggedIn.",
              flow: "mode 2: every update answers onUpdateCredentialResponse; mode 4: credsh delivers onUserLoggedIn only",
              appShould: "in mode 4, wait for onUserLoggedIn (and accept an onUpdateCredentialResponse before it, should a real SDK send one)",
              origin: "simulator decision (the sources contradict each other: credsh follows S0's flow diagram and callback table and RN, three sources against one comment)"),
    ]

    static let syncErrors: [CodeExplanation] = [
        .init(kind: "sync error", code: 4, name: "INVALID_ARGUMENTS", meaning: RelIDSyncError.invalidArguments.message,
              flow: "any API given empty or wrong arguments, or called for a challenge that is not pending",
              appShould: "fix the call; no callback follows", origin: "vendor (FL strings); when credsh returns it: simulator decision"),
        .init(kind: "sync error", code: 43, name: "UPDATE_CHALLENGES_NOT_AVAILABLE", meaning: "Failed to get the configured update challenges.",
              flow: "initiateUpdateFlowForCredential before getAllChallenges (credsh's app always calls it after login, so it does not occur)",
              appShould: "call getAllChallenges after onUserLoggedIn", origin: "vendor (FL strings)"),
        .init(kind: "sync error", code: 118, name: "NO_CREDENTIALS_TO_UPDATE", meaning: RelIDSyncError.noCredentialsToUpdate.message + ".",
              flow: "updatePassword with no mode 2 or mode 4 challenge pending",
              appShould: "only offer the update screen for a pending challenge", origin: "vendor (FL strings)"),
        .init(kind: "sync error", code: 123, name: "CREDENTIAL_NOT_SUPPORTED", meaning: "The credential type is not supported for update.",
              flow: "initiateUpdateFlowForCredential with a name other than \"Password\" (the name is case-sensitive: \"password\" is refused)",
              appShould: "pass one of the options of onCredentialsAvailableForUpdate exactly", origin: "vendor (FL strings, S1)"),
        .init(kind: "sync error", code: 141, name: "POLICY_NOT_SATISFIED", meaning: "The password does not satisfy the policy (SDK-side validation).",
              flow: "not returned by credsh: its server answers 190 instead", appShould: "show the policy message",
              origin: "vendor (FL strings); credsh validates on the server"),
        .init(kind: "sync error", code: 147, name: "CURRENT_CREDENTIALS_MISMATCH", meaning: "The current credentials do not match; you will be logged off.",
              flow: "not returned by credsh: a wrong current password answers getPassword with status 102", appShould: "-",
              origin: "vendor (FL strings); credsh's choice of 102: simulator decision"),
        .init(kind: "sync error", code: 12, name: "NETWORK_UNAVAILABLE", meaning: RelIDSyncError.networkUnavailable.message,
              flow: "setPassword, updatePassword, getAllChallenges, initiateUpdateFlowForCredential or logOff while the device has no network (network down); nothing reaches the server",
              appShould: "show it in the error banner and clear the fields (S1, test 9); try again when online",
              origin: "simulator decision (S1's test 9 expects a connection error; the codelabs name no code or words)"),
        .init(kind: "sync error", code: 13, name: "SERVER_UNREACHABLE", meaning: RelIDSyncError.serverUnreachable.message,
              flow: "the same calls while the server does not answer (server down); no attempt is spent, no password changes",
              appShould: "show it in the error banner and clear the fields (S1, test 9)",
              origin: "simulator decision (S1's test 9 expects a connection error; the codelabs name no code or words)"),
        .init(kind: "sync error", code: 152, name: "LOGIN_REQUIRED", meaning: RelIDSyncError.loginRequired.message,
              flow: "getAllChallenges or initiateUpdateFlowForCredential with nobody logged in",
              appShould: "offer these only on the dashboard", origin: "vendor (FL strings)"),
        .init(kind: "sync error", code: 166, name: "NOT_LOGGED_IN", meaning: RelIDSyncError.notLoggedIn.message + ".",
              flow: "logOff with nobody logged in", appShould: "-", origin: "vendor (FL strings)"),
        .init(kind: "sync error", code: 167, name: "SAME_AS_CURRENT", meaning: RelIDSyncError.sameAsCurrent.message + ".",
              flow: "updatePassword with the new password equal to the current one (the app's form check catches it first)",
              appShould: "check before calling", origin: "vendor (FL strings)"),
    ]
}
