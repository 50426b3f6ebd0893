import CredshDouble
import Foundation
import SAPFiori
import Testing

/// The app's own passcode delegates, as a Fiori app implements them: they write down
/// every call the controllers make, with the passcode's length only.
final class FioriTestDelegate: FUIPasscodeControllerDelegate, FUIPasscodeValidationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func write(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var log: [String] { lock.lock(); defer { lock.unlock() }; return lines }

    func shouldTryPasscode(_ passcode: String, forInputMode inputMode: FUIPasscodeInputMode,
                           fromController passcodeController: FUIPasscodeController) throws {
        write("shouldTryPasscode \(inputMode.rawValue) length=\(passcode.count) from=\(passcodeController.controllerName)")
    }
    func didCancelPasscodeEntry(fromController passcodeController: FUIPasscodeController) {
        write("didCancelPasscodeEntry from=\(passcodeController.controllerName)")
    }
    func shouldResetPasscode(fromController passcodeController: FUIPasscodeController) {
        write("shouldResetPasscode from=\(passcodeController.controllerName)")
    }
    func validate(passcode: String) throws {
        write("validate length=\(passcode.count)")
    }
}

@Suite("SAP Fiori stand-in: docs/fiori.md's flows through the app's passcode delegates")
struct FioriTests {
    static let carol = #"sdk fiori"# + "\n" + #"user add carol passcode "Abcdefg1""#

    func unlocked(_ server: CredshServer, device: String, delegate: FioriTestDelegate, passcode: String) -> FUIPasscodeUnlockController {
        let unlock = FUIPasscodeUnlockController.createInstanceFromStoryboard()
        unlock.configuration = server.configuration(device: device)
        unlock.userIdentifier = "carol"
        unlock.passcodeControllerDelegate = delegate
        unlock.present()
        unlock.waitForCallbacks()
        unlock.enterPasscode(passcode)
        unlock.waitForCallbacks()
        return unlock
    }

