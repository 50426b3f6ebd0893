/// The SUSI.AI simulation as the language sees it: its events, user states and codes.
enum SusiCatalog {
    static let userStates: [UserStateSpec] = [
        UserStateSpec("logged-in", "The app on the simulated device holds an access token for this user."),
        UserStateSpec("logged-out", "The app holds no token for this user."),
        UserStateSpec("token-expired", "The app holds this user's token but the server no longer accepts it (its valid_seconds "
                      + "ran out on the clock, or `token expire`): the next change-password request answers 401."),
        UserStateSpec("blocked", "The server refuses this user's logins with 403 after too many invalid ones."),
        UserStateSpec("not-activated", "The account waits for activation: login answers 422 \"User not yet activated\"."),
    ]

    static let catalog = SDKCatalog(
        name: "susi", title: "SUSI.AI-style change password", page: "docs/susi.md", secretNoun: "password",
        events: SusiEvents.specs, userStates: userStates, codes: SusiCodes.all,
        words: { SusiEvents.knownParameters + SusiWords.all })
}
