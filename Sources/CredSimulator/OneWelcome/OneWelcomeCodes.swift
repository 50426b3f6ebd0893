/// The OneWelcome error codes `explain` knows (docs/onewelcome.md, "Error codes").
public enum OneWelcomeCodes {
    public static let all: [CodeExplanation] = [
        entry(.networkConnectivityFailure,
              meaning: "The device has no connection, so the request never reached the token server.",
              flow: "didReceivePinChallenge while a PIN is verified, didReceiveCreatePinChallenge while a new PIN is stored, "
                  + "didFailToAuthenticateUser for a stateless session, logoutUser (logged out locally all the same)",
              appShould: "tell the user to check the connection and let them try again: the PIN counters did not move",
              origin: "vendor (S4: never counts as a failed attempt); where credsh raises it: simulator decision"),
        entry(.serverNotReachable,
              meaning: "The device is online but the token server does not answer.",
              flow: "the same places as 9000, when the server is down",
              appShould: "say the service is unavailable and let the user try again later: the PIN counters did not move",
              origin: "vendor (S4: never counts as a failed attempt); where credsh raises it: simulator decision"),
        entry(.deviceDeregistered,
              meaning: "The server removed this device's registration: every profile on it is gone.",
              flow: "any flow that reaches the server (credsh has no command that causes it)",
              appShould: "clear local data for every profile and send the user to registration",
              origin: "vendor (example app error mappings); not produced by credsh"),
        entry(.userDeregistered,
              meaning: "Too many wrong PINs: the SDK removed the profile and its local data from the device.",
              flow: "didFailToChangePin or didFailToAuthenticateUser after a wrong PIN with remainingFailureCount 1",
              appShould: "clean up whatever it stored about the profile and offer registration again",
              origin: "vendor (S4)"),
        entry(.actionCancelled,
              meaning: "The app cancelled the challenge in front of the user.",
              flow: "didFailToChangePin after cancel at the current-PIN or new-PIN step; didFailToAuthenticateUser during login",
              appShould: "close the PIN screen quietly; after a change PIN cancel the old PIN still works",
              origin: "vendor (S4, example app); the message text: simulator decision (the example app shows nothing)"),
        entry(.actionAlreadyInProgress,
              meaning: "Another flow is still waiting for an answer; flows do not run side by side.",
              flow: "didFailToChangePin (no didStartPinChange) when changePin is called while a challenge is pending",
              appShould: "finish or cancel the pending challenge first",
              origin: "vendor (error list); raising it for changePin during another flow: simulator decision"),
        entry(OneWelcomeError.invalidPin(remaining: 0),
              meaning: "The PIN given for a PIN challenge is wrong.",
              flow: "didReceivePinChallenge again, previousFailureCount one higher, remainingFailureCount one lower",
              appShould: "show \"PIN you've entered is invalid. You have still N attempts left.\" and ask again",
              origin: "vendor (S4; domain ONGPinAuthenticationErrorDomain as in S4, newer SDKs use ONGAuthenticationErrorDomain)"),
        entry(.userNotAuthenticated,
              meaning: "changePin needs an authenticated user and there is none.",
              flow: "didFailToChangePin with no profileId, and no didStartPinChange before it",
              appShould: "authenticate the user first (the example app shows \"Something went wrong.\")",
              origin: "vendor (S4; ONGChangePinErrorDomain)"),
        entry(PinRule.blocklisted.error,
              meaning: "The new PIN is on the policy's block list.",
              flow: "didReceiveCreatePinChallenge again, or validatePolicyCompliance's completion",
              appShould: "ask for another PIN; there is no attempt counter for new PINs",
              origin: "vendor (S4, example app)"),
        entry(PinRule.sequence.error,
              meaning: "The new PIN is a sequence (steps by one constant amount) and the policy refuses sequences.",
              flow: "didReceiveCreatePinChallenge again, or validatePolicyCompliance's completion",
              appShould: "ask for another PIN",
              origin: "vendor (S4, example app); \"sequence\" = constant non-zero step: simulator decision"),
        entry(PinRule.similarDigits(maximum: 2).error,
              meaning: "The new PIN repeats one digit more times in a row than the policy allows; maxSimilarDigits carries the maximum.",
              flow: "didReceiveCreatePinChallenge again, or validatePolicyCompliance's completion",
              appShould: "show the maximum from the error and ask for another PIN",
              origin: "vendor (S4, example app); \"similar\" = a run in a row: simulator decision"),
        entry(PinRule.wrongLength(required: 5).error,
              meaning: "The new PIN does not have the policy's length; requiredLength carries it.",
              flow: "didReceiveCreatePinChallenge again (pinLength says the same), or validatePolicyCompliance's completion",
              appShould: "show the required length and ask for another PIN",
              origin: "vendor (S4, example app)"),
        entry(.statelessUser,
              meaning: "A stateless user has no PIN to change.",
              flow: "didFailToChangePin with the profileId, and no didStartPinChange",
              appShould: "hide change PIN for stateless users",
              origin: "vendor (S4, example app); how a stateless user logs in: simulator decision"),
    ]

    /// Every entry for a number.
    public static func explain(_ code: Int) -> [CodeExplanation] { all.filter { $0.code == code } }

    /// An entry by its SDK name (`invalidPin`), ignoring case.
    public static func explain(name: String) -> [CodeExplanation] {
        all.filter { $0.name.lowercased() == name.lowercased() }
    }

    private static func entry(_ error: OneWelcomeError, meaning: String, flow: String, appShould: String,
                              origin: String) -> CodeExplanation {
        CodeExplanation(kind: "error code", code: error.code, name: error.name,
                        meaning: meaning + " (" + error.domain + ")", flow: flow, appShould: appShould, origin: origin)
    }
}
