import CredshDouble
import Foundation

/// A registered user profile on this device (docs/onewelcome.md: credsh's profile ids are
/// the user names the scenario registered).
public final class UserProfile: NSObject, @unchecked Sendable {
    public let profileId: String
    public init(profileId: String) { self.profileId = profileId }
    public override func isEqual(_ object: Any?) -> Bool { (object as? UserProfile)?.profileId == profileId }
    public override var hash: Int { profileId.hashValue }
}

/// The authenticator a login used; credsh simulates the PIN only.
public final class Authenticator: NSObject, @unchecked Sendable {
    public let name: String
    init(name: String) { self.name = name }
    public static let pin = Authenticator(name: "PIN")
}

/// The SDK's errors as `NSError`s: the domain and code of docs/onewelcome.md's table,
/// the example app's message as the localized description. A failure of the double
/// itself has the domain `CredshDoubleErrorDomain` and a code below zero.
public enum OneWelcomeErrors {
    public static let doubleDomain = "CredshDoubleErrorDomain"

    static func from(_ event: WireEvent) -> NSError? {
        guard let code = event.int("errorCode") else { return nil }
        var info: [String: Any] = [NSLocalizedDescriptionKey: event.string("message") ?? ""]
        if let length = event.int("requiredLength") { info["requiredLength"] = length }
        if let similar = event.int("maxSimilarDigits") { info["maxSimilarDigits"] = similar }
        return NSError(domain: event.string("errorDomain") ?? ONGGenericErrorDomain, code: code, userInfo: info)
    }

    static func from(_ failure: CredshWireError) -> NSError {
        NSError(domain: doubleDomain, code: failure.code, userInfo: [NSLocalizedDescriptionKey: "credsh double: \(failure)"])
    }
}

/// The delegate of a login (`authenticateUser`).
public protocol AuthenticationDelegate: AnyObject {
    func userClient(_ userClient: UserClient, didStartAuthenticationForUser userProfile: UserProfile, authenticator: Authenticator)
    func userClient(_ userClient: UserClient, didReceivePinChallenge challenge: PinChallenge)
    func userClient(_ userClient: UserClient, didAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, info customAuthInfo: Any?)
    func userClient(_ userClient: UserClient, didFailToAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, error: Error)
}

public extension AuthenticationDelegate {
    func userClient(_ userClient: UserClient, didStartAuthenticationForUser userProfile: UserProfile, authenticator: Authenticator) {}
    func userClient(_ userClient: UserClient, didAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, info customAuthInfo: Any?) {}
    func userClient(_ userClient: UserClient, didFailToAuthenticateUser userProfile: UserProfile, authenticator: Authenticator, error: Error) {}
}

/// The delegate of a PIN change (`changePin`), with the methods of the vendor's change-PIN
/// guide: `didReceivePinChallenge` and `didReceiveCreatePinChallenge` are required, the
/// start and the two ends optional.
public protocol ChangePinDelegate: AnyObject {
    func userClient(_ userClient: UserClient, didStartPinChangeForUser userProfile: UserProfile)
    func userClient(_ userClient: UserClient, didReceivePinChallenge challenge: PinChallenge)
    func userClient(_ userClient: UserClient, didReceiveCreatePinChallenge challenge: CreatePinChallenge)
    func userClient(_ userClient: UserClient, didChangePinForUser userProfile: UserProfile)
    func userClient(_ userClient: UserClient, didFailToChangePinForUser userProfile: UserProfile, error: Error)
}

public extension ChangePinDelegate {
    func userClient(_ userClient: UserClient, didStartPinChangeForUser userProfile: UserProfile) {}
    func userClient(_ userClient: UserClient, didChangePinForUser userProfile: UserProfile) {}
    func userClient(_ userClient: UserClient, didFailToChangePinForUser userProfile: UserProfile, error: Error) {}
}

/// Answers a PIN challenge: the PIN the user typed, or cancel.
public protocol PinChallengeSender: AnyObject {
    func respond(with pin: String, to challenge: PinChallenge)
    func cancel(_ challenge: PinChallenge)
}

/// Answers a create-PIN challenge: the new PIN, or cancel.
public protocol CreatePinChallengeSender: AnyObject {
    func respond(with pin: String, to challenge: CreatePinChallenge)
    func cancel(_ challenge: CreatePinChallenge)
}

/// The SDK asks for the current PIN, with the failure counters.
public final class PinChallenge: NSObject, @unchecked Sendable {
    public let userProfile: UserProfile
    public let maxFailureCount: UInt
    public let previousFailureCount: UInt
    public let remainingFailureCount: UInt
    /// Why the previous answer was refused (9009 a wrong PIN, 9000/9001 no server), if it was.
    public let error: Error?
    public let sender: PinChallengeSender

