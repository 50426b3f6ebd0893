import Testing
import Expectations
@testable import CredSimulator

/// Issue 21's REL-ID items: the network, the form's trimming, what the update screens
/// show, and a user offered nothing to update (docs/relid.md).
@Suite struct RelIDFidelityTests {
    typealias T = RelIDFlowTests

    /// alice logged in with the mode 2 screen open.
    static func onUpdateScreen() throws -> RelIDHarness {
        var sim = T.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        _ = sim.initiateUpdate(credential: "Password")
        return sim
    }

    // MARK: 1. Network and server faults

    @Test(arguments: [(NetworkFault.networkDown, 12), (NetworkFault.serverDown, 13)])
    func anUpdateWithoutTheServerChangesNothingAndShowsTheBanner(fault: NetworkFault, code: Int) throws {
        var sim = try Self.onUpdateScreen()
        if fault == .networkDown { sim.world.network.networkUp = false } else { sim.world.network.serverUp = false }
        // A wrong current password would spend an attempt if it reached the server.
        let out = sim.updatePassword(current: "Wrong-Pass1", new: "N3w-Passw0rd")
        expectEqual(T.syncError(out)?.code, code)
        #expect(T.names(out).isEmpty)
        #expect(out.contains(.appShows("error banner: " + RelIDSyncError.from(fault).message)))
        expectEqual(sim.server.account("alice")?.attemptsLeft, 3)
        expectEqual(sim.relid.pendingChallenge?.mode, .updateCredentials)
        // The right passwords do not change the password either.
        _ = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        #expect(sim.server.verify("alice", "Passw0rd!"))
        sim.world.network = NetworkConditions()
        let done = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(T.event("onUpdateCredentialResponse", in: done)?["statusCode"], .int(100))
    }

    @Test func everyServerCallMeetsTheFault() throws {
        var sim = try Self.onUpdateScreen()
        sim.world.network.serverUp = false
        expectEqual(T.syncError(sim.getAllChallenges())?.code, 13)
        expectEqual(T.syncError(sim.logout())?.code, 13)
        expectEqual(sim.states(of: "alice")?.contains("logged-in"), true)
        _ = try sim.cancel()
        expectEqual(T.syncError(sim.initiateUpdate(credential: "Password"))?.code, 13)
        sim.world.network = NetworkConditions()
        _ = sim.logout()
        sim.world.network.networkUp = false
        let login = try sim.login("alice", password: "Wrong-Pass1")
        expectEqual(T.syncError(login)?.code, 12)
        expectEqual(sim.server.account("alice")?.attemptsLeft, 3)
        expectEqual(sim.relid.pendingChallenge?.mode, .verify)
    }

    @Test func aLocalRefusalComesBeforeTheNetwork() throws {
        var sim = T.world()
        sim.world.network.networkUp = false
        // Nobody logged in: the SDK answers 152 without trying the server.
        expectEqual(T.syncError(sim.getAllChallenges())?.code, 152)
    }

    // MARK: 2. Trimming as Foundation

