/// What `explain` knows about the SUSI.AI simulation (docs/susi.md): the HTTP statuses
/// its server answers, the two password rules, the vendor's token-owner quirk and the
/// throttle's keying, each marked as the vendor's behaviour or a simulator decision.
public enum SusiCodes {
    public static let all: [CodeExplanation] = statuses + rules + behaviours

    static let server = "susi_server"

    static let statuses: [CodeExplanation] = [
        .init(kind: "HTTP status", code: 200, name: "OK",
              meaning: "A JSON answer. Login: accepted true, valid_seconds, access_token and \"You are logged in as EMAIL\". "
                  + "Change password: accepted true with \"Your password has been changed!\", or accepted false with "
                  + "\"Your current password matches new password.\". Every JSON answer carries session.identity, the caller.",
              flow: "/aaa/login.json with the right password; /aaa/changepassword.json past all its checks",
              appShould: "read accepted before believing a 200; show message; after login keep access_token for later requests",
              origin: "vendor (\(server) LoginService, PasswordChangeService)"),
        .init(kind: "HTTP status", code: 400, name: "BAD_REQUEST",
              meaning: "An error page, not JSON. Login: \"Bad login parameters.\" (login, password or type missing), "
                  + "\"Invalid type\", \"Invalid value for 'valid_seconds'\". Change password: \"invalid password\" "
                  + "(the new password equals the e-mail or fails the active rule).",
              flow: "login with a parameter missing or a bad type or lifetime; change password with a new password the rule refuses",
              appShould: "tell the user what the rule is; the iOS app only shows \"Problem connecting to server!\"",
              origin: "vendor (\(server) in 2017; from December 2018 the server answers 422 for \"invalid password\", "
                  + "so 400 together with the 2019 rule is a simulator decision)"),
        .init(kind: "HTTP status", code: 401, name: "UNAUTHORIZED",
              meaning: "An error page: \"" + SusiServer.roleTooLow(.anonymous(name: "")) + "\". "
                  + "The change-password service needs the role USER; a caller without a valid access_token is ANONYMOUS.",
              flow: "/aaa/changepassword.json with no access_token, an unknown one, or one that has expired",
              appShould: "log in again for a new token; the iOS app shows only \"Problem connecting to server!\" and keeps the dead token",
              origin: "vendor (\(server) AbstractAPIHandler's role check)"),
        .init(kind: "HTTP status", code: 403, name: "FORBIDDEN",
              meaning: "An error page: \"Too many invalid login attempts. Try again in N seconds\".",
              flow: "a login after more than maxInvalidLogins (10) invalid logins within periodSeconds (60); logins stay refused "
                  + "for blockTimeSeconds (120), even with the right password, and N counts down on the virtual clock",
              appShould: "tell the user to wait N seconds; the iOS app shows \"Email ID / Password incorrect\"",
              origin: "vendor (LoginService's rule, defaults and messages); counting per account: simulator decision"),
        .init(kind: "HTTP status", code: 404, name: "NOT_FOUND",
              meaning: "An error page with the reason \"Not Found\".",
              flow: "any path other than /aaa/login.json and /aaa/changepassword.json",
              appShould: "check the URL",
              origin: "vendor (the servlet container's answer); that the server has only these two services: simulator decision"),
        .init(kind: "HTTP status", code: 405, name: "METHOD_NOT_ALLOWED",
              meaning: "An error page: \"HTTP method M is not supported by this URL\".",
              flow: "PUT or DELETE on either service (HEAD runs the service as GET; OPTIONS and TRACE answer 200; others 501)",
              appShould: "use GET or POST",
              origin: "vendor (HttpServlet's default for PUT and DELETE)"),
        .init(kind: "HTTP status", code: 501, name: "NOT_IMPLEMENTED",
              meaning: "An error page: \"Method M is not implemented by this servlet for this URI\".",
              flow: "a method HttpServlet does not know (PATCH, …) on either service",
              appShould: "use GET or POST",
              origin: "vendor (HttpServlet.service)"),
        .init(kind: "HTTP status", code: 422, name: "UNPROCESSABLE_ENTITY",
              meaning: "An error page: \"Invalid credentials\" (login: no such account or a wrong password; change password: "
                  + "a wrong current password) or \"User not yet activated\" (login).",
              flow: "login with wrong credentials (each counts towards the throttle); change password with a wrong current password",
              appShould: "ask for the password again; the iOS app shows \"Email ID / Password incorrect\" at login and "
                  + "\"Problem connecting to server!\" on the change form",
              origin: "vendor (\(server) LoginService, PasswordChangeService)"),
        .init(kind: "HTTP status", code: 500, name: "SERVER_ERROR",
              meaning: "An error page with the reason \"Server Error\": the service failed with a NullPointerException, "
                  + "or Jetty could not read the parameters.",
              flow: "/aaa/changepassword.json naming no existing account, or without newpassword once the current password is right; "
                  + "any request to a service whose query or form has a malformed %-escape or a byte that is not UTF-8 where it stands (before any check; a sequence only cut short at the end of a name or value is replaced with U+FFFD instead)",
              appShould: "send an existing account's e-mail and every parameter, percent-encoded as UTF-8",
              origin: "vendor (PasswordChangeService dereferences the missing account); the page without its stack trace: simulator decision"),
    ]

