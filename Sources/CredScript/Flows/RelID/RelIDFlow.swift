import CredLanguage
import CredSimulator

/// The REL-ID-style password lifecycle's own commands (docs/relid.md); the shared verbs
/// (`login`, `update`, `logout`, `cancel`, …) reach it through `SimulatedSDK`.
enum RelIDFlow: SDKFlow {
    static var simulator: any SimulatedSDK.Type { RelIDSimulator.self }
    static let group = RelIDSimulator.name

    static let user = Parameter("USER", "a user name", .user)
    static let newUser = Parameter("USER", "a new user name", .newUser)
    static let initialPassword = Parameter("PASSWORD", "a password", .secret, optional: true, keyword: "password")
    static let rules = Parameter("RULES", "a JSON object or KEY=VALUE pairs",
                                 .policyRules(keys: PasswordPolicy.relidKeys + PasswordPolicy.serverKeys), variadic: true)
    static let rawText = Parameter("TEXT", "the policy text as the server should send it", .text)
    static let rounds = Parameter("ROUNDS", "a round count", .integer, optional: true)
    static let password = Parameter("PASSWORD", "a password", .secret)
    static let confirm = Parameter("CONFIRM", "the password again", .secret, optional: true)
    static let credential = Parameter("CREDENTIAL", "a credential type", .choice([RelIDSDK.passwordCredential]))
    static let count = Parameter("COUNT", "a whole number", .integer)
    static let offering = Parameter("OFFER", "what the server offers for update",
                                    .choice([RelIDSDK.passwordCredential, "none"]))

    /// Runs `body` on the REL-ID simulator, changed in place.
    static func relid<R, E: Error>(_ c: CommandContext, _ body: (inout RelIDSimulator, World) throws(E) -> R) throws(E) -> R {
        try c.modify(RelIDSimulator.self, body)
    }

