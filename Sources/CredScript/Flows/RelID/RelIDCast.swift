import CredLanguage
import CredSimulator

extension RelIDFlow {
    /// The app calls the SDK client, the SDK answers with callbacks; behind it, the
    /// identity server checks the user, the password, the policy and the history, and
    /// counts the attempts (docs/relid.md). A flow ends when the user is logged in or
    /// off, or the SDK asks for a user again.
    static let cast = FlowCast(
        lifelines: [.init("app", "user / app"), .init("sdk", "REL-ID SDK"), .init("server", "identity server")],
        app: "app", sdk: "sdk", server: "server",
        flowEnds: ["onUserLoggedIn", "onUserLoggedOff", "getUser"],
        serverTrip: serverTrip)

    /// Every call but `resetAuthState` goes to the identity server, which decides the
    /// status, the message and the attempts left of the callback that follows (simulator
    /// decision, docs/relid.md "Where each check happens").
    static let serverTrip = FlowCast.ServerTrip(
        request: { api, arguments in
            let secrets = FlowCast.ServerTrip.pick(["userID", "password", "currentPassword", "newPassword", "credType"], from: arguments)
            switch api {
            case "setUser": return ("check user", secrets)
            case "setPassword": return ("verify password", secrets)
            case "updatePassword": return ("verify current password, check policy and history, store", secrets)
            case "getAllChallenges": return ("credentials to update", secrets)
            case "initiateUpdateFlowForCredential": return ("start update", secrets)
            case "logOff": return ("end session", secrets)
            default: return nil
            }
        },
        answer: { _, _, callback in
            let fields = FlowCast.ServerTrip.pick(["statusCode", "statusMessage", "attemptsLeft", "options"], from: callback.fields)
            if case .int(let code)? = fields.first(where: { $0.0 == "statusCode" })?.1 {
                return ("status \(code)", fields.filter { $0.0 != "statusCode" })
            }
            return fields.isEmpty ? ("done", []) : ("answer", fields)
        })

    /// Every call may be refused with 4 (arguments, or no such challenge pending); the
    /// calls that reach the identity server fail with 12 without a network and 13 without
    /// the server (docs/relid.md, "APIs and their synchronous errors").
    static let offline: [(Int, Decider)] = [(12, .network), (13, .server)]

    static let apis: [APISummary] = [
        APISummary("setUser", "the app gives the SDK the user name: it starts a login, or answers getUser; the SDK answers with getPassword (or getUser with a status when the user cannot log in)",
                   parameters: [("userID", .user, "")], syncErrors: [(4, .sdk)]),
        APISummary("setPassword", "the app answers a getPassword challenge of mode 0 (verify) or 1 (set the first password) with the password the user typed",
                   parameters: [("password", .user, "shown as ***"), ("challengeMode", .sdk, "the pending challenge's")],
                   syncErrors: [(4, .sdk)] + offline),
        APISummary("updatePassword", "the app answers a getPassword challenge of mode 4 (expired) or 2 (update from the dashboard) with the current and the new password",
                   parameters: [("currentPassword", .user, "shown as ***"), ("newPassword", .user, "shown as ***; the app's form checks it first"),
                                ("challengeMode", .sdk, "the pending challenge's")],
                   syncErrors: [(4, .sdk), (118, .sdk), (167, .sdk), (141, .sdk), (147, .server)] + offline),
        APISummary("getAllChallenges", "the app asks which credentials the logged-in user may update; the SDK answers with onCredentialsAvailableForUpdate",
                   parameters: [("userID", .app, "the logged-in user")], syncErrors: [(4, .sdk), (152, .sdk)] + offline),
        APISummary("initiateUpdateFlowForCredential", "the app starts updating a credential from the dashboard; the SDK answers with a getPassword challenge of mode 2",
                   parameters: [("credentialType", .app, "one of the options onCredentialsAvailableForUpdate offered, exactly")],
                   syncErrors: [(4, .sdk), (43, .sdk), (123, .sdk), (152, .sdk)] + offline),
        APISummary("logOff", "the app logs the user off; the SDK answers with onUserLoggedOff and getUser",
                   parameters: [("userID", .app, "the logged-in user")], syncErrors: [(166, .sdk)] + offline),
        APISummary("resetAuthState", "the app abandons the login under way (the user cancelled); the SDK asks for a user again with getUser"),
    ]
}
