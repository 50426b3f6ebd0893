import Foundation
import OneginiSDKiOS
import RELID
import SAPFiori

// Every SDK symbol the vendors' guides in the project's seed documents name, written as
// their code writes it: this file compiling is the check (issue 50). Nothing here runs;
// SeedSymbolsTests drives them against a server. Left out, since they cannot compile
// without UIKit: FUINavigationController, `present(_:animated:completion:)` and a segue's
// `destination` (clients/swift/README.md).

// REL-ID: the codelabs' RDNAService and RDNADelegateManager.
final class SeedDelegateManager: RDNACallbacks {
    var seen: [String] = []
    func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {}
    func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32, response: RDNAChallengeResponse, error: RDNAError) {
        let policy = response.info.first { $0.infoKey == "RELID_PASSWORD_POLICY" }?.infoMessage
        if mode.rawValue == 2 || mode == .OP_UPDATE_ON_EXPIRY || mode == .CHALLENGE_OP_SET {
            seen.append("\(response.status.statusCode) \(response.status.statusMessage) \(policy ?? "")")
        }
    }
    func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError) {
        seen.append("\(response.session.sessionID) \(response.session.sessionType) \(error.longErrorCode) \(error.errorString)")
    }
    func onUserLoggedOff(_ userID: String, error: RDNAError) {}
    func onCredentialsAvailable(forUpdate userID: String, options: [String]) {}
    func onUpdateCredentialResponse(for userID: String, credType: String, status: RDNARequestStatus, error: RDNAError) {
        seen.append("\(status.statusCode) \(status.statusMessage)")
    }
}

func seedRELIDService(_ currentPassword: String, _ newPassword: String) -> [RDNAError] {
    let rdna = RDNA.sharedInstance()
    let mode: RDNAChallengeOpMode = RDNAChallengeOpMode(rawValue: 2) ?? .OP_UPDATE_CREDENTIALS
    return [
        rdna.updatePassword(currentPassword, withNewPassword: newPassword, challenge: mode),
        rdna.getAllChallenges("alice"),
        rdna.initiateUpdateFlowForCredential("Password"),
    ]
}

// OneWelcome: the change-PIN guide.
final class SeedChangePin: ChangePinDelegate {
    func start() {
        guard SharedUserClient.instance.authenticatedUserProfile != nil else { return }
        SharedUserClient.instance.changePin(delegate: self)
        SharedUserClient.validatePolicyCompliance(for: "12345") { error in
            if let error = error as NSError?, error.domain == ONGPinValidationErrorDomain || error.domain == ONGGenericErrorDomain {}
        }
    }
    func userClient(_ userClient: UserClient, didStartPinChangeForUser userProfile: UserProfile) {}
    func userClient(_ userClient: UserClient, didReceivePinChallenge challenge: PinChallenge) {
        _ = (challenge.maxFailureCount, challenge.previousFailureCount)
        if let error = challenge.error as NSError?, error.domain == PinAuthenticationErrorDomain, error.code == PinAuthenticationErrorInvalidPin {}
    }
    func userClient(_ userClient: UserClient, didReceiveCreatePinChallenge challenge: CreatePinChallenge) {
        let sender: CreatePinChallengeSender = challenge.sender
        _ = (challenge.userProfile, challenge.pinLength, challenge.error, sender)
    }
    func userClient(_ userClient: UserClient, didChangePinForUser userProfile: UserProfile) {}
    func userClient(_ userClient: UserClient, didFailToChangePinForUser userProfile: UserProfile, error: Error) {
        let error = error as NSError
        switch (error.domain, error.code) {
        case (GenericErrorDomain, GenericErrorUserDeregistered): break
        case (ONGGenericErrorDomain, ONGGenericErrorNetworkConnectivityFailure), (ONGGenericErrorDomain, ONGGenericErrorServerNotReachable): break
        case (ONGChangePinErrorDomain, _), (ONGPinAuthenticationErrorDomain, _): break
        default: break
        }
    }
}

// SAP Fiori: the passcode change controller's page.
final class SeedPasscode: FUIPasscodeControllerDelegate, FUIPasscodeValidationDelegate {
    func shouldTryPasscode(_ passcode: String, forInputMode inputMode: FUIPasscodeInputMode, fromController passcodeController: FUIPasscodeController) throws {}
    func validate(passcode: String) throws {}
    func change() -> FUIPasscodeChangeController {
        let changeController = FUIPasscodeChangeController.createInstanceFromStoryboard()
        changeController.passcodeControllerDelegate = self
        changeController.validationDelegate = self
        changeController.hashUserPasscode = true
        changeController.userIdentifier = "carol"
        let policy = FUIPasscodePolicy()
        _ = (policy, FUIPasscodeInputController(), FUIPasscodeCreateController())
        return changeController
    }
}
