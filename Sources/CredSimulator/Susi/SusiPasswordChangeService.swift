/// `/aaa/changepassword.json`: the server's PasswordChangeService as the 2017 server
/// runs it, after the caller's token has passed the role check (docs/susi.md, "Change
/// password"). It changes the password of the account named in `changepassword` and
/// never compares that account with the token's owner: the vendor's quirk, kept.
extension SusiServer {
    mutating func changePassword(_ request: SusiRequest, tokenOwner: String, now: Int64) -> SusiResponse {
        let path = request.path
        var notes: [String] = []
        guard let email = request.parameter("changepassword"), let account = accounts[email] else {
            // The service dereferences the missing account's identity: an uncaught
            // NullPointerException, which the container answers with a bare 500.
            let named = request.parameter("changepassword").map { "no account '\($0)'" } ?? "no changepassword parameter"
            return .error(500, SusiWords.serverError, path: path,
                          notes: ["server: \(named); the service fails with a NullPointerException"])
        }
        if email != tokenOwner {
            notes.append("server: the token belongs to \(tokenOwner) but the account named is \(email); the service never compares the two (vendor quirk)")
        }
        // A missing current password is concatenated into the hash input as the text "null".
        let current = request.parameter("password") ?? "null"
        guard hasher.verify(current, against: account.password) else {
            return .error(422, SusiWords.invalidCredentials, path: path, notes: notes + ["server: wrong current password for \(email)"])
        }
        guard let new = request.parameter("newpassword") else {
            return .error(500, SusiWords.serverError, path: path,
                          notes: notes + ["server: no newpassword parameter; the rule check fails with a NullPointerException"])
        }
        if new == email {
            return .error(400, SusiWords.invalidPassword, path: path, notes: notes,
                          refusal: (rule: SusiPasswordRule.equalsEmailKey, message: "the new password equals the e-mail"))
        }
        if let why = policy.rule.violation(of: new) {
            return .error(400, SusiWords.invalidPassword, path: path, notes: notes,
                          refusal: (rule: policy.rule.rawValue, message: "\(why) (the rule's pattern: \(policy.rule.regex))"))
        }
        // The JSON object behind these answers is a hash map: Java writes its keys in
        // bucket order, which puts "session" before "accepted" and "message".
        let session: (String, JSONValue) = ("session", SusiIdentity.email(tokenOwner).session)
        if hasher.verify(new, against: account.password) {
            return .json(.object([session, ("accepted", .bool(false)),
                                  ("message", .string(SusiWords.sameAsCurrent))]),
                         path: path, notes: notes)
        }
        let stored = store(new)
        accounts[email]?.password = stored
        return .json(.object([session, ("accepted", .bool(true)), ("message", .string(SusiWords.passwordChanged))]),
                     path: path, notes: notes + ["server: the password of \(email) is changed; its access tokens stay valid"])
    }
}
