/// Builders for what the simulated SAP app and its Fiori controllers deliver, with the
/// vendor's names where it has them (docs/fiori.md, "Events"). The app's own calls to
/// UIKit (`present`, `dismiss`) are `Outcome.call`s.
enum FioriEvents {
    /// The app's message when the delegate refuses a passcode (a simulator decision).
    static let wrongPasscodeMessage = "Passcode does not match."
    /// The simulated app's one validation rule (the validation delegate).
    static let mustDifferMessage = "New passcode must differ. Please re-enter."
    /// The create controller's message when the confirmation differs (a simulator decision).
    static let mismatchMessage = "Passcodes do not match. Please try again."
    /// What LocalAuthentication reports for a fingerprint that was not recognised.

    static func present(_ controller: String, userID: String) -> Outcome {
        .call(api: "present", arguments: [("controller", .string(controller)), ("userIdentifier", .string(userID))], error: nil)
    }

    static func dismiss(_ controller: String) -> Outcome {
        .call(api: "dismiss", arguments: [("controller", .string(controller))], error: nil)
    }

    static func showScreen(_ screen: PasscodeScreen) -> Outcome {
        .event(SDKEvent("showScreen", [
            ("screen", .int(screen.number)),
            ("title", .string(screen.title)),
            ("controller", .string(screen.controller)),
        ]))
    }

    /// The Touch ID prompt's answer; `errorCase` (the `LAError` code) only when it failed.
    static func evaluatePolicy(success: Bool, failure: BiometricFailure = .authenticationFailed) -> Outcome {
        var fields: [(String, JSONValue)] = [("success", .bool(success))]
        if !success { fields.append(("errorCase", .string(failure.rawValue))) }
        return .event(SDKEvent("evaluatePolicy", fields))
    }

    static func shouldTryPasscode(_ mode: PasscodeInputMode, source: PasscodeSource) -> Outcome {
        .event(SDKEvent("shouldTryPasscode", [
            ("passcode", FieldSpec.hidden),
            ("inputMode", .string(mode.rawValue)),
            ("passcodeSource", .string(source.rawValue)),
        ]))
    }

    static func failedToMatch(triesRemaining: Int) -> Outcome {
        // `errorCase` names the FUIPasscodeControllerError case the delegate threw (not `error`:
        // in JSON, `error` is kept for failures of a command).
        .event(SDKEvent("failedToMatch", [("errorCase", .string("failedToMatch")), ("message", .string(wrongPasscodeMessage)),
                                          ("triesRemaining", .int(triesRemaining))]))
    }

    static func failedToMeetPolicy(_ message: String) -> Outcome {
        .event(SDKEvent("failedToMeetPolicy", [("message", .string(message))]))
    }

    static func validate() -> Outcome {
        .event(SDKEvent("validate", [("passcode", FieldSpec.hidden)]))
    }

    static func passcodeMismatch() -> Outcome {
        .event(SDKEvent("passcodeMismatch", [("message", .string(mismatchMessage))]))
    }

    static func didCancelPasscodeEntry(from controller: String) -> Outcome {
        .event(SDKEvent("didCancelPasscodeEntry", [("fromController", .string(controller))]))
    }

    static func shouldResetPasscode(from controller: String) -> Outcome {
        .event(SDKEvent("shouldResetPasscode", [("fromController", .string(controller))]))
    }
}

/// How a Touch ID prompt ends without success: the `LAError` code in `errorCase`. SAP's
/// FUIPasscodeController documentation treats both alike: "If Touch ID authentication is
/// canceled or failed, the passcode view will be shown" (docs/fiori.md).
public enum BiometricFailure: String, CaseIterable, Sendable {
    /// The finger did not match.
    case authenticationFailed
    /// The user tapped Cancel on the prompt.
    case userCancel
}
