import Foundation
import RELID

/// The screen logic of the REL-ID iOS password-expiry codelab's app (docs/relid.md,
/// "Expiry" and "The app's form checks"), without UIKit: the coordinator that routes each
/// callback to a screen, and the update-expired-password screen with its three fields,
/// its checks in the codelab's order and its alerts. What a UIKit app would draw is
/// written as lines to `display` (never a password). The sample app (`expiry-sample`)
/// and the tests drive it against credsh serve.
public final class ExpiryApp: RDNACallbacks, @unchecked Sendable {
    public enum Screen: Equatable, Sendable {
        case checkUser
        case verifyPassword(userID: String)
        case updateExpiryPassword(userID: String)
        case dashboard(userID: String)
    }

    public let rdna: RDNA
    /// The screen on display, as the last callback left it.
    public private(set) var screen: Screen = .checkUser
    /// The credentials `onCredentialsAvailableForUpdate` offered (the side menu's items).
    public private(set) var availableCredentials: [String] = []
    public let expiryScreen: UpdateExpiryPasswordScreen
    private let display: (String) -> Void

    public init(rdna: RDNA = .sharedInstance(), display: @escaping (String) -> Void) {
        self.rdna = rdna
        self.display = display
        expiryScreen = UpdateExpiryPasswordScreen(rdna: rdna, display: display)
    }

    /// The check-user screen's button: the SDK is asked for this user.
    public func submitUser(_ userID: String) {
        let trimmed = userID.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return display("error banner: Please enter a username") }
        let error = rdna.setUser(trimmed)
        if error.longErrorCode != 0 { display("error banner: \(error.errorString)") }
    }

    /// The verify-password screen's button (challenge mode 0).
    public func submitPassword(_ password: String) {
        let trimmed = password.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return display("error banner: Please enter a password") }
        let error = rdna.setPassword(trimmed, challenge: .CHALLENGE_OP_VERIFY)
        if error.longErrorCode != 0 { display("error banner: \(error.errorString)") }
    }

    // MARK: RDNACallbacks, as the codelab's AppCoordinator routes them

    public func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {
        screen = .checkUser
        display("screen: CheckUser")
        if response.status.statusCode != 0 && response.status.statusCode != 100 {
            display("error banner: \(response.status.statusMessage)")
        }
    }

    public func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32,
                            response: RDNAChallengeResponse, error: RDNAError) {
        if mode == .OP_UPDATE_ON_EXPIRY {
            if case .updateExpiryPassword = screen {
                display("UpdateExpiryPasswordViewController already visible, reconfiguring")
                expiryScreen.reconfigure(userID: userID, challengeMode: mode, attemptsLeft: Int(attemptsLeft), response: response, error: error)
            } else {
                screen = .updateExpiryPassword(userID: userID)
                display("screen: UpdateExpiryPassword")
                expiryScreen.configure(userID: userID, challengeMode: mode, attemptsLeft: Int(attemptsLeft), response: response, error: error)
            }
            return
        }
        screen = .verifyPassword(userID: userID)
        display("screen: VerifyPassword (mode \(mode.rawValue), attempts left \(attemptsLeft))")
        if response.status.statusCode != 0 && response.status.statusCode != 100 {
            display("error banner: \(response.status.statusMessage)")
        }
    }

    public func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError) {
        screen = .dashboard(userID: userID)
        display("screen: Dashboard (Welcome, \(userID))")
        // As the update-password codelab does after every login: which credentials may be updated.
        if error.longErrorCode == 0 && response.status.statusCode == 100 {
            let sync = rdna.getAllChallenges(userID)
            if sync.longErrorCode != 0 { display("getAllChallenges failed: \(sync.errorString)") }
        }
    }

    public func onCredentialsAvailable(forUpdate userID: String, options: [String]) {
        availableCredentials = options
        display("side menu: Dashboard, Get Notifications" + (options.contains("Password") ? ", Update Password" : ""))
    }

    public func onUserLoggedOff(_ userID: String, error: RDNAError) {
        display("logged off: \(userID)")
    }
}

