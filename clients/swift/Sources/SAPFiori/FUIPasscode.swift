import CredshDouble
import Foundation

/// What a passcode is tried for (docs/fiori.md, "Codes"): `create` at onboarding,
/// `match` to unlock, `matchForChange` on change screen 1, `change` for the new passcode.
public enum FUIPasscodeInputMode: String, Sendable {
    case create, match, matchForChange, change
}

/// The errors a passcode delegate throws, and the controller's own refusals, as the
/// stand-in reports them in `FUIPasscodeController.lastError`.
public enum FUIPasscodeControllerError: Error, Equatable, Sendable {
    case invalidPasscode(code: String, triesRemaining: Int)
    case failedToMatch(message: String, triesRemaining: Int)
    case failedToMeetPolicy(message: String)
}

/// The app's delegate the controllers call (the app's code: it opens its secure store).
public protocol FUIPasscodeControllerDelegate: AnyObject {
    func shouldTryPasscode(_ passcode: String, forInputMode inputMode: FUIPasscodeInputMode,
                           fromController passcodeController: FUIPasscodeController) throws
    func didCancelPasscodeEntry(fromController passcodeController: FUIPasscodeController)
    func shouldResetPasscode(fromController passcodeController: FUIPasscodeController)
}

public extension FUIPasscodeControllerDelegate {
    func didCancelPasscodeEntry(fromController passcodeController: FUIPasscodeController) {}
    func shouldResetPasscode(fromController passcodeController: FUIPasscodeController) {}
}

/// The app's extra rules for a new passcode, as SAP declares it: what it throws refuses
/// the passcode on screen 2 (FUIPasscodeStandIn.enterPasscode).
public protocol FUIPasscodeValidationDelegate: AnyObject {
    func validate(passcode: String) throws
}

/// `triesRemaining` and `retryLimit` when there is no limit.
public let passcodePolicyNoLimit = -1

/// The passcode policy, with FUIPasscodePolicy's keys and defaults (docs/fiori.md, "The
/// policy"). The policy credsh checks is the server's: a test sets it from this value
/// with `policyLine` in a control run (`control.run("sdk fiori\n" + policy.policyLine)`).
public struct FUIPasscodePolicy: Sendable, Equatable {
    public var minLength = 8
    public var hasDigit = false
    public var hasUpper = false
    public var hasLower = false
    public var hasSpecial = false
    public var minUniqueChars = -1
    public var retryLimit = passcodePolicyNoLimit
    public var allowsTouchID = true
    public var isDigitsOnly = false

    public init() {}

    /// The language's line that sets this policy: `policy passcode minLength=8 …`.
    public var policyLine: String {
        "policy passcode minLength=\(minLength) hasDigit=\(hasDigit) hasUpper=\(hasUpper) hasLower=\(hasLower) "
            + "hasSpecial=\(hasSpecial) minUniqueChars=\(minUniqueChars) retryLimit=\(retryLimit) "
            + "allowsTouchID=\(allowsTouchID) isDigitsOnly=\(isDigitsOnly)\n"
    }
}

/// A passcode screen's controller as the stand-in knows it: its class name (the wire's
/// `controller`) and the user whose store it works on.
open class FUIPasscodeController: NSObject, @unchecked Sendable {
    public var userIdentifier: String?
    /// SAP's switch to store a hash of the passcode: credsh's simulated store keeps its own.
    public var hashUserPasscode = false
    public let controllerName: String

    init(controllerName: String) { self.controllerName = controllerName }
}

public final class FUIPasscodeInputController: FUIPasscodeController, @unchecked Sendable {
    public init() { super.init(controllerName: "FUIPasscodeInputController") }
}

public final class FUIPasscodeCreateController: FUIPasscodeController, @unchecked Sendable {
    public init() { super.init(controllerName: "FUIPasscodeCreateController") }
}

