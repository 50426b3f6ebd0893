/// An error the simulated OneWelcome SDK hands to the app: the NSError's code and domain,
/// plus the text the vendor's example app makes of it (docs/onewelcome.md, "Errors").
/// Events carry it flattened as `errorCode`, `errorDomain`, `message`, so a script can
/// name every field at one level.
public struct OneWelcomeError: Equatable, Sendable {
    public let code: Int
    /// The SDK's name for the code: `invalidPin`, `userDeregistered`.
    public let name: String
    public let domain: String
    /// What the example app shows for it.
    public let message: String
    /// The extra `userInfo` entry some validation errors carry (9013's maximum, 9014's length).
    public let detail: (key: String, value: Int)?

    init(code: Int, name: String, domain: String, message: String, detail: (key: String, value: Int)? = nil) {
        self.code = code
        self.name = name
        self.domain = domain
        self.message = message
        self.detail = detail
    }

    public static func == (a: OneWelcomeError, b: OneWelcomeError) -> Bool {
        a.code == b.code && a.domain == b.domain && a.message == b.message
            && a.detail?.key == b.detail?.key && a.detail?.value == b.detail?.value
    }

    /// The fields an event carries for this error, in the order they are shown.
    var fields: [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [
            ("errorCode", .int(code)),
            ("errorDomain", .string(domain)),
            ("message", .string(message)),
        ]
        if let detail { out.append((detail.key, .int(detail.value))) }
        return out
    }
}

/// The error domains the change-PIN flow can report.
public enum OneWelcomeErrorDomain {
    public static let generic = "ONGGenericErrorDomain"
    /// The seed's name for the domain of 9009; newer SDKs file it under ONGAuthenticationErrorDomain.
    public static let pinAuthentication = "ONGPinAuthenticationErrorDomain"
    public static let changePin = "ONGChangePinErrorDomain"
    public static let pinValidation = "ONGPinValidationErrorDomain"
}

extension OneWelcomeError {
    /// The example app's catch-all text for codes it has no message of its own for.
    static let somethingWentWrong = "Something went wrong."
    static let connectionFailed = "Failed to connect to the server."

    static let networkConnectivityFailure = OneWelcomeError(
        code: 9000, name: "networkConnectivityFailure", domain: OneWelcomeErrorDomain.generic, message: connectionFailed)
    static let serverNotReachable = OneWelcomeError(
        code: 9001, name: "serverNotReachable", domain: OneWelcomeErrorDomain.generic, message: connectionFailed)
    static let deviceDeregistered = OneWelcomeError(
        code: 9002, name: "deviceDeregistered", domain: OneWelcomeErrorDomain.generic,
        message: "All users were disconnected from the device.")
    static let userDeregistered = OneWelcomeError(
        code: 9003, name: "userDeregistered", domain: OneWelcomeErrorDomain.generic,
        message: "The users account was deregistered from the device.")
    /// The example app shows nothing for a cancel; the text is credsh's.
    static let actionCancelled = OneWelcomeError(
        code: 9006, name: "actionCancelled", domain: OneWelcomeErrorDomain.generic, message: "The action was cancelled.")
    static let actionAlreadyInProgress = OneWelcomeError(
        code: 9007, name: "actionAlreadyInProgress", domain: OneWelcomeErrorDomain.generic, message: somethingWentWrong)
    static let userNotAuthenticated = OneWelcomeError(
        code: 9010, name: "userNotAuthenticated", domain: OneWelcomeErrorDomain.changePin, message: somethingWentWrong)
    static let statelessUser = OneWelcomeError(
        code: 9033, name: "statelessUser", domain: OneWelcomeErrorDomain.changePin,
        message: "Changing PIN is not allowed for stateless user.")

    /// A wrong PIN: the app adds the attempts the new challenge leaves.
    static func invalidPin(remaining: Int) -> OneWelcomeError {
        OneWelcomeError(code: 9009, name: "invalidPin", domain: OneWelcomeErrorDomain.pinAuthentication,
                        message: "PIN you've entered is invalid. You have still \(remaining) attempts left.")
    }

    /// The request met the fault the world has now: 9000 without a network, 9001 without a server.
    static func from(_ fault: NetworkFault) -> OneWelcomeError {
        switch fault {
        case .networkDown: return networkConnectivityFailure
        case .serverDown: return serverNotReachable
        }
    }
}
