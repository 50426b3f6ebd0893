import CredLanguage
import CredSimulator

/// What the Fiori app's outcomes hit, for `credsh test --coverage` (docs/coverage.md).
extension FioriFlow {
    static let coverageModel = CoverageModel(
        sdk: sdkID,
        // "policy" entries explain policy settings, which no outcome carries.
        codeKinds: ["input mode", "delegate error", "controller error", "app message"],
        extras: PasscodeScreen.numbersAndTitles.map { CoverageItem(.init(CoverageKey.screenKind, $0.title), code: $0.number, name: $0.title) }
            + policyRules.map(CoverageItem.policyRule),
        // `user add` onboards without showing the create controller, and the simulated
        // app's delegate throws failedToMatch, never invalidPasscode (docs/fiori.md).
        unreachable: [.named("input mode", "create"), .named("delegate error", "invalidPasscode")],
        transitions: transitions)

    /// The FUIPasscodePolicy keys whose checklist line can refuse a new passcode.
    static let policyRules = ["minLength", "isDigitsOnly", "hasDigit", "hasUpper", "hasLower", "hasSpecial", "minUniqueChars"]

    /// The alert the app shows when the wrong passcodes reach retryLimit ("app message").
    static let noMoreAttempts = "No more attempts left"

    /// For each event, those that may come next, as docs/fiori.md ("Unlocking", "The change
    /// flow", "Retries and the reset button") describes them. A flow that ended (unlocked,
    /// changed, cancelled, reset) is followed by the next one's first event: a screen, or
    /// the Touch ID prompt.
    static let transitions: [(String, [String])] = [
        // A screen is answered, cancelled, or (screen 1 after a wrong passcode) reset; screen 2
        // checks the policy, then the validation delegate; screen 3 compares.
        ("showScreen", ["shouldTryPasscode", "didCancelPasscodeEntry", "shouldResetPasscode", "failedToMeetPolicy",
                        "validate", "passcodeMismatch"]),
        // Touch ID: the stored passcode is tried, or the prompt failed and screen 1 shows.
        ("evaluatePolicy", ["shouldTryPasscode", "showScreen"]),
        // Tried: it does not match; it opened the app or changed the passcode (the next flow
        // starts); on the Touch ID path of a change the new passcode follows (matchForChange, change).
        ("shouldTryPasscode", ["failedToMatch", "shouldTryPasscode", "showScreen", "evaluatePolicy"]),
        // The screen stays: another try, cancel, the reset button; at the retry limit the
        // store is reset and the next flow starts.
        ("failedToMatch", ["shouldTryPasscode", "didCancelPasscodeEntry", "shouldResetPasscode", "showScreen", "evaluatePolicy"]),
        // Screen 2 stays: another new passcode, refused again or passed on to the delegate; or cancel.
        ("failedToMeetPolicy", ["failedToMeetPolicy", "validate", "didCancelPasscodeEntry"]),
        // Accepted: screen 3; refused: must differ.
        ("validate", ["showScreen", "failedToMeetPolicy"]),
        // Screen 2 again.
        ("passcodeMismatch", ["showScreen"]),
        ("didCancelPasscodeEntry", ["showScreen", "evaluatePolicy"]),
        ("shouldResetPasscode", ["showScreen", "evaluatePolicy"]),
    ]

    static func coverage(of outcome: Outcome) -> OutcomeCoverage {
        switch outcome {
        case .event(let event):
            var keys = [CoverageKey.event(event.name)]
            switch event.name {
            case "showScreen":
                if case .string(let title)? = event["title"] { keys.append(CoverageKey(CoverageKey.screenKind, title)) }
            case "shouldTryPasscode":
                if case .string(let mode)? = event["inputMode"] { keys.append(.named("input mode", mode)) }
            case "failedToMatch", "failedToMeetPolicy":
                keys.append(.named("delegate error", event.name))
            case "passcodeMismatch":
                keys.append(.named("controller error", event.name))
            default:
                break
            }
            return OutcomeCoverage(keys, step: event.name)
        case .appShows(let message) where message.hasPrefix(noMoreAttempts):
            return OutcomeCoverage([.named("app message", noMoreAttempts)])
        case .policyRefusal(let rule, _):
            return OutcomeCoverage([.policyRule(rule)])
        default:
            return .none
        }
    }
}
