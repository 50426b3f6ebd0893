import CredshDouble
import Foundation

/// The REL-ID SDK's client as the iOS codelabs call it (`RDNA.sharedInstance()`), answering
/// over credsh serve's `POST /sdk/relid` (docs/double.md). Each API sends one JSON-RPC
/// call, returns the SDK's synchronous error at once, and delivers the callbacks that
/// came back, in order, on `callbackQueue` (a background queue, as the SDK's are: the
/// codelabs hop to the main queue themselves).
///
/// What it cannot stand in for: the SDK's reaching its gateway (`initialize` answers
/// `onInitialized` and `getUser` at once) and everything outside the password lifecycle
/// docs/relid.md covers.
public final class RDNA: CredshEventStreaming, @unchecked Sendable {
    private static let shared = RDNA()
    public static func sharedInstance() -> RDNA { shared }

    /// Where the calls go; set it before the first call (`CredshConfiguration.fromProcess()`).
    public var configuration: CredshConfiguration? {
        didSet { wire = configuration.map { CredshWire(configuration: $0, sdk: "relid") } }
    }
    /// The app's callbacks (held weakly, as a delegate).
    public weak var callbacks: RDNACallbacks?
    /// A serial queue; callbacks arrive on it in the order the SDK made them.
    public var callbackQueue: DispatchQueue {
        get { delivery.queue }
        set { delivery.queue = newValue }
    }
    private let delivery = CallbackDelivery(label: "credsh.double.relid.callbacks")
    public var callbackDelivery: CallbackDelivery { delivery }
    /// Sees every callback and note before the app does (a test's or a log's hook).
    public var eventObserver: ((WireEvent) -> Void)?
    private var wire: CredshWire?

    public init() {}

    /// Stores the callbacks, as the SDK's `initialize` does; with no configuration yet it
    /// reads the process's (launch arguments, environment). No `getUser` follows: the
    /// device's SDK already waits for a user (docs/double.md, "Devices"), so the app
    /// calls `setUser` when its user screen is answered.
    @discardableResult
    public func initialize(callbacks: RDNACallbacks, configuration: CredshConfiguration? = nil) -> RDNAError {
        self.callbacks = callbacks
        if let configuration { self.configuration = configuration }
        if self.configuration == nil { self.configuration = CredshConfiguration.fromProcess() }
        guard self.configuration != nil else {
            return RDNAError(longErrorCode: -1, errorString: "credsh double: no server configured (-credshURL/-credshToken or CREDSH_URL/CREDSH_TOKEN)")
        }
        return .none
    }

    /// The SDK's own start, as the vendor's apps call it (the arguments of its Objective-C
    /// header, as Swift imports them): the gateway arguments are not used, the server is
    /// credsh serve's (configured as above). Answers at once, then calls back
    /// `onInitialized` and `getUser`, as the SDK does once it reached its gateway; the
    /// double makes that `getUser` itself, the device's SDK waiting for a user already
    /// (no remembered user: a simulator decision, clients/swift/README.md).
    @discardableResult
    public func initialize(_ agentInfo: String, callbacks: RDNACallbacks, gatewayHost: String, gatewayPort: Int,
                           cipherSpec: String?, cipherSalt: String?, proxySettings: Any? = nil, rdnaSSLCertificate: Any? = nil,
                           dnsServerList: [String]? = nil, rdnaLoggingLevel: RDNALoggingLevel = .RDNA_NO_LOGS,
                           appContext: Any? = nil) -> RDNAError {
        let error = initialize(callbacks: callbacks)
        guard error.longErrorCode == 0 else { return error }
        let started = RDNAChallengeResponse(status: RDNARequestStatus(statusCode: 100, statusMessage: "Success"))
        delivery.deliver([{ [weak self] in
            guard let callbacks = self?.callbacks else { return }
            callbacks.onInitialized(started)
            callbacks.getUser([], recentlyLoggedInUser: "", response: started, error: .none)
        }])
        return .none
    }

    public func setUser(_ userID: String) -> RDNAError {
        perform("setUser", ["userID": userID])
    }

    public func setPassword(_ password: String, challenge mode: RDNAChallengeOpMode) -> RDNAError {
        perform("setPassword", ["password": password, "challengeMode": mode.rawValue])
    }