    @Test func foundationsWhitespaceSetIsExactlyTheOneMeasured() {
        var members: [UInt32] = []
        var value: UInt32 = 0
        // Every scalar, one by one: the whole code space is 0x110000 values.
        while value <= 0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.isFoundationWhitespace { members.append(value) }
            value += 1
        }
        expectEqual(members, [0x09, 0x20, 0xA0, 0x1680] + Array(0x2000...0x200B) + [0x202F, 0x205F, 0x3000])
    }

    @Test func trimmingWorksOnScalarsNotCharacters() {
        expectEqual("\u{A0}Cur-Pass1\u{200B}".trimmedAsFoundationWhitespaces, "Cur-Pass1")
        expectEqual(" \u{301}abc".trimmedAsFoundationWhitespaces.unicodeScalars.map(\.value), [0x301, 0x61, 0x62, 0x63])
        expectEqual("\u{3000}\t\u{2007}".trimmedAsFoundationWhitespaces, "")
        // A line break is not in the set: Foundation's .whitespaces keeps it.
        expectEqual("\nx".trimmedAsFoundationWhitespaces, "\nx")
        // The old trim kept the space before the combining mark (one character).
        expectEqual(" \u{301}abc".trimmedSpacesAndTabs.unicodeScalars.count, 5)
    }

    @Test func aNoBreakSpaceNeitherSpendsAnAttemptNorIsStored() throws {
        var sim = try Self.onUpdateScreen()
        let out = sim.updatePassword(current: "\u{A0}Passw0rd!", new: "\u{A0}N3w-Passw0rd\u{3000}")
        expectEqual(T.event("onUpdateCredentialResponse", in: out)?["statusCode"], .int(100))
        #expect(sim.server.verify("alice", "N3w-Passw0rd"))
    }

    @Test func modeTwoKeepsItsButtonDisabledAndModeFourSaysWhy() throws {
        var sim = try Self.onUpdateScreen()
        for (current, new, confirm) in [("\u{A0}", "N3w-Passw0rd", "N3w-Passw0rd"), ("Passw0rd!", "\u{2003}", "x"), ("Passw0rd!", "N3w-Passw0rd", "\t")] {
            expectEqual(sim.updatePassword(current: current, new: new, confirm: confirm), [.appCheck(RelIDSimulator.updateButtonDisabled)])
        }
        // A filled form still gets the screen's own messages.
        expectEqual(sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd", confirm: "Other-Pass1"),
                    [.appCheck("New password and confirm password do not match")])

        var expired = T.world()
        expired.server.markExpired("alice")
        _ = try expired.login("alice", password: "Passw0rd!")
        expectEqual(expired.updatePassword(current: "\u{A0}", new: "N3w-Passw0rd"), [.appCheck("Please enter your current password")])
        expectEqual(expired.updatePassword(current: "Passw0rd!", new: "\u{3000}"), [.appCheck("Please enter a new password")])
    }

    // MARK: 3. What the screens show

    @Test func theAttemptsLabelShowsOnlyAtThreeOrFewer() throws {
        var sim = T.world()
        sim.server.policy.attempts = 5
        _ = try sim.login("alice", password: "Passw0rd!")
        let opened = sim.initiateUpdate(credential: "Password")
        #expect(!opened.contains { if case .appShows(let s) = $0 { s.hasPrefix("Attempts") } else { false } })
        _ = sim.updatePassword(current: "Wrong-Pass1", new: "N3w-Passw0rd")
        let third = sim.updatePassword(current: "Wrong-Pass1", new: "N3w-Passw0rd")
        #expect(third.contains(.appShows("Attempts remaining: 3")))
        #expect(third.contains(.appShows("error banner: Invalid credentials")))
    }

    @Test func theBannerShowsEveryStatusButSuccess() throws {
        var sim = T.world()
        sim.server.markExpired("alice")
        let login = try sim.login("alice", password: "Passw0rd!")
        #expect(login.contains(.appShows("error banner: " + RelIDStatus.expired.message)))
        // The mode 4 screen has no attempts label (S0).
        #expect(!login.contains { if case .appShows(let s) = $0 { s.hasPrefix("Attempts") } else { false } })
        let weak = sim.updatePassword(current: "Passw0rd!", new: "weakweak")
        #expect(weak.contains(.appShows("error banner: " + RelIDStatus.policyViolation.message)))
        let fresh = try Self.onUpdateScreen().relid
        expectEqual(fresh.pendingChallenge?.mode, .updateCredentials)
        var opened = T.world()
        _ = try opened.login("alice", password: "Passw0rd!")
        let screen = opened.initiateUpdate(credential: "Password")
        #expect(!screen.contains { if case .appShows(let s) = $0 { s.hasPrefix("error banner") } else { false } })
    }

    // MARK: Issue 35: the alerts

    static func alerts(_ out: [Outcome]) -> [String] {
        out.compactMap { if case .appShows(let s) = $0, s.hasPrefix("alert ") || s.hasPrefix("loading alert") { s } else { nil } }
    }

    @Test func anAcceptedModeTwoUpdateRaisesTheSuccessAlertWithS1sWords() throws {
        var sim = try Self.onUpdateScreen()
        let out = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(T.event("onUpdateCredentialResponse", in: out)?["statusMessage"], .string("Password updated successfully"))
        expectEqual(Self.alerts(out), ["alert \"Success\": Password updated successfully"])
        // The alert comes right after the callback, before the SDK's logoff.
        let index = try #require(out.firstIndex(of: .appShows("alert \"Success\": Password updated successfully")))
        expectEqual(out[index - 1].event?.name, "onUpdateCredentialResponse")
        expectEqual(out[index + 1].event?.name, "onUserLoggedOff")
    }

    @Test func theUpdateResponseFollowsS1sHandler() {
        func response(_ code: Int, _ message: String) -> SDKEvent {
            SDKEvent("onUpdateCredentialResponse", [("userID", .string("alice")), ("credType", .string("Password")),
                                                    ("statusCode", .int(code)), ("statusMessage", .string(message))])
        }
        // An empty message: the handler's own words.
        expectEqual(UpdateScreen.shows(response(100, "")), [.appShows("alert \"Success\": Password updated successfully")])
        expectEqual(UpdateScreen.shows(response(0, "Done")), [.appShows("alert \"Success\": Done")])
        for code in [110, 153, 190] {
            expectEqual(UpdateScreen.shows(response(code, "Why")), [.appShows("error banner: Why"), .appShows("alert \"Update Failed\": Why")])
        }
        expectEqual(UpdateScreen.shows(response(153, "")), [.appShows("error banner: Update failed"), .appShows("alert \"Update Failed\": ")])
        // 164 and any other failure: the banner only.
        expectEqual(UpdateScreen.shows(response(164, "Used before")), [.appShows("error banner: Used before")])
        expectEqual(UpdateScreen.shows(response(164, "")), [.appShows("error banner: Failed to update password")])
    }

    @Test func policyExpiryAndExhaustionRaiseUpdateFailed() throws {
        var sim = try Self.onUpdateScreen()
        let weak = sim.updatePassword(current: "Passw0rd!", new: "weakweak")
        expectEqual(Self.alerts(weak), ["alert \"Update Failed\": " + RelIDStatus.policyViolation.message])
        sim.server.markExpired("alice")
        let expired = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(Self.alerts(expired), ["alert \"Update Failed\": " + RelIDStatus.expiredWhileUpdating.message])

        var blocked = try Self.onUpdateScreen()
        var last: [Outcome] = []
        for _ in 0..<3 { last = blocked.updatePassword(current: "Wrong-Pass1", new: "N3w-Passw0rd") }
        expectEqual(T.event("onUpdateCredentialResponse", in: last)?["statusCode"], .int(153))
        expectEqual(Self.alerts(last), ["alert \"Update Failed\": " + RelIDStatus.attemptsExhausted.message])
        // A wrong current password before the last attempt (102 in getPassword): no alert.
        var wrong = try Self.onUpdateScreen()
        #expect(Self.alerts(wrong.updatePassword(current: "Wrong-Pass1", new: "N3w-Passw0rd")).isEmpty)
    }

    @Test func onlyTheModeFourFormAlertsItsOwnRefusals() throws {
        var expired = T.world()
        expired.server.markExpired("alice")
        _ = try expired.login("alice", password: "Passw0rd!")
        expectEqual(expired.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd", confirm: "Other-Pass1"), [
            .appCheck("New password and confirm password do not match"),
            .appShows("alert \"Password Mismatch\": New password and confirm password do not match"),
        ])
        expectEqual(expired.updatePassword(current: "Passw0rd!", new: "Passw0rd!"), [
            .appCheck("New password must be different from current password"),
            .appShows("alert \"Invalid New Password\": Your new password must be different from your current password"),
        ])
        // An empty field is refused in the banner only, as before.
        expectEqual(expired.updatePassword(current: "Passw0rd!", new: "\u{3000}"), [.appCheck("Please enter a new password")])
        var screen = try Self.onUpdateScreen()
        expectEqual(screen.updatePassword(current: "Passw0rd!", new: "Passw0rd!"), [.appCheck("New password must be different from current password")])
    }

    @Test func theSideMenuShowsALoadingAlertAndAnErrorAlert() throws {
        var sim = T.world()
        _ = try sim.login("alice", password: "Passw0rd!")
        let refused = sim.initiateUpdate(credential: "password")
        expectEqual(refused.first, .appShows("loading alert: Initiating update flow..."))
        expectEqual(T.syncError(refused), RelIDSyncError.credentialNotSupported)
        #expect(refused.contains(.appShows("alert \"Update Password Error\": " + RelIDSyncError.credentialNotSupported.message)))
        let opened = sim.initiateUpdate(credential: "Password")
        expectEqual(Self.alerts(opened), ["loading alert: Initiating update flow..."])
        expectEqual(T.event("getPassword", in: opened)?["challengeMode"], .int(2))
    }

    // MARK: 5. Nothing offered for update

    @Test func aUserOfferedNothingGetsAnEmptyListAndCannotInitiate() throws {
        var sim = T.world()
        sim.server.setOffersPasswordUpdate("alice", false)
        let login = try sim.login("alice", password: "Passw0rd!")
        expectEqual(T.event("onCredentialsAvailableForUpdate", in: login)?["options"], .array([]))
        let initiate = sim.initiateUpdate(credential: "Password")
        expectEqual(T.syncError(initiate), RelIDSyncError.credentialNotSupported)
        expectEqual(sim.relid.pendingChallenge, nil)
        sim.server.setOffersPasswordUpdate("alice", true)
        expectEqual(T.event("onCredentialsAvailableForUpdate", in: sim.getAllChallenges())?["options"], .array([.string("Password")]))
        expectEqual(T.event("getPassword", in: sim.initiateUpdate(credential: "Password"))?["challengeMode"], .int(2))
    }

    // MARK: 4. The documented contradiction

    @Test func modeFourAcceptedDeliversOnUserLoggedInOnlyAndExplainSaysWhy() throws {
        var sim = T.world()
        sim.server.markExpired("alice")
        _ = try sim.login("alice", password: "Passw0rd!")
        let out = sim.updatePassword(current: "Passw0rd!", new: "N3w-Passw0rd")
        expectEqual(T.names(out), ["onUserLoggedIn", "onCredentialsAvailableForUpdate"])
        let reading = try #require(RelIDCodes.explain(name: "onUpdateCredentialResponse").first)
        #expect(reading.isSimulatorDecision)
        #expect(reading.meaning.contains("SDK triggers onUpdateCredentialResponse callback"))
    }
}
