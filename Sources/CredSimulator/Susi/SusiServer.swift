/// The simulated SUSI.AI server: accounts by e-mail, access tokens on the virtual clock,
/// and the two services a password change needs, `/aaa/login.json` and
/// `/aaa/changepassword.json` (docs/susi.md). Pure: `handle` takes a request and the
/// time and returns the answer, so the simulated app and a real HTTP front end share it.
public struct SusiServer: Sendable {
    public static let loginPath = "/aaa/login.json"
    public static let changePasswordPath = "/aaa/changepassword.json"
    /// LoginService's default token lifetime: one week.
    public static let defaultValidSeconds: Int64 = 604_800
    static let tokenAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    static let tokenLength = 30

    var accounts: [String: SusiAccount] = [:]
    var tokens: SusiTokenStore
    public var policy = SusiPolicy.standard
    public var hasher = PasswordHasher()
    var random: SeededGenerator

    public init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        tokens = SusiTokenStore(salt: random.bytes(PasswordHasher.saltBytes))
    }

    /// The accounts' e-mails, sorted.
    public var emails: [String] { accounts.keys.sorted() }

    // MARK: Administration (what signup and the e-mail confirmation do on the real server)

    /// Adds an account. An administrator's initial password is not checked against the rule.
    public mutating func addAccount(_ email: String, password: String, activated: Bool = true) throws(SimulationError) {
        guard !email.isEmpty else { throw SimulationError("an e-mail cannot be empty") }
        guard accounts[email] == nil else { throw SimulationError(.userExists, "user '\(email)' already exists") }
        accounts[email] = SusiAccount(password: store(password), activated: activated)
    }

    public mutating func activate(_ email: String) throws(SimulationError) {
        guard accounts[email] != nil else { throw SimulationError(.unknownUser, "no user '\(email)'") }
        accounts[email]?.activated = true
    }

    public func summary(of email: String, now: Int64) -> SusiAccountSummary? {
        guard let account = accounts[email] else { return nil }
        return SusiAccountSummary(
            email: email, activated: account.activated, passwordStorage: hasher.description,
            tokenExpiries: tokens.grants(of: email).map(\.expiresAt), tokensIssued: tokens.issuedCount(of: email),
            invalidLoginsInPeriod: account.invalidLogins(within: policy.periodSeconds, now: now),
            blockedUntil: account.isBlocked(at: now) ? account.blockedUntil : nil)
    }

    public func isBlocked(_ email: String, now: Int64) -> Bool { accounts[email]?.isBlocked(at: now) ?? false }

    /// Whether the account exists and may log in; nil for no such account.
    public func isActivated(_ email: String) -> Bool? { accounts[email]?.activated }

    /// The account a token was issued to, if it is valid at `now`.
    public func tokenOwner(_ token: String, now: Int64) -> String? { tokens.owner(of: token, hasher: hasher, now: now) }

    /// When a token stops being valid: nil for an unknown token, `.some(nil)` for never.
    public func tokenExpiry(_ token: String) -> Int64?? { tokens.grant(for: token, hasher: hasher).map(\.expiresAt) }

    /// Ends a token's validity now (`token expire`); false for a token the server never issued.
    public mutating func expireToken(_ token: String, now: Int64) -> Bool { tokens.expire(token, now: now, hasher: hasher) }

    /// Ends the validity of every token the account holds, however it got them (the app, or
    /// a real client of `credsh serve`); returns how many were still valid.
    public mutating func expireTokens(of email: String, now: Int64) -> Int { tokens.expireAll(of: email, now: now) }

    // MARK: HTTP

    /// Answers one request the way the real servlets do, in their order of checks.
    public mutating func handle(_ request: SusiRequest, now: Int64) -> SusiResponse {
        guard request.path == Self.loginPath || request.path == Self.changePasswordPath else {
            return .error(404, SusiWords.notFound, path: request.path)
        }
        if let answer = SusiServlet.answerWithoutService(request) { return answer }
        if let malformed = request.malformed {
            return .error(500, JettyErrorPage.defaultMessage(500), path: request.path,
                          notes: ["Jetty: \(malformed), so reading the parameters throws; 500 before any check of the service"])
        }
        var answer = serviceAnswer(request, now: now)
        if request.method == "HEAD" {
            answer.bodyless = true
            answer.notes.insert("HEAD: the service ran as for GET (HttpServlet.doHead); the answer carries no body", at: 0)
        }
        if let place = request.replacedTail {
            answer.notes.insert("Jetty: \(place) has an incomplete UTF-8 sequence at the end of a name or value; "
                                + "it is replaced with U+FFFD and a warning logged (Utf8Appendable.toReplacedString), and the service runs", at: 0)
        }
        return answer
    }

    /// The service itself, for GET, POST and HEAD.
    private mutating func serviceAnswer(_ request: SusiRequest, now: Int64) -> SusiResponse {
        var getNotes: [String] = []
        for (name, _) in request.readsAsGET ? request.getReaderPairs ?? [] : []
        where FormEncoding.percentDecode(Substring(name)) != name {
            getNotes.append("GET: the service reads the name '\(name)' as sent: names are not percent-decoded")
        }
        var answer = serviceChecks(request, now: now)
        answer.notes = getNotes + answer.notes
        return answer
    }

    private mutating func serviceChecks(_ request: SusiRequest, now: Int64) -> SusiResponse {
        let caller = SusiIdentity.of(request, tokens: tokens, hasher: hasher, now: now)
        if request.path == Self.loginPath {
            return login(request, caller: caller, now: now)
        }
        // The change-password service's minimal role is USER: an anonymous caller is turned away
        // before the service runs.
        guard case .email(let tokenOwner) = caller else {
            return .error(401, Self.roleTooLow(caller), path: request.path, notes: [tokenNote(request, now: now)])
        }
        return changePassword(request, tokenOwner: tokenOwner, now: now)
    }

    static func roleTooLow(_ caller: SusiIdentity) -> String {
        "\(SusiWords.roleNotSufficient) '\(caller.role)', your user role is '\(caller.role.lowercased())'"
    }

    /// Why the caller is anonymous, for the note beside a 401.
    private func tokenNote(_ request: SusiRequest, now: Int64) -> String {
        guard let token = request.firstParameter("access_token") else {
            return "server: no access_token, so the caller is anonymous"
        }
        guard let grant = tokens.grant(for: token, hasher: hasher) else {
            return "server: the access_token is unknown, so the caller is anonymous"
        }
        let when = grant.expiresAt.map(Self.format) ?? "never"
        return "server: the access_token of \(grant.owner) expired at \(when), so the caller is anonymous"
    }

    // MARK: Helpers shared by the services

    /// An instant for notes and descriptions; a lifetime asked for can reach past the
    /// clock's last date.
    public static func format(_ instant: Int64) -> String {
        instant > VirtualClock.latest ? "after \(UTCTimestamp.format(VirtualClock.latest))" : UTCTimestamp.format(instant)
    }

    mutating func store(_ password: String) -> StoredPassword {
        hasher.hash(password, salt: random.bytes(PasswordHasher.saltBytes))
    }

    func verify(_ email: String, _ password: String) -> Bool {
        guard let stored = accounts[email]?.password else { return false }
        return hasher.verify(password, against: stored)
    }

    /// 30 letters and digits, as the server's `createRandomString(30)`; drawn without bias
    /// (6 bits at a time, values past the alphabet drawn again) so that a seed fixes them.
    mutating func newToken() -> String {
        var scalars: [UInt8] = []
        while scalars.count < Self.tokenLength {
            var word = random.next()
            for _ in 0..<10 where scalars.count < Self.tokenLength {
                let index = Int(word & 63)
                word >>= 6
                if index < Self.tokenAlphabet.count { scalars.append(Self.tokenAlphabet[index]) }
            }
        }
        return String(decoding: scalars, as: UTF8.self)
    }
}
