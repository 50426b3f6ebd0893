/// The SUSI.AI iOS app around the server (docs/susi.md, "The app"): its login screen,
/// its Reset Password form in Settings, and its logout. It talks to the server only by
/// HTTP requests, through the shared network.
struct SusiApp: Sendable {
    /// What the app saves at login: the token, and the e-mail it takes from the last
    /// word of the server's "You are logged in as …" message.
    struct SignedInUser: Equatable, Sendable {
        let email: String
        let accessToken: String
    }

    static let serverError = "Problem connecting to server!"
    static let invalidLogin = "Email ID / Password incorrect"
    static let passwordLengthShort = "Allowed password length is 6 to 64 characters"
    static let passwordsDoNotMatch = "Passwords do not match."
    static let passwordInvalid = "Password chosen is invalid."
    static let invalidEmail = "Invalid Email Address"
    static let passwordTooShort = "Password length too short"
    static let fieldsCleared = "the current, new and confirm fields are cleared"
    static let loginScreen = "the login screen"

    /// The headers its HTTP library adds to every request (a simulator decision: the
    /// exact values depend on the device and the library's release).
    static let headers: [(String, String)] = [
        ("Accept-Encoding", "gzip;q=1.0, compress;q=0.5"),
        ("Accept-Language", "en;q=1.0"),
        ("User-Agent", "Susi/1.0 (org.fossasia.susi; build:1; iOS 11.0.0) Alamofire/4.5.0"),
    ]

    private(set) var user: SignedInUser?

    // MARK: Screens

    /// The login screen: e-mail and password, then `POST /aaa/login.json`.
    mutating func login(email: String, password: String, server: inout SusiServer, world: World) -> [Outcome] {
        guard SusiEmail.isValid(email) else { return [.appCheck(Self.invalidEmail)] }
        guard !password.isEmpty else { return [.appCheck(Self.passwordTooShort)] }
        // Its HTTP library writes the parameters sorted by name.
        let request = Self.request("POST", SusiServer.loginPath, [
            ("login", email.lowercased()), ("password", password), ("type", SusiWords.accessToken),
        ])
        var (out, answer) = Self.exchange(request, server: &server, world: world)
        guard let answer else {
            out.append(.note("no answer (\(Self.fault(world))); the app shows its wrong-password message for that too"))
            out.append(.networkError(Self.invalidLogin))
            return out
        }
        guard answer.isSuccess, let json = answer.json else {
            out.append(.appShows(Self.invalidLogin))
            return out
        }
        var message = ""
        if case .string(let text)? = json["message"] { message = text }
        var token = ""
        if case .string(let text)? = json["access_token"] { token = text }
        let email = message.split(separator: " ").last.map(String.init) ?? ""
        user = SignedInUser(email: email, accessToken: token)
        out.append(.appShows(message))
        return out
    }

    /// Settings → Reset Password: current, new and confirm, checked in the app's order,
    /// then `GET /aaa/changepassword.json` with the saved token and e-mail.
    mutating func changePassword(current: String, new: String, confirm: String,
                                 server: inout SusiServer, world: World) throws(SimulationError) -> [Outcome] {
        guard let user else { throw SimulationError(.notSignedIn, "nobody is logged in: the Reset Password form is in Settings, after login") }
        // The app counts characters; it checks no upper limit, whatever its message says.
        guard new.count > 5 else { return [.appCheck(Self.passwordLengthShort)] }
        guard new == confirm else { return [.appCheck(Self.passwordsDoNotMatch)] }
        let request = Self.request("GET", SusiServer.changePasswordPath, [
            ("access_token", user.accessToken), ("changepassword", user.email), ("newpassword", new), ("password", current),
        ])
        var (out, answer) = Self.exchange(request, server: &server, world: world)
        guard let answer else {
            out.append(.note("no answer (\(Self.fault(world)))"))
            out.append(.networkError(Self.serverError))
            return out
        }
        guard answer.isSuccess, let json = answer.json else {
            out.append(.appShows(Self.serverError))
            return out
        }
        guard case .bool(let accepted)? = json["accepted"], case .string(let message)? = json["message"] else {
            out.append(.appShows(Self.passwordInvalid))
            return out
        }
        if accepted { out.append(.appShows(Self.fieldsCleared)) }
        out.append(.appShows(message))
        return out
    }

    /// Settings → Logout: the app deletes its saved user and shows the login screen. It
    /// sends nothing, so the server goes on accepting the token until it expires.
    mutating func logout() throws(SimulationError) -> [Outcome] {
        guard let user else { throw SimulationError(.notSignedIn, "nobody is logged in") }
        self.user = nil
        return [.note("no request: the app forgets the token of \(user.email); the server is not told, so the token keeps whatever validity it had there"),
                .appShows(Self.loginScreen)]
    }

    /// Any request from the device, with the app's token added when it holds one and the
    /// request names none. A query string in `path` is read as the wire carries it
    /// (`SusiWire`: a malformed escape answers 500, GET names are not decoded); the
    /// NAME=VALUE pairs are what the app's HTTP library encodes, so they always read back.
    func rawRequest(method: String, path: String, parameters: [(String, String)],
                    server: inout SusiServer, world: World) -> [Outcome] {
        var path = path, query = ""
        if let question = path.firstIndex(of: "?") {
            query = String(path[path.index(after: question)...])
            path = String(path[..<question])
        }
        var request = SusiWire.request(method: method, path: path, query: query, form: nil, headers: Self.headers)
        request.parameters += parameters
        if request.getReaderPairs != nil { request.getReaderPairs! += parameters }
        if let user, !request.parameters.contains(where: { $0.0 == "access_token" }) {
            request.parameters.append(("access_token", user.accessToken))
            if request.getReaderPairs != nil { request.getReaderPairs!.append(("access_token", user.accessToken)) }
        }
        var (out, answer) = Self.exchange(request, server: &server, world: world)
        if answer == nil { out.append(.networkError("no answer (\(Self.fault(world)))")) }
        return out
    }

    // MARK: Network

    static func fault(_ world: World) -> String { world.network.fault?.rawValue ?? "no fault" }

    static func request(_ method: String, _ path: String, _ parameters: [(String, String)]) -> SusiRequest {
        SusiRequest(method: method, path: path, parameters: parameters, headers: headers)
    }

    /// Sends one request over the shared network: the request event, then the server's
    /// notes and answer; nil for the answer when the network or the server is down.
    static func exchange(_ request: SusiRequest, server: inout SusiServer, world: World) -> ([Outcome], SusiResponse?) {
        var out = [SusiEvents.request(request)]
        if world.network.fault != nil { return (out, nil) }
        let answer = server.handle(request, now: world.now)
        out += answer.notes.map(Outcome.note)
        if let refusal = answer.refusal { out.append(.policyRefusal(rule: refusal.rule, message: refusal.message)) }
        out.append(SusiEvents.response(answer))
        return (out, answer)
    }
}
