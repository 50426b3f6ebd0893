import Testing
import Expectations
@testable import CredSimulator

/// Every transition of docs/relid.md, on the SDK library alone: no parsing involved.
@Suite struct RelIDFlowTests {
    /// A simulation with alice (activated, "Passw0rd!") and bob (not activated).
    static func world() -> RelIDHarness {
        var sim = RelIDHarness(seed: 1)
        try! sim.server.addUser("alice", password: "Passw0rd!", now: sim.now)
        try! sim.server.addUser("bob", password: nil, now: sim.now)
        return sim
    }

    static func names(_ outcomes: [Outcome]) -> [String] { outcomes.compactMap(\.event).map(\.name) }
    static func event(_ name: String, in outcomes: [Outcome]) -> SDKEvent? {
        outcomes.compactMap(\.event).last { $0.name == name }
    }
    static func syncError(_ outcomes: [Outcome]) -> SyncError? {
        for case let .call(_, _, error?) in outcomes { return error }
        return nil
    }

    @Test func setUserOfAnActivatedUserAsksToVerify() throws {
        var sim = Self.world()
        let out = try sim.login("alice")
        expectEqual(out.first, .call(api: "setUser", arguments: [("userID", .string("alice"))], error: nil))
        let challenge = try #require(Self.event("getPassword", in: out))
        expectEqual(challenge["challengeMode"], .int(0))
        expectEqual(challenge["attemptsLeft"], .int(3))
        expectEqual(challenge["statusCode"], .int(100))
        expectEqual(challenge["challengeInfo"], nil)
    }

    @Test func setUserOfANewUserAsksToSetWithThePolicy() throws {
        var sim = Self.world()
        let out = try sim.login("bob")
        let challenge = try #require(Self.event("getPassword", in: out))
        expectEqual(challenge["challengeMode"], .int(1))
        guard case .array(let info)? = challenge["challengeInfo"] else { Issue.record("no challengeInfo"); return }
        expectEqual(info.first?["key"], .string("RELID_PASSWORD_POLICY"))
        expectEqual(info.first?["value"], .string(sim.server.policy.relidJSON.serialized))
        #expect(out.contains(.appShows("policy: " + PolicyMessage.from(json: sim.server.policy.relidJSON.serialized))))
    }

    @Test func activationStoresThePasswordAndLogsIn() throws {
        var sim = Self.world()
        _ = try sim.login("bob")
        let weak = try sim.submitPassword("weak")
        expectEqual(Self.event("getPassword", in: weak)?["statusCode"], .int(190))
        let out = try sim.submitPassword("Secr3t-Pass")
        expectEqual(Self.names(out), ["onUserLoggedIn", "onCredentialsAvailableForUpdate"])
        expectEqual(sim.server.account("bob")?.isActivated, true)
        #expect(sim.server.verify("bob", "Secr3t-Pass"))
    }

    @Test func correctPasswordLogsInAndTheAppAsksForChallenges() throws {
        var sim = Self.world()
        let out = try sim.login("alice", password: "Passw0rd!")
        expectEqual(Self.names(out), ["getPassword", "onUserLoggedIn", "onCredentialsAvailableForUpdate"])
        expectEqual(Self.event("onCredentialsAvailableForUpdate", in: out)?["options"], .array([.string("Password")]))
        expectEqual(sim.relid.loggedInUser, "alice")
    }

    @Test func wrongPasswordCostsAnAttemptWithStatus102() throws {
        var sim = Self.world()
        _ = try sim.login("alice")
        let out = try sim.submitPassword("Nope-1234")
        let challenge = try #require(Self.event("getPassword", in: out))
        expectEqual(challenge["challengeMode"], .int(0))
        expectEqual(challenge["attemptsLeft"], .int(2))
        expectEqual(challenge["statusCode"], .int(102))
        expectEqual(challenge["statusMessage"], .string("Invalid credentials"))
    }

    /// A new `attempts` reaches an account at its next challenge, failures already made
    /// counted against it; a limit lowered below them leaves one last attempt.
    @Test func aNewAttemptsLimitAppliesFromTheNextChallenge() throws {
        var sim = Self.world()
        _ = try sim.login("alice")
        _ = try sim.submitPassword("Nope-1")
        _ = try sim.cancel()
        sim.server.policy.attempts = 5
        expectEqual(Self.event("getPassword", in: try sim.login("alice"))?["attemptsLeft"], .int(4))
        expectEqual(Self.event("getPassword", in: try sim.submitPassword("Nope-2"))?["attemptsLeft"], .int(3))
        _ = try sim.cancel()
        sim.server.policy.attempts = 1
        expectEqual(Self.event("getPassword", in: try sim.login("alice"))?["attemptsLeft"], .int(1))
        let out = try sim.submitPassword("Nope-3")
        expectEqual(Self.event("getUser", in: out)?["statusCode"], .int(153))
        expectEqual(sim.server.account("alice")?.blocked, true)
        sim.server.setBlocked("alice", false)
        expectEqual(sim.server.account("alice")?.attemptsLeft, 1, "unblocked, the counter starts again at the limit")
    }

