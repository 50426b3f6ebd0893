import Testing
import Expectations
@testable import CredSimulator

/// The SDK double's simulator side (docs/double.md): the one validator, each SDK's calls,
/// devices apart with a shared server, and the journal's bounds.
@Suite struct DoubleTests {
    static let relid = SDKID(named: "relid")!
    static let onewelcome = SDKID(named: "onewelcome")!
    static let fiori = SDKID(named: "fiori")!

    /// A simulation with REL-ID users u0…u(n-1), password `Passw0rd!N`, stored with one KDF round.
    static func world(users: Int = 2) -> Simulation {
        var sim = Simulation(seed: 7)
        sim.modify(RelIDSimulator.self) { sdk, world in
            sdk.server.hasher.rounds = 1
            for n in 0..<users { try! sdk.server.addUser("u\(n)", password: "Passw0rd!\(n)", now: world.now) }
        }
        return sim
    }

    static func call(_ sim: inout Simulation, _ method: String, _ params: [(String, JSONValue)] = [],
                     sdk: SDKID = relid, device: String = "default") throws -> [Outcome] {
        try sim.perform(sdk: sdk, method: method, params: params, on: DeviceID(device))
    }

    static func events(_ outcomes: [Outcome]) -> [String] { outcomes.compactMap(\.event).map(\.name) }

    static func syncError(_ outcomes: [Outcome]) -> SyncError? {
        if case .call(_, _, let error)? = outcomes.first { return error }
        return nil
    }

    // MARK: The validator

    @Test func anUnknownMethodNamesTheNearest() {
        expectEqual(CallValidator.validate(sdk: Self.relid, method: "setuser", params: []).refusal,
                    .unknownMethod(sdk: "relid", method: "setuser", nearest: "setUser"))
        expectEqual(CallValidator.validate(sdk: Self.relid, method: "setPasword", params: []).refusal?.message,
                    "no method 'setPasword' in relid; did you mean 'setPassword'?")
        expectEqual(CallValidator.validate(sdk: Self.relid, method: "frobnicate", params: []).refusal,
                    .unknownMethod(sdk: "relid", method: "frobnicate", nearest: nil))
        // SUSI keeps its HTTP API: no call at all.
        expectEqual(CallValidator.validate(sdk: SDKID(named: "susi")!, method: "login", params: []).refusal,
                    .unknownMethod(sdk: "susi", method: "login", nearest: nil))
    }

    @Test func fieldsAreCheckedAgainstTheSpec() {
        func refusal(_ method: String, _ params: [(String, JSONValue)]) -> CallRefusal? {
            CallValidator.validate(sdk: Self.relid, method: method, params: params).refusal
        }
        expectEqual(refusal("setUser", []), .missingField(method: "setUser", field: "userID"))
        expectEqual(refusal("setPassword", [("password", .string("x")), ("challengeMode", .string("zero"))]),
                    .badField(method: "setPassword", field: "challengeMode", expected: .integer))
        expectEqual(refusal("setUser", [("userID", .int(3))]), .badField(method: "setUser", field: "userID", expected: .string))
        expectEqual(refusal("setUser", [("userId", .string("a"))]), .unknownField(method: "setUser", field: "userId", nearest: "userID"))
        expectEqual(refusal("setUser", [("userID", .string("a")), ("userID", .string("b"))]),
                    .duplicateField(method: "setUser", field: "userID"))
        expectEqual(refusal("setUser", [("userID", .string(String(repeating: "a", count: 4097)))])?.field, "userID")
        expectEqual(refusal("setUser", [("userID", .string(String(repeating: "a", count: 4096)))]), nil)
        expectEqual(refusal("resetAuthState", (0...32).map { ("f\($0)", .int($0)) })?.message,
                    "resetAuthState was given 33 fields; a call takes at most 32")
        // The language writes numbers as text: a string of digits is an integer.
        let valid = try? CallValidator.validate(sdk: Self.relid, method: "setPassword",
                                                params: [("password", .string("p")), ("challengeMode", .string("1"))]).get()
        expectEqual(valid?.int("challengeMode"), 1)
        expectEqual(valid?.maskedArguments.first?.1, .string("***"))
    }

