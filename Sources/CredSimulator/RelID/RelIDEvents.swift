/// Builders for the REL-ID callbacks, with the payload keys of the SDK's own event
/// types. `challengeResponse.status` is flattened to `statusCode`/`statusMessage` so that
/// a script can name every field at one level.
public enum RelIDEvents {
    static let policyKey = "RELID_PASSWORD_POLICY"

    /// Every callback this SDK delivers, in the order of its lifecycle, with its payload.
    public static let specs: [EventSpec] = [
        EventSpec("getUser", "the SDK asks the app for a user name (setUser answers it)", fields: [
            FieldSpec("recentLoggedInUser", .string), FieldSpec("rememberedUsers", .list),
            FieldSpec("statusCode", .integer, optional: true), FieldSpec("statusMessage", .string, optional: true)
        ]),
        EventSpec("getPassword", "the SDK asks for a password; challengeMode says which screen", fields: [
            FieldSpec("userID", .string), FieldSpec("challengeMode", .integer), FieldSpec("attemptsLeft", .integer),
            FieldSpec("statusCode", .integer), FieldSpec("statusMessage", .string),
            FieldSpec("challengeInfo", .list, optional: true)
        ]),
        EventSpec("onUserLoggedIn", "the user is logged in", fields: [
            FieldSpec("userID", .string), FieldSpec("statusCode", .integer), FieldSpec("statusMessage", .string)
        ]),
        EventSpec("onUserLoggedOff", "the user is logged off", fields: [FieldSpec("userID", .string)]),
        EventSpec("onCredentialsAvailableForUpdate", "the credentials the user may update (getAllChallenges)", fields: [
            FieldSpec("userID", .string), FieldSpec("options", .list),
        ]),
        EventSpec("onUpdateCredentialResponse", "the result of a mode 2 update", fields: [
            FieldSpec("userID", .string), FieldSpec("credType", .string), FieldSpec("statusCode", .integer),
            FieldSpec("statusMessage", .string)
        ]),
    ]

    public static var names: [String] { specs.map(\.name) }

    static func getUser(recent: String, remembered: [String], status: (code: Int, message: String)? = nil) -> Outcome {
        var fields: [(String, JSONValue)] = [
            ("recentLoggedInUser", .string(recent)),
            ("rememberedUsers", .array(remembered.map(JSONValue.string))),
        ]
        if let status {
            fields.append(("statusCode", .int(status.code)))
            fields.append(("statusMessage", .string(status.message)))
        }
        return .event(SDKEvent("getUser", fields))
    }

    static func getPassword(_ challenge: PasswordChallenge, status: (code: Int, message: String), policy: String?) -> Outcome {
        var fields: [(String, JSONValue)] = [
            ("userID", .string(challenge.userID)),
            ("challengeMode", .int(challenge.mode.rawValue)),
            ("attemptsLeft", .int(challenge.attemptsLeft)),
            ("statusCode", .int(status.code)),
            ("statusMessage", .string(status.message)),
        ]
        if let policy {
            fields.append(("challengeInfo", .array([.object([("key", .string(policyKey)), ("value", .string(policy))])])))
        }
        return .event(SDKEvent("getPassword", fields))
    }

    static func onUserLoggedIn(_ userID: String) -> Outcome {
        .event(SDKEvent("onUserLoggedIn", [
            ("userID", .string(userID)),
            ("statusCode", .int(RelIDStatus.success.code)),
            ("statusMessage", .string(RelIDStatus.success.message)),
        ]))
    }

    static func onUserLoggedOff(_ userID: String) -> Outcome {
        .event(SDKEvent("onUserLoggedOff", [("userID", .string(userID))]))
    }

    static func onCredentialsAvailableForUpdate(_ userID: String, options: [String]) -> Outcome {
        .event(SDKEvent("onCredentialsAvailableForUpdate", [
            ("userID", .string(userID)),
            ("options", .array(options.map(JSONValue.string))),
        ]))
    }

    static func onUpdateCredentialResponse(_ userID: String, status: (code: Int, message: String)) -> Outcome {
        .event(SDKEvent("onUpdateCredentialResponse", [
            ("userID", .string(userID)),
            ("credType", .string(RelIDSDK.passwordCredential)),
            ("statusCode", .int(status.code)),
            ("statusMessage", .string(status.message)),
        ]))
    }
}
