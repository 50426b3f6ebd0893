import Testing
import Expectations
@testable import CredSimulator

/// Every transition of the SAP Fiori-style passcode flows, on the library alone.
@Suite struct FioriFlowTests {
    static let world = World()
    static let carolPasscode = "Abcdefg1"

    /// Carol onboarded with "Abcdefg1", Touch ID as asked, under `policy`.
    static func sim(touchID: Bool = false, policy: PasscodePolicy = .standard) -> FioriSimulator {
        var sim = FioriSimulator(seed: 7)
        sim.policy = policy
        try! sim.addUser("carol", passcode: carolPasscode, touchID: touchID)
        return sim
    }

    /// Carol signed in, without Touch ID.
    static func signedIn(policy: PasscodePolicy = .standard) -> FioriSimulator {
        var sim = Self.sim(policy: policy)
        _ = try! sim.login("carol", secret: carolPasscode, world: world)
        return sim
    }

    static func policy(retryLimit: Int) -> PasscodePolicy {
        var p = PasscodePolicy.standard
        p.retryLimit = retryLimit
        return p
    }

    static func names(_ outcomes: [Outcome]) -> [String] { outcomes.compactMap(\.event).map(\.name) }
    static func events(_ name: String, in outcomes: [Outcome]) -> [SDKEvent] {
        outcomes.compactMap(\.event).filter { $0.name == name }
    }
    static func inputModes(_ outcomes: [Outcome]) -> [String] {
        events("shouldTryPasscode", in: outcomes).compactMap { if case .string(let m)? = $0["inputMode"] { m } else { nil } }
    }
    static func calls(_ outcomes: [Outcome]) -> [String] {
        outcomes.compactMap { if case let .call(api, arguments, _) = $0, case .string(let c)? = JSONValue.object(arguments)["controller"] { "\(api) \(c)" } else { nil } }
    }
    static func screens(_ outcomes: [Outcome]) -> [Int] {
        events("showScreen", in: outcomes).compactMap { if case .int(let n)? = $0["screen"] { n } else { nil } }
    }

    /// Whether `passcode` opens the app for carol now, tried on a copy with any screen closed,
    /// carol signed out and Touch ID off.
    static func unlocks(_ passcode: String, _ sim: FioriSimulator) throws -> Bool {
        var copy = sim
        copy.presented = nil
        if copy.signedInUser != nil { _ = try copy.logout(world: world) }
        copy.biometricWillFail = false
        var user = copy.users["carol"]!
        user.touchID = false
        copy.users["carol"] = user
        _ = try copy.login("carol", secret: passcode, world: world)
        return copy.signedInUser == "carol"
    }

    // MARK: Onboarding

