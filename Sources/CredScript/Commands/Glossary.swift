import CredLanguage
import CredSimulator

/// A term of the glossary, or one SDK's words about a shared term.
struct GlossaryEntry: Sendable {
    let term: String
    /// Other spellings that find it (`Touch ID` for `touchid`).
    let aliases: [String]
    let meaning: String

    init(_ term: String, aliases: [String] = [], _ meaning: String) {
        self.term = term
        self.aliases = aliases
        self.meaning = meaning
    }
}

/// `glossary`: the words credsh's output and docs use, each said in a sentence or two
/// for someone who has never seen a credential SDK. The terms every SDK shares are here,
/// said without any SDK's names; each SDK adds its own terms, and its own words about a
/// shared term, from its folder (`SDKFlow.glossary`), and they are gathered through the
/// SDK registry. A test holds the glossary to every term the docs pages and `explain` use.
enum Glossary {
    static let shared: [GlossaryEntry] = [
        GlossaryEntry("API call", "A function of the SDK that the app calls. credsh shows it as a line starting with →, with its synchronous error when it returns one; a sequence diagram draws it as a solid arrow. `explain NAME` shows its parameters and its synchronous errors."),
        GlossaryEntry("access token", aliases: ["token"], "A string the server hands out after a login that later requests carry instead of the password; it is valid for a while, and it is a secret: it always shows as ***."),
        GlossaryEntry("attempts", "How many more wrong passwords or PINs are accepted before something happens to the user: blocked, deregistered or reset, depending on the SDK. A right secret usually starts the count again."),
        GlossaryEntry("blocked", "A user who may not log in any more, after too many wrong secrets or because an administrator said so (`block USER`), until unblocked."),
        GlossaryEntry("blocklist", "A list of secrets refused outright, however well they meet the other rules: the ones everybody tries first (12345, 00000)."),
        GlossaryEntry("callback", "What the SDK delivers back to the app, later than the call that caused it. credsh shows it as a line starting with ←; a sequence diagram draws it as a dashed arrow."),
        GlossaryEntry("challenge", "The SDK asking the app for a secret: a password, a PIN or a passcode screen. The app answers it with an API call; until then it is pending, and the prompt shows it."),
        GlossaryEntry("delegate", "An object of the app that the SDK or a UI controller calls to ask or tell it something. A delegate call is a callback."),
        GlossaryEntry("error code", "A number with a domain that an SDK hands the app when something failed (an NSError on iOS); `explain CODE` says what it means and what the app should do."),
        GlossaryEntry("event", "Anything the SDK or the server delivers to the app: a callback, a delegate call, a screen, an HTTP answer. `expect event NAME FIELD=VALUE` checks one; `explain NAME` says what it means."),
        GlossaryEntry("expectation", "A line of a script that checks what the last command did (expect event, expect error, expect state). A script whose expectations hold passes `credsh test`."),
        GlossaryEntry("expiry", aliases: ["expired", "expire"], "When a secret stops being accepted as it is: the server says it has expired (after the policy's maximum age on the virtual clock, or at once with `expire USER`) and asks for a new one before letting the user in."),
        GlossaryEntry("flow", "The calls and callbacks from the start of one task to its end: a login, an update on expiry, a PIN change. `--compact` shows each challenge's policy once per flow."),
        GlossaryEntry("flow coverage", "Which calls, callbacks, codes and transitions a suite of scripts made happen, out of all an SDK has (`credsh test --coverage`)."),
        GlossaryEntry("hash", aliases: ["PBKDF2"], "What a server keeps instead of a secret: the output of a one-way function of the secret and a salt (PBKDF2 here), so that the secret cannot be read back from it."),
        GlossaryEntry("history", "The last few secrets of a user that a new one may not repeat (a policy's history=N); reusing one is refused."),
        GlossaryEntry("HTTP status", "The number a web server answers with: 200 success, 401 not authenticated, 403 forbidden, 422 the input was refused."),
        GlossaryEntry("KDF", "A key derivation function: the slow, salted hash (PBKDF2 here) that is stored instead of a secret, so a stolen database does not give the secrets away. `kdf` shows its rounds, salt and key sizes."),
        GlossaryEntry("lifeline", "A column of a sequence diagram: one party of a flow (the user and app, the SDK, the server), with time running down it."),
        GlossaryEntry("network", "The simulated connection between the device and the server: `network down` cuts the device off, `server down` leaves the device online with no server answering. What fails, and whether an attempt is spent, is each SDK's."),
        GlossaryEntry("payload", "The fields a callback or event carries, in the SDK's own names: what `expect event` can check."),
        GlossaryEntry("policy", "The rules a new secret must meet (length, digits, capitals, no reuse of recent ones). `policy show` prints the active SDK's; who checks it (the server, the SDK, the app) is each SDK's."),
        GlossaryEntry("salt", "Random bytes kept beside a secret's hash and mixed into it, so that two users with the same secret get different hashes and a table of precomputed hashes is useless."),
        GlossaryEntry("screen", "What the app puts in front of the user. When the SDK's own UI components put it there, it is an event: it comes from the SDK, not from the app's own code."),
        GlossaryEntry("secret", aliases: ["secrets"], "A password, PIN, passcode or token: credsh never shows one as typed, in any output, history, log or picture; it shows ***."),
        GlossaryEntry("seed", "The number that makes a run's random choices (salts, tokens) the same every time (`--seed N`), so that every run prints the same bytes."),
        GlossaryEntry("sequence diagram", "A picture of a flow: one lifeline per party, one arrow per call and callback, in order from top to bottom. `credsh diagram FILE -o flow.svg` and `diagram` at the prompt draw one."),
        GlossaryEntry("server trip", "In a sequence diagram, the SDK's request to its server and the server's answer, drawn between the app's call and the callback: where the server's checks (the policy, the history, the attempts) happen."),
        GlossaryEntry("simulator decision", "What credsh does where the vendor's documents say nothing (which status a wrong password gets, when a user is blocked). `explain` says for every code whether it is the vendor's behaviour or a simulator decision."),
        GlossaryEntry("status code", "The number in a callback that says how a request went. It arrives with the callback, unlike a sync error."),
        GlossaryEntry("sync error", aliases: ["synchronous error"], "The error an API call returns at once, before any callback. A call with a sync error triggers no callback, and the command fails unless `expect error` follows it."),
        GlossaryEntry("transcript", "What `credsh --echo FILE` prints: each command, then what it caused. A transcript kept beside a script (X.expected) must match every run byte for byte."),
        GlossaryEntry("user state", aliases: ["state"], "Where a user stands with an SDK (logged-in, expired, blocked, …): `expect state USER STATE` checks it, `users` lists them."),
        GlossaryEntry("vendor behaviour", "What the real SDK or server does, according to the vendor's codelabs, guides, example apps and source code. `explain` names the source in words."),
        GlossaryEntry("virtual clock", "The simulation's own time: it starts at 2026-01-01T00:00:00Z and moves only when a script says so (clock advance 91d), so expiry can be shown in a second and every run prints the same."),
    ]

