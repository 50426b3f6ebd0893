/// What the codelabs' two update screens show besides their fields (docs/relid.md,
/// "What the screens show"): the attempts label of the mode 2 screen (S1) and the error
/// banner of both (S0 for mode 4, S1 for mode 2).
enum UpdateScreen {
    /// S1 hides the attempts container above this many attempts.
    static let attemptsShownUpTo = 3

    /// The app's lines for one callback, in the order the screen fills them in: the
    /// attempts label, then the banner.
    static func shows(_ event: SDKEvent) -> [Outcome] {
        var out: [Outcome] = []
        switch event.name {
        case "getPassword":
            guard case .int(let mode)? = event["challengeMode"],
                  mode == ChallengeMode.updateCredentials.rawValue || mode == ChallengeMode.updateOnExpiry.rawValue
            else { return [] }
            if mode == ChallengeMode.updateCredentials.rawValue, case .int(let left)? = event["attemptsLeft"],
               left <= attemptsShownUpTo {
                out.append(.appShows("Attempts remaining: \(left)"))
            }
            out += statusBanner(event)
        case "onUpdateCredentialResponse":
            out += statusBanner(event)
        default:
            break
        }
        return out
    }

    /// The banner for a status other than success. S0 tests `!= 100 && != 0`; S1 tests
    /// only `!= 0`, which read literally would show "Success" on every fresh mode 2
    /// screen; credsh treats 100 as success on both (a simulator decision).
    private static func statusBanner(_ event: SDKEvent) -> [Outcome] {
        guard case .int(let code)? = event["statusCode"], code != RelIDStatus.success.code, code != 0,
              case .string(let message)? = event["statusMessage"] else { return [] }
        return [banner(message)]
    }

    /// The error banner; every codelab path that shows it also clears the password fields.
    static func banner(_ message: String) -> Outcome { .appShows("error banner: \(message)") }
}
