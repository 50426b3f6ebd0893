/// The values the SUSI server and app send as words of their protocol rather than as data:
/// the login types a request names, the messages and reasons the server answers, whom it
/// says a caller is, and the app's own messages. The services write them from here and
/// the catalog hands them to ProtocolWords, so the secrets' net never rewrites one (a
/// password `access-token` leaves `type=access-token`; docs/development.md, "Secrets at
/// the edge").
enum SusiWords {
    /// `type=` of a login, as LoginService reads it.
    static let accessToken = "access-token"
    static let loginTypes = [accessToken, "session", "cookie", "check_password"]

    /// The login answer's message, before the e-mail (`You are logged in as EMAIL`).
    static let loggedInAs = "You are logged in as"
    static let passwordChanged = "Your password has been changed!"
    static let sameAsCurrent = "Your current password matches new password."

    // The reasons of the server's error pages.
    static let badLoginParameters = "Bad login parameters."
    static let invalidCredentials = "Invalid credentials"
    static let notActivated = "User not yet activated"
    static let invalidValidSeconds = "Invalid value for 'valid_seconds'"
    static let invalidType = "Invalid type"
    static let invalidPassword = "invalid password"
    static let serverError = "Server Error"
    static let notFound = "Not Found"
    /// `Too many invalid login attempts. Try again in N seconds`, before the number.
    static let tooManyAttempts = "Too many invalid login attempts. Try again in"
    /// `Base user role not sufficient. Your base user role is 'ANONYMOUS', …`, before the role.
    static let roleNotSufficient = "Base user role not sufficient. Your base user role is"

    /// The statuses the server and its container answer with a standard reason phrase.
    static let statuses = [200, 400, 401, 403, 404, 405, 422, 500, 501]

    /// Every word above, the HTTP methods and paths, and the app's messages. Not the
    /// answers' plain words (`identity`, `anonymous`, `seconds`, a one-word reason such as
    /// `Forbidden`): a word a protocol word is left standing in any text, and a password may
    /// be an everyday word, which must then be hidden where it stands in free text.
    static var all: [String] {
        loginTypes + [SusiEvents.forever, loggedInAs, passwordChanged, sameAsCurrent]
            + [badLoginParameters, invalidCredentials, notActivated, invalidValidSeconds, invalidType, invalidPassword,
               serverError, notFound, tooManyAttempts, roleNotSufficient]
            + statuses.map(SusiResponse.reasonPhrase).filter { $0.contains(" ") }
            + SusiServlet.allowed.split(separator: ",").map { String($0.drop { $0 == " " }) } + ["PUT", "DELETE"]
            + [SusiServer.loginPath, SusiServer.changePasswordPath]
            + [SusiApp.serverError, SusiApp.invalidLogin, SusiApp.passwordLengthShort, SusiApp.passwordsDoNotMatch,
               SusiApp.passwordInvalid, SusiApp.invalidEmail, SusiApp.passwordTooShort, SusiApp.fieldsCleared, SusiApp.loginScreen]
    }
}