/// The codelab's UpdateExpiryPasswordViewController without UIKit: three secure fields,
/// the policy line, the error banner, the Update button with its checks and alerts, and
/// the close button (`resetAuthState`).
public final class UpdateExpiryPasswordScreen: @unchecked Sendable {
    public var currentPassword = ""
    public var newPassword = ""
    public var confirmPassword = ""
    public private(set) var isSubmitting = false
    public private(set) var errorBanner: String?
    public private(set) var policyJSON: String?
    public private(set) var challengeMode: RDNAChallengeOpMode = .OP_UPDATE_ON_EXPIRY
    private let rdna: RDNA
    private let display: (String) -> Void

    init(rdna: RDNA, display: @escaping (String) -> Void) {
        self.rdna = rdna
        self.display = display
    }

    public func configure(userID: String, challengeMode: RDNAChallengeOpMode, attemptsLeft: Int,
                          response: RDNAChallengeResponse, error: RDNAError) {
        self.challengeMode = challengeMode
        display("title: Update Expired Password")
        display("subtitle: " + (response.status.statusMessage.isEmpty ? "Your password has expired. Please update it to continue."
                                                                       : response.status.statusMessage))
        display("Welcome, \(userID)")
        extractPasswordPolicy(response)
        checkAndDisplayErrors(response: response, error: error)
    }

    /// The SDK asked again (a refused update): the screen stays, with the new status.
    public func reconfigure(userID: String, challengeMode: RDNAChallengeOpMode, attemptsLeft: Int,
                            response: RDNAChallengeResponse, error: RDNAError) {
        isSubmitting = false
        self.challengeMode = challengeMode
        extractPasswordPolicy(response)
        checkAndDisplayErrors(response: response, error: error)
    }

    private func extractPasswordPolicy(_ response: RDNAChallengeResponse) {
        policyJSON = response.info.first { $0.infoKey == "RELID_PASSWORD_POLICY" }?.infoMessage
        if let policyJSON { display("policy: \(policyJSON)") }
    }

    /// The codelab's check: an API error first, then any status but 100 (or 0).
    private func checkAndDisplayErrors(response: RDNAChallengeResponse, error: RDNAError) {
        if error.longErrorCode != 0 {
            showError(error.errorString)
            return
        }
        if response.status.statusCode != 100 && response.status.statusCode != 0 {
            showError(response.status.statusMessage)
        }
    }

    private func showError(_ message: String) {
        errorBanner = message
        display("error banner: \(message)")
        currentPassword = ""
        newPassword = ""
        confirmPassword = ""
    }

    private func alert(_ title: String, _ message: String) {
        display("alert \"\(title)\": \(message)")
        newPassword = ""
        confirmPassword = ""
    }

    /// The Update button: the codelab's checks in its order, then `updatePassword(current,
    /// new, mode)`; true when the SDK was called and accepted the call.
    @discardableResult
    public func updatePasswordTapped() -> Bool {
        guard !isSubmitting else { return false }
        let current = currentPassword.trimmingCharacters(in: .whitespaces)
        let new = newPassword.trimmingCharacters(in: .whitespaces)
        let confirm = confirmPassword.trimmingCharacters(in: .whitespaces)
        if current.isEmpty { showError("Please enter your current password"); return false }
        if new.isEmpty { showError("Please enter a new password"); return false }
        if confirm.isEmpty { showError("Please confirm your new password"); return false }
        if new != confirm {
            errorBanner = "New password and confirm password do not match"
            display("error banner: New password and confirm password do not match")
            alert("Password Mismatch", "New password and confirm password do not match")
            return false
        }
        if current == new {
            errorBanner = "New password must be different from current password"
            display("error banner: New password must be different from current password")
            alert("Invalid New Password", "Your new password must be different from your current password")
            return false
        }
        isSubmitting = true
        errorBanner = nil
        let error = rdna.updatePassword(current, withNewPassword: new, challenge: challengeMode)
        if error.longErrorCode != 0 {
            isSubmitting = false
            showError(error.errorString)
            return false
        }
        return true
    }

    /// The close button: the SDK forgets the login under way.
    public func closeButtonTapped() {
        let error = rdna.resetAuthState()
        if error.longErrorCode != 0 { display("ResetAuthState error: \(error.errorString)") }
    }
}
