import CredLanguage
extension OneWelcomeFlow {
    /// OneWelcome's own terms and its words about the shared ones (docs/onewelcome.md).
    static let glossary: [GlossaryEntry] = [
        GlossaryEntry("PIN", "The numeric secret (5 digits by default) that logs a registered profile in: the SDK checks the PIN policy on the device, the token server verifies the PIN and counts the wrong ones."),
        GlossaryEntry("deregistration", aliases: ["deregistered"], "The SDK removing a profile and its keys from the device, as it does after the last wrong PIN (error 9003): the user must register again (`user add USER pin P`) before logging in."),
        GlossaryEntry("registration", aliases: ["registered"], "Putting a profile on the device with its PIN (`user add bob pin 52817`), or a stateless user with none."),
        GlossaryEntry("attempts", "maxFailureCount, previousFailureCount and remainingFailureCount in didReceivePinChallenge; the token server counts wrong PINs in a row, and the last one deregisters the profile."),
        GlossaryEntry("access token", "the session's token, which the token server revokes at logout (logoutUser)."),
        GlossaryEntry("blocklist", "the PIN policy's blocklist (`policy pin blocklist=…`): a PIN on it is refused with error 9011."),
        GlossaryEntry("challenge", "didReceivePinChallenge (the current PIN) and didReceiveCreatePinChallenge (a new one), answered with respond."),
        GlossaryEntry("delegate", "the user client's delegate methods (didStartPinChange, didChangePin, …) answer the app's calls."),
        GlossaryEntry("error code", "errorCode and errorDomain in a delegate call: 9009 wrong PIN, 9003 deregistered, 9000/9001 no network or server, 9006 cancelled."),
        GlossaryEntry("policy", "the PIN policy (`policy pin …`): length, blocklist, sequences, repeated digits; the SDK checks it on the device, before any request to the server."),
    ]
}
