import CredSimulator

extension OneWelcomeFlow {
    /// The app calls the SDK's user client, which answers through the app's delegates;
    /// the token server appears in the simulator's notes. A flow ends with the delegate
    /// call that says how authentication or the PIN change ended, or with logout.
    static let cast = FlowCast(
        lifelines: [.init("app", "user / app"), .init("sdk", "OneWelcome SDK"), .init("server", "token server")],
        app: "app", sdk: "sdk", server: "server",
        flowEnds: ["didAuthenticateUser", "didFailToAuthenticateUser", "didChangePin", "didFailToChangePin", "logoutUser"],
        policyLifeline: "sdk")

    static let apis: [APISummary] = [
        APISummary("authenticateUser", "the app asks the SDK to log a profile in; the SDK answers didStartAuthentication, then a PIN challenge (didReceivePinChallenge), or authenticates a stateless user at once"),
        APISummary("changePin", "the app starts changing the authenticated profile's PIN; the SDK answers didStartPinChange, then asks for the current PIN (didReceivePinChallenge)"),
        APISummary("respond", "the app answers the pending challenge with the PIN the user typed (the current PIN, or the new one to a create PIN challenge)"),
        APISummary("cancel", "the app cancels the pending challenge; the flow ends with error 9006 (actionCancelled)"),
        APISummary("logoutUser", "the app logs the profile out; its completion reports how it went"),
        APISummary("validatePolicyCompliance", "the app checks a new PIN against the PIN policy before sending it; its completion carries no error when the PIN complies"),
    ]
}