    static let rules: [CodeExplanation] = [
        // The year is the rule's number: `policy password rule=2017`, `explain 2017`.
        .init(kind: "password rule", code: Int(SusiPasswordRule.rule2017.rawValue), name: "RULE_2017",
              meaning: SusiPasswordRule.rule2017.regex + " : " + SusiPasswordRule.rule2017.summary + ".",
              flow: "checked on the new password by /aaa/changepassword.json after the current password; a miss answers 400 \"invalid password\"",
              appShould: "the iOS app checks only that the new password has more than 5 characters",
              origin: "vendor (users.password.regex as the server shipped it: " + SusiPasswordRule.rule2017.source
                  + "); the simulation's default rule"),
        .init(kind: "password rule", code: nil, name: "fallback",
              meaning: SusiPasswordRule.fallback.regex + " : " + SusiPasswordRule.fallback.summary + ".",
              flow: "selected with `policy password rule=fallback`; checked like the 2017 rule",
              appShould: "tell the user a digit is needed before sending",
              origin: "vendor (the code's built-in pattern: " + SusiPasswordRule.fallback.source
                  + "; a server that shipped its config never used it)"),
        .init(kind: "password rule", code: Int(SusiPasswordRule.rule2019.rawValue), name: "RULE_2019",
              meaning: SusiPasswordRule.rule2019.regex + " : " + SusiPasswordRule.rule2019.summary + ".",
              flow: "selected with `policy password rule=2019`; checked like the 2017 rule",
              appShould: "tell the user about capitals and symbols before sending",
              origin: "vendor (users.password.regex from mid-2019: " + SusiPasswordRule.rule2019.source + ")"),
    ]

    static let behaviours: [CodeExplanation] = [
        .init(kind: "vendor behaviour", code: nil, name: "TOKEN_OWNER_NOT_CHECKED",
              meaning: "The change-password service changes the password of the account named in changepassword; it never "
                  + "checks that this account owns the access_token. Any signed-in user who knows another account's current "
                  + "password can change it, and the answer's session.identity names the token's owner.",
              flow: "request GET /aaa/changepassword.json changepassword=OTHER password=… newpassword=… with one's own token",
              appShould: "a server should require the token's owner to be the account changed",
              origin: "vendor (\(server) PasswordChangeService)"),
        .init(kind: "server rule", code: nil, name: "LOGIN_THROTTLE",
              meaning: "Invalid logins are counted per account named in login, on the virtual clock; a block refuses that "
                  + "account's logins only.",
              flow: "each wrong password at /aaa/login.json is recorded; unknown accounts and refused types are not",
              appShould: "wait out the block",
              origin: "simulator decision (the vendor records invalid logins on the account but checks the caller's record, "
                  + "which it keeps only for one request, so its limit never trips)"),
    ]
}
