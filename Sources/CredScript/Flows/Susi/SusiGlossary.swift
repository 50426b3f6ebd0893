import CredLanguage
extension SusiFlow {
    /// SUSI's own terms and its words about the shared ones (docs/susi.md).
    static let glossary: [GlossaryEntry] = [
        GlossaryEntry("password rule", "The server's check of a new password's form (RULE_2017, RULE_2019): which rule applies, and what it asks, is the server's."),
        GlossaryEntry("server rule", "Something the server enforces besides the password's form, such as the login throttle (LOGIN_THROTTLE: too many wrong passwords answer 403 for a while)."),
        GlossaryEntry("access token", "access_token in the login's answer: valid for valid_seconds, carried by the change password request."),
        GlossaryEntry("HTTP status", "SUSI's answers are HTTP statuses, not SDK callbacks: there is no SDK, the app talks HTTP to the server."),
        GlossaryEntry("policy", "the server's password rules; the app checks a few of them first."),
    ]
}
