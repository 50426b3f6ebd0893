/// The SUSI.AI-style change password (docs/susi.md): the simulated server and the iOS
/// app on one device, as one value. Every HTTP answer is a `response` event, whatever
/// its status; only the app's own form checks and a request without an answer fail.
public struct SusiSimulator: SimulatedSDK {
    public static let name = "susi"
    public static var catalog: SDKCatalog { SusiCatalog.catalog }
    /// None: SUSI.AI keeps its real HTTP API (docs/susi.md), not the double's calls (docs/double.md).
    public static let calls: [CallSpec] = []

    public var server: SusiServer
    var app = SusiApp()

    public init(seed: UInt64) { server = SusiServer(seed: seed) }

    /// The server's password rule for new passwords (2017 by default).
    public var rule: SusiPasswordRule {
        get { server.policy.rule }
        set { server.policy.rule = newValue }
    }

    /// The whole policy: the rule and the login throttle (`policy password …`, built by
    /// `SusiPolicy.parse`).
    public var policy: SusiPolicy {
        get { server.policy }
        set { server.policy = newValue }
    }

    // MARK: Users

    /// Adds an account (`user add EMAIL password SECRET`). The e-mail must be one the app
    /// can send: a valid address, in lower case, because the app lowercases what is typed.
    public mutating func addUser(_ email: String, password: String, activated: Bool = true) throws(SimulationError) {
        guard SusiEmail.isValid(email) else {
            throw SimulationError("'\(email)' is not an e-mail address the SUSI app accepts (user@domain.tld)")
        }
        guard email == email.lowercased() else {
            throw SimulationError("add '\(email.lowercased())' instead: the SUSI app lowercases the e-mail it sends")
        }
        try server.addAccount(email, password: password, activated: activated)
    }

    /// Confirms a waiting account, as the link in the sign-up e-mail does.
    public mutating func activate(_ email: String) throws(SimulationError) { try server.activate(email) }

    public var userIDs: [String] { server.emails }

    public func states(of userID: String, world: World) -> [String]? {
        guard let activated = server.isActivated(userID) else { return nil }
        var states: [String] = []
        if signedInUser == userID { states.append("logged-in") } else { states.append("logged-out") }
        if let held = app.user, held.email == userID, server.tokenOwner(held.accessToken, now: world.now) == nil {
            states.append("token-expired")
        }
        if server.isBlocked(userID, now: world.now) { states.append("blocked") }
        if !activated { states.append("not-activated") }
        return states
    }

    public var signedInUser: String? { app.user?.email }

    public var promptState: PromptState { PromptState(signedIn: app.user?.email) }

    // MARK: The shared verbs

    /// `login EMAIL [PASSWORD]`: the app's login screen.
    public mutating func login(_ userID: String, secret: String?, world: World) throws(SimulationError) -> [Outcome] {
        if let user = app.user { throw SimulationError(.alreadySignedIn, "\(user.email) is logged in; log out first") }
        return app.login(email: userID, password: secret ?? "", server: &server, world: world)
    }

    /// `update CURRENT NEW [CONFIRM]`: Settings → Reset Password; the confirmation defaults to NEW.
    public mutating func update(current: String, new: String, confirm: String?, world: World) throws(SimulationError) -> [Outcome] {
        try app.changePassword(current: current, new: new, confirm: confirm ?? new, server: &server, world: world)
    }

    public mutating func logout(world: World) throws(SimulationError) -> [Outcome] { try app.logout() }

    /// The app's forms are filled in one go, so no screen ever waits for input.
    public mutating func cancel(world: World) throws(SimulationError) -> [Outcome] {
        throw SimulationError(.notNow, "nothing to cancel: the SUSI app has no screen waiting for input")
    }

    // MARK: SUSI's own verbs

    /// `token expire`: the server stops accepting the app's token now.
    public mutating func expireToken(world: World) throws(SimulationError) -> [Outcome] {
        guard let user = app.user else { throw SimulationError(.notSignedIn, "the app holds no access token; log in first") }
        _ = server.expireToken(user.accessToken, now: world.now)
        return [.note("server: the access token of \(user.email) is no longer valid from \(UTCTimestamp.format(world.now))")]
    }

    /// `request METHOD PATH [NAME=VALUE …]`: any request from the device; the app's token
    /// is added when it holds one and the parameters name none.
    public mutating func rawRequest(method: String, path: String, parameters: [(String, String)], world: World) -> [Outcome] {
        app.rawRequest(method: method, path: path, parameters: parameters, server: &server, world: world)
    }

    // MARK: Descriptions

    public func describeState(world: World) -> [String] {
        var lines: [String] = []
        if let user = app.user {
            switch server.tokenExpiry(user.accessToken) {
            case .some(.some(let end)) where end <= world.now:
                lines.append("device: \(user.email) signed in; its token expired at \(SusiServer.format(end)) (the app does not know)")
            case .some(.some(let end)):
                lines.append("device: \(user.email) signed in; token valid until \(SusiServer.format(end))")
            case .some(.none):
                lines.append("device: \(user.email) signed in; token never expires")
            case .none:
                lines.append("device: \(user.email) signed in; the server does not know its token")
            }
        } else {
            lines.append("device: nobody signed in")
        }
        lines.append("server: \(server.emails.count) account\(server.emails.count == 1 ? "" : "s"); password rule \(rule.rawValue) \(rule.regex)")
        for email in server.emails where server.isBlocked(email, now: world.now) {
            if let until = server.summary(of: email, now: world.now)?.blockedUntil {
                lines.append("server: logins for \(email) blocked until \(SusiServer.format(until))")
            }
        }
        return lines
    }

    public func describeUser(_ userID: String, world: World) -> [String]? {
        guard let summary = server.summary(of: userID, now: world.now) else { return nil }
        var lines = ["\(userID): " + (summary.activated ? "activated" : "waiting for activation (login answers 422)")]
        lines.append("password: stored as \(summary.passwordStorage)")
        let valid = summary.tokenExpiries.filter { $0.map { $0 > world.now } ?? true }
        if summary.tokenExpiries.isEmpty {
            lines.append("access tokens: none")
        } else {
            let ends = summary.tokenExpiries.map { end -> String in
                guard let end else { return "never expires" }
                return (end > world.now ? "valid until " : "expired at ") + SusiServer.format(end)
            }
            let forgotten = summary.tokensIssued - summary.tokenExpiries.count
            let kept = forgotten > 0 ? " (the newest \(summary.tokenExpiries.count) kept)" : ""
            lines.append("access tokens: \(summary.tokensIssued) issued\(kept), \(valid.count) valid (\(ends.joined(separator: "; ")))")
        }
        lines.append("invalid logins in the last \(policy.periodSeconds) s: \(summary.invalidLoginsInPeriod) (more than \(policy.maxInvalidLogins) block logins)")
        if let until = summary.blockedUntil {
            lines.append("logins blocked until \(SusiServer.format(until)) (\(until - world.now) s left)")
        }
        if signedInUser == userID { lines.append("signed in on the device") }
        return lines
    }

    public func describePolicy() -> [String] {
        policy.lines + ["passwords and tokens stored as \(server.hasher.description)"]
    }
}
