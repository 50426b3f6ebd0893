/// One simulated SDK: the vendor's client library, the app around it, and the server
/// behind it, as one value. The language drives every SDK through this protocol for the
/// verbs they share (`login`, `update`, `logout`, `cancel`, `state`, …) and through the
/// concrete type, from the SDK's own folder, for the rest. Operations return outcomes in
/// the order they happen; nothing prints.
public protocol SimulatedSDK: Sendable {
    /// Everything the language shows about this SDK comes from here: its name, events and
    /// their fields, user states, codes for `explain`, policy keys.
    static var catalog: SDKCatalog { get }
    /// Its catalog's name (`relid`), known without building the catalog: a simulation seeds
    /// each SDK by name at start-up, and the catalogs cost an empty script a twelfth of its
    /// instructions (callgrind). SDKSeamTests checks it is the catalog's.
    static var name: String { get }
    /// Its catalog's calls (SDKCatalog.calls), known without building the catalog: the
    /// command table reads their secret fields at every start-up. SDKSeamTests checks they
    /// are the catalog's.
    static var calls: [CallSpec] { get }

    /// A fresh SDK with no users; `seed` feeds everything random it draws (salts, tokens).
    init(seed: UInt64)

    /// The users, in a stable (sorted) order.
    var userIDs: [String] { get }
    /// The states that hold for a user, in the order of `catalog.userStates`; nil when
    /// there is no such user.
    func states(of userID: String, world: World) -> [String]?
    /// Who is signed in on the simulated device, if anybody.
    var signedInUser: String? { get }
    /// Who is signed in and which challenge waits for an answer: the prompt's words
    /// (`alice [mode 2 update]`, `promptStatus`) and whether a line typed now answers one.
    var promptState: PromptState { get }

    /// `login USER [SECRET]`: the app signs the user in (and answers the first challenge
    /// with the secret when one is given).
    mutating func login(_ userID: String, secret: String?, world: World) throws(SimulationError) -> [Outcome]
    /// `update CURRENT NEW [CONFIRM]`: the app's change form, filled in one go.
    mutating func update(current: String, new: String, confirm: String?, world: World) throws(SimulationError) -> [Outcome]
    mutating func logout(world: World) throws(SimulationError) -> [Outcome]
    /// The user cancels the screen in front of them.
    mutating func cancel(world: World) throws(SimulationError) -> [Outcome]

    /// `state`: who is signed in, what is pending.
    func describeState(world: World) -> [String]
    /// `describeState(world:)` appended to `lines`, the array `state` builds: an SDK that
    /// writes its lines there spares `state` an array of its own, allocated and freed each
    /// time.
    func describeState(world: World, into lines: inout [String])
    /// `user show USER`: never a secret or a hash, only how it is stored. Nil for no such user.
    func describeUser(_ userID: String, world: World) -> [String]?
    /// `policy show`.
    func describePolicy() -> [String]

    /// What of this SDK lives on one device (the app instance): the SDK client's state,
    /// what the app remembers, the screen or challenge pending. The rest (accounts, policy,
    /// history, tokens) is the server's, shared by every device (docs/double.md, "Devices").
    associatedtype DeviceSide: Sendable
    /// Read when the simulation leaves a device, written when it enters one.
    var deviceSide: DeviceSide { get set }

    /// One API call of `catalog.calls`, as the app makes it, on the SDK side of the device
    /// in front: the call's record first (with its synchronous error, if any), then the
    /// callbacks and notes. A call out of turn gets what the SDK would answer (its sync
    /// error or error callback), never a throw.
    mutating func perform(_ call: ValidatedCall, world: World) -> [Outcome]
}

extension SimulatedSDK {
    public var name: String { Self.name }

    /// Appended one by one: `+=` of an array goes through the generic path.
    public func describeState(world: World, into lines: inout [String]) {
        for line in describeState(world: world) { lines.append(line) }
    }

    /// A few words for the prompt (`alice [mode 2 update]`); nil when there is nothing to say.
    public var promptStatus: String? { PromptStatus.text(of: promptState) }

    /// The SDK waits for a secret (a password, PIN or passcode challenge is open).
    public var challengePending: Bool { promptState.pending != nil }
}

