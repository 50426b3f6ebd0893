/// What the codelabs' update screens show besides their fields (docs/relid.md, "What the
/// screens show"): the attempts label of the mode 2 screen (S1), the error banner of both
/// (S0 for mode 4, S1 for mode 2), and the alerts they raise (S0's form refusals, S1's
/// answer to `onUpdateCredentialResponse`, S1's side menu).
enum UpdateScreen {
    /// S1 hides the attempts container above this many attempts.
    static let attemptsShownUpTo = 3

    /// The statuses after which S1's mode 2 screen raises "Update Failed" besides its
    /// banner (`handleUpdateCredentialResponse`: 110, 153 and 190); any other failure
    /// (164) shows the banner alone.
    static let updateFailedAlertCodes: Set<Int> = [110, 153, 190]

    /// The app's lines for one callback, in the order the screen fills them in: the
    /// attempts label, then the banner, then an alert.
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
            out += updateResponse(event)
        default:
            break
        }
        return out
    }

    /// S1's `handleUpdateCredentialResponse`: success (100 or 0) is an alert titled
    /// "Success" with the status message, or "Password updated successfully" when it is
    /// empty; 110, 153 and 190 clear the fields, show the message in the banner ("Update
    /// failed" when empty) and raise "Update Failed" with the message; anything else
    /// clears the fields and shows the banner ("Failed to update password" when empty).
    static func updateResponse(_ event: SDKEvent) -> [Outcome] {
        guard case .int(let code)? = event["statusCode"] else { return [] }
        var message = ""
        if case .string(let text)? = event["statusMessage"] { message = text }
        if code == RelIDStatus.success.code || code == 0 {
            return [alert("Success", message.isEmpty ? "Password updated successfully" : message)]
        }
        if updateFailedAlertCodes.contains(code) {
            return [banner(message.isEmpty ? "Update failed" : message), alert("Update Failed", message)]
        }
        return [banner(message.isEmpty ? "Failed to update password" : message)]
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

    /// A `UIAlertController` with its title and message (and an OK button).
    static func alert(_ title: String, _ message: String) -> Outcome { .appShows("alert \"\(title)\": \(message)") }

    /// The alert without a title that S1's side menu shows while it calls
    /// `initiateUpdateFlowForCredential` (its test 1: "Verify loading alert appears briefly").
    static let loading: Outcome = .appShows("loading alert: Initiating update flow...")

    /// The alerts S0's mode 4 screen raises with its own refusals, by the refusal's banner
    /// text: the title and the message of each.
    static let expiryFormAlerts: [String: (title: String, message: String)] = [
        "New password and confirm password do not match":
            ("Password Mismatch", "New password and confirm password do not match"),
        "New password must be different from current password":
            ("Invalid New Password", "Your new password must be different from your current password"),
    ]
}
