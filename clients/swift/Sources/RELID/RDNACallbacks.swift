import Foundation

/// The callbacks the REL-ID SDK makes to the app, with the signatures the iOS codelabs'
/// `RDNADelegateManager` implements (docs/relid.md, "Callbacks"). Every method has an
/// empty default, so an app implements the ones it handles.
public protocol RDNACallbacks: AnyObject {
    /// The SDK reached its gateway (`initialize(_:callbacks:gatewayHost:…)`); `getUser` follows.
    func onInitialized(_ response: RDNAChallengeResponse)
    /// The SDK asks for a user name (answered with `setUser`).
    func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError)
    /// The SDK asks for a password in the screen `mode` names.
    func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32,
                     response: RDNAChallengeResponse, error: RDNAError)
    func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError)
    func onUserLoggedOff(_ userID: String, error: RDNAError)
    func onCredentialsAvailable(forUpdate userID: String, options: [String])
    func onUpdateCredentialResponse(for userID: String, credType: String, status: RDNARequestStatus, error: RDNAError)
}

public extension RDNACallbacks {
    func onInitialized(_ response: RDNAChallengeResponse) {}
    func getUser(_ userNames: [String], recentlyLoggedInUser: String, response: RDNAChallengeResponse, error: RDNAError) {}
    func getPassword(_ userID: String, challenge mode: RDNAChallengeOpMode, attemptsLeft: Int32,
                     response: RDNAChallengeResponse, error: RDNAError) {}
    func onUserLogged(in userID: String, challengeResponse response: RDNAChallengeResponse, error: RDNAError) {}
    func onUserLoggedOff(_ userID: String, error: RDNAError) {}
    func onCredentialsAvailable(forUpdate userID: String, options: [String]) {}
    func onUpdateCredentialResponse(for userID: String, credType: String, status: RDNARequestStatus, error: RDNAError) {}
}
