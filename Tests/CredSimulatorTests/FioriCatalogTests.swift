import Testing
import Expectations
@testable import CredSimulator

/// The SAP Fiori-style catalog is complete: every event the operations deliver is listed
/// with exactly its fields, every listed event can happen, and `explain` knows the codes.
@Suite struct FioriCatalogTests {
    /// Runs every flow once, from onboarding to a reset, and returns all it delivered.
    static func everyFlow() throws -> (outcomes: [Outcome], states: [[String]]) {
        let world = World()
        var sim = FioriSimulator(seed: 5)
        var p = PasscodePolicy.standard
        p.retryLimit = 2
        sim.policy = p
        try sim.addUser("carol", passcode: "Abcdefg1", touchID: true)
        try sim.addUser("dave", passcode: "Davepass1", touchID: false)
        var out: [Outcome] = []
        var states: [[String]] = []
        func record() { states += sim.userIDs.compactMap { sim.states(of: $0, world: world) } }

        out += try sim.login("carol", secret: nil, world: world)              // Touch ID unlock
        record()
        out += try sim.update(current: "x", new: "y", confirm: nil, world: world) // Touch ID change
        out += try sim.logout(world: world)
        sim.failNextBiometric()
        out += try sim.login("carol", secret: nil, world: world)              // failed prompt, screen
        out += try sim.cancel(world: world)
        out += try sim.login("dave", secret: "Wrong-pass1", world: world)     // failedToMatch
        out += try sim.answerPasscode("Davepass1", world: world)
        out += try sim.changePasscode(world: world)
        out += try sim.answerPasscode("Davepass1", world: world)
        out += try sim.answerPasscode("short", world: world)                  // policy
        out += try sim.answerPasscode("Davepass1", world: world)              // must differ
        out += try sim.answerPasscode("Newpass22", world: world)
        out += try sim.answerPasscode("Newpass23", world: world)              // mismatch
        out += try sim.cancel(world: world)
        out += try sim.changePasscode(world: world)
        out += try sim.answerPasscode("Wrong-pass2", world: world)
        out += try sim.resetPasscode(world: world)                            // reset button
        record()
        try sim.addUser("dave", passcode: "Davepass2", touchID: false)
        out += try sim.login("dave", secret: "Wrong-pass3", world: world)
        out += try sim.answerPasscode("Wrong-pass4", world: world)            // tries exhausted
        record()
        return (out, states)
    }

    @Test func everyEventDeliveredIsListedWithItsFields() throws {
        let catalog = FioriSimulator.catalog
        let events = try Self.everyFlow().outcomes.compactMap(\.event)
        for event in events {
            let spec = try #require(catalog.event(event.name), "\(event.name) is not in the catalog")
            let names = event.fields.map(\.0)
            let listed = spec.fields.map(\.name)
            expectEqual(names, listed.filter(names.contains), "\(event.name): fields \(names) not in the catalog's order \(listed)")
            for field in spec.fields {
                if let value = event[field.name] {
                    expectEqual(FieldSpec.Kind(of: value), field.kind, "\(event.name).\(field.name)")
                } else {
                    #expect(field.optional, "\(event.name) lacks \(field.name)")
                }
            }
        }
        expectEqual(Set(events.map(\.name)), Set(catalog.eventNames), "every listed event happens in some flow")
    }

    @Test func everyStateReportedIsListed() throws {
        let names = FioriSimulator.catalog.userStateNames
        let states = try Self.everyFlow().states
        for list in states {
            expectEqual(list, names.filter(list.contains), "\(list) not in the catalog's order")
        }
        expectEqual(Set(states.joined()), Set(names))
    }

    @Test func explainKnowsTheModesErrorsAndLimits() {
        let catalog = FioriSimulator.catalog
        #expect(catalog.name == "fiori" && catalog.page == "docs/fiori.md" && catalog.secretNoun == "passcode")
        let names = Set(catalog.codes.map(\.name))
        for name in PasscodeInputMode.allCases.map(\.rawValue) + ["invalidPasscode", "failedToMatch", "failedToMeetPolicy",
                                                                  "retryLimit", "passcodePolicyNoLimit"] {
            #expect(names.contains(name), "explain \(name)")
        }
        expectEqual(catalog.codes.first { $0.name == "passcodePolicyNoLimit" }?.code, -1)
        for code in catalog.codes {
            #expect(code.origin.hasPrefix("vendor") || code.origin.hasPrefix("simulator decision"), "\(code.name): \(code.origin)")
        }
        #expect(catalog.codes.contains { $0.isSimulatorDecision })
    }
}