    @Test func exhaustedAttemptsAtLoginBlockTheUser() throws {
        var sim = Self.world()
        _ = try sim.login("alice")
        _ = try sim.submitPassword("Nope-1")
        _ = try sim.submitPassword("Nope-2")
        let out = try sim.submitPassword("Nope-3")
        expectEqual(Self.names(out), ["getUser"])
        expectEqual(Self.event("getUser", in: out)?["statusCode"], .int(153))
        expectEqual(sim.server.account("alice")?.blocked, true)
        let again = try sim.login("alice")
        expectEqual(Self.names(again), ["getUser"])
        expectEqual(Self.event("getUser", in: again)?["statusCode"], .int(153))
        sim.server.setBlocked("alice", false)
        #expect(Self.names(try sim.login("alice", password: "Passw0rd!")).contains("onUserLoggedIn"))
    }

    @Test func expiredPasswordAtLoginAsksForMode4With118() throws {
        var sim = Self.world()
        sim.server.markExpired("alice")
        let out = try sim.login("alice", password: "Passw0rd!")
        let challenge = try #require(Self.event("getPassword", in: out))
        expectEqual(challenge["challengeMode"], .int(4))
        expectEqual(challenge["statusCode"], .int(118))
        expectEqual(challenge["statusMessage"], .string("Password has expired. Please contact the admin."))
        #expect(challenge["challengeInfo"] != nil)
        #expect(!Self.names(out).contains("onUserLoggedIn"))
    }

    @Test func expiryByAgeOnTheVirtualClock() throws {
        var sim = Self.world()
        sim.server.policy.maxAge = 90 * 86_400
        let moved = sim.clock.advance(by: 89 * 86_400)
        #expect(moved)
        #expect(!sim.server.isExpired("alice", now: sim.now))
        let movedAgain = sim.clock.advance(by: 86_400)
        let overflowed = sim.clock.advance(by: Int64.max)
        #expect(movedAgain)
        #expect(!overflowed, "the clock refuses to overflow")
        #expect(sim.server.isExpired("alice", now: sim.now))
    }

    @Test func mode4AcceptedLogsInWithNoUpdateResponse() throws {
        var sim = Self.world()
        sim.server.markExpired("alice")
        _ = try sim.login("alice", password: "Passw0rd!")
        let out = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(Self.names(out), ["onUserLoggedIn", "onCredentialsAvailableForUpdate"])
        #expect(!sim.server.isExpired("alice", now: sim.now))
        #expect(sim.server.verify("alice", "N3w-Passw0rd"))
    }

    @Test func mode4ReuseIs164AndPolicyViolationIs190() throws {
        var sim = Self.world()
        sim.server.changePassword("alice", to: "Second-Pass1", now: sim.now)
        sim.server.markExpired("alice")
        _ = try sim.login("alice", password: "Second-Pass1")
        let reused = sim.updatePassword(current: "Second-Pass1", new: "Passw0rd!")
        let challenge = try #require(Self.event("getPassword", in: reused))
        expectEqual(challenge["challengeMode"], .int(4))
        expectEqual(challenge["statusCode"], .int(164))
        expectEqual(challenge["statusMessage"], .string(RelIDStatus.reuse(historySize: 3).message))
        let weak = sim.updatePassword(current: "Second-Pass1", new: "short")
        expectEqual(Self.event("getPassword", in: weak)?["statusCode"], .int(190))
        expectEqual(sim.relid.pendingChallenge?.attemptsLeft, 3, "policy and reuse refusals in mode 4 use no attempt")
    }

    @Test func historyCountsTheCurrentPasswordAndTheNMinusOneBefore() {
        var sim = Self.world()
        sim.server.policy.historySize = 2
        sim.server.changePassword("alice", to: "Second-Pass1", now: sim.now)
        sim.server.changePassword("alice", to: "Third-Pass1", now: sim.now)
        #expect(sim.server.isReused("alice", "Third-Pass1"))
        #expect(sim.server.isReused("alice", "Second-Pass1"))
        #expect(!sim.server.isReused("alice", "Passw0rd!"))
    }

    @Test func resetAuthStateAsksForAUserWithoutLoggingOff() throws {
        var sim = Self.world()
        _ = try sim.login("alice")
        let out = try sim.cancel()
        expectEqual(out.first, .call(api: "resetAuthState", arguments: [], error: nil))
        expectEqual(Self.names(out), ["getUser"])
        expectEqual(sim.relid.state, .awaitingUser)
    }

