import Testing
import Expectations
@testable import CredSimulator

private typealias F = OneWelcomeFixture

/// Registration and authentication with a PIN, on the library alone (docs/onewelcome.md).
@Suite struct OneWelcomeAuthenticationTests {
    @Test func registrationStoresOnlyAHash() throws {
        let f = F()
        let profile = try #require(f.sdk.profiles["bob"])
        guard case .pin(let stored) = profile.registration else { Issue.record("bob has no PIN"); return }
        #expect(stored.key.count == PasswordHasher.keyBytes && stored.salt.count == PasswordHasher.saltBytes)
        expectEqual(stored.rounds, 1)
        let shown = try #require(f.sdk.describeUser("bob", world: f.world))
        #expect(shown.contains("PIN: stored as PBKDF2-HMAC-SHA256, 1 rounds, 16-byte salt, 32-byte key"))
        #expect(!shown.joined().contains(F.bobPIN))
        expectEqual(f.states("bob"), ["logged-out", "registered"])
        expectEqual(f.states("carol"), ["logged-out", "stateless"])
    }

    @Test(arguments: [
        ("1234", "PIN has to be of 5 characters length."),
        ("12345", "PIN you've entered is blacklisted."),
        ("13579", "PIN you've entered appears to be a sequence."),
        ("11123", "PIN should not use more that 2 similar digits."),
        ("5281a", "A PIN has digits 0-9 only: the PIN pad has no other keys."),
        ("", "Please enter a PIN: the PIN pad was left empty."),
    ])
    func registrationRefusesWhatThePolicyRefuses(pin: String, message: String) {
        var f = F()
        #expect(throws: SimulationError(message)) { try f.sdk.addProfile("dave", pin: pin) }
        expectEqual(f.sdk.profiles["dave"], nil)
    }

    @Test func registrationRefusesATakenName() {
        var f = F()
        #expect(throws: SimulationError("user 'bob' already exists")) { try f.sdk.addProfile("bob", pin: "24193") }
        #expect(throws: SimulationError("user 'carol' already exists")) { try f.sdk.addStatelessUser("carol") }
        expectEqual(f.sdk.userIDs, ["bob", "carol"])
    }

    @Test func loginAsksForThePinThenAuthenticates() {
        var f = F()
        let start = f.login("bob")
        expectEqual(start.first, .call(api: "authenticateUser", arguments: [("profileId", .string("bob"))], error: nil))
        expectEqual(F.names(start), ["didStartAuthentication", "didReceivePinChallenge"])
        let challenge = F.last("didReceivePinChallenge", in: start)
        expectEqual(F.counters(challenge), [3, 0, 3])
        expectEqual(challenge?["errorCode"], nil)
        expectEqual(f.sdk.promptStatus, "[bob: PIN]")
        expectEqual(f.sdk.signedInUser, nil)

        let answer = f.pin(F.bobPIN)
        expectEqual(answer.first, .call(api: "respond", arguments: [("pin", .string("***")), ("challenge", .string("PinChallenge"))], error: nil))
        expectEqual(F.names(answer), ["didAuthenticateUser"])
        expectEqual(f.sdk.signedInUser, "bob")
        expectEqual(f.sdk.promptStatus, "bob")
        expectEqual(f.states("bob"), ["logged-in", "registered"])
    }

    @Test func loginWithThePinAnswersTheChallengeAtOnce() {
        var f = F()
        let out = f.login("bob", F.bobPIN)
        expectEqual(F.names(out), ["didStartAuthentication", "didReceivePinChallenge", "didAuthenticateUser"])
        expectEqual(F.calls(out), ["authenticateUser", "respond"])
        expectEqual(f.sdk.pending, nil)
    }