/// What an SDK is called, what it delivers and what its codes mean.
public struct SDKCatalog: Sendable {
    /// What `sdk NAME` takes: `relid`, `onewelcome`, `fiori`, `susi`.
    public let name: String
    /// `OneWelcome-style change PIN`.
    public let title: String
    /// The page in the repository that documents it: `docs/onewelcome.md`.
    public let page: String
    /// What its secret is called in messages and usage lines: password, PIN, passcode.
    public let secretNoun: String
    /// Every event (callback, delegate call, screen, HTTP answer) it can deliver.
    public let events: [EventSpec]
    /// The states `expect state USER STATE` can check, in the order they are listed.
    public let userStates: [UserStateSpec]
    /// What `explain` knows.
    public let codes: [CodeExplanation]
    /// The API calls an app makes (`call METHOD …`, `POST /sdk/NAME`); empty for an SDK
    /// the double does not stand in for (docs/double.md).
    public let calls: [CallSpec]
    /// The values the SDK sends as words of its protocol rather than as data: credential
    /// types, controllers, input modes, error domains, status messages. With every name
    /// above, they are never rewritten by the secrets' safety net (ProtocolWords). Made
    /// when first asked (when a secret is first found in a text), never at start-up.
    public let words: @Sendable () -> [String]

    public init(name: String, title: String, page: String, secretNoun: String, events: [EventSpec],
                userStates: [UserStateSpec], codes: [CodeExplanation], calls: [CallSpec] = [], words: @escaping @Sendable () -> [String] = { [] }) {
        self.calls = calls
        self.words = words
        self.name = name
        self.title = title
        self.page = page
        self.secretNoun = secretNoun
        self.events = events
        self.userStates = userStates
        self.codes = codes
    }

    public func event(_ name: String) -> EventSpec? { events.first { $0.name == name } }
    public var eventNames: [String] { events.map(\.name) }
    public var userStateNames: [String] { userStates.map(\.name) }
}

/// An event an SDK delivers, with the fields its payload may carry, in the vendor's names.
public struct EventSpec: Sendable {
    public let name: String
    public let summary: String
    public let fields: [FieldSpec]

    public init(_ name: String, _ summary: String, fields: [FieldSpec]) {
        self.name = name
        self.summary = summary
        self.fields = fields
    }

    public func field(_ name: String) -> FieldSpec? { fields.first { $0.name == name } }
}

/// One field of an event's payload.
public struct FieldSpec: Sendable {
    public enum Kind: String, Sendable {
        case integer, string, boolean, list, object
    }

    public let name: String
    public let kind: Kind
    /// Absent from some events of this name (`errorCode` when there is no error).
    public let optional: Bool
    /// The SDK treats its value as a secret (a token, a password, a passcode): a script
    /// that captures it holds a secret, masked wherever shown.
    public let secret: Bool
    /// For a number field, the word it holds instead of a number when there is no bound
    /// (SUSI's `valid_seconds` is a number of seconds, or the string `forever`): a script
    /// compares it with either, and the word orders above every number.
    public let unboundedWord: String?
    /// The values a string field takes, when they are a few names (Fiori's controllers):
    /// what Tab offers after `FIELD=` (`call present controller=`).
    public let choices: [String]
    /// The field names a user (`setUser`'s `userID`): Tab offers the users after `FIELD=`.
    public let namesUser: Bool

    public init(_ name: String, _ kind: Kind, optional: Bool = false, secret: Bool = false, unbounded: String? = nil,
                choices: [String] = [], namesUser: Bool = false) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.secret = secret
        self.unboundedWord = unbounded
        self.choices = choices
        self.namesUser = namesUser
    }
}

extension FieldSpec.Kind {
    /// The kind of a payload value; nil for JSON null, which no catalog field declares.
    public init?(of value: JSONValue) {
        switch value {
        case .int: self = .integer
        case .string: self = .string
        case .bool: self = .boolean
        case .array: self = .list
        case .object: self = .object
        case .null: return nil
        }
    }
}

/// A state `expect state USER STATE` can check, with what it means.
public struct UserStateSpec: Sendable {
    public let name: String
    public let meaning: String

    public init(_ name: String, _ meaning: String) {
        self.name = name
        self.meaning = meaning
    }
}

extension FieldSpec {
    /// What a field the catalog marks secret carries in an outcome: its place, never its
    /// text (a captured value is kept aside, SDKEvent.secretValues). The simulator writes
    /// this mark and no other; every output shows it as the language's mask.
    public static let hiddenText = "***"
    public static let hidden = JSONValue.string(hiddenText)
}