    /// A term with what every SDK that speaks of it adds.
    struct Term {
        var term: String
        var aliases: [String]
        var meaning: String?
        var bySDK: [(sdk: String, text: String)]

        func matches(_ query: String) -> Bool {
            ([term] + aliases).contains { name in
                let lower = name.lowercased()
                return lower == query || lower == query + "s" || lower + "s" == query
            }
        }

        var lines: [String] {
            var lines = [term]
            if let meaning { lines += Glossary.wrap(meaning, width: 76).map { "    " + $0 } }
            for (sdk, text) in bySDK { lines += Glossary.wrap("\(sdk): \(text)", width: 76).map { "    " + $0 } }
            return lines
        }
    }

    /// Every term, shared and each SDK's, in alphabetical order.
    static var terms: [Term] {
        var all = shared.map { Term(term: $0.term, aliases: $0.aliases, meaning: $0.meaning, bySDK: []) }
        for flow in SDKFlows.all {
            for entry in flow.glossary {
                if let index = all.firstIndex(where: { $0.matches(entry.term.lowercased()) }) {
                    all[index].bySDK.append((flow.catalog.name, entry.meaning))
                    all[index].aliases += entry.aliases
                } else {
                    all.append(Term(term: entry.term, aliases: entry.aliases, meaning: nil, bySDK: [(flow.catalog.name, entry.meaning)]))
                }
            }
        }
        return all.sorted { $0.term.lowercased() < $1.term.lowercased() }
    }

    /// The term `words` name, or nil.
    static func lookUp(_ words: [String]) -> Term? {
        let query = words.joined(separator: " ").lowercased()
        return terms.first { $0.matches(query) }
    }

    static func render(_ words: [String]) throws(SimulationError) -> [String] {
        let all = terms
        guard !words.isEmpty else {
            var lines = all.flatMap(\.lines)
            lines.append("")
            lines.append("'glossary TERM' shows one term; 'explain NAME' says what a code, event or API call means.")
            return lines
        }
        guard let entry = lookUp(words) else {
            let query = words.joined(separator: " ").lowercased()
            var message = "the glossary has no '\(words.joined(separator: " "))'"
            if let guess = Spelling.closest(to: query, among: all.map(\.term)) { message += " — did you mean '\(guess)'?" }
            throw SimulationError(.nothingToExplain, message + "; 'glossary' lists every term (for a code or an event name, try 'explain')")
        }
        return entry.lines
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        TextMetrics.wrap(text.split(separator: " ").map(String.init), width: width, maxLines: 100)
    }
}