    @Test func wrongPinAtLoginMovesTheCountersWith9009() {
        var f = F()
        let out = f.login("bob", "24193")
        let retry = F.last("didReceivePinChallenge", in: out)
        expectEqual(F.counters(retry), [3, 1, 2])
        expectEqual(retry?["errorCode"], .int(9009))
        expectEqual(retry?["errorDomain"], .string("ONGPinAuthenticationErrorDomain"))
        expectEqual(retry?["message"], .string("PIN you've entered is invalid. You have still 2 attempts left."))
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.pin("24194"))), [3, 2, 1])
        expectEqual(f.sdk.signedInUser, nil)
    }

    @Test func theLastWrongPinAtLoginDeregistersTheProfile() throws {
        var f = F()
        _ = f.login("bob", "11223")
        _ = f.pin("11224")
        let out = f.pin("11225")
        expectEqual(F.names(out), ["didFailToAuthenticateUser"])
        let failure = F.last("didFailToAuthenticateUser", in: out)
        expectEqual(failure?["profileId"], .string("bob"))
        expectEqual(failure?["errorCode"], .int(9003))
        expectEqual(failure?["errorDomain"], .string("ONGGenericErrorDomain"))
        expectEqual(failure?["message"], .string("The users account was deregistered from the device."))
        expectEqual(f.states("bob"), ["logged-out", "deregistered"])
        expectEqual(f.sdk.pending, nil)
        expectEqual(f.sdk.profiles["bob"]?.registration, .deregistered)
        #expect(throws: SimulationError.self) { try f.sdk.login("bob", secret: F.bobPIN, world: f.world) }
        // Registering again is allowed and starts afresh.
        try f.sdk.addProfile("bob", pin: "24193")
        expectEqual(F.names(f.login("bob", "24193")).last, "didAuthenticateUser")
    }

    @Test func aCorrectPinResetsTheCounter() {
        var f = F()
        _ = f.login("bob", "24193")
        _ = f.pin(F.bobPIN)
        _ = f.logout()
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.login("bob"))), [3, 0, 3])
    }

    @Test func wrongPinsAreCountedAcrossACancel() {
        var f = F()
        _ = f.login("bob", "24193")
        _ = f.cancel()
        // The server's counter: cancelling does not buy new attempts.
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.login("bob"))), [3, 1, 2])
    }

    @Test func aStatelessUserAuthenticatesWithNoChallenge() {
        var f = F()
        let out = f.login("carol")
        expectEqual(F.names(out), ["didStartAuthentication", "didAuthenticateUser"])
        expectEqual(f.sdk.signedInUser, "carol")
        expectEqual(f.states("carol"), ["logged-in", "stateless"])
        var g = F()
        let withPin = g.login("carol", "24193")
        expectEqual(F.calls(withPin), ["authenticateUser"])
        #expect(withPin.contains { if case .note = $0 { return true } else { return false } })
    }

    @Test func aStatelessSessionNeedsTheServer() {
        var f = F()
        f.server(up: false)
        let out = f.login("carol")
        expectEqual(F.names(out), ["didStartAuthentication", "didFailToAuthenticateUser"])
        expectEqual(F.last("didFailToAuthenticateUser", in: out)?["errorCode"], .int(9001))
        expectEqual(f.sdk.signedInUser, nil)
    }

    @Test func loginRefusesWhatTheSimulationCannotRun() {
        var f = F()
        #expect(throws: SimulationError("no user 'zoe'")) { try f.sdk.login("zoe", secret: nil, world: f.world) }
        _ = f.login("bob")
        #expect(throws: SimulationError.self) { try f.sdk.login("carol", secret: nil, world: f.world) }  // flow pending
        _ = f.pin(F.bobPIN)
        #expect(throws: SimulationError("'bob' is already signed in: log out first")) {
            try f.sdk.login("carol", secret: nil, world: f.world)
        }
    }

    @Test func cancelDuringAuthenticationFailsIt() {
        var f = F()
        _ = f.login("bob")
        let out = f.cancel()
        expectEqual(out.first, .call(api: "cancel", arguments: [("challenge", .string("PinChallenge"))], error: nil))
        expectEqual(F.names(out), ["didFailToAuthenticateUser"])
        expectEqual(F.last("didFailToAuthenticateUser", in: out)?["errorCode"], .int(9006))
        #expect(f.sdk.signedInUser == nil && f.sdk.pending == nil)
    }

    @Test func nothingPendingIsASimulationError() {
        var f = F()
        #expect(throws: SimulationError.self) { try f.sdk.cancel(world: f.world) }
        #expect(throws: SimulationError.self) { try f.sdk.answerPin("24193", world: f.world) }
        #expect(throws: SimulationError("nobody is signed in")) { try f.sdk.logout(world: f.world) }
    }

    @Test func thePinPadOnlyHasDigits() {
        var f = F()
        _ = f.login("bob")
        let out = f.pin("52 17")
        expectEqual(out, [.appCheck("A PIN has digits 0-9 only: the PIN pad has no other keys.")])
        // Nothing reached the SDK: the same challenge waits, nothing counted.
        expectEqual(f.sdk.pending, .authentication(PinChallengeCounters(profileID: "bob", maxFailureCount: 3, previousFailureCount: 0)))
    }

    @Test func logoutCallsLogoutUser() {
        var f = F.signedIn()
        let out = f.logout()
        expectEqual(F.calls(out), ["logoutUser"])
        expectEqual(F.names(out), ["logoutUser"])
        expectEqual(F.last("logoutUser", in: out)?.fields.map(\.0), ["profileId"])
        expectEqual(f.states("bob"), ["logged-out", "registered"])
    }

    @Test func logoutWithoutANetworkStillEndsTheSessionOnTheDevice() {
        var f = F.signedIn()
        f.network(up: false)
        let out = f.logout()
        expectEqual(F.last("logoutUser", in: out)?["errorCode"], .int(9000))
        expectEqual(F.last("logoutUser", in: out)?["message"], .string("Failed to connect to the server."))
        expectEqual(f.sdk.signedInUser, nil)
    }

    @Test func logoutDuringAChangeIsRefused() {
        var f = F.changing()
        #expect(throws: SimulationError.self) { try f.sdk.logout(world: f.world) }
        expectEqual(f.sdk.signedInUser, "bob")
    }
}