    @Test func everyCallbackACallNamesIsAnEventOfItsCatalog() {
        for catalog in Simulation.catalogs {
            for call in catalog.calls {
                for callback in call.callbacks { #expect(catalog.event(callback) != nil, "\(catalog.name).\(call.name): \(callback)") }
                expectEqual(Set(call.fields.map(\.name)).count, call.fields.count)
            }
        }
        expectEqual(Simulation.catalogs.first { $0.name == "susi" }?.calls.isEmpty, true)
    }

    // MARK: Calls, in turn and out of turn

    @Test func aRelIDLoginCallByCall() throws {
        var sim = Self.world()
        expectEqual(Self.events(try Self.call(&sim, "setUser", [("userID", .string("u0"))])), ["getPassword"])
        let out = try Self.call(&sim, "setPassword", [("password", .string("Passw0rd!0")), ("challengeMode", .int(0))])
        expectEqual(Self.events(out), ["onUserLoggedIn"])
        // The app, not the double, calls getAllChallenges now.
        #expect(!Self.events(out).contains("onCredentialsAvailableForUpdate"))
        expectEqual(sim.sdk(RelIDSimulator.self).signedInUser, "u0")
        // Out of turn: the SDK's own synchronous error, nothing thrown.
        let again = try Self.call(&sim, "setUser", [("userID", .string("u1"))])
        expectEqual(Self.syncError(again), RelIDSyncError.invalidArguments)
        let update = try Self.call(&sim, "updatePassword", [("currentPassword", .string("a")), ("newPassword", .string("b")),
                                                             ("challengeMode", .int(4))])
        expectEqual(Self.syncError(update)?.code, 118)
    }

    @Test func outOfTurnCallsOfTheOtherSDKsAreAnsweredNotThrown() throws {
        var sim = Self.world()
        let respond = try Self.call(&sim, "respond", [("pin", .string("12345"))], sdk: Self.onewelcome)
        expectEqual(respond.first, .call(api: "respond", arguments: [("pin", .string("***"))], error: nil))
        #expect(respond.contains { if case .note(let n) = $0 { n.hasPrefix("out of turn") } else { false } })
        let logout = try Self.call(&sim, "logoutUser", sdk: Self.onewelcome)
        #expect(logout.compactMap(\.event).first?["errorCode"] != nil)
        let enter = try Self.call(&sim, "enterPasscode", [("passcode", .string("Abcdefg1"))], sdk: Self.fiori)
        expectEqual(enter.first, .call(api: "enterPasscode", arguments: [("passcode", .string("***"))], error: nil))
        expectEqual(enter.count, 2)
    }

    // MARK: Devices

    @Test func deviceIDsAreChecked() {
        #expect(throws: DeviceRefusal.self) { try DeviceID("") }
        #expect(throws: DeviceRefusal.self) { try DeviceID("a b") }
        #expect(throws: DeviceRefusal.self) { try DeviceID(String(repeating: "x", count: 65)) }
        expectEqual((try? DeviceID("Pixel-7_a.1"))?.name, "Pixel-7_a.1")
    }

    @Test func atMost256Devices() throws {
        var sim = Self.world()
        for n in 1..<Simulation.maxDevices { try sim.enter(device: DeviceID("d\(n)")) }
        expectEqual(sim.deviceIDs.count, 256)
        #expect(throws: DeviceRefusal("at most 256 devices; 'one-more' would be one more (devices forget ID frees one)")) { try sim.enter(device: DeviceID("one-more")) }
        // Known devices are still entered.
        try sim.enter(device: DeviceID("d3"))
        try sim.enter(device: .standard)
        // Forgetting one frees its place: its journal goes, and it comes back as a new
        // copy of default. default and the device in front stay.
        _ = try Self.call(&sim, "setUser", [("userID", .string("u0"))], device: "d3")
        try sim.forget(device: DeviceID("d3"))
        let d3 = try DeviceID("d3")
        #expect(!sim.deviceIDs.contains(d3) && sim.journal(of: d3).entries.isEmpty)
        try sim.enter(device: DeviceID("one-more"))
        expectEqual(sim.sdk(RelIDSimulator.self).sdk.pendingChallenge, nil)
        #expect(throws: DeviceRefusal("'one-more' is the current device; 'device default' first, then forget it")) { try sim.forget(device: DeviceID("one-more")) }
        #expect(throws: DeviceRefusal("the device default cannot be forgotten")) { try sim.forget(device: .standard) }
        #expect(throws: DeviceRefusal("no device 'd3' to forget")) { try sim.forget(device: DeviceID("d3")) }
    }

    @Test func aCutDeviceIDEndsWithAnEllipsis() {
        #expect(throws: DeviceRefusal("a device ID is 1-64 characters of A-Z a-z 0-9 . _ -, not '\(String(repeating: "x", count: 64))…'")) {
            try DeviceID(String(repeating: "x", count: 65))
        }
    }

