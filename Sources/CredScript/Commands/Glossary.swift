import CredSimulator

/// `glossary`: the words credsh's output and docs use, each said in a sentence or two
/// for someone who has never seen a credential SDK.
enum Glossary {
    static let terms: [(term: String, meaning: String)] = [
        ("access token", "A string the server hands out after a login (SUSI's access_token) that later requests carry instead of the password; it is valid for a while (valid_seconds) and always shows as ***."),
        ("API call", "A function of the SDK that the app calls (setPassword, changePin, present). credsh shows it as a line starting with →, with its synchronous error when it returns one; a sequence diagram draws it as a solid arrow."),
        ("attempts", "How many more wrong passwords or PINs the SDK accepts before it acts: REL-ID's attemptsLeft, OneWelcome's remainingFailureCount, Fiori's triesRemaining. When they run out the user is blocked, deregistered or reset, depending on the SDK."),
        ("callback", "What the SDK delivers back to the app, later than the call that caused it (getPassword, onUserLoggedIn). credsh shows it as a line starting with ←; a sequence diagram draws it as a dashed arrow."),
        ("challenge", "The SDK asking the app for a secret: a password (getPassword), a PIN (didReceivePinChallenge) or a passcode screen. The app answers it with an API call; until then it is pending, and the prompt shows it."),
        ("challenge mode", "REL-ID's word for why a password is asked for: 0 verify it (login), 1 set the first one (activation), 2 update it from the dashboard, 4 update it because it expired. The same getPassword callback carries each mode."),
        ("delegate", "An object of the app that the SDK or a UI controller calls to ask or tell it something (OneWelcome's userClient delegate methods, Fiori's shouldTryPasscode and validate). A delegate call is a callback."),
        ("deregistration", "The SDK removing a user's profile and keys from the device, as OneWelcome does after the last wrong PIN: the user must register again before logging in."),
        ("event", "Anything the SDK or the server delivers to the app: a callback, a delegate call, a screen, an HTTP answer. `expect event NAME FIELD=VALUE` checks one; `explain NAME` says what it means."),
        ("expectation", "A line of a script that checks what the last command did (expect event, expect error, expect state). A script whose expectations hold passes `credsh test`."),
        ("flow", "The calls and callbacks from the start of one task to its end: a login, an update on expiry, a PIN change. `--compact` shows each challenge's policy once per flow."),
        ("HTTP status", "The number a web server answers with: 200 success, 401 not authenticated, 403 forbidden, 422 the input was refused. SUSI's answers are HTTP statuses, not SDK callbacks."),
        ("input mode", "Fiori's word for what a passcode screen is for: create (onboarding), match (unlocking), matchForChange (the current passcode, when changing it), change (the new passcode)."),
        ("KDF", "A key derivation function: the slow, salted hash (PBKDF2 here) that servers store instead of a password, so a stolen database does not give the passwords away."),
        ("lifeline", "A column of a sequence diagram: one party of a flow (the user and app, the SDK, the server), with time running down it."),
        ("payload", "The fields a callback or event carries (userID, challengeMode, attemptsLeft, statusCode, …), in the SDK's own names: what `expect event` can check."),
        ("policy", "The rules a new secret must meet (length, digits, capitals, no reuse of recent ones). The server sends it with the challenge (REL-ID's RELID_PASSWORD_POLICY) and the app turns it into a sentence for the user; `policy show` prints it."),
        ("screen", "What the app puts in front of the user (Fiori's showScreen: Enter Passcode, Enter New Passcode). A screen is an event: it comes from the SDK's controllers, not from the app's own code."),
        ("sequence diagram", "A picture of a flow: one lifeline per party, one arrow per call and callback, in order from top to bottom. `credsh diagram FILE -o flow.svg` and `diagram` at the prompt draw one."),
        ("simulator decision", "What credsh does where the vendor's documents say nothing (which status a wrong password gets, when a user is blocked). `explain` says for every code whether it is the vendor's behaviour or a simulator decision."),
        ("status code", "The number in a callback that says how a request went (REL-ID's statusCode: 100 success, 118 password expired, 190 policy not met). It arrives with the callback, unlike a sync error."),
        ("sync error", "The error an API call returns at once, before any callback (REL-ID's RDNAError longErrorCode, where 0 means none). A call with a sync error triggers no callback, and the command fails unless `expect error` follows it."),
        ("transcript", "What `credsh --echo FILE` prints: each command, then what it caused. A transcript kept beside a script (X.expected) must match every run byte for byte."),
        ("vendor behaviour", "What the real SDK or server does, according to the vendor's codelabs, guides, example apps and source code. `explain` names the source in words."),
        ("virtual clock", "The simulation's own time: it starts at 2026-01-01T00:00:00Z and moves only when a script says so (clock advance 91d), so expiry can be shown in a second and every run prints the same."),
    ]

    static func render(_ words: [String]) throws(SimulationError) -> [String] {
        guard !words.isEmpty else {
            var lines: [String] = []
            for (term, meaning) in terms {
                lines.append(term)
                lines += wrap(meaning, width: 76).map { "    " + $0 }
            }
            lines.append("")
            lines.append("'glossary TERM' shows one term; 'explain NAME' says what a code, event or API call means.")
            return lines
        }
        let query = words.joined(separator: " ").lowercased()
        let found = terms.filter { $0.term.lowercased() == query || $0.term.lowercased() == query + "s" || $0.term.lowercased() + "s" == query }
        guard let entry = found.first else {
            var message = "the glossary has no '\(words.joined(separator: " "))'"
            if let guess = Spelling.closest(to: query, among: terms.map(\.term)) { message += " — did you mean '\(guess)'?" }
            throw SimulationError(message + "; 'glossary' lists every term (for a code or an event name, try 'explain')")
        }
        return [entry.term] + wrap(entry.meaning, width: 76).map { "    " + $0 }
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        TextMetrics.wrap(text.split(separator: " ").map(String.init), width: width, maxLines: 100)
    }
}
