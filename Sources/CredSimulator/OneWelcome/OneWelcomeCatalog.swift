extension OneWelcomeSimulator {
    /// The user states `expect state` checks, in the order `states(of:)` lists them.
    enum UserState: String, CaseIterable {
        case loggedIn = "logged-in"
        case loggedOut = "logged-out"
        case registered
        case stateless
        case deregistered
        case changingPin = "changing-pin"

        var meaning: String {
            switch self {
            case .loggedIn: return "authenticated on the simulated device"
            case .loggedOut: return "not authenticated on the simulated device"
            case .registered: return "a profile with a PIN is stored on the device"
            case .stateless: return "registered statelessly: no PIN, no stored profile"
            case .deregistered: return "removed from the device after too many wrong PINs; must register again"
            case .changingPin: return "a change PIN flow waits for the current or the new PIN"
            }
        }
    }

    public static let name = "onewelcome"
    public static let catalog = SDKCatalog(
        name: "onewelcome",
        title: "OneWelcome-style change PIN",
        page: "docs/onewelcome.md",
        secretNoun: "PIN",
        events: OneWelcomeEvents.specs,
        userStates: UserState.allCases.map { UserStateSpec($0.rawValue, $0.meaning) },
        codes: OneWelcomeCodes.all,
        calls: calls,
        words: { [OneWelcomeErrorDomain.generic, OneWelcomeErrorDomain.pinAuthentication, OneWelcomeErrorDomain.changePin,
                OneWelcomeErrorDomain.pinValidation, OneWelcomeError.somethingWentWrong, OneWelcomeError.connectionFailed] })
}
