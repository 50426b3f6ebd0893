/// `/aaa/login.json` with `login`, `password` and `type`: the password login of the
/// server's LoginService, in its order of checks (docs/susi.md, "Login"). Its other
/// modes (checkLogin, logout, public-key login) are not simulated.
extension SusiServer {
    mutating func login(_ request: SusiRequest, caller: SusiIdentity, now: Int64) -> SusiResponse {
        let path = request.path
        guard let login = request.parameter("login"), let password = request.parameter("password"),
              let type = request.parameter("type")
        else { return .error(400, SusiWords.badLoginParameters, path: path) }

        if let refusal = throttle(login, now: now, path: path) { return refusal }

        guard let account = accounts[login] else {
            return .error(422, SusiWords.invalidCredentials, path: path, notes: ["server: no account '\(login)'"])
        }
        guard account.activated else { return .error(422, SusiWords.notActivated, path: path) }
        guard verify(login, password) else {
            let count = recordInvalidLogin(login, now: now)
            return .error(422, SusiWords.invalidCredentials, path: path,
                          notes: ["server: wrong password for \(login) (\(count) invalid in the last \(policy.periodSeconds) s)"])
        }

        // The answer starts as {"accepted":false}; members keep their first position.
        var members: [(String, JSONValue)] = [("accepted", .bool(false))]
        var notes: [String] = []
        switch type {
        case SusiWords.accessToken:
            let validSeconds: Int64
            if let text = request.parameter("valid_seconds"), !text.isEmpty {
                guard let parsed = Self.javaLong(text) else {
                    return .error(400, SusiWords.invalidValidSeconds, path: path)
                }
                validSeconds = parsed
            } else {
                validSeconds = Self.defaultValidSeconds
            }
            // The server draws the token before it looks at the lifetime.
            let token = newToken()
            guard validSeconds == -1 || validSeconds > 0 else {
                return .error(400, SusiWords.invalidValidSeconds, path: path)
            }
            let expiry = tokens.issue(token, to: login, now: now, validSeconds: validSeconds == -1 ? nil : validSeconds, hasher: hasher)
            members.append(("valid_seconds", validSeconds == -1 ? .string(SusiEvents.forever) : .int(Int(validSeconds))))
            members.append(("access_token", .string(token)))
            notes.append(expiry.map { "server: a token for \(login), valid until \(Self.format($0))" }
                         ?? "server: a token for \(login) that never expires")
        case "session", "cookie":
            notes.append("server: a \(type) login; the simulation keeps no browser sessions or cookies")
        case "check_password":
            break
        default:
            return .error(400, SusiWords.invalidType, path: path)
        }
        members[0].1 = .bool(true)
        members.append(("message", .string("\(SusiWords.loggedInAs) \(login)")))
        members.append(("session", caller.session))
        return .json(.object(members), path: path, notes: notes)
    }

    /// The throttle, checked before the account is looked up: a block still running
    /// answers 403 with the seconds left; more than `maxInvalidLogins` invalid logins
    /// within `periodSeconds` start a block of `blockTimeSeconds`.
    private mutating func throttle(_ login: String, now: Int64, path: String) -> SusiResponse? {
        guard var account = accounts[login] else { return nil }
        defer { accounts[login] = account }
        if account.blockedUntil != 0 {
            if account.blockedUntil > now {
                return .error(403, "\(SusiWords.tooManyAttempts) \(account.blockedUntil - now) seconds", path: path,
                              notes: ["server: logins for \(login) are blocked until \(Self.format(account.blockedUntil))"])
            }
            account.blockedUntil = 0
        }
        let recent = account.invalidLogins(within: policy.periodSeconds, now: now)
        guard recent > policy.maxInvalidLogins else { return nil }
        account.blockedUntil = now + policy.blockTimeSeconds
        return .error(403, "\(SusiWords.tooManyAttempts) \(policy.blockTimeSeconds) seconds", path: path,
                      notes: ["server: \(recent) invalid logins for \(login) within \(policy.periodSeconds) s; blocked until \(Self.format(account.blockedUntil))"])
    }

    /// Records an invalid login and returns how many fall in the current period; older
    /// records are dropped, since they can no longer count.
    private mutating func recordInvalidLogin(_ login: String, now: Int64) -> Int {
        guard var account = accounts[login] else { return 0 }
        account.invalidLogins.removeAll { $0 <= now - policy.periodSeconds }
        account.invalidLogins.append(now)
        accounts[login] = account
        return account.invalidLogins.count
    }

    /// Java's `Long.parseLong(text.trim())`: an optional sign and decimal digits within 64 bits.
    static func javaLong(_ text: String) -> Int64? {
        var trimmed = Substring(text)
        while let c = trimmed.first, c.unicodeScalars.allSatisfy({ $0.value <= 0x20 }) { trimmed.removeFirst() }
        while let c = trimmed.last, c.unicodeScalars.allSatisfy({ $0.value <= 0x20 }) { trimmed.removeLast() }
        let digits = trimmed.first == "-" || trimmed.first == "+" ? trimmed.dropFirst() : trimmed
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int64(trimmed)
    }
}
