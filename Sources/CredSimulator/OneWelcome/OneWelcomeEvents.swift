/// The delegate calls and completions the simulated OneWelcome SDK delivers, named after
/// the SDK's delegate methods (`userClient(_:didReceivePinChallenge:)` → `didReceivePinChallenge`)
/// and, for completion blocks, after the API (`logoutUser`). An `NSError` is flattened to
/// `errorCode`, `errorDomain`, `message` (docs/onewelcome.md, "Events").
enum OneWelcomeEvents {
    /// Every event, with every field it may carry, in the order of the flows.
    static let specs: [EventSpec] = {
        let errorFields = [FieldSpec("errorCode", .integer), FieldSpec("errorDomain", .string), FieldSpec("message", .string)]
        let optionalErrorFields = errorFields.map { FieldSpec($0.name, $0.kind, optional: true) }
        let validationDetails = [FieldSpec("maxSimilarDigits", .integer, optional: true),
                                 FieldSpec("requiredLength", .integer, optional: true)]
        let profile = FieldSpec("profileId", .string)
        return [
            EventSpec("didStartAuthentication", "authenticateUser started for the profile", fields: [profile]),
            EventSpec("didReceivePinChallenge", "the SDK asks for the PIN (to log in, or the current PIN to change it)",
                      fields: [profile, FieldSpec("maxFailureCount", .integer), FieldSpec("previousFailureCount", .integer),
                               FieldSpec("remainingFailureCount", .integer)] + optionalErrorFields),
            EventSpec("didAuthenticateUser", "the profile is authenticated", fields: [profile]),
            EventSpec("didFailToAuthenticateUser", "authentication ended without success", fields: [profile] + errorFields),
            EventSpec("didStartPinChange", "changePin started for the authenticated profile", fields: [profile]),
            EventSpec("didReceiveCreatePinChallenge", "the SDK asks for a new PIN of pinLength digits",
                      fields: [profile, FieldSpec("pinLength", .integer)] + optionalErrorFields + validationDetails),
            EventSpec("didChangePin", "the new PIN is stored; the old one no longer works", fields: [profile]),
            EventSpec("didFailToChangePin", "the change PIN flow ended without a change (no profileId when nobody is authenticated)",
                      fields: [FieldSpec("profileId", .string, optional: true)] + errorFields),
            EventSpec("logoutUser", "logoutUser's completion: the profile is logged out (no profileId when nobody was authenticated)",
                      fields: [FieldSpec("profileId", .string, optional: true)] + optionalErrorFields),
            EventSpec("validatePolicyCompliance", "validatePolicyCompliance's completion: no fields when the PIN complies",
                      fields: optionalErrorFields + validationDetails),
        ]
    }()

    static func didStartAuthentication(_ profileID: String) -> Outcome {
        .event(SDKEvent("didStartAuthentication", [("profileId", .string(profileID))]))
    }

    static func didReceivePinChallenge(_ challenge: PinChallengeCounters, error: OneWelcomeError? = nil) -> Outcome {
        .event(SDKEvent("didReceivePinChallenge", [
            ("profileId", .string(challenge.profileID)),
            ("maxFailureCount", .int(challenge.maxFailureCount)),
            ("previousFailureCount", .int(challenge.previousFailureCount)),
            ("remainingFailureCount", .int(challenge.remainingFailureCount)),
        ] + (error?.fields ?? [])))
    }

    static func didAuthenticateUser(_ profileID: String) -> Outcome {
        .event(SDKEvent("didAuthenticateUser", [("profileId", .string(profileID))]))
    }

    static func didFailToAuthenticateUser(_ profileID: String, error: OneWelcomeError) -> Outcome {
        .event(SDKEvent("didFailToAuthenticateUser", [("profileId", .string(profileID))] + error.fields))
    }

    static func didStartPinChange(_ profileID: String) -> Outcome {
        .event(SDKEvent("didStartPinChange", [("profileId", .string(profileID))]))
    }

    static func didReceiveCreatePinChallenge(_ profileID: String, pinLength: Int, error: OneWelcomeError? = nil) -> Outcome {
        .event(SDKEvent("didReceiveCreatePinChallenge",
                        [("profileId", .string(profileID)), ("pinLength", .int(pinLength))] + (error?.fields ?? [])))
    }

    static func didChangePin(_ profileID: String) -> Outcome {
        .event(SDKEvent("didChangePin", [("profileId", .string(profileID))]))
    }

    static func didFailToChangePin(_ profileID: String?, error: OneWelcomeError) -> Outcome {
        .event(SDKEvent("didFailToChangePin", (profileID.map { [("profileId", JSONValue.string($0))] } ?? []) + error.fields))
    }

    static func logoutUser(_ profileID: String, error: OneWelcomeError?) -> Outcome {
        .event(SDKEvent("logoutUser", [("profileId", .string(profileID))] + (error?.fields ?? [])))
    }

    static func validatePolicyCompliance(error: OneWelcomeError?) -> Outcome {
        .event(SDKEvent("validatePolicyCompliance", error?.fields ?? []))
    }
}