/// The change PIN flow, step by step (docs/onewelcome.md, "Change PIN").
@Suite struct OneWelcomeChangePinTests {
    @Test func changePinWithNobodyAuthenticatedFails9010WithNoStart() {
        var f = F()
        let out = f.changePin()
        expectEqual(F.calls(out), ["changePin"])
        expectEqual(F.names(out), ["didFailToChangePin"])
        let failure = F.last("didFailToChangePin", in: out)
        expectEqual(failure?.fields.map(\.0), ["errorCode", "errorDomain", "message"])
        expectEqual(failure?["errorCode"], .int(9010))
        expectEqual(failure?["errorDomain"], .string("ONGChangePinErrorDomain"))
        expectEqual(f.sdk.pending, nil)
    }

    @Test func changePinForAStatelessUserFails9033() {
        var f = F()
        _ = f.login("carol")
        let out = f.changePin()
        expectEqual(F.names(out), ["didFailToChangePin"])
        let failure = F.last("didFailToChangePin", in: out)
        expectEqual(failure?["profileId"], .string("carol"))
        expectEqual(failure?["errorCode"], .int(9033))
        expectEqual(failure?["message"], .string("Changing PIN is not allowed for stateless user."))
    }

    @Test func changePinStartsThenAsksForTheCurrentPin() {
        var f = F.signedIn()
        let out = f.changePin()
        expectEqual(out.first, .call(api: "changePin", arguments: [], error: nil))
        expectEqual(F.names(out), ["didStartPinChange", "didReceivePinChallenge"])
        let challenge = F.last("didReceivePinChallenge", in: out)
        expectEqual(F.counters(challenge), [3, 0, 3])
        expectEqual(challenge?["errorCode"], nil)
        expectEqual(f.sdk.promptStatus, "bob [current PIN]")
        expectEqual(f.states("bob"), ["logged-in", "registered", "changing-pin"])
    }

    @Test func changePinDuringAnotherFlowFails9007() {
        var f = F.changing()
        let out = f.changePin()
        expectEqual(F.names(out), ["didFailToChangePin"])
        expectEqual(F.last("didFailToChangePin", in: out)?["errorCode"], .int(9007))
        expectEqual(f.sdk.promptStatus, "bob [current PIN]")  // the first flow goes on
        var g = F()
        _ = g.login("bob")
        expectEqual(F.last("didFailToChangePin", in: g.changePin())?["profileId"], nil)
    }

