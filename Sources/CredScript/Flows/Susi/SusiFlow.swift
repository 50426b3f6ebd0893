import CredLanguage
import CredSimulator

/// The SUSI.AI-style change password's own commands (docs/susi.md); the shared verbs
/// (`login`, `update`, `logout`, …) reach it through `SimulatedSDK`.
enum SusiFlow: SDKFlow {
    static var simulator: any SimulatedSDK.Type { SusiSimulator.self }
    static let group = SusiSimulator.name
    /// The checks that refuse a new password: the rule by its year, or `email`.
    static let policyRuleNames = SusiPasswordRule.refusalKeys

    static let newUser = Parameter("EMAIL", "a new account's e-mail", .newUser)
    static let initialPassword = Parameter("PASSWORD", "a password", .secret, keyword: "password")
    static let notActivated = Parameter.flag("inactive", "an account not yet activated (login answers 422)")
    static let rules = Parameter("RULES", "KEY=VALUE pairs", .policyRules(keys: SusiPolicy.keys), variadic: true)
    /// GET and POST reach the services; the others get the servlet's own answers (docs/susi.md, "The wire").
    static let method = Parameter("METHOD", "an HTTP method: GET, POST, HEAD, OPTIONS, TRACE, PUT, DELETE or PATCH",
                                  .choice(["GET", "POST", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE", "PATCH"]))
    static let path = Parameter("PATH", "a path such as /aaa/changepassword.json, with any query string",
                                .requestTarget(paths: ["/aaa/login.json", "/aaa/changepassword.json"],
                                               secretNames: SusiEvents.secretParameters.sorted()))
    static let parameters = Parameter("NAME=VALUE", "request parameters", .parameters(secretNames: SusiEvents.secretParameters.sorted()),
                                      optional: true, variadic: true)
    static let tokenOwner = Parameter("EMAIL", "an account whose every token ends", .user, optional: true)

    static func susi<R, E: Error>(_ c: CommandContext, _ body: (inout SusiSimulator, World) throws(E) -> R) throws(E) -> R {
        try c.modify(SusiSimulator.self, body)
    }

    static let commands: [Command] = [
        Command("user add", [newUser, initialPassword, notActivated], group: group, sdk: sdkID,
                    summary: "Add an account on the server: its e-mail and password (stored as a KDF hash)",
                    example: "user add dave@example.com password \"secret12\"") { c throws(CommandFailure) in
            let email = try c.text(newUser), given = try c.text(initialPassword), active = !c.has(notActivated)
            try refusing { () throws(SimulationError) in try susi(c) { sdk, _ throws(SimulationError) in try sdk.addUser(email, password: given, activated: active) } }
            c.say("added \(email)" + (active ? "" : " (not activated)"))
            return []
        },
        Command("token expire", [tokenOwner], group: group, sdk: sdkID,
                    summary: "Expire the app's access token now (the next call answers 401); with EMAIL, every token of that account, real clients' too",
                    example: "token expire") { c throws(CommandFailure) in
            guard let email = try c.optionalText(tokenOwner) else {
                return try refusing { () throws(SimulationError) in try susi(c) { sdk, world throws(SimulationError) in try sdk.expireToken(world: world) } }
            }
            return try refusing { () throws(SimulationError) in try susi(c) { sdk, world throws(SimulationError) in try sdk.expireTokens(of: email, world: world) } }
        },
        Command("request", [method, path, parameters], group: group, sdk: sdkID,
                    summary: "Send any request with the app's token (added when the parameters have none)",
                    example: "request GET /aaa/changepassword.json changepassword=eve@example.com password=Eve-pass1 newpassword=Taken-0ver1") { c throws(CommandFailure) in
            let verb = try c.text(method), target = try c.text(path), pairs = try c.textPairs(parameters)
            return susi(c) { sdk, world in sdk.rawRequest(method: verb, path: target, parameters: pairs.map { ($0.key, $0.value) }, world: world) }
        },
        Command("policy password", [rules], group: group, sdk: sdkID,
                    summary: "Set the server's whole password policy: rule=2017|fallback|2019 and the login throttle",
                    example: "policy password rule=2019",
                    check: PolicyCheck.check(rules) { pairs in _ = try SusiPolicy.parse(words: pairs.map { ($0.key, $0.text) }) }) { c throws(CommandFailure) in
            let pairs = try c.textPairs(rules).map { ($0.key, $0.value) }
            let policy = try refusing { () throws(SimulationError) in try SusiPolicy.parse(words: pairs) }
            susi(c) { sdk, _ in sdk.policy = policy }
            c.say(c.simulation.active.describePolicy())
            return []
        },
    ] + serveCommands
}

extension SusiFlow {
    static let examples = ["login": "login dave@example.com secret12", "update": "update secret12 newpass34"]
}
