import CredLanguage
import CredSimulator

/// What OneWelcome's outcomes hit, for `credsh test --coverage` (docs/coverage.md).
extension OneWelcomeFlow {
    static let coverageModel = CoverageModel(
        sdk: sdkID,
        codeKinds: ["error code"],
        extras: policyRules.map(CoverageItem.policyRule),
        // No command makes the server deregister the device (docs/onewelcome.md).
        unreachable: [.code("error code", 9002)],
        transitions: transitions)

    /// The PIN policy keys that can refuse a new PIN (`attempts` refuses none).
    static let policyRules = PinPolicy.keys.filter { $0 != "attempts" }

    /// Errors that refuse changePin before the flow starts (no didStartPinChange): the
    /// flow in progress, if any, goes on as if changePin had not been called.
    static let refusedAtStart: Set<Int> = [9007, 9010, 9033]

    /// For each delegate call, those that may come next, as docs/onewelcome.md ("Log in",
    /// "Change PIN", "Wrong PINs and the counters") describes them. validatePolicyCompliance
    /// and a changePin refused at the start are no steps: they change no flow.
    static let transitions: [(String, [String])] = [
        ("didStartAuthentication", ["didReceivePinChallenge", "didAuthenticateUser", "didFailToAuthenticateUser"]),
        // The PIN to log in or the current PIN to change it: wrong (again), right, cancelled,
        // the last wrong one (deregistered), or a network fault (asked again).
        ("didReceivePinChallenge", ["didReceivePinChallenge", "didAuthenticateUser", "didFailToAuthenticateUser",
                                    "didReceiveCreatePinChallenge", "didFailToChangePin"]),
        ("didAuthenticateUser", ["didStartPinChange", "logoutUser"]),
        ("didFailToAuthenticateUser", ["didStartAuthentication"]),
        ("didStartPinChange", ["didReceivePinChallenge"]),
        // A new PIN: refused by the policy or a fault (asked again), stored, or cancelled.
        ("didReceiveCreatePinChallenge", ["didReceiveCreatePinChallenge", "didChangePin", "didFailToChangePin"]),
        ("didChangePin", ["didStartPinChange", "logoutUser"]),
        // A change that ended leaves the user authenticated, or deregistered (9003).
        ("didFailToChangePin", ["didStartPinChange", "logoutUser", "didStartAuthentication"]),
        ("logoutUser", ["didStartAuthentication"]),
    ]

    static func coverage(of outcome: Outcome) -> OutcomeCoverage {
        switch outcome {
        case .event(let event):
            var keys = [CoverageKey.event(event.name)]
            var code: Int?
            if case .int(let number)? = event["errorCode"] {
                code = number
                keys.append(.code("error code", number))
            }
            let isStep = event.name != "validatePolicyCompliance"
                && !(event.name == "didFailToChangePin" && code.map(refusedAtStart.contains) == true)
            return OutcomeCoverage(keys, step: isStep ? event.name : nil)
        case .call(_, _, let error?):
            return OutcomeCoverage([.code("error code", error.code)])
        case .policyRefusal(let rule, _):
            return OutcomeCoverage([.policyRule(rule)])
        default:
            return .none
        }
    }
}