    @Test func devicesKeepTheirOwnSDKSideAndShareTheServer() throws {
        var sim = Self.world()
        _ = try Self.call(&sim, "setUser", [("userID", .string("u0"))])
        // phone starts as a copy of default: the same challenge is pending there.
        try sim.enter(device: DeviceID("phone"))
        expectEqual(sim.sdk(RelIDSimulator.self).sdk.pendingChallenge?.userID, "u0")
        _ = try Self.call(&sim, "resetAuthState", device: "phone")
        expectEqual(sim.sdk(RelIDSimulator.self).sdk.pendingChallenge, nil)
        try sim.enter(device: .standard)
        expectEqual(sim.sdk(RelIDSimulator.self).sdk.pendingChallenge?.userID, "u0")
        // A network down on phone only.
        try sim.enter(device: DeviceID("phone"))
        sim.world.network.networkUp = false
        _ = try Self.call(&sim, "setUser", [("userID", .string("u1"))], device: "phone")
        let offline = try Self.call(&sim, "setPassword", [("password", .string("Passw0rd!1")), ("challengeMode", .int(0))], device: "phone")
        expectEqual(Self.syncError(offline), RelIDSyncError.networkUnavailable)
        try sim.enter(device: .standard)
        #expect(sim.world.network.networkUp)
        // The server is shared: a wrong password on default spends u0's attempt for phone too.
        _ = try Self.call(&sim, "setPassword", [("password", .string("wrong")), ("challengeMode", .int(0))])
        expectEqual(sim.sdk(RelIDSimulator.self).server.account("u0")?.attemptsLeft, 2)
        // The journals are apart.
        expectEqual(sim.journal(of: .standard).entries.map(\.method), ["setUser", "setPassword"])
        expectEqual(sim.journal(of: try DeviceID("phone")).entries.map(\.method), ["resetAuthState", "setUser", "setPassword"])
    }

    /// 32 devices, 1,000 calls each, interleaved call by call: every device sees only its
    /// own user's callbacks and ends with its own 1,000 entries.
    @Test func thirtyTwoDevicesInterleavedDoNotDisturbEachOther() throws {
        let count = 32, calls = 1_000
        var sim = Self.world(users: count)
        let devices = try (0..<count).map { try DeviceID("phone-\($0)") }
        for step in 0..<calls {
            for (n, device) in devices.enumerated() {
                let user = JSONValue.string("u\(n)")
                let (method, params, expected): (String, [(String, JSONValue)], String)
                switch step % 4 {
                case 0: (method, params, expected) = ("setUser", [("userID", user)], "getPassword")
                case 1: (method, params, expected) = ("setPassword", [("password", .string("Passw0rd!\(n)")), ("challengeMode", .int(0))], "onUserLoggedIn")
                case 2: (method, params, expected) = ("getAllChallenges", [("userID", user)], "onCredentialsAvailableForUpdate")
                default: (method, params, expected) = ("logOff", [("userID", user)], "onUserLoggedOff")
                }
                let out = try sim.perform(sdk: Self.relid, method: method, params: params, on: device)
                expectEqual(Self.syncError(out), nil)
                let event = out.compactMap(\.event).first
                expectEqual(event?.name, expected)
                expectEqual(event?["userID"], user)
            }
        }
        for (n, device) in devices.enumerated() {
            let journal = sim.journal(of: device)
            expectEqual(journal.entries.count, calls)
            #expect(journal.entries.allSatisfy { entry in entry.events.allSatisfy { $0["userID"] == nil || $0["userID"] == .string("u\(n)") } })
        }
        #expect(sim.journal(of: .standard).entries.isEmpty)
    }

    /// The wire swaps in only the called SDK's side of a device seen before: over 3,000
    /// calls of every SDK's every call, on four devices (one of them offline for a while),
    /// each ends as entering the device, calling and leaving it does, and so do the
    /// journals and every device's network.
    @Test func aCallSwappingOneSideEndsAsEnteringTheDeviceWould() throws {
        var fast = Self.world(), whole = Self.world()
        let devices = try ["default", "phone", "tablet", "watch"].map { try DeviceID($0) }
        let sdks = [Self.relid, Self.onewelcome, Self.fiori]
        let strings: [JSONValue] = [.string("u0"), .string("u1"), .string("Passw0rd!0"), .string("Passw0rd!1"), .string("13579"), .string("")]
        var random = SeededGenerator(seed: 11)
        for step in 0..<3_000 {
            let device = devices[Int(random.next() % UInt64(devices.count))]
            let sdk = sdks[Int(random.next() % UInt64(sdks.count))]
            let calls = sdk.catalog.calls
            let spec = calls[Int(random.next() % UInt64(calls.count))]
            let params: [(String, JSONValue)] = spec.fields.compactMap { field in
                if field.optional, random.next() % 2 == 0 { return nil }
                switch field.kind {
                case .integer: return (field.name, .int(Int(random.next() % 3)))
                case .string: return (field.name, strings[Int(random.next() % UInt64(strings.count))])
                case .boolean: return (field.name, .bool(random.next() % 2 == 0))
                case .list: return (field.name, .array([]))
                case .object: return (field.name, .object([]))
                }
            }
            if step % 500 == 250 {
                // A device goes offline (or back) at the prompt, as a steering line does.
                try fast.enter(device: device)
                fast.world.network.networkUp.toggle()
                try fast.enter(device: .standard)
                try whole.enter(device: device)
                whole.world.network.networkUp.toggle()
                try whole.enter(device: .standard)
            }
            let swapped = Result { () throws(DoubleRefusal) in try fast.perform(sdk: sdk, method: spec.name, params: params, on: device) }
            try whole.enter(device: device)
            let entered = Result { () throws(DoubleRefusal) in try whole.perform(sdk: sdk, method: spec.name, params: params, on: device) }
            try whole.enter(device: .standard)
            expectEqual("\(swapped)", "\(entered)", "step \(step): \(spec.name) on \(device.name)")
        }
        for device in devices {
            expectEqual(fast.journal(of: device).entries.map(\.outcomes.description), whole.journal(of: device).entries.map(\.outcomes.description))
            try fast.enter(device: device)
            try whole.enter(device: device)
            expectEqual(fast.world.network.networkUp, whole.world.network.networkUp, "\(device.name)")
        }
        #expect(fast.journal(of: devices[1]).entries.count > 500)
    }