    @Test func aWrongCurrentPinMovesTheCounters() {
        var f = F.changing()
        let first = F.last("didReceivePinChallenge", in: f.pin("24193"))
        expectEqual(F.counters(first), [3, 1, 2])
        expectEqual(first?["errorCode"], .int(9009))
        expectEqual(first?["message"], .string("PIN you've entered is invalid. You have still 2 attempts left."))
        let second = F.last("didReceivePinChallenge", in: f.pin("24194"))
        expectEqual(F.counters(second), [3, 2, 1])
        expectEqual(second?["message"], .string("PIN you've entered is invalid. You have still 1 attempts left."))
        expectEqual(f.sdk.signedInUser, "bob")
    }

    @Test func theLastWrongCurrentPinDeregistersTheProfile() {
        var f = F.changing()
        _ = f.pin("24193")
        _ = f.pin("24194")
        let out = f.pin("24195")
        expectEqual(F.names(out), ["didFailToChangePin"])
        let failure = F.last("didFailToChangePin", in: out)
        expectEqual(failure?["profileId"], .string("bob"))
        expectEqual(failure?["errorCode"], .int(9003))
        #expect(f.sdk.signedInUser == nil && f.sdk.pending == nil)
        expectEqual(f.states("bob"), ["logged-out", "deregistered"])
        expectEqual(f.sdk.describeUser("bob", world: f.world)?.first?.contains("deregistered"), true)
    }

    @Test func theCorrectCurrentPinAsksForANewOne() {
        var f = F.changing()
        let out = f.pin(F.bobPIN)
        expectEqual(F.names(out), ["didReceiveCreatePinChallenge"])
        let create = F.last("didReceiveCreatePinChallenge", in: out)
        expectEqual(create?.fields.map(\.0), ["profileId", "pinLength"])
        expectEqual(create?["pinLength"], .int(5))
        expectEqual(f.sdk.promptStatus, "bob [new PIN]")
    }

    @Test(arguments: [
        // Length first, then block list, sequence, similar digits.
        ("123456", 9014, "PIN has to be of 5 characters length.", "requiredLength", 5),
        ("1111", 9014, "PIN has to be of 5 characters length.", "requiredLength", 5),
        ("12345", 9011, "PIN you've entered is blacklisted.", nil, 0),     // also a sequence
        ("00000", 9011, "PIN you've entered is blacklisted.", nil, 0),     // also 5 similar digits
        ("97531", 9012, "PIN you've entered appears to be a sequence.", nil, 0),
        ("24680", 9012, "PIN you've entered appears to be a sequence.", nil, 0),
        ("52229", 9013, "PIN should not use more that 2 similar digits.", "maxSimilarDigits", 2),
    ] as [(String, Int, String, String?, Int)])
    func aNewPinAgainstThePolicyIsRefusedWithItsCode(pin: String, code: Int, message: String, detail: String?, value: Int) {
        var f = F.creating()
        let out = f.pin(pin)
        expectEqual(F.names(out), ["didReceiveCreatePinChallenge"])
        let retry = F.last("didReceiveCreatePinChallenge", in: out)
        expectEqual(retry?["errorCode"], .int(code))
        expectEqual(retry?["errorDomain"], .string("ONGPinValidationErrorDomain"))
        expectEqual(retry?["message"], .string(message))
        expectEqual(retry?["pinLength"], .int(5))
        if let detail { expectEqual(retry?[detail], .int(value)) }
        #expect(retry?["maxSimilarDigits"] == nil || detail == "maxSimilarDigits")
        #expect(retry?["requiredLength"] == nil || detail == "requiredLength")
        expectEqual(f.sdk.pending, .createPin(profileID: "bob"))
    }

