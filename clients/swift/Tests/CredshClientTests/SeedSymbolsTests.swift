import CredshDouble
import Foundation
import OneginiSDKiOS
import RELID
import SAPFiori
import Testing

/// Issue 50's symbols used as the vendors' guides use them: REL-ID's
/// `response.session.sessionID` logged in `onUserLogged(in:…)`, OneWelcome's error domains
/// and codes compared in the change-PIN delegate and `SharedUserClient.validatePolicyCompliance`,
/// SAP Fiori's `FUIPasscodePolicy`, `hashUserPasscode` and `validate(passcode:)`.
@Suite struct SeedSymbolsTests {
    /// The codelab's RDNADelegateManager logs the session of each login.
    final class SessionLogger: RDNACallbacks, @unchecked Sendable {
        let rdna = RDNA()
        private let lock = NSLock()
        private var sessions: [String] = []
        var all: [String] { rdna.waitForCallbacks(); lock.lock(); defer { lock.unlock() }; return sessions }

        func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {}
        func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32, response: RDNAChallengeResponse, error: RDNAError) {
            lock.lock(); sessions.append("getPassword \(response.session.sessionType) \(response.session.sessionID)"); lock.unlock()
            _ = rdna.setPassword("Passw0rd!", challenge: mode)
        }
        func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError) {
            lock.lock(); sessions.append("onUserLoggedIn \(response.session.sessionType) \(response.session.sessionID)"); lock.unlock()
        }
        func onUserLoggedOff(_ userID: String, error: RDNAError) {}
        func onCredentialsAvailable(forUpdate userID: String, options: [String]) {}
        func onUpdateCredentialResponse(for userID: String, credType: String, status: RDNARequestStatus, error: RDNAError) {}
    }

    /// The vendor's start: initialize with the gateway's arguments, onInitialized, then
    /// getUser, which the app answers with setUser.
    final class Starter: RDNACallbacks, @unchecked Sendable {
        let rdna = RDNA()
        private let lock = NSLock()
        private var lines: [String] = []
        var all: [String] { rdna.waitForCallbacks(); lock.lock(); defer { lock.unlock() }; return lines }
        func write(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }

        func onInitialized(_ response: RDNAChallengeResponse) { write("onInitialized \(response.status.statusCode) \(response.session.sessionID)") }
        func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {
            write("getUser \(response.status.statusCode)")
            _ = rdna.setUser("alice")
        }
        func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32, response: RDNAChallengeResponse, error: RDNAError) {
            write("getPassword \(userID) \(mode.rawValue)")
        }
    }

    @Test func relidInitializeCallsBackOnInitializedThenGetUser() throws {
        let server = try CredshServer(scenario: "sdk relid\nuser add alice password \"Passw0rd!\"\n")
        let app = Starter()
        app.rdna.configuration = server.configuration(device: "seed-start")
        let error = app.rdna.initialize("agent-info", callbacks: app, gatewayHost: "gateway.example", gatewayPort: 443,
                                        cipherSpec: "AES/256/CFB/PKCS7Padding", cipherSalt: "com.example", rdnaLoggingLevel: .RDNA_NO_LOGS)
        #expect(error.longErrorCode == 0)
        #expect(app.all == ["onInitialized 100 credsh-app", "getUser 100", "getPassword alice 0"], "\(app.all)")
    }

    @Test func relidSessionIsLoggedAtLogin() throws {
        let server = try CredshServer(scenario: "sdk relid\nuser add alice password \"Passw0rd!\"\n")
        let app = SessionLogger()
        _ = app.rdna.initialize(callbacks: app, configuration: server.configuration(device: "seed-session"))
        #expect(app.rdna.setUser("alice").longErrorCode == 0)
        #expect(app.all == ["getPassword APP_SESSION credsh-app", "onUserLoggedIn USER_SESSION credsh-user-alice"])
    }

    @Test func oneWelcomeErrorsCompareWithTheGuidesConstants() throws {
        let server = try CredshServer(scenario: "sdk onewelcome\nuser add bob pin 52817\n")
        let app = OneWelcomeTestApp(server, device: "seed-errors")
        app.pins = ["52817"]
        app.logIn("bob")
        app.pins = ["11111", "22222", "33333"]
        app.client.changePin(delegate: app)
        _ = app.log
        let errors = app.errors
        // The guide: wrong current PINs are PinAuthenticationErrorInvalidPin, the last deregisters.
        #expect(errors.dropLast().allSatisfy { $0.domain == PinAuthenticationErrorDomain && $0.code == PinAuthenticationErrorInvalidPin }, "\(errors)")
        #expect(errors.last.map { $0.domain == ONGGenericErrorDomain && $0.code == GenericErrorUserDeregistered } == true, "\(errors)")
        // validatePolicyCompliance as the guide spells it: a block-listed PIN is refused in ONGPinValidationErrorDomain.
        let done = DispatchSemaphore(value: 0)
        let box = ErrorBox()
        SharedUserClient.instance.configuration = server.configuration(device: "seed-errors-2")
        SharedUserClient.validatePolicyCompliance(for: "12345") { error in box.error = error as NSError?; done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(box.error?.domain == ONGPinValidationErrorDomain, "\(String(describing: box.error))")
        #expect(box.error?.code == ONGPinValidationErrorPinBlackListed)
    }

    final class ErrorBox: @unchecked Sendable { var error: NSError? }

    final class Validator: FUIPasscodeControllerDelegate, FUIPasscodeValidationDelegate, @unchecked Sendable {
        var validated: [Int] = []
        func shouldTryPasscode(_ passcode: String, forInputMode inputMode: FUIPasscodeInputMode, fromController passcodeController: FUIPasscodeController) throws {}
        func validate(passcode: String) throws {
            validated.append(passcode.count)
            if passcode.hasPrefix("Company") { throw FUIPasscodeControllerError.failedToMeetPolicy(message: "Do not use the company's name") }
        }
    }

    @Test func fioriPolicyAndHashUserPasscodeAsTheAppSetsThem() throws {
        let server = try CredshServer(scenario: "sdk fiori\nuser add carol passcode \"Abcdefg1\"\n")
        var policy = FUIPasscodePolicy()
        policy.minLength = 10
        policy.hasDigit = true
        #expect(try server.run("sdk fiori\n" + policy.policyLine).passed)
        let delegate = Validator()
        // The app unlocks first, with the same hashUserPasscode and userIdentifier.
        let unlock = FUIPasscodeUnlockController.createInstanceFromStoryboard()
        unlock.configuration = server.configuration(device: "seed-fiori")
        unlock.userIdentifier = "carol"
        unlock.hashUserPasscode = true
        unlock.passcodeControllerDelegate = delegate
        unlock.present()
        unlock.waitForCallbacks()
        unlock.enterPasscode("Abcdefg1")
        unlock.waitForCallbacks()
        let change = FUIPasscodeChangeController.createInstanceFromStoryboard()
        change.configuration = server.configuration(device: "seed-fiori")
        change.passcodeControllerDelegate = delegate
        change.validationDelegate = delegate
        change.userIdentifier = "carol"
        change.hashUserPasscode = true
        change.present()
        change.waitForCallbacks()
        change.enterPasscode("Abcdefg1")
        change.waitForCallbacks()
        change.enterPasscode("Short1")
        change.waitForCallbacks()
        // The policy the app gave: a new passcode under 10 characters is refused on screen 2.
        guard case .failedToMeetPolicy? = change.lastError else { Issue.record("\(String(describing: change.lastError)) \(String(describing: change.screen)) \(change.lastNotes) \(String(describing: change.lastFailure))"); return }
        // The app's validation delegate refuses one, as it can with SAP's controller: screen 2 stays.
        change.enterPasscode("Company-Pass-1")
        change.waitForCallbacks()
        #expect(change.lastError == .failedToMeetPolicy(message: "Do not use the company's name"), "\(String(describing: change.lastError))")
        #expect(change.screen?.number == 2)
        change.enterPasscode("Much-Longer-1")
        change.waitForCallbacks()
        #expect(delegate.validated == [6, 14, 13], "asked on screen 2 before the policy check: \(delegate.validated)")
        #expect(change.screen?.number == 3, "\(String(describing: change.screen))")
    }
}
