/// What the language shows about the SAP Fiori-style SDK: its events, user states and
/// what `explain` says (docs/fiori.md).
enum FioriCatalog {
    static let catalog = SDKCatalog(
        name: "fiori", title: "SAP Fiori-style passcode change", page: "docs/fiori.md", secretNoun: "passcode",
        events: events, userStates: userStates, codes: codes, calls: FioriSimulator.calls,
        words: { PasscodeInputMode.allCases.map(\.rawValue) + [PasscodeSource.user, .device].map(\.rawValue)
            + BiometricFailure.allCases.map(\.rawValue)
            + [FioriController.input, FioriController.create, FioriController.change]
            + PasscodeScreen.titles
            + [FioriEvents.wrongPasscodeMessage, FioriEvents.mustDifferMessage, FioriEvents.mismatchMessage] })

    static let events: [EventSpec] = [
        EventSpec("showScreen", "a passcode screen appears: 1 = current (or unlock), 2 = new, 3 = confirm", fields: [
            FieldSpec("screen", .integer), FieldSpec("title", .string), FieldSpec("controller", .string),
        ]),
        EventSpec("evaluatePolicy", "the Touch ID prompt the controller shows, and its answer", fields: [
            FieldSpec("success", .boolean), FieldSpec("errorCase", .string, optional: true),
        ]),
        EventSpec("shouldTryPasscode", "the controller hands a passcode to the app's delegate to try against the store", fields: [
            FieldSpec("passcode", .string, secret: true), FieldSpec("inputMode", .string), FieldSpec("passcodeSource", .string),
        ]),
        EventSpec("failedToMatch", "the delegate refused the passcode: it does not match the stored one", fields: [
            FieldSpec("errorCase", .string), FieldSpec("message", .string), FieldSpec("triesRemaining", .integer),
        ]),
        EventSpec("failedToMeetPolicy", "screen 2 refused the new passcode: the policy, or the validation delegate", fields: [
            FieldSpec("message", .string),
        ]),
        EventSpec("validate", "the validation delegate checks a new passcode that meets the policy", fields: [
            FieldSpec("passcode", .string, secret: true),
        ]),
        EventSpec("passcodeMismatch", "screen 3: the confirmation differs from the new passcode", fields: [
            FieldSpec("message", .string),
        ]),
        EventSpec("didCancelPasscodeEntry", "the user cancelled a passcode screen", fields: [
            FieldSpec("fromController", .string),
        ]),
        EventSpec("shouldResetPasscode", "the user tapped the reset button after a wrong passcode", fields: [
            FieldSpec("fromController", .string),
        ]),
    ]

    static let userStates: [UserStateSpec] = [
        UserStateSpec("logged-in", "the app is unlocked for this user"),
        UserStateSpec("logged-out", "the app is locked (or unlocked for somebody else)"),
        UserStateSpec("reset", "the passcode store was reset: the user must onboard again"),
        UserStateSpec("touchid", "Touch ID is on for this user"),
    ]

    static let codes: [CodeExplanation] = inputModes + delegateErrors + policy + decisions

    static let inputModes: [CodeExplanation] = [
        .init(kind: "input mode", code: nil, name: "create",
              meaning: "A passcode is being set up for the first time (FUIPasscodeInputMode.create).",
              flow: "shouldTryPasscode from the create controller during onboarding; credsh's `user add` stands for that onboarding without showing its screens",
              appShould: "create the secure store with the passcode (or save it securely)",
              origin: "vendor (FUIPasscodeInputMode)"),
        .init(kind: "input mode", code: nil, name: "match",
              meaning: "The user is unlocking the app with the passcode set before.",
              flow: "shouldTryPasscode from FUIPasscodeInputController at login, typed or read from the keychain behind Touch ID",
              appShould: "open the store with it; dismiss the controller if it opens, otherwise throw failedToMatch with the tries remaining",
              origin: "vendor (FUIPasscodeInputMode)"),
        .init(kind: "input mode", code: nil, name: "matchForChange",
              meaning: "The user proves the current passcode before changing it (change screen 1).",
              flow: "shouldTryPasscode from screen 1 of FUIPasscodeChangeController; with Touch ID on, the stored passcode is tried without a screen",
              appShould: "try it as for match, but do not dismiss: screen 2 follows",
              origin: "vendor (FUIPasscodeInputMode)"),
        .init(kind: "input mode", code: nil, name: "change",
              meaning: "The new passcode replaces the old one (after screen 3, or generated on the Touch ID path).",
              flow: "shouldTryPasscode from the create controller after a matching confirmation",
              appShould: "re-key the store with the new passcode, then dismiss the change controller",
              origin: "vendor (FUIPasscodeInputMode)"),
    ]

