/// What the prompt says of an SDK, composed the same way for all of them so that it never
/// disagrees with `state`: the user named first is the one signed in (nobody: no name),
/// and what is pending follows in brackets, with the user it is for when that is not
/// the one signed in:
/// `alice` (signed in), `alice [mode 2 update]` (signed in, changing her password),
/// `[alice: mode 0 verify]` (nobody signed in yet; alice's login asks for her password).
public enum PromptStatus {
    /// What the prompt shows of `state` (nil: nothing to say).
    public static func text(of state: PromptState) -> String? {
        compose(signedIn: state.signedIn, pending: state.pending.map { ($0.user, $0.label) })
    }

    public static func compose(signedIn: String?, pending: (user: String, label: String)?) -> String? {
        guard let pending else { return signedIn }
        guard let signedIn else { return "[\(pending.user): \(pending.label)]" }
        return signedIn == pending.user ? "\(signedIn) [\(pending.label)]" : "\(signedIn) [\(pending.user): \(pending.label)]"
    }
}

/// Who is signed in, and which challenge waits for an answer: what the prompt shows, as
/// facts rather than text. A challenge pending means a line typed now that does not parse
/// is an answer typed alone (a password, a PIN), and is masked whole (docs/secrets pages:
/// grammar.md, "Secrets").
public struct PromptState: Sendable, Equatable {
    /// A challenge the SDK waits on: for whom, and what it asks (`mode 0 verify`, `PIN`).
    public struct PendingChallenge: Sendable, Equatable {
        public let user: String
        public let label: String

        public init(user: String, label: String) {
            self.user = user
            self.label = label
        }
    }

    public let signedIn: String?
    public let pending: PendingChallenge?

    public init(signedIn: String?, pending: PendingChallenge? = nil) {
        self.signedIn = signedIn
        self.pending = pending
    }
}
