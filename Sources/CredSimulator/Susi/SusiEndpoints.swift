/// SUSI's two paths as data (docs/susi.md): what each reads and every answer the service
/// itself gives. The answers of the HTTP layer in front of it (too large, too slow, …)
/// are CredServe's and are not listed here.
extension SusiSimulator {
    public static let serverDescription = "The simulated SUSI.AI server of credsh serve (docs/susi.md)"

    public static let endpoints: [ServedEndpoint] = {
        let json = ServedAnswer(200, "The service's JSON answer (written as org.json writes it).", contentType: "application/javascript", object: true)
        let malformed = ServedAnswer(400, "Malformed request (refused by the HTTP layer, or by the service: bad parameters).")
        let method = ServedAnswer(405, "A method other than GET and POST.")
        return [
            ServedEndpoint(
                path: SusiServer.loginPath, methods: ["GET", "POST"],
                summary: "Log in: an access token for login and password (docs/susi.md, \"Login\").",
                parameters: ["login", "password", "type", "valid_seconds", "access_token"],
                answers: [json, malformed,
                          ServedAnswer(403, "Too many invalid login attempts: the account is blocked for a while."),
                          method,
                          ServedAnswer(422, "Invalid credentials, or an account not yet activated.")]),
            ServedEndpoint(
                path: SusiServer.changePasswordPath, methods: ["GET", "POST"],
                summary: "Change a password with an access token (docs/susi.md, \"Change password\").",
                parameters: ["changepassword", "password", "newpassword", "access_token"],
                answers: [json, malformed,
                          ServedAnswer(401, "No valid access token: the caller's role is too low."),
                          method,
                          ServedAnswer(422, "Wrong current password."),
                          ServedAnswer(500, "The vendor's NullPointerException for a missing account or newpassword, simulated (docs/susi.md).")]),
        ]
    }()
}
