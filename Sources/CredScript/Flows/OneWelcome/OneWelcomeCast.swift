import CredLanguage
import CredSimulator

extension OneWelcomeFlow {
    /// The app calls the SDK's user client, which answers through the app's delegates;
    /// the token server verifies PINs, counts the wrong ones, stores a new PIN and revokes
    /// the token at logout, while the SDK checks the PIN policy on the device
    /// (docs/onewelcome.md). A flow ends with the delegate call that says how
    /// authentication or the PIN change ended, or with logout.
    static let cast = FlowCast(
        lifelines: [.init("app", "user / app"), .init("sdk", "OneWelcome SDK"), .init("server", "token server")],
        app: "app", sdk: "sdk", server: "server",
        flowEnds: ["didAuthenticateUser", "didFailToAuthenticateUser", "didChangePin", "didFailToChangePin", "logoutUser"],
        policyLifeline: "sdk",
        serverTrip: serverTrip)

    /// The PIN answers and logout reach the token server; a refusal by the policy (on the
    /// device) or a network fault (9000/9001) means the server was not reached, and no
    /// arrow goes to it.
    static let invalidPin = 9009, userDeregistered = 9003  // docs/onewelcome.md, error codes

    static let serverTrip = FlowCast.ServerTrip(
        request: { api, arguments in
            let pin = FlowCast.ServerTrip.pick(["pin"], from: arguments)
            switch (api, arguments.first { $0.0 == "challenge" }?.1) {
            case ("respond", .string("PinChallenge")?): return ("verify PIN", pin)
            case ("respond", .string("CreatePinChallenge")?): return ("store new PIN", pin)
            case ("logoutUser", _): return ("revoke token", [])
            default: return nil
            }
        },
        answer: { api, arguments, callback in
            var code: Int?
            if case .int(let c)? = callback.fields.first(where: { $0.0 == "errorCode" })?.1 { code = c }
            let counters = FlowCast.ServerTrip.pick(["previousFailureCount", "remainingFailureCount"], from: callback.fields)
            switch (api, arguments.first { $0.0 == "challenge" }?.1, code) {
            case ("respond", .string("PinChallenge")?, nil): return ("PIN right", [])
            case ("respond", .string("PinChallenge")?, invalidPin?):
                return ("PIN wrong", counters)
            case ("respond", .string("PinChallenge")?, userDeregistered?):
                return ("PIN wrong", [("remainingFailureCount", .int(0))])
            case ("respond", .string("CreatePinChallenge")?, nil) where callback.name == "didChangePin": return ("new PIN stored", [])
            case ("logoutUser", _, nil): return ("token revoked", [])
            default: return nil
            }
        })

    /// No call of the user client returns an error at once: every failure arrives in a
    /// delegate call, with its errorCode (docs/onewelcome.md, "Error codes").
    static let apis: [APISummary] = [
        APISummary("authenticateUser", "the app asks the SDK to log a profile in; the SDK answers didStartAuthentication, then a PIN challenge (didReceivePinChallenge), or authenticates a stateless user at once",
                   parameters: [("profileId", .app, "the profile the user picked")]),
        APISummary("changePin", "the app starts changing the authenticated profile's PIN; the SDK answers didStartPinChange, then asks for the current PIN (didReceivePinChallenge)"),
        APISummary("respond", "the app answers the pending challenge with the PIN the user typed (the current PIN, or the new one to a create PIN challenge)",
                   parameters: [("pin", .user, "shown as ***"), ("challenge", .sdk, "the pending challenge: PinChallenge or CreatePinChallenge")]),
        APISummary("cancel", "the app cancels the pending challenge; the flow ends with error 9006 (actionCancelled)",
                   parameters: [("challenge", .sdk, "the pending challenge")]),
        APISummary("logoutUser", "the app logs the profile out; its completion reports how it went"),
        APISummary("validatePolicyCompliance", "the app checks a new PIN against the PIN policy before sending it; its completion carries no error when the PIN complies",
                   parameters: [("pin", .user, "shown as ***; checked on the device")]),
    ]
}