    @Test func newPinRetriesAreUnlimited() {
        var f = F.creating()
        for _ in 0..<12 {
            expectEqual(F.last("didReceiveCreatePinChallenge", in: f.pin("12345"))?["errorCode"], .int(9011))
        }
        expectEqual(f.sdk.profiles["bob"]?.isDeregistered, false)
        expectEqual(F.names(f.pin(F.newPIN)), ["didChangePin"])
    }

    @Test func aValidNewPinReplacesTheOldOne() {
        var f = F.creating()
        let out = f.pin(F.newPIN)
        expectEqual(out.first, .call(api: "respond", arguments: [("pin", .string("***")), ("challenge", .string("CreatePinChallenge"))], error: nil))
        expectEqual(F.names(out), ["didChangePin"])
        expectEqual(F.last("didChangePin", in: out)?["profileId"], .string("bob"))
        #expect(f.sdk.pending == nil && f.sdk.signedInUser == "bob")
        _ = f.logout()
        expectEqual(F.last("didReceivePinChallenge", in: f.login("bob", F.bobPIN))?["errorCode"], .int(9009))
        _ = f.cancel()
        expectEqual(F.names(f.login("bob", F.newPIN)).last, "didAuthenticateUser")
    }

    @Test func cancelAtTheCurrentPinKeepsTheOldPin() {
        var f = F.changing()
        let out = f.cancel()
        expectEqual(out.first, .call(api: "cancel", arguments: [("challenge", .string("PinChallenge"))], error: nil))
        expectEqual(F.names(out), ["didFailToChangePin"])
        let failure = F.last("didFailToChangePin", in: out)
        expectEqual(failure?["errorCode"], .int(9006))
        expectEqual(failure?["errorDomain"], .string("ONGGenericErrorDomain"))
        #expect(f.sdk.signedInUser == "bob" && f.sdk.pending == nil)
        _ = f.logout()
        expectEqual(F.names(f.login("bob", F.bobPIN)).last, "didAuthenticateUser")
    }

    @Test func cancelAtTheNewPinKeepsTheOldPin() {
        var f = F.creating()
        let out = f.cancel()
        expectEqual(out.first, .call(api: "cancel", arguments: [("challenge", .string("CreatePinChallenge"))], error: nil))
        expectEqual(F.last("didFailToChangePin", in: out)?["errorCode"], .int(9006))
        _ = f.logout()
        expectEqual(F.names(f.login("bob", F.bobPIN)).last, "didAuthenticateUser")
    }
}

/// Network faults: they never reach the server, so they never count (docs/onewelcome.md, "Network").
@Suite struct OneWelcomeNetworkTests {
    @Test func noNetworkWhileVerifyingTheCurrentPinKeepsTheCounters() {
        var f = F.changing()
        _ = f.pin("24193")  // one real failure first
        f.network(up: false)
        for _ in 0..<5 {
            let out = f.pin("24194")
            let retry = F.last("didReceivePinChallenge", in: out)
            expectEqual(F.counters(retry), [3, 1, 2])
            expectEqual(retry?["errorCode"], .int(9000))
            expectEqual(retry?["errorDomain"], .string("ONGGenericErrorDomain"))
            expectEqual(retry?["message"], .string("Failed to connect to the server."))
        }
        expectEqual(f.sdk.profiles["bob"]?.failedAttempts, 1)
        expectEqual(f.states("bob").contains("deregistered"), false)
        f.network(up: true)
        expectEqual(F.names(f.pin(F.bobPIN)), ["didReceiveCreatePinChallenge"])
    }

    @Test func serverDownAnswers9001AndEvenTheRightPinWaits() {
        var f = F()
        _ = f.login("bob")
        f.server(up: false)
        let out = f.pin(F.bobPIN)
        let retry = F.last("didReceivePinChallenge", in: out)
        expectEqual(retry?["errorCode"], .int(9001))
        expectEqual(F.counters(retry), [3, 0, 3])
        expectEqual(f.sdk.signedInUser, nil)
        f.server(up: true)
        expectEqual(F.names(f.pin(F.bobPIN)), ["didAuthenticateUser"])
    }

