/// The purpose of a passcode handed to the delegate's `shouldTryPasscode`
/// (`FUIPasscodeInputMode`): the input controller asks with `match` or `matchForChange`,
/// the create controller with `create` or `change`.
public enum PasscodeInputMode: String, CaseIterable, Sendable {
    case create
    case match
    case matchForChange
    case change
}

/// Where a passcode handed to the delegate came from (`FUIPasscodeSource`): typed by the
/// user, or read from the keychain behind Touch ID / made up by the controller.
public enum PasscodeSource: String, Sendable {
    case user
    case device
}

/// The passcode screen on display, if any, and whose it is.
public struct PresentedScreen: Equatable, Sendable {
    public let userID: String
    public let screen: PasscodeScreen
}

/// A passcode screen of the simulated app. `unlock` is the input controller that opens the
/// app; the other three are the change controller's screens, in order.
public enum PasscodeScreen: Equatable, Sendable {
    case unlock
    case currentPasscode
    case newPasscode
    /// Holds the screen-2 passcode as a hash, to compare the confirmation with.
    case confirmPasscode(StoredPassword)

    /// The screen's number in its controller: 1, 2 or 3.
    public var number: Int {
        switch self {
        case .unlock, .currentPasscode: return 1
        case .newPasscode: return 2
        case .confirmPasscode: return 3
        }
    }

    /// The screen's title. The vendor's titles are localised strings; these are credsh's.
    public var title: String { Self.titles[self == .unlock ? 0 : number] }

    /// Every screen's title: unlock, then screens 1 to 3.
    static let titles = ["Enter Passcode", "Enter Current Passcode", "Enter New Passcode", "Confirm New Passcode"]

    /// The view controller showing the screen, as the delegate's `fromController` names it.
    public var controller: String {
        switch self {
        case .unlock, .currentPasscode: return FioriController.input
        case .newPasscode, .confirmPasscode: return FioriController.create
        }
    }

    /// What the app presented and will dismiss: the change flow is one navigation controller.
    var presentedController: String { self == .unlock ? FioriController.input : FioriController.change }

    /// A few words for the prompt.
    var promptText: String { self == .unlock ? "unlock" : "screen \(number)" }
}

/// The SAP Fiori view controllers the simulated app presents.
enum FioriController {
    static let input = "FUIPasscodeInputController"
    static let create = "FUIPasscodeCreateController"
    static let change = "FUIPasscodeChangeController"
}