/// A stand-in for SAP Fiori's passcode controllers over credsh serve's `POST /sdk/fiori`
/// (docs/double.md; docs/fiori.md for the flows). The vendor's part is UI: the app
/// presents a controller, the user types on its screens, and the controller calls the
/// app's delegates. The stand-in does the same without drawing: `present()` presents it
/// (the call `present`), `enterPasscode`, `tapCancel` and `tapReset` are the user's taps on
/// the screen on display, and what credsh's controllers do in return reaches the app's
/// `passcodeControllerDelegate` and `validationDelegate` in the vendor's order, on
/// `callbackQueue`.
///
/// What it stands in for: the order of the screens and of the delegate calls, the policy
/// check of screen 2, the confirmation of screen 3, Touch ID's prompt (its answer said
/// with `answerTouchID` before presenting, or steered: `touchid fail`), the retry count
/// and the reset button.
/// What it cannot: the screens themselves (no views are drawn; a UI test types through
/// the app's own debug UI calling these methods), and the app's store. Whether a
/// passcode opens the store is decided by credsh's simulated store (the scenario's
/// `user add carol passcode …`): the app's `shouldTryPasscode` is called with what the
/// user typed, but what it throws does not change the flow. A passcode the controller
/// reads from the keychain (Touch ID) or generates is never sent over the wire, so the
/// delegate gets an empty passcode with `passcodeSource` device.
public class FUIPasscodeStandIn: NSObject, CredshCallbackSource, @unchecked Sendable {
    public weak var passcodeControllerDelegate: FUIPasscodeControllerDelegate?
    public weak var validationDelegate: FUIPasscodeValidationDelegate?
    public var userIdentifier: String?
    /// Must be the same as the create controller's, as with SAP's; credsh's store keeps its own.
    public var hashUserPasscode = false
    public var configuration: CredshConfiguration? {
        didSet { wire = configuration.map { CredshWire(configuration: $0, sdk: "fiori") } }
    }
    public var callbackQueue: DispatchQueue {
        get { delivery.queue }
        set { delivery.queue = newValue }
    }
    /// Sees every event and call record as the wire sent it.
    public var eventObserver: ((WireEvent) -> Void)?
    /// The screen on display (1 current or unlock, 2 new, 3 confirm) and its title; nil
    /// when the controller is not presented.
    public private(set) var screen: (number: Int, title: String)?
    public private(set) var isPresented = false
    /// The last refusal the screen shows (wrong passcode, policy, mismatch), cleared by
    /// the next screen.
    public private(set) var lastError: FUIPasscodeControllerError?
    /// The message of the last failed call of the double itself (no server), if any.
    public private(set) var lastFailure: String?
    /// The simulator's notes on the last call: `out of turn: …` when the controllers had
    /// nothing to do with it (a tap with no screen on display, an unlock while unlocked).
    public private(set) var lastNotes: [String] = []

    let name: String
    let inputController = FUIPasscodeInputController()
    let createController = FUIPasscodeCreateController()
    private var wire: CredshWire?
    private let delivery: CallbackDelivery
    public var callbackDelivery: CallbackDelivery { delivery }
    /// What the user typed last (on screen 3, the confirmation: the new passcode that
    /// `change` tries): handed to the delegates, never sent back by the server.
    private var typed = ""
    /// The screen the last answer left on display, known when the answer comes, before its
    /// callbacks are delivered: a tap right after another goes to the screen it showed.
    private var screenAnswered: Int?
    private var lastSource = "user"

    init(name: String) {
        self.name = name
        delivery = CallbackDelivery(label: "credsh.double.fiori.\(name)")
        super.init()
        configuration = CredshConfiguration.fromProcess()
    }

    /// Presents the controller (the app's `present(_:animated:)`).
    public func present() {
        inputController.userIdentifier = userIdentifier
        createController.userIdentifier = userIdentifier
        inputController.hashUserPasscode = hashUserPasscode
        createController.hashUserPasscode = hashUserPasscode
        var params: [String: Any] = ["controller": name]
        if let userIdentifier { params["userIdentifier"] = userIdentifier }
        send("present", params)
    }

    /// The user types `passcode` on the screen on display and taps Done. On screen 2 the
    /// app's `validationDelegate` is asked first, here: what it throws refuses the passcode
    /// as SAP's controller does (screen 2 stays, `lastError` says why). Unlike SAP's, it is
    /// asked before the controller's policy check, since that check is the server's.
    public func enterPasscode(_ passcode: String) {
        typed = passcode
        var params: [String: Any] = ["passcode": passcode]
        var validatedHere = false
        if screenAnswered == 2, let validationDelegate {
            validatedHere = true
            do { try validationDelegate.validate(passcode: passcode) } catch { params["validationError"] = Self.message(of: error) }
        }
        send("enterPasscode", params, validatedHere: validatedHere)
    }

    /// What a validation delegate's error says on screen 2.
    static func message(of error: Error) -> String {
        switch error as? FUIPasscodeControllerError {
        case .failedToMeetPolicy(let message)?, .failedToMatch(let message, _)?: return message
        case .invalidPasscode(let code, _)?: return code
        case nil: return (error as NSError).localizedDescription
        }
    }