    @Test func theJournalOverflowsPastItsBoundAndClears() throws {
        var sim = Self.world()
        for _ in 0..<DeviceJournal.capacity { _ = try Self.call(&sim, "resetAuthState") }
        #expect(!sim.journal.overflowed)
        let out = try Self.call(&sim, "resetAuthState")
        expectEqual(Self.events(out), ["getUser"])
        #expect(sim.journal.overflowed && sim.journal.dropped == 1 && sim.journal.entries.count == DeviceJournal.capacity)
        sim.clearJournal()
        #expect(!sim.journal.overflowed && sim.journal.entries.isEmpty)
    }

    /// Issue 51: a journal is bounded in bytes too, its own and every journal's together,
    /// and says which bound it met; a forgotten device's journal makes room again.
    @Test func theJournalsAreBoundedInBytesAsWellAsInCalls() throws {
        var sim = Self.world()
        let large = String(repeating: "x", count: 4096)
        func fill(_ device: String) throws -> Int {
            var calls = 0
            while !sim.journal(of: try DeviceID(device)).overflowed, calls < 2_000 {
                _ = try Self.call(&sim, "setUser", [("userID", .string(large))], device: device)
                calls += 1
            }
            return calls
        }
        let first = try fill("d0")
        let journal = sim.journal(of: try DeviceID("d0"))
        expectEqual(journal.fullAt, "4 MiB")
        #expect(journal.bytes <= JournalBudget.deviceBytes && journal.bytes > JournalBudget.deviceBytes - 64 << 10, "\(journal.bytes)")
        // A call of 4 KB in, its getUser and getPassword out: several times its field.
        #expect(first > 100 && first < 1_000, "\(first) calls")
        for device in 1..<(JournalBudget.allBytes / JournalBudget.deviceBytes) { _ = try fill("d\(device)") }
        let last = "d\(JournalBudget.allBytes / JournalBudget.deviceBytes)"
        _ = try fill(last)
        let shared = sim.journal(of: try DeviceID(last))
        expectEqual(shared.fullAt, "its share of the 64 MiB every device's journal holds together")
        #expect(shared.entries.count < 10, "\(shared.entries.count)")
        var total = 0
        for device in sim.deviceIDs { total += sim.journal(of: device).bytes }
        #expect(total <= JournalBudget.allBytes)
        try sim.forget(device: DeviceID("d0"))
        _ = try Self.call(&sim, "setUser", [("userID", .string("u1"))], device: "d99")
        expectEqual(sim.journal(of: try DeviceID("d99")).entries.count, 1)
    }

    @Test func theJournalNeverHoldsAPlainSecret() throws {
        var sim = Self.world()
        _ = try Self.call(&sim, "setUser", [("userID", .string("u0"))])
        _ = try Self.call(&sim, "setPassword", [("password", .string("Passw0rd!0")), ("challengeMode", .int(0))])
        _ = try Self.call(&sim, "validatePolicyCompliance", [("pin", .string("24680"))], sdk: Self.onewelcome)
        let text = String(describing: sim.journal.entries.map { ($0.arguments.map { "\($0.0)=\($0.1)" }, $0.outcomes) })
        #expect(!text.contains("Passw0rd!0") && !text.contains("24680"))
        expectEqual(sim.journal.entries[1].secretFields, ["password"])
    }
}

extension Result {
    var refusal: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