    init(userProfile: UserProfile, maxFailureCount: UInt, previousFailureCount: UInt, remainingFailureCount: UInt,
         error: Error?, sender: PinChallengeSender) {
        self.userProfile = userProfile
        self.maxFailureCount = maxFailureCount
        self.previousFailureCount = previousFailureCount
        self.remainingFailureCount = remainingFailureCount
        self.error = error
        self.sender = sender
    }
}

/// The SDK asks for a new PIN of `pinLength` digits.
public final class CreatePinChallenge: NSObject, @unchecked Sendable {
    public let userProfile: UserProfile
    public let pinLength: UInt
    /// Why the previous new PIN was refused (ONGPinValidationErrorDomain, 9011–9014), if it was.
    public let error: Error?
    public let sender: CreatePinChallengeSender

    init(userProfile: UserProfile, pinLength: UInt, error: Error?, sender: CreatePinChallengeSender) {
        self.userProfile = userProfile
        self.pinLength = pinLength
        self.error = error
        self.sender = sender
    }
}

/// `SharedUserClient.instance`, as the vendor's guide names it.
public enum SharedUserClient {
    public static let instance = UserClient()

    /// The guide's spelling, `SharedUserClient.validatePolicyCompliance`: the instance's.
    public static func validatePolicyCompliance(for pin: String, completion: @escaping (Error?) -> Void) {
        instance.validatePolicyCompliance(for: pin, completion: completion)
    }
}

/// The OneWelcome user client over credsh serve's `POST /sdk/onewelcome` (docs/double.md).
/// Each method sends one JSON-RPC call; the delegate calls that came back are made in
/// order on `callbackQueue` (set it to `.main` in an app, where the vendor SDK calls its
/// delegates). The challenges' senders are this client: `respond` and `cancel` are calls
/// too (`respond {pin}` answers whichever challenge is pending, `cancel` cancels it; the PIN
/// is sent, never returned).
///
/// What it cannot stand in for: registration (profiles come from the scenario:
/// `user add bob pin 52817`), authenticators other than the PIN, and the SDK's
/// local queries beyond what the delegate calls reveal (`authenticatedUserProfile` is
/// what this client saw the SDK report).
public final class UserClient: NSObject, PinChallengeSender, CreatePinChallengeSender, CredshEventStreaming, @unchecked Sendable {
    public var configuration: CredshConfiguration? {
        didSet { wire = configuration.map { CredshWire(configuration: $0, sdk: "onewelcome") } }
    }
    public var callbackQueue: DispatchQueue {
        get { delivery.queue }
        set { delivery.queue = newValue }
    }
    /// Sees every delegate call as the wire sent it, before the delegate does.
    public var eventObserver: ((WireEvent) -> Void)?
    public private(set) var authenticatedUserProfile: UserProfile?

    private var wire: CredshWire?
    private let delivery = CallbackDelivery(label: "credsh.double.onewelcome.callbacks")
    public var callbackDelivery: CallbackDelivery { delivery }
    private enum Flow {
        case authentication(AuthenticationDelegate, UserProfile)
        case changePin(ChangePinDelegate)
    }
    private var flow: Flow?

    public override init() {
        super.init()
        configuration = CredshConfiguration.fromProcess()
    }

    public func authenticateUser(_ profile: UserProfile, authenticator: Authenticator? = nil, delegate: AuthenticationDelegate) {
        flow = .authentication(delegate, profile)
        send("authenticateUser", ["profileId": profile.profileId])
    }

    public func changePin(delegate: ChangePinDelegate) {
        flow = .changePin(delegate)
        send("changePin", [:])
    }

    public func logoutUser(completion: ((UserProfile, Error?) -> Void)? = nil) {
        let profile = authenticatedUserProfile ?? UserProfile(profileId: "")
        send("logoutUser", [:]) { [weak self] event in
            guard event.name == "logoutUser" else { return false }
            self?.authenticatedUserProfile = nil
            completion?(UserProfile(profileId: event.string("profileId") ?? profile.profileId), OneWelcomeErrors.from(event))
            return true
        } failed: { error in completion?(profile, error) }
    }

    public func validatePolicyCompliance(for pin: String, completion: @escaping (Error?) -> Void) {
        send("validatePolicyCompliance", ["pin": pin]) { event in
            guard event.name == "validatePolicyCompliance" else { return false }
            completion(OneWelcomeErrors.from(event))
            return true
        } failed: { error in completion(error) }
    }

    // MARK: the challenges' sender

    public func respond(with pin: String, to challenge: PinChallenge) {
        send("respond", ["pin": pin])
    }

    public func cancel(_ challenge: PinChallenge) {
        send("cancel", [:])
    }

    public func respond(with pin: String, to challenge: CreatePinChallenge) {
        send("respond", ["pin": pin])
    }