    public func tapCancel() { send("tapCancel", [:]) }

    /// How the user answers the next Touch ID prompt (the wire's `answerTouchID`), said
    /// before `present()`: the prompt itself is the system's, not the app's.
    public enum TouchIDAnswer: String, Sendable {
        case success, authenticationFailed, userCancel
    }

    public func answerTouchID(_ answer: TouchIDAnswer) { send("answerTouchID", ["result": answer.rawValue]) }

    /// The reset button a wrong passcode brings up on the first screen.
    public func tapReset() { send("tapReset", [:]) }

    /// `validatedHere`: the validation delegate was asked already; the answer's `validate` does not ask it again.
    private func send(_ method: String, _ params: [String: Any], validatedHere: Bool = false) {
        guard let wire else {
            lastFailure = "credsh double: no server configured (-credshURL/-credshToken or CREDSH_URL/CREDSH_TOKEN)"
            return
        }
        switch wire.call(method, params) {
        case .failure(let failure): lastFailure = "credsh double: \(failure)"
        case .success(let answer):
            lastFailure = nil
            lastNotes = answer.notes
            for event in answer.events {
                if event.isCall, event.name == "dismiss" { screenAnswered = nil }
                if !event.isCall, event.name == "showScreen" { screenAnswered = event.int("screen") }
            }
            delivery.deliver(answer.events.map { event in { [self] in self.handle(event, validatedHere: validatedHere) } })
        }
    }

    private func controller(named name: String?) -> FUIPasscodeController {
        name == createController.controllerName ? createController : inputController
    }

    private func handle(_ event: WireEvent, validatedHere: Bool) {
        eventObserver?(event)
        if event.isCall {
            if event.name == "dismiss" {
                isPresented = false
                screen = nil
            } else if event.name == "present" {
                isPresented = true
            }
            return
        }
        switch event.name {
        case "showScreen":
            isPresented = true
            screen = (event.int("screen") ?? 0, event.string("title") ?? "")
            lastError = nil
        case "evaluatePolicy":
            isPresented = true
        case "shouldTryPasscode":
            isPresented = true
            let mode = FUIPasscodeInputMode(rawValue: event.string("inputMode") ?? "") ?? .match
            lastSource = event.string("passcodeSource") ?? "user"
            let passcode = lastSource == "device" ? "" : typed
            let from = mode == .change ? createController : inputController
            _ = try? passcodeControllerDelegate?.shouldTryPasscode(passcode, forInputMode: mode, fromController: from)
        case "validate" where !validatedHere:
            _ = try? validationDelegate?.validate(passcode: typed)
        case "failedToMatch":
            lastError = .failedToMatch(message: event.string("message") ?? "", triesRemaining: event.int("triesRemaining") ?? -1)
        case "failedToMeetPolicy":
            lastError = .failedToMeetPolicy(message: event.string("message") ?? "")
        case "passcodeMismatch":
            lastError = .failedToMeetPolicy(message: event.string("message") ?? "")
        case "didCancelPasscodeEntry":
            passcodeControllerDelegate?.didCancelPasscodeEntry(fromController: controller(named: event.string("fromController")))
        case "shouldResetPasscode":
            passcodeControllerDelegate?.shouldResetPasscode(fromController: controller(named: event.string("fromController")))
        default:
            break
        }
    }
}

/// The change flow's navigation controller: screen 1 the current passcode (or Touch ID),
/// screen 2 the new one, screen 3 its confirmation (docs/fiori.md, "The change flow").
public final class FUIPasscodeChangeController: FUIPasscodeStandIn, @unchecked Sendable {
    public init() { super.init(name: "FUIPasscodeChangeController") }
    /// The vendor's way to load it; the stand-in has no storyboard.
    public static func createInstanceFromStoryboard() -> FUIPasscodeChangeController { FUIPasscodeChangeController() }
}

/// The unlock screen presented on its own (`FUIPasscodeInputController` with input mode
/// `match`): set `userIdentifier` to the store to unlock.
public final class FUIPasscodeUnlockController: FUIPasscodeStandIn, @unchecked Sendable {
    public init() { super.init(name: "FUIPasscodeInputController") }
    public static func createInstanceFromStoryboard() -> FUIPasscodeUnlockController { FUIPasscodeUnlockController() }
}
