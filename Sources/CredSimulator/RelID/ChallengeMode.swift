/// `challengeMode` of a REL-ID `getPassword` callback (RDNAChallengeOpMode).
public enum ChallengeMode: Int, CaseIterable, Sendable {
    case verify = 0
    case set = 1
    case updateCredentials = 2
    case authorizeNotification = 3
    case updateOnExpiry = 4

    public var sdkName: String {
        switch self {
        case .verify: return "RDNA_CHALLENGE_OP_VERIFY"
        case .set: return "RDNA_CHALLENGE_OP_SET"
        case .updateCredentials: return "RDNA_OP_UPDATE_CREDENTIALS"
        case .authorizeNotification: return "RDNA_OP_AUTHORIZE_NOTIFICATION"
        case .updateOnExpiry: return "RDNA_OP_UPDATE_ON_EXPIRY"
        }
    }
}

/// Status codes in `challengeResponse.status` and `onUpdateCredentialResponse`.
public enum RelIDStatus {
    public static let success = (code: 100, message: "Success")
    /// 100 in `onUpdateCredentialResponse`: S1 lists the statuses of that callback with
    /// their words ("100: Password updated successfully", "110: Password has expired while
    /// updating password", "153: Attempts exhausted"), and its test 1 waits for an alert
    /// with these words.
    public static let passwordUpdated = (code: 100, message: "Password updated successfully")
    /// 102 is a simulator decision: the sources name no number for a wrong password.
    public static let invalidCredentials = (code: 102, message: "Invalid credentials")
    public static let expiredWhileUpdating = (code: 110, message: "Password has expired while updating password")
    public static let expired = (code: 118, message: "Password has expired. Please contact the admin.")
    public static let attemptsExhausted = (code: 153, message: "Attempts exhausted")
    public static let policyViolation = (code: 190, message: "Password does not meet policy standards")

    public static func reuse(historySize: Int) -> (code: Int, message: String) {
        (164, reuseMessage(limit: String(historySize)))
    }

    /// The 164 message with its N filled in ("N" itself when explaining the code).
    static func reuseMessage(limit: String) -> String {
        "Please enter a new password as your entered password has been used by you previously. You are not allowed to use last \(limit) passwords."
    }
}

/// Synchronous errors (`RDNAError.longErrorCode`) the simulated SDK returns.
public enum RelIDSyncError {
    public static let invalidArguments = SyncError(code: 4, message: "Invalid arguments provided.")
    public static let noCredentialsToUpdate = SyncError(code: 118, message: "No credentials to update")
    public static let credentialNotSupported = SyncError(code: 123, message: "Credential type not supported for update")
    public static let loginRequired = SyncError(code: 152, message: "You need to login into the application to use this feature.")
    public static let notLoggedIn = SyncError(code: 166, message: "User is not logged in")
    public static let sameAsCurrent = SyncError(code: 167, message: "Current and new password should be different")
}