    @Test func noNetworkAtTheNewPinStoresNothing() {
        var f = F.creating()
        f.network(up: false)
        let refusedByPolicy = f.pin("12345")  // the policy is checked on the device first
        expectEqual(F.last("didReceiveCreatePinChallenge", in: refusedByPolicy)?["errorCode"], .int(9011))
        let out = f.pin(F.newPIN)
        expectEqual(F.last("didReceiveCreatePinChallenge", in: out)?["errorCode"], .int(9000))
        expectEqual(f.sdk.pending, .createPin(profileID: "bob"))
        f.network(up: true)
        _ = f.cancel()
        _ = f.logout()
        expectEqual(F.names(f.login("bob", F.bobPIN)).last, "didAuthenticateUser")
    }

    @Test func changePinItselfNeedsNoNetwork() {
        var f = F.signedIn()
        f.network(up: false)
        expectEqual(F.names(f.changePin()), ["didStartPinChange", "didReceivePinChallenge"])
    }
}

/// The app's one-go form, `validatePolicyCompliance`, and the policy's attempts.
@Suite struct OneWelcomeFormAndPolicyTests {
    /// The example app compares the confirmation on the create-PIN screen
    /// (`PinViewController.evaluatePinState`), after the current-PIN challenge.
    @Test func aWrongCurrentPINIsAnsweredBeforeAMismatchedConfirmationShows() {
        var f = F.signedIn()
        let out = f.update("11111", F.newPIN, "24194")
        expectEqual(F.names(out), ["didStartPinChange", "didReceivePinChallenge", "didReceivePinChallenge"])
        expectEqual(out.compactMap(\.event).last?["errorCode"], .int(9009))
        #expect(!out.contains(.appCheck(OneWelcomeSimulator.confirmationMismatchMessage)))
        expectEqual(f.sdk.profiles["bob"]?.failedAttempts, 1)
    }

    @Test func aMismatchShowsAtTheNewPINStepAfterThePolicyCheckAndSendsNothing() {
        var f = F.signedIn()
        let out = f.update(F.bobPIN, F.newPIN, "24194")
        expectEqual(F.names(out), ["didStartPinChange", "didReceivePinChallenge", "didReceiveCreatePinChallenge", "validatePolicyCompliance"])
        expectEqual(out.last, .appCheck(OneWelcomeSimulator.confirmationMismatchMessage))
        expectEqual(f.sdk.pending, .createPin(profileID: "bob"))
        // Only the current PIN was sent; the new one never reached the create-PIN challenge.
        expectEqual(out.filter { if case .call("respond", _, _) = $0 { true } else { false } }.count, 1)
        // A PIN the policy refuses never reaches the confirmation.
        let refused = f.update(F.bobPIN, "11111", "22222")
        expectEqual(F.names(refused), ["validatePolicyCompliance"])
        #expect(refused.compactMap(\.event).last?["errorCode"] != nil)
        #expect(!refused.contains(.appCheck(OneWelcomeSimulator.confirmationMismatchMessage)))
        // The challenge is still pending: a matching pair changes the PIN.
        let done = f.update(F.bobPIN, F.newPIN, F.newPIN)
        expectEqual(F.names(done), ["didChangePin"])
    }

    @Test func updateRunsTheWholeFlow() {
        var f = F.signedIn()
        let out = f.update(F.bobPIN, F.newPIN, F.newPIN)
        expectEqual(F.calls(out), ["changePin", "respond", "respond"])
        expectEqual(F.names(out), ["didStartPinChange", "didReceivePinChallenge", "didReceiveCreatePinChallenge", "didChangePin"])
        _ = f.logout()
        expectEqual(F.names(f.login("bob", F.newPIN)).last, "didAuthenticateUser")
    }

    @Test func updateStopsAtAWrongCurrentPinAndPinGoesOn() {
        var f = F.signedIn()
        let out = f.update("24194", F.newPIN)
        expectEqual(F.calls(out), ["changePin", "respond"])
        expectEqual(F.last("didReceivePinChallenge", in: out)?["errorCode"], .int(9009))
        expectEqual(f.sdk.promptStatus, "bob [current PIN]")
        expectEqual(F.names(f.pin(F.bobPIN)), ["didReceiveCreatePinChallenge"])
        expectEqual(F.names(f.pin(F.newPIN)), ["didChangePin"])
    }

