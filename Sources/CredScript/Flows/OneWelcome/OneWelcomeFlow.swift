import CredLanguage
import CredSimulator

/// The OneWelcome-style change PIN's own commands (docs/onewelcome.md); the shared verbs
/// (`login`, `update`, `logout`, `cancel`, …) reach it through `SimulatedSDK`.
enum OneWelcomeFlow: SDKFlow {
    static var simulator: any SimulatedSDK.Type { OneWelcomeSimulator.self }
    static let group = OneWelcomeSimulator.name

    static let newUser = Parameter("USER", "a new profile name", .newUser)
    static let initialPIN = Parameter("PIN", "a PIN", .secret, optional: true, keyword: "pin")
    static let stateless = Parameter.flag("stateless", "a stateless user: authenticates with no PIN and no stored profile")
    static let pin = Parameter("PIN", "a PIN", .secret)
    static let rules = Parameter("RULES", "KEY=VALUE pairs", .policyRules(keys: PinPolicy.keys), variadic: true)
    static let policyRuleNames = PinRule.keys

    static func onewelcome<R, E: Error>(_ c: CommandContext, _ body: (inout OneWelcomeSimulator, World) throws(E) -> R) throws(E) -> R {
        try c.modify(OneWelcomeSimulator.self, body)
    }

    static let commands: [Command] = [
        Command("user add", [newUser, initialPIN, stateless], group: group, sdk: sdkID,
                    summary: "Register a profile with a PIN (checked against the PIN policy), or a stateless user",
                    example: "user add bob pin 52817") { c throws(CommandFailure) in
            let id = try c.text(newUser), given = try c.optionalText(initialPIN), isStateless = c.has(stateless)
            switch (given, isStateless) {
            case (let pin?, false):
                try refusing { () throws(SimulationError) in try onewelcome(c) { sdk, _ throws(SimulationError) in try sdk.addProfile(id, pin: pin) } }
                c.say("registered \(id) (profile with a PIN)")
            case (nil, true):
                try refusing { () throws(SimulationError) in try onewelcome(c) { sdk, _ throws(SimulationError) in try sdk.addStatelessUser(id) } }
                c.say("added \(id) (stateless: no PIN, no stored profile)")
            default:
                throw .cannotRun("user add takes either 'pin PIN' or 'stateless' (usage: user add USER pin PIN | user add USER stateless)")
            }
            return []
        },
        Command("changepin", group: group, sdk: sdkID,
                    summary: "changePin: start changing the authenticated user's PIN", example: "changepin") { c throws(CommandFailure) in
            onewelcome(c) { sdk, world in sdk.changePin(world: world) }
        },
        Command("pin", [pin], group: group, sdk: sdkID,
                    summary: "Answer the pending PIN challenge (authentication, current PIN or new PIN)", example: "pin 52817") { c throws(CommandFailure) in
            let given = try c.text(pin)
            return try refusing { () throws(SimulationError) in try onewelcome(c) { sdk, world throws(SimulationError) in try sdk.answerPin(given, world: world) } }
        },
        Command("validate", [pin], group: group, sdk: sdkID,
                    summary: "validatePolicyCompliance: would the PIN policy accept this PIN? (changes nothing)",
                    example: "validate 13579") { c throws(CommandFailure) in
            let given = try c.text(pin)
            return c.simulation.sdk(OneWelcomeSimulator.self).validatePolicyCompliance(given)
        },
        Command("policy pin", [rules], group: group, sdk: sdkID,
                    summary: "Set the whole PIN policy (keys not given take their defaults)",
                    example: "policy pin length=5 maxSimilar=2 sequences=false blocklist=12345,00000 attempts=3",
                    check: PolicyCheck.check(rules) { pairs in _ = try PinPolicy.parse(pairs.map { ($0.key, $0.text) }) }) { c throws(CommandFailure) in
            let pairs = try c.textPairs(rules)
            let policy = try refusing { () throws(SimulationError) in try PinPolicy.parse(pairs) }
            onewelcome(c) { sdk, _ in sdk.policy = policy }
            c.say(c.simulation.active.describePolicy())
            return []
        },
    ]
}

extension OneWelcomeFlow {
    static let examples = ["login": "login bob 52817", "update": "update 52817 73914"]
}