    public func updatePassword(_ currentPassword: String, withNewPassword newPassword: String,
                               challenge mode: RDNAChallengeOpMode) -> RDNAError {
        perform("updatePassword", ["currentPassword": currentPassword, "newPassword": newPassword, "challengeMode": mode.rawValue])
    }

    public func getAllChallenges(_ userID: String) -> RDNAError {
        perform("getAllChallenges", ["userID": userID])
    }

    public func initiateUpdateFlowForCredential(_ credentialType: String) -> RDNAError {
        perform("initiateUpdateFlowForCredential", ["credentialType": credentialType])
    }

    public func resetAuthState() -> RDNAError {
        perform("resetAuthState", [:])
    }

    public func logOff(_ userID: String) -> RDNAError {
        perform("logOff", ["userID": userID])
    }

    /// Opens the device's event stream (`GET /sdk/relid/events`): callbacks that arrive
    /// without a call of the app's (a steering line run for this device) reach the
    /// callbacks too, in order with the rest. True when the stream is open.
    @discardableResult
    public func startEventStream() -> Bool {
        guard let configuration else { return false }
        return delivery.follow(CredshEventStream(configuration: configuration, sdk: "relid") { [weak self] event in self?.deliver([event]) })
    }

    private func perform(_ method: String, _ params: [String: Any]) -> RDNAError {
        guard let wire else {
            return RDNAError(longErrorCode: -1, errorString: "credsh double: no server configured (initialize first)")
        }
        switch wire.call(method, params) {
        case .failure(let failure):
            return RDNAError(longErrorCode: failure.code, errorString: "credsh double: \(failure)")
        case .success(let answer):
            deliver(answer.events)
            guard let sync = answer.syncError else { return .none }
            return RDNAError(longErrorCode: sync.code, errorString: sync.message)
        }
    }

    private func deliver(_ events: [WireEvent]) {
        delivery.deliver(events.filter { !$0.isCall }.map { event in
            { [self] in
                eventObserver?(event)
                if let callbacks { Self.dispatch(event, to: callbacks) }
            }
        })
    }

    /// The wire's flat record as the SDK's callback (docs/relid.md, "Callbacks").
    static func dispatch(_ event: WireEvent, to callbacks: RDNACallbacks) {
        let userID = event.string("userID") ?? ""
        let status = RDNARequestStatus(statusCode: event.int("statusCode") ?? 0, statusMessage: event.string("statusMessage") ?? "")
        let info = ((event.fields["challengeInfo"] as? [Any]) ?? []).compactMap { entry -> RDNAChallengeInfo? in
            guard let pair = entry as? [String: Any], let key = pair["key"] as? String else { return nil }
            return RDNAChallengeInfo(infoKey: key, infoMessage: pair["value"] as? String ?? "")
        }
        // A user's session once the user logged in; the app's before.
        let session: RDNASession = event.name == "onUserLoggedIn" ? .user(userID) : .app
        let response = RDNAChallengeResponse(status: status, info: info, session: session)
        switch event.name {
        case "getUser":
            callbacks.getUser(event.strings("rememberedUsers"), recentlyLoggedInUser: event.string("recentLoggedInUser") ?? "",
                              response: response, error: .none)
        case "getPassword":
            let mode = RDNAChallengeOpMode(rawValue: event.int("challengeMode") ?? 0) ?? .CHALLENGE_OP_VERIFY
            callbacks.getPassword(userID, challenge: mode, attemptsLeft: Int32(clamping: event.int("attemptsLeft") ?? 0),
                                  response: response, error: .none)
        case "onUserLoggedIn":
            callbacks.onUserLogged(in: userID, challengeResponse: response, error: .none)
        case "onUserLoggedOff":
            callbacks.onUserLoggedOff(userID, error: .none)
        case "onCredentialsAvailableForUpdate":
            callbacks.onCredentialsAvailable(forUpdate: userID, options: event.strings("options"))
        case "onUpdateCredentialResponse":
            callbacks.onUpdateCredentialResponse(for: userID, credType: event.string("credType") ?? "", status: status, error: .none)
        default:
            break  // a callback this double does not know: the observer still saw it
        }
    }
}