    @Test func updateStopsAtARefusedNewPinAndAnotherUpdateGoesOn() {
        var f = F.signedIn()
        let out = f.update(F.bobPIN, "13579")
        expectEqual(F.last("didReceiveCreatePinChallenge", in: out)?["errorCode"], .int(9012))
        expectEqual(f.sdk.promptStatus, "bob [new PIN]")
        let again = f.update(F.bobPIN, F.newPIN)
        expectEqual(F.calls(again), ["respond"])
        expectEqual(F.names(again), ["didChangePin"])
    }

    @Test func updateWithNobodySignedInGetsThe9010() {
        var f = F()
        let out = f.update(F.bobPIN, F.newPIN)
        expectEqual(F.names(out), ["didFailToChangePin"])
        expectEqual(F.last("didFailToChangePin", in: out)?["errorCode"], .int(9010))
    }

    @Test func updateDuringAuthenticationIsRefused() {
        var f = F()
        _ = f.login("bob")
        #expect(throws: SimulationError.self) { try f.sdk.update(current: F.bobPIN, new: F.newPIN, confirm: nil, world: f.world) }
    }

    @Test func validateReportsAndChangesNothing() {
        var f = F.changing()
        f.network(up: false)  // the policy is on the device
        let before = f.sdk
        let refused = f.validate("11123")
        expectEqual(refused.first, .call(api: "validatePolicyCompliance", arguments: [("pin", .string("***"))], error: nil))
        let answer = F.last("validatePolicyCompliance", in: refused)
        expectEqual(answer?["errorCode"], .int(9013))
        expectEqual(answer?["maxSimilarDigits"], .int(2))
        let passed = F.last("validatePolicyCompliance", in: f.validate(F.newPIN))
        expectEqual(passed?.fields.isEmpty, true)
        #expect(f.sdk.profiles == before.profiles && f.sdk.pending == before.pending)
        #expect(f.sdk.signedInUser == before.signedInUser && f.sdk.policy == before.policy)
        expectEqual(F().validate("12a45"), [.appCheck("A PIN has digits 0-9 only: the PIN pad has no other keys.")])
    }

    @Test func aNewAttemptsLimitAppliesFromTheNextChallenge() {
        var f = F.changing()
        f.sdk.policy.attempts = 5
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.pin("24193"))), [3, 1, 2])
        _ = f.cancel()
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.changePin())), [5, 1, 4])
    }

    @Test func aLowerLimitStillLeavesOneAttempt() {
        var f = F.changing()
        _ = f.pin("24193")
        _ = f.pin("24194")
        _ = f.cancel()
        f.sdk.policy.attempts = 2
        expectEqual(F.counters(F.last("didReceivePinChallenge", in: f.changePin())), [2, 1, 1])
        expectEqual(F.last("didFailToChangePin", in: f.pin("24195"))?["errorCode"], .int(9003))
    }

    @Test func aNewLengthReachesTheCreateChallenge() throws {
        var f = F.changing()
        f.sdk.policy = try PinPolicy.parse([(key: "length", value: "6")])
        let out = f.pin(F.bobPIN)  // the stored 5-digit PIN still authenticates
        expectEqual(F.last("didReceiveCreatePinChallenge", in: out)?["pinLength"], .int(6))
        expectEqual(F.last("didReceiveCreatePinChallenge", in: f.pin(F.newPIN))?["requiredLength"], .int(6))
        expectEqual(F.names(f.pin("241930")), ["didChangePin"])
    }
}

