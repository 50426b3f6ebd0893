import CredLanguage
import CredSimulator

/// The SAP Fiori-style passcode change's own commands (docs/fiori.md); the shared verbs
/// (`login`, `update`, `logout`, `cancel`, …) reach it through `SimulatedSDK`.
enum FioriFlow: SDKFlow {
    static var simulator: any SimulatedSDK.Type { FioriSimulator.self }
    static let group = FioriSimulator.name

    static let newUser = Parameter("USER", "a new user name", .newUser)
    static let initialPasscode = Parameter("PASSCODE", "a passcode", .secret, keyword: "passcode")
    static let touchID = Parameter.flag("touchid", "Touch ID on from the start")
    static let passcode = Parameter("PASSCODE", "a passcode", .secret)
    static let setting = Parameter("SETTING", "on, off, fail or cancel", .choice(["on", "off", "fail", "cancel"]))
    static let user = Parameter("USER", "a user name (default: the signed-in or only user)", .user, optional: true)
    static let rules = Parameter("RULES", "KEY=VALUE pairs", .policyRules(keys: PasscodePolicy.keys), variadic: true)
    static let policyRuleNames = PasscodeRule.keys

    static func fiori<R, E: Error>(_ c: CommandContext, _ body: (inout FioriSimulator, World) throws(E) -> R) throws(E) -> R {
        try c.modify(FioriSimulator.self, body)
    }

    static let commands: [Command] = [
        Command("user add", [newUser, initialPasscode, touchID], group: group, sdk: sdkID,
                    summary: "Onboard a user with a passcode (checked against the policy), Touch ID off unless 'touchid'",
                    example: "user add carol passcode \"Abcdefg1\" touchid") { c throws(CommandFailure) in
            let id = try c.text(newUser), given = try c.text(initialPasscode), biometric = c.has(touchID)
            try refusing { () throws(SimulationError) in try fiori(c) { sdk, _ throws(SimulationError) in try sdk.addUser(id, passcode: given, touchID: biometric) } }
            c.say("onboarded \(id) (Touch ID \(biometric ? "on" : "off"))")
            return []
        },
        Command("touchid", [setting, user], group: group, sdk: sdkID,
                    summary: "Turn a user's Touch ID preference on or off, or make the next biometric prompt fail or be canceled",
                    example: "touchid fail") { c throws(CommandFailure) in
            let word = try c.text(setting), id = try c.optionalText(user)
            switch word {
            case "on", "off":
                return try refusing { () throws(SimulationError) in try fiori(c) { sdk, _ throws(SimulationError) in try sdk.setTouchID(id, on: word == "on") } }
            case "fail":
                fiori(c) { sdk, _ in sdk.failNextBiometric() }
                c.say("the next biometric prompt fails (the passcode screen is shown instead)")
                return []
            case "cancel":
                fiori(c) { sdk, _ in sdk.cancelNextBiometric() }
                c.say("the next biometric prompt is canceled (the passcode screen is shown instead)")
                return []
            default:
                throw .cannotRun("touchid takes on, off, fail or cancel, not '\(word)'")
            }
        },
        Command("changepasscode", group: group, sdk: sdkID,
                    summary: "Present FUIPasscodeChangeController to the signed-in user", example: "changepasscode") { c throws(CommandFailure) in
            try refusing { () throws(SimulationError) in try fiori(c) { sdk, world throws(SimulationError) in try sdk.changePasscode(world: world) } }
        },
        Command("passcode", [passcode], group: group, sdk: sdkID,
                    summary: "Type a passcode into the screen shown", example: "passcode \"Abcdefg1\"") { c throws(CommandFailure) in
            let given = try c.text(passcode)
            return try refusing { () throws(SimulationError) in try fiori(c) { sdk, world throws(SimulationError) in try sdk.answerPasscode(given, world: world) } }
        },
        Command("resetpasscode", group: group, sdk: sdkID,
                    summary: "Tap the reset button a wrong passcode shows on the first screen (the store is reset)",
                    example: "resetpasscode") { c throws(CommandFailure) in
            try refusing { () throws(SimulationError) in try fiori(c) { sdk, world throws(SimulationError) in try sdk.resetPasscode(world: world) } }
        },
        Command("policy passcode", [rules], group: group, sdk: sdkID,
                    summary: "Set the whole FUIPasscodePolicy (keys not given take SAP's defaults)",
                    example: "policy passcode minLength=8 hasDigit=true retryLimit=3 isDigitsOnly=false",
                    check: PolicyCheck.check(rules) { pairs in _ = try PasscodePolicy.parse(pairs.map { ($0.key, $0.text) }) }) { c throws(CommandFailure) in
            let pairs = try c.textPairs(rules)
            let policy = try refusing { () throws(SimulationError) in try PasscodePolicy.parse(pairs) }
            fiori(c) { sdk, _ in sdk.policy = policy }
            c.say(c.simulation.active.describePolicy())
            return []
        },
    ]
}

extension FioriFlow {
    static let examples = ["login": "login carol \"Abcdefg1\"", "update": "update \"Abcdefg1\" \"Hijklmn2\""]
}