    @Test func getAllChallengesNeedsALogin() throws {
        var sim = Self.world()
        expectEqual(Self.syncError(sim.getAllChallenges())?.code, 152)
        _ = try sim.login("alice", password: "Passw0rd!")
        expectEqual(Self.names(sim.getAllChallenges()), ["onCredentialsAvailableForUpdate"])
    }

    @Test func initiateIsCaseSensitiveAndNeedsALogin() throws {
        var sim = Self.world()
        expectEqual(Self.syncError(sim.initiateUpdate(credential: "Password"))?.code, 152)
        _ = try sim.login("alice", password: "Passw0rd!")
        let refused = sim.initiateUpdate(credential: "password")
        expectEqual(Self.syncError(refused)?.code, 123)
        expectEqual(Self.syncError(refused)?.message, "Credential type not supported for update", "the SDK's error is kept as it is")
        #expect(Self.names(refused).isEmpty)
        #expect(refused.contains(.note("did you mean 'Password'? the credential type is matched exactly, as onCredentialsAvailableForUpdate offers it")))
        #expect(sim.initiateUpdate(credential: "pin").contains(.note("the credential types on offer (onCredentialsAvailableForUpdate): Password")))
        let out = sim.initiateUpdate(credential: "Password")
        let challenge = try #require(Self.event("getPassword", in: out))
        expectEqual(challenge["challengeMode"], .int(2))
        #expect(challenge["challengeInfo"] != nil)
    }