    static let delegateErrors: [CodeExplanation] = [
        .init(kind: "delegate error", code: nil, name: "invalidPasscode",
              meaning: "FUIPasscodeControllerError.invalidPasscode(code, triesRemaining): the passcode is not valid, e.g. it failed to open the store.",
              flow: "thrown by the delegate from shouldTryPasscode; credsh's app never throws it, it uses failedToMatch",
              appShould: "pass the tries remaining, or passcodePolicyNoLimit",
              origin: "vendor (FUIPasscodeControllerError); unused by the simulated app: simulator decision"),
        .init(kind: "delegate error", code: nil, name: "failedToMatch",
              meaning: "FUIPasscodeControllerError.failedToMatch(message, triesRemaining), shown as the event failedToMatch with error, message and triesRemaining: the passcode does not match the stored one.",
              flow: "after shouldTryPasscode with match or matchForChange; the screen stays, shows the message, the tries remaining and a reset button",
              appShould: "count the wrong passcode; at 0 tries remaining show \"No more attempts left\" and reset the passcode store",
              origin: "vendor (FUIPasscodeControllerError); the message and the counting: simulator decision"),
        .init(kind: "delegate error", code: nil, name: "failedToMeetPolicy",
              meaning: "FUIPasscodeControllerError.failedToMeetPolicy(message): the new passcode does not meet the policy or the app's own rule.",
              flow: "screen 2: the controller's policy check (the first checklist line missed), or thrown by the validation delegate (\"\(FioriEvents.mustDifferMessage)\")",
              appShould: "let the user enter another new passcode on screen 2",
              origin: "vendor (FUIPasscodeControllerError); raising it for the controller's own policy check: simulator decision"),
    ]

    static let policy: [CodeExplanation] = [
        .init(kind: "policy", code: PasscodePolicy.noLimit, name: "passcodePolicyNoLimit",
              meaning: "-1 means no limit in the policy's whole-number properties (minUniqueChars, retryLimit) and in triesRemaining.",
              flow: "the default of minUniqueChars and retryLimit; failedToMatch carries triesRemaining -1 when retries are unlimited",
              appShould: "treat -1 as \"never runs out\" / \"not checked\"",
              origin: "vendor (FUIPasscodePolicy.passcodePolicyNoLimit)"),
        .init(kind: "policy", code: nil, name: "retryLimit",
              meaning: "How many wrong passcodes are allowed before the passcode store is reset (default -1, no limit).",
              flow: "each failedToMatch counts one; at the limit the app shows \"No more attempts left\", resets the store and the user must onboard again",
              appShould: "count the wrong passcodes itself and report the tries remaining in failedToMatch",
              origin: "vendor (FUIPasscodePolicy.retryLimit); counted by the simulated app: simulator decision"),
        .init(kind: "policy", code: nil, name: "isDigitsOnly",
              meaning: "The passcode must be decimal digits only; hasDigit, hasUpper, hasLower and hasSpecial are then ignored.",
              flow: "screen 2 checks length, then digits only, then minUniqueChars",
              appShould: "nothing: the controller checks it and shows a numeric keypad",
              origin: "vendor (FUIPasscodePolicy.isDigitsOnly)"),
        .init(kind: "policy", code: nil, name: "allowsTouchID",
              meaning: "Whether Touch ID may unlock the app and replace screen 1 of a change (default true).",
              flow: "with it false, login and change always show the passcode screens, whatever the user's Touch ID preference",
              appShould: "offer Touch ID at onboarding only when allowed",
              origin: "vendor (FUIPasscodePolicy.allowsTouchID)"),
        .init(kind: "policy", code: nil, name: "minUniqueChars",
              meaning: "How many different characters the passcode must contain (default -1, not checked; 0 also turns it off).",
              flow: "checked last on screen 2, also for a digits-only passcode",
              appShould: "nothing: the controller checks it",
              origin: "vendor (FUIPasscodePolicy.minUniqueChars)"),
    ]

    static let decisions: [CodeExplanation] = [
        .init(kind: "controller error", code: nil, name: "passcodeMismatch",
              meaning: "The confirmation on screen 3 differs from the new passcode on screen 2: \"\(FioriEvents.mismatchMessage)\"",
              flow: "screen 3; nothing is saved and screen 2 is shown again",
              appShould: "nothing: the controller handles it; the old passcode stays valid",
              origin: "simulator decision (the vendor documents a confirmation screen but not its error)"),
        .init(kind: "app message", code: nil, name: "No more attempts left",
              meaning: "The app's alert when the wrong passcodes reach retryLimit.",
              flow: "after the last failedToMatch (triesRemaining 0): the controller is dismissed, the passcode store reset, the user signed out",
              appShould: "start onboarding again (`user add USER passcode P` in credsh)",
              origin: "simulator decision (an SAP app's alert text; the vendor leaves the limit to the app)"),
    ]
}
