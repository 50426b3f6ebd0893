import CredLanguage
import CredSimulator

extension FioriFlow {
    /// The app presents SAP's passcode controllers; they show screens to the user and call
    /// the app's delegates, which answer or refuse. Nothing goes to a server. A flow ends
    /// when the app dismisses a controller.
    static let cast = FlowCast(
        lifelines: [.init("app", "user / app"), .init("controller", "Fiori controllers"), .init("delegate", "app delegates")],
        app: "app", sdk: "controller", server: nil,
        callRoutes: ["present": .init("app", "controller"), "dismiss": .init("app", "controller")],
        eventRoutes: [
            "showScreen": .init("controller", "app"),
            "evaluatePolicy": .init("controller", "app"),
            "passcodeMismatch": .init("controller", "app"),
            "failedToMeetPolicy": .init("controller", "app"),
            "shouldTryPasscode": .init("controller", "delegate"),
            "validate": .init("controller", "delegate"),
            "didCancelPasscodeEntry": .init("controller", "delegate"),
            "shouldResetPasscode": .init("controller", "delegate"),
            "failedToMatch": .init("delegate", "controller"),
        ],
        flowEnds: ["dismiss"])

    static let apis: [APISummary] = [
        APISummary("present", "the app presents a passcode controller: FUIPasscodeInputController to unlock, FUIPasscodeChangeController to change the passcode",
                   parameters: [("controller", .app, "which controller"), ("userIdentifier", .app, "the user whose store it opens")]),
        APISummary("dismiss", "the app dismisses the controller: the unlock or the change is over",
                   parameters: [("controller", .app, "the controller presented")]),
    ]
}
