import CredLanguage
extension FioriFlow {
    /// Fiori's own terms and its words about the shared ones (docs/fiori.md).
    static let glossary: [GlossaryEntry] = [
        GlossaryEntry("passcode", "The secret that unlocks the app's secure store on the device: checked on the device by the controllers and the app's delegates, never sent to a server."),
        GlossaryEntry("input mode", "What a passcode screen is for: create (onboarding), match (unlocking), matchForChange (the current passcode, when changing it), change (the new passcode)."),
        GlossaryEntry("Touch ID", aliases: ["touchid"], "Unlocking with a fingerprint instead of typing the passcode: when the user's preference is on and the policy's allowsTouchID is true, the controller shows the Touch ID prompt (evaluatePolicy) first; `touchid fail` and `touchid cancel` arm a failure."),
        GlossaryEntry("controller error", "An error a passcode controller shows the user itself (passcodeMismatch: the confirmation differs)."),
        GlossaryEntry("delegate error", "An error the app's delegate throws to refuse a passcode (invalidPasscode, failedToMatch with triesRemaining, failedToMeetPolicy)."),
        GlossaryEntry("app message", "A sentence the app shows of its own, not the SDK's (No more attempts left)."),
        GlossaryEntry("attempts", "triesRemaining in failedToMatch, from the policy's retryLimit (−1: no limit); at 0 the app offers the reset."),
        GlossaryEntry("delegate", "shouldTryPasscode, validate and the other delegate calls of the passcode controllers."),
        GlossaryEntry("policy", "the passcode policy (`policy passcode …`), checked on the device by the controller before the delegate sees the passcode."),
        GlossaryEntry("screen", "showScreen: Enter Passcode, Enter New Passcode, Confirm Passcode."),
    ]
}