    public func cancel(_ challenge: CreatePinChallenge) {
        send("cancel", [:])
    }

    /// Opens the device's event stream (`GET /sdk/onewelcome/events`): delegate calls that
    /// arrive without a call of the app's reach the flow's delegate too. True when open.
    @discardableResult
    public func startEventStream() -> Bool {
        guard let configuration else { return false }
        return delivery.follow(CredshEventStream(configuration: configuration, sdk: "onewelcome") { [weak self] event in
            guard let self else { return }
            self.delivery.deliver([{ self.eventObserver?(event); self.dispatch(event) }])
        })
    }

    // MARK: the wire

    /// Sends the call; `completion` takes the events it handles (a completion block's),
    /// the rest go to the flow's delegate. A call the double could not make ends the flow
    /// with its error (or goes to `failed`).
    private func send(_ method: String, _ params: [String: Any], completion: ((WireEvent) -> Bool)? = nil,
                      failed: ((Error) -> Void)? = nil) {
        guard let wire else {
            report(.unreachable("no server configured (-credshURL/-credshToken or CREDSH_URL/CREDSH_TOKEN)"), failed: failed)
            return
        }
        switch wire.call(method, params) {
        case .failure(let failure): report(failure, failed: failed)
        case .success(let answer):
            delivery.deliver(answer.events.filter { !$0.isCall }.map { event in
                { [self] in
                    eventObserver?(event)
                    if completion?(event) == true { return }
                    dispatch(event)
                }
            })
        }
    }

    private func report(_ failure: CredshWireError, failed: ((Error) -> Void)?) {
        let error = OneWelcomeErrors.from(failure)
        let flow = self.flow
        delivery.deliver([{ [self] in
            if let failed { return failed(error) }
            switch flow {
            case .authentication(let delegate, let profile)?:
                delegate.userClient(self, didFailToAuthenticateUser: profile, authenticator: .pin, error: error)
            case .changePin(let delegate)?:
                delegate.userClient(self, didFailToChangePinForUser: authenticatedUserProfile ?? UserProfile(profileId: ""), error: error)
            case nil: break
            }
        }])
    }

    private func dispatch(_ event: WireEvent) {
        let profile = UserProfile(profileId: event.string("profileId") ?? "")
        let error = OneWelcomeErrors.from(event)
        switch (event.name, flow) {
        case ("didStartAuthentication", .authentication(let delegate, _)?):
            delegate.userClient(self, didStartAuthenticationForUser: profile, authenticator: .pin)
        case ("didAuthenticateUser", .authentication(let delegate, _)?):
            authenticatedUserProfile = profile
            flow = nil
            delegate.userClient(self, didAuthenticateUser: profile, authenticator: .pin, info: nil)
        case ("didFailToAuthenticateUser", .authentication(let delegate, _)?):
            flow = nil
            delegate.userClient(self, didFailToAuthenticateUser: profile, authenticator: .pin,
                                error: error ?? OneWelcomeErrors.from(.badAnswer("no error in didFailToAuthenticateUser")))
        case ("didReceivePinChallenge", let current?):
            let challenge = PinChallenge(userProfile: profile, maxFailureCount: UInt(max(0, event.int("maxFailureCount") ?? 0)),
                                         previousFailureCount: UInt(max(0, event.int("previousFailureCount") ?? 0)),
                                         remainingFailureCount: UInt(max(0, event.int("remainingFailureCount") ?? 0)),
                                         error: error, sender: self)
            switch current {
            case .authentication(let delegate, _): delegate.userClient(self, didReceivePinChallenge: challenge)
            case .changePin(let delegate): delegate.userClient(self, didReceivePinChallenge: challenge)
            }
        case ("didStartPinChange", .changePin(let delegate)?):
            delegate.userClient(self, didStartPinChangeForUser: profile)
        case ("didReceiveCreatePinChallenge", .changePin(let delegate)?):
            let challenge = CreatePinChallenge(userProfile: profile, pinLength: UInt(max(0, event.int("pinLength") ?? 0)),
                                               error: error, sender: self)
            delegate.userClient(self, didReceiveCreatePinChallenge: challenge)
        case ("didChangePin", .changePin(let delegate)?):
            flow = nil
            delegate.userClient(self, didChangePinForUser: profile)
        case ("didFailToChangePin", .changePin(let delegate)?):
            flow = nil
            if error?._code == GenericErrorUserDeregistered { authenticatedUserProfile = nil }  // deregistered: the session ended with it
            delegate.userClient(self, didFailToChangePinForUser: profile,
                                error: error ?? OneWelcomeErrors.from(.badAnswer("no error in didFailToChangePin")))
        default:
            break  // a delegate call for no flow of this client: the observer saw it
        }
    }
}