    static let commands: [Command] = [
        Command("user add", [newUser, initialPassword], group: group, sdk: sdkID,
                    summary: "Add a user: activated with a password, or awaiting activation (mode 1) without",
                    example: "user add alice password \"Passw0rd!\"") { c throws(CommandFailure) in
            let id = try c.text(newUser), given = try c.optionalText(initialPassword)
            try refusing { () throws(SimulationError) in try relid(c) { sim, world throws(SimulationError) in try sim.server.addUser(id, password: given, now: world.now) } }
            c.say(given == nil ? "added \(id) (not activated: the first login sets a password, mode 1)" : "added \(id) (activated)")
            return []
        },
        Command("block", [user], group: group, sdk: sdkID, summary: "Block a user (login answers 153)",
                    example: "block alice") { c throws(CommandFailure) in
            let id = try c.existingUser(user)
            relid(c) { sim, _ in sim.server.setBlocked(id, true) }
            c.say("\(id) is blocked")
            return []
        },
        Command("unblock", [user], group: group, sdk: sdkID, summary: "Unblock a user and restore their attempts",
                    example: "unblock alice") { c throws(CommandFailure) in
            let id = try c.existingUser(user)
            let attempts = relid(c) { sim, _ in
                sim.server.setBlocked(id, false)
                return sim.server.policy.attempts
            }
            c.say("\(id) is unblocked, with \(attempts) attempts")
            return []
        },
        Command("expire", [user], group: group, sdk: sdkID,
                    summary: "Expire a user's password (next login: 118 and mode 4; during a mode 2 update: 110)",
                    example: "expire alice") { c throws(CommandFailure) in
            let id = try c.existingUser(user)
            try refusing { () throws(SimulationError) in try relid(c) { sim, _ throws(SimulationError) in
                guard sim.server.account(id)?.isActivated == true else { throw SimulationError("\(id) has no password to expire yet") }
                sim.server.markExpired(id)
            } }
            c.say("\(id)'s password is expired")
            return []
        },
        Command("policy password", [rules], group: group, sdk: sdkID,
                    summary: "Set the whole RELID_PASSWORD_POLICY (JSON, or keys: those not given are absent); history, maxAge, attempts keep their values unless given",
                    example: "policy password minL=8 maxL=16 history=3 maxAge=90d attempts=3",
                    check: PolicyCheck.check(rules, parse: { pairs in
                        _ = try RelIDPolicyInput.policy(pairs: pairs.map { ($0.key, $0.value, $0.spelling) }, current: .standard)
                    }, json: { text in _ = try RelIDPolicyInput.policy(json: text, current: .standard) })) { c throws(CommandFailure) in
            let policy = try RelIDPolicyInput.policy(from: c, rules, current: c.simulation.sdk(RelIDSimulator.self).server.policy)
            relid(c) { sim, _ in sim.server.policy = policy }
            c.say(c.simulation.active.describePolicy())
            return []
        },
        Command("policy password raw", [rawText], group: group, sdk: sdkID,
                    summary: "Send RELID_PASSWORD_POLICY exactly as written, even if it is no JSON (the app's fallback sentence; the server enforces no rules)",
                    example: "policy password raw \"{minL:8\"") { c throws(CommandFailure) in
            let text = try c.text(rawText)
            try refusing { () throws(SimulationError) in try relid(c) { sim, _ throws(SimulationError) in
                var policy = sim.server.policy.withoutRules
                policy.rawText = text
                sim.server.policy = policy
            } }
            c.say(c.simulation.active.describePolicy())
            return []
        },
        Command("kdf", [rounds], group: group, sdk: sdkID,
                    summary: "Show or set the PBKDF2 round count (1 to 600,000) for passwords stored from now on", example: "kdf 10000") { c throws(CommandFailure) in
            let wanted = try c.optionalInteger(rounds)
            let description = try refusing { () throws(SimulationError) in try relid(c) { sim, _ throws(SimulationError) in
                if let wanted {
                    guard (1...PasswordHasher.maximumRounds).contains(wanted) else {
                        throw SimulationError("ROUNDS must be between 1 and \(PasswordHasher.maximumRounds)")
                    }
                    sim.server.hasher.rounds = wanted
                }
                return sim.server.hasher.description
            } }
            c.say("kdf: \(description) (passwords keep the rounds they were stored with)")
            return []
        },
        Command("password", [password, confirm], group: group, sdk: sdkID,
                    summary: "Answer a pending mode 0 (verify) or mode 1 (set) challenge", example: "password \"Passw0rd!\"") { c throws(CommandFailure) in
            let given = try c.text(password), again = try c.optionalText(confirm)
            return try refusing { () throws(SimulationError) in try relid(c) { sim, world throws(SimulationError) in try sim.submitPassword(given, confirm: again, now: world.now, fault: world.network.fault) } }
        },
        Command("challenges", group: group, sdk: sdkID,
                    summary: "getAllChallenges for the logged-in user", example: "challenges") { c throws(CommandFailure) in
            relid(c) { sim, world in sim.getAllChallenges(fault: world.network.fault) }
        },
        Command("initiate", [credential], group: group, sdk: sdkID,
                    summary: "initiateUpdateFlowForCredential (case-sensitive: \"Password\")", example: "initiate Password") { c throws(CommandFailure) in
            let name = try c.text(credential)
            return relid(c) { sim, world in sim.initiateUpdate(credential: name, fault: world.network.fault) }
        },
        Command("offer", [user, offering], group: group, sdk: sdkID,
                    summary: "Administrator: which credential the server offers USER for update (getAllChallenges): Password, or none",
                    example: "offer alice none") { c throws(CommandFailure) in
            let id = try c.existingUser(user), what = try c.text(offering)
            relid(c) { sim, _ in sim.server.setOffersPasswordUpdate(id, what == RelIDSDK.passwordCredential) }
            c.say(what == RelIDSDK.passwordCredential
                  ? "the server offers \(id) the credential \(what) for update"
                  : "the server offers \(id) no credential for update (getAllChallenges: options=[])")
            return []
        },
        Command("expect attemptsLeft", [count], group: group, sdk: sdkID, role: .expectation,
                    summary: "The pending password challenge has this many attempts left", example: "expect attemptsLeft 2") { c throws(CommandFailure) in
            let wanted = try c.integer(count)
            guard let pending = c.simulation.sdk(RelIDSimulator.self).sdk.pendingChallenge else {
                throw c.expectationFailure("expected \(wanted) attempts left, but no password challenge is pending", showLast: true)
            }
            if pending.attemptsLeft != wanted {
                throw c.expectationFailure(
                    "expected \(wanted) attempts left, but the pending challenge (mode \(pending.mode.rawValue)) has \(pending.attemptsLeft)",
                    showLast: true)
            }
            return []
        },
    ]

    static let policyRuleNames = PolicyRule.refusalKeys

    static let valueNames: [String: [Int: String]] = [
        "challengeMode": Dictionary(uniqueKeysWithValues: ChallengeMode.allCases.map { ($0.rawValue, $0.sdkName) }),
    ]
}

extension RelIDFlow {
    static let examples = ["login": "login alice \"Passw0rd!\"", "update": "update \"Passw0rd!\" \"N3w-Passw0rd\""]

    /// 118 after login: nothing asks for a new password until the app starts the update
    /// flow from its dashboard (docs/relid.md, "The flows, callback by callback").
    static let failureHints = [
        RelIDSyncError.noCredentialsToUpdate.code:
            "no challenge asks for a new password yet: 'initiate Password' starts the update (mode 2), then 'update CURRENT NEW'",
    ]

    /// The same with nobody logged in: `initiate Password` would fail with 152 (it updates
    /// the logged-in user's password), so the login comes first.
    static let signedOutFailureHints = [
        RelIDSyncError.noCredentialsToUpdate.code:
            "nobody is logged in: 'login USER PASSWORD' first, then 'initiate Password' starts the update (mode 2), then 'update CURRENT NEW'",
    ]
}
