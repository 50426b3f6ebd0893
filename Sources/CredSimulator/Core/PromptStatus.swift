/// What the prompt says of an SDK, composed the same way for all of them so that it never
/// disagrees with `state`: the user named first is the one signed in (nobody: no name),
/// and what is pending follows in brackets, with the user it is for when that is not
/// the one signed in:
/// `alice` (signed in), `alice [mode 2 update]` (signed in, changing her password),
/// `[alice: mode 0 verify]` (nobody signed in yet; alice's login asks for her password).
public enum PromptStatus {
    public static func compose(signedIn: String?, pending: (user: String, label: String)?) -> String? {
        guard let pending else { return signedIn }
        guard let signedIn else { return "[\(pending.user): \(pending.label)]" }
        return signedIn == pending.user ? "\(signedIn) [\(pending.label)]" : "\(signedIn) [\(pending.user): \(pending.label)]"
    }
}