/// The catalog: complete, and every flow's events within it.
@Suite struct OneWelcomeCatalogTests {
    /// Runs every flow once and returns all it produced.
    static func tour() -> [Outcome] {
        var out: [Outcome] = []
        var f = F()
        out += f.changePin()                       // 9010
        out += f.login("bob", "24193")              // 9009
        out += f.cancel()                           // 9006 at login
        out += f.login("bob", F.bobPIN)
        out += f.changePin()
        out += f.changePin()                        // 9007
        out += f.pin("24194")
        f.network(up: false)
        out += f.pin(F.bobPIN)                      // 9000
        f.network(up: true)
        f.server(up: false)
        out += f.pin(F.bobPIN)                      // 9001
        f.server(up: true)
        out += f.pin(F.bobPIN)
        for bad in ["1234", "12345", "13579", "11123"] { out += f.pin(bad) }  // 9014, 9011, 9012, 9013
        out += f.pin(F.newPIN)
        out += f.validate("12345")
        out += f.validate("52618")
        out += f.logout()
        out += f.login("carol")
        out += f.changePin()                        // 9033
        out += f.logout()
        out += f.login("bob", F.newPIN)
        out += f.update("11111", "24680")
        out += f.pin("22222")
        out += f.pin("33333")                       // 9003
        return out
    }

    @Test func everyEventOfEveryFlowIsInTheCatalogAndEveryCatalogEventOccurs() {
        let out = Self.tour()
        F.expectCataloged(out)
        let produced = Set(F.names(out))
        for name in OneWelcomeSimulator.catalog.eventNames {
            #expect(produced.contains(name), "\(name) never produced")
        }
        let codes = Set(out.compactMap(\.event).compactMap { if case .int(let c)? = $0["errorCode"] { return c } else { return nil } })
        expectEqual(codes, [9000, 9001, 9003, 9006, 9007, 9009, 9010, 9011, 9012, 9013, 9014, 9033])
    }

    @Test func theCatalogDescribesTheSDK() {
        let catalog = OneWelcomeSimulator.catalog
        expectEqual(catalog.name, "onewelcome")
        expectEqual(catalog.title, "OneWelcome-style change PIN")
        expectEqual(catalog.page, "docs/onewelcome.md")
        expectEqual(catalog.secretNoun, "PIN")
        expectEqual(catalog.userStateNames, ["logged-in", "logged-out", "registered", "stateless", "deregistered", "changing-pin"])
        expectEqual(Set(catalog.eventNames).count, catalog.events.count)
    }

    @Test func explainKnowsEveryCode() {
        let codes = OneWelcomeSimulator.catalog.codes
        let wanted = [9000, 9001, 9002, 9003, 9006, 9007, 9009, 9010, 9011, 9012, 9013, 9014, 9033]
        expectEqual(codes.compactMap(\.code), wanted)
        for entry in codes {
            expectEqual(entry.kind, "error code")
            #expect(!entry.meaning.isEmpty && !entry.flow.isEmpty && !entry.appShould.isEmpty)
            #expect(entry.origin.hasPrefix("vendor (") || entry.origin.hasPrefix("simulator decision ("))
            #expect(entry.meaning.contains("ONG"), "\(entry.name) names no domain")
        }
        expectEqual(OneWelcomeCodes.explain(9009).first?.name, "invalidPin")
        expectEqual(OneWelcomeCodes.explain(name: "WRONGPINLENGTH").first?.code, 9014)
    }

    @Test func statesCoverEveryUserAndUnknownIsNil() {
        let f = F()
        expectEqual(f.sdk.states(of: "zoe", world: f.world), nil)
        for user in f.sdk.userIDs {
            let states = f.states(user)
            #expect(states.allSatisfy(OneWelcomeSimulator.catalog.userStateNames.contains))
            #expect(states.contains("logged-in") != states.contains("logged-out"))
        }
    }

    @Test func theSameSeedStoresTheSameHashes() {
        expectEqual(F(seed: 3).sdk.profiles, F(seed: 3).sdk.profiles)
        #expect(F(seed: 3).sdk.profiles != F(seed: 4).sdk.profiles)
    }

    @Test func describeStateSaysWhatIsPending() {
        let f = F.changing()
        let lines = f.sdk.describeState(world: f.world)
        expectEqual(lines, ["signed in: bob", "pending: bob's current PIN to change it, 3 of 3 attempts left",
                          "users: bob (PIN), carol (stateless)"])
        expectEqual(F().sdk.describeState(world: World()).prefix(2), ["nobody is signed in", "nothing pending"])
        expectEqual(F().sdk.promptStatus, nil)
    }
}