    @Test func onboardingChecksThePolicyAndKeepsOnlyAHash() throws {
        var sim = FioriSimulator(seed: 1)
        #expect(throws: SimulationError("the passcode does not meet the policy: \"At least 8 characters\"")) {
            try sim.addUser("carol", passcode: "Abc1", touchID: false)
        }
        try sim.addUser("carol", passcode: "Abcdefg1", touchID: true)
        expectEqual(sim.userIDs, ["carol"])
        expectEqual(sim.users["carol"]?.passcode?.key.count, PasswordHasher.keyBytes)
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-out", "touchid"])
        #expect(throws: SimulationError("user 'carol' already exists")) {
            try sim.addUser("carol", passcode: "Abcdefg2", touchID: false)
        }
        expectEqual(sim.states(of: "nobody", world: Self.world), nil)
    }

    @Test func onboardingWithTouchIDNeedsThePolicyToAllowIt() {
        var sim = FioriSimulator(seed: 1)
        sim.policy.allowsTouchID = false
        #expect(throws: SimulationError.self) { try sim.addUser("carol", passcode: "Abcdefg1", touchID: true) }
        #expect(sim.userIDs.isEmpty)
    }

    // MARK: Unlocking

    @Test func loginWithThePasscodeUnlocksTheApp() throws {
        var sim = Self.sim()
        let out = try sim.login("carol", secret: "Abcdefg1", world: Self.world)
        expectEqual(out.first, .call(api: "present", arguments: [("controller", .string("FUIPasscodeInputController")),
                                                              ("userIdentifier", .string("carol"))], error: nil))
        expectEqual(Self.names(out), ["showScreen", "shouldTryPasscode"])
        expectEqual(Self.events("showScreen", in: out).first, SDKEvent("showScreen", [
            ("screen", .int(1)), ("title", .string("Enter Passcode")), ("controller", .string("FUIPasscodeInputController")),
        ]))
        expectEqual(Self.events("shouldTryPasscode", in: out).first, SDKEvent("shouldTryPasscode", [
            ("passcode", .string("***")), ("inputMode", .string("match")), ("passcodeSource", .string("user")),
        ]))
        expectEqual(Self.calls(out), ["present FUIPasscodeInputController", "dismiss FUIPasscodeInputController"])
        expectEqual(sim.signedInUser, "carol")
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-in"])
        expectEqual(sim.promptStatus, "carol")
    }

    @Test func loginWithoutAPasscodeLeavesTheScreenWaiting() throws {
        var sim = Self.sim()
        let out = try sim.login("carol", secret: nil, world: Self.world)
        expectEqual(Self.names(out), ["showScreen"])
        expectEqual(sim.promptStatus, "[carol: unlock]")
        expectEqual(sim.signedInUser, nil)
        #expect(throws: SimulationError.self) { try sim.login("carol", secret: nil, world: Self.world) }
        let answer = try sim.answerPasscode("Abcdefg1", world: Self.world)
        expectEqual(Self.inputModes(answer), ["match"])
        expectEqual(sim.signedInUser, "carol")
        expectEqual(sim.presented, nil)
    }

    @Test func aWrongPasscodeWithoutALimitNeverRunsOut() throws {
        var sim = Self.sim()
        _ = try sim.login("carol", secret: nil, world: Self.world)
        for _ in 0..<50 {
            let out = try sim.answerPasscode("Wrong-pass1", world: Self.world)
            expectEqual(Self.events("failedToMatch", in: out).first, SDKEvent("failedToMatch", [
                ("errorCase", .string("failedToMatch")), ("message", .string("Passcode does not match.")), ("triesRemaining", .int(-1)),
            ]))
        }
        expectEqual(sim.promptStatus, "[carol: unlock]")
        expectEqual(sim.users["carol"]?.isReset, false)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        expectEqual(sim.signedInUser, "carol")
        expectEqual(sim.users["carol"]?.failedAttempts, 0)
    }

    @Test func wrongPasscodesAtLoginCountDownThenResetTheStore() throws {
        var sim = Self.sim(policy: Self.policy(retryLimit: 3))
        let first = try sim.login("carol", secret: "Wrong-pass1", world: Self.world)
        expectEqual(Self.events("failedToMatch", in: first).first?["triesRemaining"], .int(2))
        #expect(first.contains(.appShows("the screen shows \"Passcode does not match.\", 2 tries remaining, and a reset button")))
        let second = try sim.answerPasscode("Wrong-pass2", world: Self.world)
        expectEqual(Self.events("failedToMatch", in: second).first?["triesRemaining"], .int(1))
        let last = try sim.answerPasscode("Wrong-pass3", world: Self.world)
        expectEqual(Self.events("failedToMatch", in: last).first?["triesRemaining"], .int(0))
        #expect(last.contains(.appShows("No more attempts left. Please start the onboarding process again.")))
        expectEqual(Self.calls(last), ["dismiss FUIPasscodeInputController"])
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-out", "reset"])
        expectEqual(sim.presented, nil)
        #expect(throws: SimulationError.self) { try sim.login("carol", secret: "Abcdefg1", world: Self.world) }
        // Onboarding again.
        try sim.addUser("carol", passcode: "Fresh-start9", touchID: false)
        #expect(try Self.unlocks("Fresh-start9", sim))
    }

    @Test func aRightPasscodeResetsTheCount() throws {
        var sim = Self.sim(policy: Self.policy(retryLimit: 3))
        _ = try sim.login("carol", secret: "Wrong-pass1", world: Self.world)
        _ = try sim.answerPasscode("Wrong-pass2", world: Self.world)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        expectEqual(sim.users["carol"]?.failedAttempts, 0)
        _ = try sim.logout(world: Self.world)
        let out = try sim.login("carol", secret: "Wrong-pass3", world: Self.world)
        expectEqual(Self.events("failedToMatch", in: out).first?["triesRemaining"], .int(2))
    }

    @Test func theResetButtonResetsTheStore() throws {
        var sim = Self.sim()
        _ = try sim.login("carol", secret: nil, world: Self.world)
        #expect(throws: SimulationError.self) { try sim.resetPasscode(world: Self.world) }
        _ = try sim.answerPasscode("Wrong-pass1", world: Self.world)
        let out = try sim.resetPasscode(world: Self.world)
        expectEqual(Self.names(out), ["shouldResetPasscode"])
        expectEqual(Self.events("shouldResetPasscode", in: out).first?["fromController"], .string("FUIPasscodeInputController"))
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-out", "reset"])
    }

    @Test func touchIDUnlocksWithoutAScreen() throws {
        var sim = Self.sim(touchID: true)
        let out = try sim.login("carol", secret: nil, world: Self.world)
        expectEqual(Self.names(out), ["evaluatePolicy", "shouldTryPasscode"])
        expectEqual(Self.events("evaluatePolicy", in: out).first, SDKEvent("evaluatePolicy", [("success", .bool(true))]))
        expectEqual(Self.events("shouldTryPasscode", in: out).first?["passcodeSource"], .string("device"))
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-in", "touchid"])
    }

    /// SAP: "If Touch ID authentication is canceled or failed, the passcode view will be shown".
    @Test func aCanceledTouchIDPromptShowsThePasscodeScreenAtLoginAndAtAChange() throws {
        var sim = Self.sim(touchID: true)
        sim.cancelNextBiometric()
        #expect(sim.describeState(world: Self.world).contains("the next Touch ID prompt is canceled"))
        let out = try sim.login("carol", secret: "Abcdefg1", world: Self.world)
        expectEqual(Self.events("evaluatePolicy", in: out).first, SDKEvent("evaluatePolicy", [
            ("success", .bool(false)), ("errorCase", .string("userCancel")),
        ]))
        expectEqual(Self.events("shouldTryPasscode", in: out).first?["passcodeSource"], .string("user"))
        expectEqual(sim.armedBiometricFailure, nil)
        sim.cancelNextBiometric()
        let change = try sim.changePasscode(world: Self.world)
        expectEqual(Self.names(change), ["evaluatePolicy", "showScreen"])
        expectEqual(Self.events("showScreen", in: change).first?["screen"], .int(1))
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        _ = try sim.answerPasscode("Zyxwvut9", world: Self.world)
        let done = try sim.answerPasscode("Zyxwvut9", world: Self.world)
        expectEqual(Self.events("shouldTryPasscode", in: done).first?["inputMode"], .string("change"))
        expectEqual(sim.states(of: "carol", world: Self.world)?.contains("touchid"), true)
    }

    @Test func aFailedTouchIDPromptFallsBackToThePasscodeScreenOnce() throws {
        var sim = Self.sim(touchID: true)
        sim.failNextBiometric()
        let out = try sim.login("carol", secret: nil, world: Self.world)
        expectEqual(Self.names(out), ["evaluatePolicy", "showScreen"])
        expectEqual(Self.events("evaluatePolicy", in: out).first, SDKEvent("evaluatePolicy", [
            ("success", .bool(false)), ("errorCase", .string("authenticationFailed")),
        ]))
        expectEqual(sim.biometricWillFail, false)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        _ = try sim.logout(world: Self.world)
        let again = try sim.login("carol", secret: nil, world: Self.world)
        expectEqual(Self.names(again), ["evaluatePolicy", "shouldTryPasscode"])
    }

    @Test func touchIDIsUnusedWhenThePolicyForbidsIt() throws {
        var sim = Self.sim(touchID: true)
        sim.policy.allowsTouchID = false
        let out = try sim.login("carol", secret: "Abcdefg1", world: Self.world)
        expectEqual(Self.names(out), ["showScreen", "shouldTryPasscode"])
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-in", "touchid"])
    }

    @Test func touchIDCanBeTurnedOnAndOff() throws {
        var sim = Self.sim()
        _ = try sim.setTouchID(nil, on: true)
        expectEqual(sim.users["carol"]?.touchID, true)
        _ = try sim.setTouchID("carol", on: false)
        expectEqual(sim.users["carol"]?.touchID, false)
        #expect(throws: SimulationError("no user 'dave'")) { try sim.setTouchID("dave", on: true) }
        try sim.addUser("dave", passcode: "Davepass1", touchID: false)
        #expect(throws: SimulationError.self) { try sim.setTouchID(nil, on: true) }
        sim.policy.allowsTouchID = false
        #expect(throws: SimulationError.self) { try sim.setTouchID("dave", on: true) }
    }

    @Test func logoutLocksTheApp() throws {
        var sim = Self.signedIn()
        let out = try sim.logout(world: Self.world)
        expectEqual(out, [.appShows("carol: app locked")])
        expectEqual(sim.signedInUser, nil)
        expectEqual(sim.promptStatus, nil)
        #expect(throws: SimulationError("nobody is signed in")) { try sim.logout(world: Self.world) }
    }

    @Test func cancellingTheUnlockScreenKeepsTheAppLocked() throws {
        var sim = Self.sim()
        _ = try sim.login("carol", secret: nil, world: Self.world)
        let out = try sim.cancel(world: Self.world)
        expectEqual(Self.names(out), ["didCancelPasscodeEntry"])
        expectEqual(Self.calls(out), ["dismiss FUIPasscodeInputController"])
        #expect(sim.signedInUser == nil && sim.presented == nil)
        #expect(throws: SimulationError.self) { try sim.cancel(world: Self.world) }
    }

    @Test func aSecondUserWaitsForTheFirstToLogOut() throws {
        var sim = Self.signedIn()
        try sim.addUser("dave", passcode: "Davepass1", touchID: false)
        #expect(throws: SimulationError("carol is signed in: logout first")) {
            try sim.login("dave", secret: "Davepass1", world: Self.world)
        }
        #expect(throws: SimulationError("carol is already signed in")) {
            try sim.login("carol", secret: nil, world: Self.world)
        }
        #expect(throws: SimulationError("no user 'erin'")) { try sim.login("erin", secret: nil, world: Self.world) }
    }

    // MARK: The change flow, screen by screen

    @Test func theThreeScreensChangeThePasscode() throws {
        var sim = Self.signedIn()
        let open = try sim.changePasscode(world: Self.world)
        expectEqual(Self.calls(open), ["present FUIPasscodeChangeController"])
        expectEqual(Self.events("showScreen", in: open).first, SDKEvent("showScreen", [
            ("screen", .int(1)), ("title", .string("Enter Current Passcode")), ("controller", .string("FUIPasscodeInputController")),
        ]))
        expectEqual(sim.promptStatus, "carol [screen 1]")
        let one = try sim.answerPasscode("Abcdefg1", world: Self.world)
        expectEqual(Self.inputModes(one), ["matchForChange"])
        expectEqual(Self.events("showScreen", in: one).first?["controller"], .string("FUIPasscodeCreateController"))
        expectEqual(Self.screens(one), [2])
        expectEqual(sim.promptStatus, "carol [screen 2]")
        let two = try sim.answerPasscode("Newpass22", world: Self.world)
        expectEqual(Self.names(two), ["validate", "showScreen"])
        expectEqual(Self.screens(two), [3])
        let three = try sim.answerPasscode("Newpass22", world: Self.world)
        expectEqual(Self.inputModes(three), ["change"])
        expectEqual(Self.calls(three), ["dismiss FUIPasscodeChangeController"])
        #expect(three.contains(.appShows("carol: passcode changed")))
        expectEqual(sim.presented, nil)
        expectEqual(sim.signedInUser, "carol")
        #expect(try Self.unlocks("Newpass22", sim))
        #expect(try !Self.unlocks("Abcdefg1", sim))
    }

    @Test func changingNeedsASignedInUserAndNoOtherScreen() throws {
        var sim = Self.sim()
        #expect(throws: SimulationError("nobody is signed in: login first")) { try sim.changePasscode(world: Self.world) }
        #expect(throws: SimulationError("no passcode screen is open")) { try sim.answerPasscode("x", world: Self.world) }
        _ = try sim.login("carol", secret: "Abcdefg1", world: Self.world)
        _ = try sim.changePasscode(world: Self.world)
        #expect(throws: SimulationError.self) { try sim.changePasscode(world: Self.world) }
        #expect(throws: SimulationError.self) { try sim.logout(world: Self.world) }
    }

    @Test func screenOneRefusesAWrongPasscodeAndOffersAReset() throws {
        var sim = Self.signedIn(policy: Self.policy(retryLimit: 2))
        _ = try sim.changePasscode(world: Self.world)
        let out = try sim.answerPasscode("Wrong-pass1", world: Self.world)
        expectEqual(Self.inputModes(out), ["matchForChange"])
        expectEqual(Self.events("failedToMatch", in: out).first?["triesRemaining"], .int(1))
        #expect(out.contains(.appShows("the screen shows \"Passcode does not match.\", 1 try remaining, and a reset button")))
        expectEqual(sim.promptStatus, "carol [screen 1]")
        let last = try sim.answerPasscode("Wrong-pass2", world: Self.world)
        expectEqual(Self.events("failedToMatch", in: last).first?["triesRemaining"], .int(0))
        #expect(last.contains(.appShows("No more attempts left. Please start the onboarding process again.")))
        expectEqual(Self.calls(last), ["dismiss FUIPasscodeChangeController"])
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-out", "reset"])
    }

    @Test func screenTwoChecksThePolicyBeforeAnyDelegateCall() throws {
        var policy = PasscodePolicy.standard
        policy.hasSpecial = true
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        sim.policy = policy
        let short = try sim.answerPasscode("Ab1!", world: Self.world)
        expectEqual(Self.names(short), ["failedToMeetPolicy"])
        expectEqual(Self.events("failedToMeetPolicy", in: short).first?["message"], .string("At least 8 characters"))
        let plain = try sim.answerPasscode("Abcdefg22", world: Self.world)
        expectEqual(Self.events("failedToMeetPolicy", in: plain).first?["message"], .string("At least one special character"))
        expectEqual(sim.promptStatus, "carol [screen 2]")
        let good = try sim.answerPasscode("Abc def 22", world: Self.world)
        expectEqual(Self.names(good), ["validate", "showScreen"])
    }

    @Test func screenTwoRefusesTheCurrentPasscode() throws {
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        let out = try sim.answerPasscode("Abcdefg1", world: Self.world)
        expectEqual(Self.names(out), ["validate", "failedToMeetPolicy"])
        expectEqual(Self.events("failedToMeetPolicy", in: out).first?["message"], .string("New passcode must differ. Please re-enter."))
        expectEqual(sim.promptStatus, "carol [screen 2]")
    }

    @Test func aMismatchOnScreenThreeSavesNothingAndGoesBackToScreenTwo() throws {
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        _ = try sim.answerPasscode("Abcdefg1", world: Self.world)
        _ = try sim.answerPasscode("Newpass22", world: Self.world)
        let out = try sim.answerPasscode("Newpass23", world: Self.world)
        expectEqual(Self.names(out), ["passcodeMismatch", "showScreen"])
        expectEqual(Self.screens(out), [2])
        expectEqual(sim.promptStatus, "carol [screen 2]")
        #expect(try Self.unlocks("Abcdefg1", sim))
        _ = try sim.answerPasscode("Newpass24", world: Self.world)
        _ = try sim.answerPasscode("Newpass24", world: Self.world)
        #expect(try Self.unlocks("Newpass24", sim))
    }

    @Test(arguments: [1, 2, 3])
    func cancelOnAnyScreenKeepsTheOldPasscode(screen: Int) throws {
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        if screen > 1 { _ = try sim.answerPasscode("Abcdefg1", world: Self.world) }
        if screen > 2 { _ = try sim.answerPasscode("Newpass22", world: Self.world) }
        expectEqual(sim.presented?.screen.number, screen)
        let out = try sim.cancel(world: Self.world)
        let controller = screen == 1 ? "FUIPasscodeInputController" : "FUIPasscodeCreateController"
        expectEqual(Self.events("didCancelPasscodeEntry", in: out).first, SDKEvent("didCancelPasscodeEntry", [("fromController", .string(controller))]))
        expectEqual(Self.calls(out), ["dismiss FUIPasscodeChangeController"])
        expectEqual(sim.signedInUser, "carol")
        #expect(try Self.unlocks("Abcdefg1", sim))
    }

    @Test func anEmptyPasscodeIsRefusedByTheForm() throws {
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        try expectEqual(sim.answerPasscode("", world: Self.world), [.appCheck("the passcode field is empty")])
        expectEqual(sim.promptStatus, "carol [screen 1]")
    }

    // MARK: The Touch ID path

    @Test func touchIDReplacesTheScreensWithAGeneratedPasscode() throws {
        var sim = Self.sim(touchID: true)
        _ = try sim.login("carol", secret: nil, world: Self.world)
        let out = try sim.changePasscode(world: Self.world)
        expectEqual(Self.names(out), ["evaluatePolicy", "shouldTryPasscode", "shouldTryPasscode"])
        expectEqual(Self.inputModes(out), ["matchForChange", "change"])
        #expect(Self.events("shouldTryPasscode", in: out).allSatisfy { $0["passcodeSource"] == .string("device") })
        expectEqual(Self.calls(out), ["present FUIPasscodeChangeController", "dismiss FUIPasscodeChangeController"])
        expectEqual(sim.presented, nil)
        expectEqual(sim.users["carol"]?.source, .device)
        expectEqual(sim.states(of: "carol", world: Self.world), ["logged-in", "touchid"])
        #expect(try !Self.unlocks("Abcdefg1", sim))
        // Touch ID still unlocks.
        _ = try sim.logout(world: Self.world)
        let again = try sim.login("carol", secret: nil, world: Self.world)
        expectEqual(Self.names(again), ["evaluatePolicy", "shouldTryPasscode"])
        expectEqual(sim.signedInUser, "carol")
    }

    @Test func aFailedTouchIDPromptShowsScreenOneOfTheChange() throws {
        var sim = Self.sim(touchID: true)
        _ = try sim.login("carol", secret: nil, world: Self.world)
        sim.failNextBiometric()
        let out = try sim.change(through: ["Abcdefg1", "Newpass22", "Newpass22"])
        expectEqual(Self.names(out).prefix(2), ["evaluatePolicy", "showScreen"])
        expectEqual(Self.inputModes(out), ["matchForChange", "change"])
        #expect(out.contains(.note("Touch ID stays on: its keychain data now follows the new passcode")))
        expectEqual(sim.users["carol"]?.touchID, true)
        #expect(try Self.unlocks("Newpass22", sim))
    }

    @Test func turningTouchIDOffAfterATouchIDChangeWarns() throws {
        var sim = Self.sim(touchID: true)
        _ = try sim.login("carol", secret: nil, world: Self.world)
        _ = try sim.changePasscode(world: Self.world)
        let out = try sim.setTouchID("carol", on: false)
        #expect(out.contains { if case .note = $0 { true } else { false } })
    }

    // MARK: update: the three screens in one go

    @Test func updateWalksTheThreeScreens() throws {
        var sim = Self.signedIn()
        let out = try sim.update(current: "Abcdefg1", new: "Newpass22", confirm: nil, world: Self.world)
        expectEqual(Self.screens(out), [1, 2, 3])
        expectEqual(Self.inputModes(out), ["matchForChange", "change"])
        expectEqual(sim.presented, nil)
        #expect(try Self.unlocks("Newpass22", sim))
    }

    @Test func updateStopsAtTheFirstScreenThatRefuses() throws {
        var sim = Self.signedIn()
        let wrong = try sim.update(current: "Wrong-pass1", new: "Newpass22", confirm: nil, world: Self.world)
        expectEqual(Self.names(wrong).suffix(1), ["failedToMatch"])
        expectEqual(sim.promptStatus, "carol [screen 1]")
        _ = try sim.cancel(world: Self.world)

        let weak = try sim.update(current: "Abcdefg1", new: "short", confirm: nil, world: Self.world)
        expectEqual(Self.names(weak).suffix(1), ["failedToMeetPolicy"])
        expectEqual(sim.promptStatus, "carol [screen 2]")
        // Carrying on from screen 2: the current passcode is no longer needed.
        let carry = try sim.update(current: "ignored", new: "Newpass22", confirm: "Newpass23", world: Self.world)
        expectEqual(Self.names(carry).suffix(2), ["passcodeMismatch", "showScreen"])
        expectEqual(sim.promptStatus, "carol [screen 2]")
        _ = try sim.update(current: "ignored", new: "Newpass22", confirm: nil, world: Self.world)
        expectEqual(sim.presented, nil)
        #expect(try Self.unlocks("Newpass22", sim))
    }

    @Test func updateWithTouchIDUsesNoneOfThePasscodesGiven() throws {
        var sim = Self.sim(touchID: true)
        _ = try sim.login("carol", secret: nil, world: Self.world)
        let out = try sim.update(current: "Abcdefg1", new: "Newpass22", confirm: nil, world: Self.world)
        #expect(Self.screens(out).isEmpty)
        #expect(out.contains(.note("Touch ID replaced the screens: the passcodes given were not used")))
        #expect(try !Self.unlocks("Newpass22", sim))
    }

    @Test func updateNeedsASignedInUser() {
        var sim = Self.sim()
        #expect(throws: SimulationError.self) { try sim.update(current: "a", new: "b", confirm: nil, world: Self.world) }
    }

    // MARK: Descriptions

    @Test func descriptionsNeverShowThePasscode() throws {
        var sim = Self.signedIn()
        _ = try sim.changePasscode(world: Self.world)
        let text = (sim.describeState(world: Self.world) + (sim.describeUser("carol", world: Self.world) ?? [])).joined(separator: "\n")
        #expect(!text.contains("Abcdefg1"))
        #expect(text.contains("screen 1"))
        expectEqual(sim.describeUser("nobody", world: Self.world), nil)
        #expect(sim.describePolicy().contains("    At least 8 characters"))
    }

    @Test func theSameSeedGivesTheSameSimulation() throws {
        func run() throws -> FioriSimulator {
            var sim = Self.sim(touchID: true)
            _ = try sim.login("carol", secret: nil, world: Self.world)
            _ = try sim.changePasscode(world: Self.world)
            return sim
        }
        try expectEqual(run().users, run().users)
    }
}

extension FioriSimulator {
    /// Opens the change controller and answers its screens with `answers`, in order.
    mutating func change(through answers: [String]) throws -> [Outcome] {
        var out = try changePasscode(world: World())
        for answer in answers { out += try answerPasscode(answer, world: World()) }
        return out
    }
}
