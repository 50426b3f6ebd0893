/// The REL-ID SDK's API as the double offers it to an app (docs/double.md, "Calls"): the
/// calls RelIDSDK simulates, performed on the SDK alone. The app around it is the real
/// app now, so nothing of `PasswordApp` (form checks, banners, the automatic
/// `getAllChallenges`) runs here.
extension RelIDSimulator {
    public static let calls: [CallSpec] = [
        CallSpec("setUser", "answers getUser with the user name", fields: [FieldSpec("userID", .string, namesUser: true)],
                 callbacks: ["getPassword", "getUser"]),
        CallSpec("setPassword", "answers a mode 0 (verify) or mode 1 (set) getPassword",
                 fields: [FieldSpec("password", .string, secret: true), FieldSpec("challengeMode", .integer)],
                 callbacks: ["getPassword", "onUserLoggedIn", "getUser"]),
        CallSpec("updatePassword", "answers a mode 2 (update) or mode 4 (expired) getPassword",
                 fields: [FieldSpec("currentPassword", .string, secret: true), FieldSpec("newPassword", .string, secret: true),
                          FieldSpec("challengeMode", .integer)],
                 callbacks: ["getPassword", "onUpdateCredentialResponse", "onUserLoggedIn", "onUserLoggedOff", "getUser"]),
        CallSpec("getAllChallenges", "asks which credentials the logged-in user may update", fields: [FieldSpec("userID", .string, namesUser: true)],
                 callbacks: ["onCredentialsAvailableForUpdate"]),
        CallSpec("initiateUpdateFlowForCredential", "starts a mode 2 update of an offered credential",
                 fields: [FieldSpec("credentialType", .string, choices: ["Password"])], callbacks: ["getPassword"]),
        CallSpec("resetAuthState", "abandons the login under way and asks for a user again", callbacks: ["getUser"]),
        CallSpec("logOff", "logs the user off", fields: [FieldSpec("userID", .string, namesUser: true)], callbacks: ["onUserLoggedOff", "getUser"]),
    ]

    /// The device keeps the SDK client and the policy sentence its app last built; the
    /// server (accounts, attempts, history, policy) is shared.
    public struct DeviceSide: Sendable {
        var sdk: RelIDSDK
        var lastPolicyMessage: (json: String, message: String)?
    }

    public var deviceSide: DeviceSide {
        get { DeviceSide(sdk: sdk, lastPolicyMessage: lastPolicyMessage) }
        set {
            sdk = newValue.sdk
            lastPolicyMessage = newValue.lastPolicyMessage
        }
    }

    public mutating func perform(_ call: ValidatedCall, world: World) -> [Outcome] {
        let fault = world.network.fault, now = world.now
        switch call.method {
        case "setUser":
            return sdk.setUser(call.string("userID"), server: &server)
        case "setPassword":
            guard let mode = ChallengeMode(rawValue: call.int("challengeMode") ?? -1) else {
                return [call.record(error: RelIDSyncError.invalidArguments)]
            }
            return sdk.setPassword(call.string("password"), mode: mode, server: &server, now: now, fault: fault)
        case "updatePassword":
            guard let mode = ChallengeMode(rawValue: call.int("challengeMode") ?? -1) else {
                return [call.record(error: RelIDSyncError.invalidArguments)]
            }
            return sdk.updatePassword(current: call.string("currentPassword"), new: call.string("newPassword"), mode: mode,
                                      server: &server, now: now, fault: fault)
        case "getAllChallenges":
            return sdk.getAllChallenges(call.string("userID"), server: server, fault: fault)
        case "initiateUpdateFlowForCredential":
            return sdk.initiateUpdateFlowForCredential(call.string("credentialType"), server: server, fault: fault)
        case "resetAuthState":
            return sdk.resetAuthState()
        case "logOff":
            return sdk.logOff(call.string("userID"), fault: fault)
        default:
            // The validator only lets through the calls listed above.
            return call.ignored("relid has no call '\(call.method)'")
        }
    }
}
