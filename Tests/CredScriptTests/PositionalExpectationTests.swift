import Testing
import Expectations
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// `expect event N NAME` and `expect last event NAME` name the event they expect in that
/// place: another event there fails the expectation (exit code 1), with a message naming
/// the event that is there. One test per SDK, each positional form right and wrong.
@Suite struct PositionalExpectationTests {
    /// The exit code and the first failure's message of a script.
    func outcome(_ script: String) -> (code: Int32, message: String?) {
        let (_, evaluator) = runScript(script)
        return (evaluator.exitCode, evaluator.failures.first?.message)
    }

    /// Each positional form holds with the right name and fails, saying what is there, with a wrong one.
    /// `wrong` lists names of the SDK's events; the first that is not the one in place is used.
    func checkPositions(_ setup: String, events: [String], wrong names: [String]) {
        expectEqual(outcome(setup).code, 0, "the setup runs cleanly")
        for (index, name) in events.enumerated() {
            let wrong = names.first { $0 != name }!
            expectEqual(outcome(setup + "expect event \(index + 1) \(name)\n").code, 0, "event #\(index + 1) is \(name)")
            let failed = outcome(setup + "expect event \(index + 1) \(wrong)\n")
            expectEqual(failed.code, 1)
            expectEqual(failed.message, "expected event #\(index + 1) to be \(wrong), but it was \(name)")
        }
        expectEqual(outcome(setup + "expect last event \(events.last!)\n").code, 0)
        let wrong = names.first { $0 != events.last! }!
        let failed = outcome(setup + "expect last event \(wrong)\n")
        expectEqual(failed.code, 1)
        expectEqual(failed.message, "expected the last event to be \(wrong), but it was \(events.last!)")
    }

    @Test func relID() {
        // The report's case: event 1 is getPassword, so `expect event 1 getUser` must fail.
        let setup = "user add alice password \"Passw0rd!\"\nlogin alice \"Passw0rd!\"\n"
        let events = runScript(setup).1.lastEventNames
        #expect(events.first == "getPassword" && events.last == "onCredentialsAvailableForUpdate", "\(events)")
        checkPositions(setup, events: events, wrong: ["getUser"])
        // …and after an accepted update, the last event is not getPassword.
        let updated = setup + "initiate Password\nupdate \"Passw0rd!\" \"N3w-Passw0rd!\"\n"
        let last = runScript(updated).1.lastEventNames.last ?? "none"
        #expect(last != "getPassword")
        #expect(outcome(updated + "expect last event getPassword\n")
            == (1, "expected the last event to be getPassword, but it was \(last)"))
    }

    @Test func oneWelcome() {
        let setup = "sdk onewelcome\nuser add bob pin 52817\nlogin bob 52817\nchangepin\n"
        let events = runScript(setup).1.lastEventNames
        expectEqual(events, ["didStartPinChange", "didReceivePinChallenge"])
        checkPositions(setup, events: events, wrong: ["didChangePin"])
    }

    @Test func fiori() {
        let setup = "sdk fiori\nuser add carol passcode \"Abcdefg1\"\nlogin carol \"Abcdefg1\"\nchangepasscode\npasscode \"Abcdefg1\"\n"
        let events = runScript(setup).1.lastEventNames
        expectEqual(events, ["shouldTryPasscode", "showScreen"])
        checkPositions(setup, events: events, wrong: ["validate"])
    }

    @Test func susi() {
        let setup = "sdk susi\nuser add dave@example.com password \"secret12\"\nlogin dave@example.com secret12\nupdate secret12 \"newpass34\"\n"
        let events = runScript(setup).1.lastEventNames
        expectEqual(events, ["request", "response"])
        checkPositions(setup, events: events, wrong: ["response", "request"])
    }

    /// No event of that number, and the fields still count once the name is right.
    @Test func aMissingPlaceAndWrongFieldsStillFail() {
        let setup = "sdk onewelcome\nuser add bob pin 52817\nlogin bob 52817\nchangepin\n"
        #expect(outcome(setup + "expect event 3 didReceivePinChallenge\n")
            == (1, "expected an event #3 didReceivePinChallenge, but the last command delivered 2"))
        #expect(outcome(setup + "expect last event didReceivePinChallenge remainingFailureCount=2\n")
            == (1, "expected the last event to be didReceivePinChallenge remainingFailureCount=2"))
        // SUSI's logout sends nothing: there is no last event.
        #expect(outcome("sdk susi\nuser add dave@example.com password \"secret12\"\nlogin dave@example.com secret12\nlogout\nexpect last event response\n")
            == (1, "expected the last event to be response, but the last command delivered none"))
    }
}

extension Evaluator {
    /// The names of the last command's events.
    var lastEventNames: [String] { last?.events.map(\.name) ?? [] }
}