    @Test func changeThePasscodeThroughTheThreeScreens() throws {
        let server = try CredshServer(scenario: Self.carol)
        let delegate = FioriTestDelegate()
        let unlock = unlocked(server, device: "phone-change", delegate: delegate, passcode: "Abcdefg1")
        #expect(!unlock.isPresented)
        #expect(delegate.log == ["shouldTryPasscode match length=8 from=FUIPasscodeInputController"])

        let change = FUIPasscodeChangeController.createInstanceFromStoryboard()
        change.configuration = server.configuration(device: "phone-change")
        change.passcodeControllerDelegate = delegate
        change.validationDelegate = delegate
        change.present()
        change.waitForCallbacks()
        #expect(change.screen?.number == 1)
        #expect(change.screen?.title == "Enter Current Passcode")
        change.enterPasscode("Abcdefg1")
        change.waitForCallbacks()
        #expect(change.screen?.number == 2)
        change.enterPasscode("short")
        change.waitForCallbacks()
        #expect(change.lastError == .failedToMeetPolicy(message: "At least 8 characters"))
        change.enterPasscode("Abcdefg1")
        change.waitForCallbacks()
        #expect(change.lastError == .failedToMeetPolicy(message: "New passcode must differ. Please re-enter."))
        change.enterPasscode("Zyxwvut9")
        change.waitForCallbacks()
        #expect(change.screen?.number == 3)
        change.enterPasscode("Zyxwvut8")
        change.waitForCallbacks()
        #expect(change.screen?.number == 2)
        change.enterPasscode("Zyxwvut9")
        change.enterPasscode("Zyxwvut9")
        change.waitForCallbacks()
        #expect(!change.isPresented)
        #expect(Array(delegate.log.dropFirst()) == [
            "shouldTryPasscode matchForChange length=8 from=FUIPasscodeInputController",
            // Asked before the controller's policy check, the server's: "short" too (README.md).
            "validate length=5",
            "validate length=8",
            "validate length=8",
            "validate length=8",
            "shouldTryPasscode change length=8 from=FUIPasscodeCreateController",
        ])
        try expectJournal(server, device: "phone-change", sdk: "fiori", """
            expect calls present enterPasscode present enterPasscode enterPasscode enterPasscode enterPasscode enterPasscode enterPasscode enterPasscode
            expect called present controller=FUIPasscodeChangeController
            expect no call tapCancel
            """)
        // Unlocked already: the unlock screen has nothing to do.
        let early = FUIPasscodeUnlockController()
        early.configuration = server.configuration(device: "phone-change")
        early.userIdentifier = "carol"
        early.present()
        #expect(early.lastNotes.contains { $0.hasPrefix("out of turn") }, "\(early.lastNotes)")
        // The app locks itself (its own code, no call of the controllers: steered with
        // `logout`); then the new passcode unlocks it and the old one does not.
        try server.run("sdk fiori\ndevice phone-change\nlogout\n")
        let old = FioriTestDelegate()
        let again = unlocked(server, device: "phone-change", delegate: old, passcode: "Abcdefg1")
        #expect(again.lastError == .failedToMatch(message: "Passcode does not match.", triesRemaining: -1))
        again.enterPasscode("Zyxwvut9")
        again.waitForCallbacks()
        #expect(!again.isPresented)
    }

    @Test func cancelLeavesTheOldPasscode() throws {
        let server = try CredshServer(scenario: Self.carol)
        let delegate = FioriTestDelegate()
        _ = unlocked(server, device: "phone-cancel", delegate: delegate, passcode: "Abcdefg1")
        let change = FUIPasscodeChangeController()
        change.configuration = server.configuration(device: "phone-cancel")
        change.passcodeControllerDelegate = delegate
        change.present()
        change.enterPasscode("Abcdefg1")
        change.tapCancel()
        change.waitForCallbacks()
        #expect(delegate.log.last == "didCancelPasscodeEntry from=FUIPasscodeCreateController")
        #expect(!change.isPresented)
        try expectJournal(server, device: "phone-cancel", sdk: "fiori", "expect calls present enterPasscode tapCancel")
    }

    @Test func touchIDChangesThePasscodeWithoutScreens() throws {
        let server = try CredshServer(scenario: Self.carol + " touchid")
        let delegate = FioriTestDelegate()
        let unlock = FUIPasscodeUnlockController()
        unlock.configuration = server.configuration(device: "phone-touch")
        unlock.userIdentifier = "carol"
        unlock.passcodeControllerDelegate = delegate
        unlock.present()
        unlock.waitForCallbacks()
        #expect(!unlock.isPresented)
        let change = FUIPasscodeChangeController()
        change.configuration = server.configuration(device: "phone-touch")
        change.passcodeControllerDelegate = delegate
        change.present()
        change.waitForCallbacks()
        // The keychain's passcode and the generated one never cross the wire.
        #expect(delegate.log == [
            "shouldTryPasscode match length=0 from=FUIPasscodeInputController",
            "shouldTryPasscode matchForChange length=0 from=FUIPasscodeInputController",
            "shouldTryPasscode change length=0 from=FUIPasscodeCreateController",
        ])
        // A failed prompt (steered) shows screen 1 instead.
        try server.run("sdk fiori\ndevice phone-touch\ntouchid fail\n")
        let second = FUIPasscodeChangeController()
        second.configuration = server.configuration(device: "phone-touch")
        second.passcodeControllerDelegate = delegate
        second.present()
        second.waitForCallbacks()
        #expect(second.screen?.number == 1)
        // The user cancels the next prompt, said over the wire (answerTouchID): screen 1 again.
        second.tapCancel()
        let third = FUIPasscodeChangeController()
        third.configuration = server.configuration(device: "phone-touch")
        third.passcodeControllerDelegate = delegate
        third.answerTouchID(.userCancel)
        third.present()
        third.waitForCallbacks()
        #expect(third.lastNotes.isEmpty, "\(third.lastNotes)")
        #expect(third.screen?.number == 1)
        try expectJournal(server, device: "phone-touch", sdk: "fiori", "expect calls present present present tapCancel answerTouchID present\nexpect called answerTouchID result=userCancel\nexpect no call enterPasscode")
    }

    @Test func wrongPasscodesUntilTheRetriesRunOut() throws {
        let server = try CredshServer(scenario: Self.carol + "\npolicy passcode retryLimit=2")
        let delegate = FioriTestDelegate()
        let unlock = unlocked(server, device: "phone-retry", delegate: delegate, passcode: "Wrong-pass1")
        #expect(unlock.lastError == .failedToMatch(message: "Passcode does not match.", triesRemaining: 1))
        unlock.enterPasscode("Wrong-pass2")
        unlock.waitForCallbacks()
        #expect(!unlock.isPresented)
        #expect(delegate.log.count == 2)
        let state = try server.run("sdk fiori\ndevice phone-retry\nexpect state carol reset\n")
        #expect(state.passed, "\(state.text)")
        try expectJournal(server, device: "phone-retry", sdk: "fiori", "expect calls present enterPasscode enterPasscode")
    }

    @Test func theResetButtonAsksTheDelegate() throws {
        let server = try CredshServer(scenario: Self.carol)
        let delegate = FioriTestDelegate()
        let unlock = unlocked(server, device: "phone-reset", delegate: delegate, passcode: "Wrong-pass1")
        unlock.tapReset()
        unlock.waitForCallbacks()
        #expect(delegate.log.last == "shouldResetPasscode from=FUIPasscodeInputController")
        try expectJournal(server, device: "phone-reset", sdk: "fiori", "expect called tapReset\nexpect calls present enterPasscode tapReset")
    }
}
