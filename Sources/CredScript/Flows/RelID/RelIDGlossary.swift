import CredLanguage
extension RelIDFlow {
    /// REL-ID's own terms and its words about the shared ones (docs/relid.md).
    static let glossary: [GlossaryEntry] = [
        GlossaryEntry("challenge mode", "Why getPassword asks for a password: 0 verify it (login), 1 set the first one (activation), 2 update it from the dashboard, 4 update it because it expired. The same getPassword callback carries each mode."),
        GlossaryEntry("attempts", "attemptsLeft in getPassword: the identity server counts wrong passwords; when they run out the user is blocked (getUser with status 153)."),
        GlossaryEntry("blocked", "the state `blocked`: the attempts ran out, or an administrator used `block USER`; getUser answers with status 153."),
        GlossaryEntry("callback", aliases: ["callback in mode 4"], "the SDK's callbacks (getPassword, onUserLoggedIn, …) go to the app; in mode 4 an accepted update is answered with onUserLoggedIn only."),
        GlossaryEntry("challenge", "getPassword, answered with setPassword or updatePassword."),
        GlossaryEntry("expiry", "the identity server answers a right but expired password with status 118 and getPassword in challenge mode 4 (RDNA_OP_UPDATE_ON_EXPIRY); an accepted update logs the user in."),
        GlossaryEntry("history", "the policy's history=N: the identity server refuses one of the last N passwords with status 164."),
        GlossaryEntry("policy", "RELID_PASSWORD_POLICY, sent in getPassword's challengeInfo; the app turns it into a sentence; the identity server checks it (status 190)."),
        GlossaryEntry("status code", "statusCode in a callback: 100 success, 102 wrong password, 118 expired, 153 attempts exhausted, 164 reused, 190 policy not met."),
        GlossaryEntry("sync error", "the RDNAError of an API call (longErrorCode; 0 means none), e.g. 166 when logOff finds nobody logged in."),
    ]
}