    @Test func mode2AcceptedAnswers100ThenLogsOff() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        let out = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(Self.names(out), ["onUpdateCredentialResponse", "onUserLoggedOff", "getUser"])
        let response = try #require(Self.event("onUpdateCredentialResponse", in: out))
        expectEqual(response["statusCode"], .int(100))
        expectEqual(response["credType"], .string("Password"))
        #expect(!sim.server.verify("alice", "Passw0rd!"))
        #expect(sim.server.verify("alice", "N3w-Passw0rd"))
    }

    @Test func mode2ExpiredMeanwhileAnswers110() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        sim.server.markExpired("alice")
        let out = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(Self.names(out), ["onUpdateCredentialResponse", "onUserLoggedOff", "getUser"])
        expectEqual(Self.event("onUpdateCredentialResponse", in: out)?["statusCode"], .int(110))
    }

    @Test func mode2PolicyViolationAnswers190AndAsksAgainWithoutLogoff() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        let out = sim.updatePassword(current: "Passw0rd!", new: "weak")
        expectEqual(Self.names(out), ["onUpdateCredentialResponse", "getPassword"])
        expectEqual(Self.event("onUpdateCredentialResponse", in: out)?["statusCode"], .int(190))
        expectEqual(Self.event("getPassword", in: out)?["challengeMode"], .int(2))
        expectEqual(Self.event("getPassword", in: out)?["attemptsLeft"], .int(2))
        expectEqual(sim.relid.loggedInUser, "alice")
    }

    @Test func mode2WrongCurrentPasswordAsksAgainWithFewerAttempts() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        let out = sim.updatePassword(current: "Not-It-123", new: "N3w-Passw0rd")
        expectEqual(Self.names(out), ["getPassword"])
        expectEqual(Self.event("getPassword", in: out)?["attemptsLeft"], .int(2))
        expectEqual(Self.event("getPassword", in: out)?["statusCode"], .int(102))
    }

    @Test func mode2ThreeFailuresOfEitherKindAnswer153() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        _ = sim.updatePassword(current: "Not-It-123", new: "N3w-Passw0rd")
        _ = sim.updatePassword(current: "Passw0rd!", new: "weak")
        let out = sim.updatePassword(current: "Not-It-456", new: "N3w-Passw0rd")
        expectEqual(Self.names(out), ["onUpdateCredentialResponse", "onUserLoggedOff", "getUser"])
        expectEqual(Self.event("onUpdateCredentialResponse", in: out)?["statusCode"], .int(153))
        expectEqual(sim.relid.loggedInUser, nil)
    }

    @Test func logOffChainAndItsSyncError() throws {
        var sim = Self.world()
        expectEqual(Self.syncError(sim.logout())?.code, 166)
        _ = try sim.login("alice", password: "Passw0rd!")
        let out = sim.logout()
        expectEqual(Self.names(out), ["onUserLoggedOff", "getUser"])
        expectEqual(Self.event("getUser", in: out)?["recentLoggedInUser"], .string("alice"))
        expectEqual(Self.event("getUser", in: out)?["rememberedUsers"], .array([.string("alice")]))
    }

    @Test(arguments: [
        ("", "New-Pass1", "New-Pass1", "Please enter your current password"),
        ("Passw0rd!", "  ", "New-Pass1", "Please enter a new password"),
        ("Passw0rd!", "New-Pass1", "", "Please confirm your new password"),
        ("Passw0rd!", "New-Pass1", "New-Pass2", "New password and confirm password do not match"),
        (" Passw0rd! ", "Passw0rd!", "Passw0rd!", "New password must be different from current password"),
    ])
    func updateFormChecksComeFirstInOrderWithNoSDKCall(current: String, new: String, confirm: String, message: String) throws {
        var sim = Self.world()
        sim.server.markExpired("alice")
        _ = try sim.login("alice", password: "Passw0rd!")
        // The mode 4 screen (S0) also raises an alert with the two checks that compare fields.
        let out = sim.updatePassword(current: current, new: new, confirm: confirm)
        expectEqual(out.first, .appCheck(message))
        #expect(out.dropFirst().allSatisfy { if case .appShows(let s) = $0 { s.hasPrefix("alert ") } else { false } })
        expectEqual(out.count, (UpdateScreen.expiryFormAlerts[message] == nil ? 1 : 2))
        expectEqual(sim.relid.pendingChallenge?.mode, .updateOnExpiry, "nothing reached the SDK")
    }

    @Test func setPasswordFormChecks() throws {
        var sim = Self.world()
        _ = try sim.login("bob")
        try expectEqual(sim.submitPassword(" ", confirm: "x"), [.appCheck("Please enter a password")])
        try expectEqual(sim.submitPassword("Secr3t-Pass", confirm: " "), [.appCheck("Please confirm your password")])
        try expectEqual(sim.submitPassword("Secr3t-Pass", confirm: "Secr3t-Pas"), [.appCheck("Password and confirm password do not match")])
    }

    @Test func theSDKItselfRefusesSameAndMissingUpdates() throws {
        var sim = Self.world()
        var relid = RelIDSDK()
        expectEqual(Self.syncError(relid.updatePassword(current: "a", new: "b", mode: .updateOnExpiry, server: &sim.server, now: 0))?.code, 118)
        sim.server.markExpired("alice")
        _ = try sim.login("alice", password: "Passw0rd!")
        let now = sim.now
        let same = sim.simulator.sdk.updatePassword(current: "Passw0rd!", new: "Passw0rd!", mode: .updateOnExpiry,
                                                    server: &sim.simulator.server, now: now)
        expectEqual(Self.syncError(same), RelIDSyncError.sameAsCurrent)
    }

    @Test func userStatesCanHoldTogether() throws {
        var sim = Self.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        sim.server.markExpired("alice")
        expectEqual(sim.states(of: "alice"), ["logged-in", "expired"])
        expectEqual(sim.states(of: "bob"), ["logged-out", "not-activated"])
        expectEqual(sim.states(of: "nobody"), nil)
    }

    @Test func everyEventDeliveredIsOneTheSDKNames() throws {
        var sim = Self.world()
        var seen: Set<String> = []
        func note(_ outcomes: [Outcome]) {
            for event in outcomes.compactMap(\.event) {
                seen.insert(event.name)
                let spec = RelIDSimulator.catalog.event(event.name)
                #expect(spec != nil, "\(event.name) is not in the catalog")
                for (field, _) in event.fields { #expect(spec?.field(field) != nil, "\(event.name).\(field) is not in the catalog") }
            }
        }
        note(try sim.login("alice", password: "Passw0rd!"))
        note(sim.initiateUpdate(credential: "Password"))
        note(sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd"))
        note(try sim.login("bob"))
        note(try sim.submitPassword("weak"))
        note(try sim.cancel())
        sim.server.markExpired("alice")
        note(try sim.login("alice", password: "N3w-Passw0rd"))
        note(sim.updatePassword(current: "N3w-Passw0rd", new: "Passw0rd!"))
        expectEqual(seen, Set(RelIDEvents.names))
    }

    @Test func passwordsAreStoredHashedAndNeverAsText() {
        let sim = Self.world()
        let account = sim.server.account("alice")!
        let stored = account.password!
        #expect(stored.salt.count == 16 && stored.key.count == 32)
        #expect(!String(decoding: stored.key + stored.salt, as: UTF8.self).contains("Passw0rd!"))
    }

    @Test func sameSeedSameSalts() {
        let a = Self.world(), b = Self.world()
        expectEqual(a.server.account("alice")?.password, b.server.account("alice")?.password)
        var c = RelIDHarness(seed: 2)
        try! c.server.addUser("alice", password: "Passw0rd!", now: 0)
        #expect(c.server.account("alice")?.password != a.server.account("alice")?.password)
    }
}
