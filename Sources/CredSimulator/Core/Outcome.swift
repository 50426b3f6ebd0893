/// What one simulated action produced, in the order it happened. The language layer
/// renders these as text or JSON; the simulator itself never prints.
public enum Outcome: Equatable, Sendable {
    /// An SDK API was called. Secret arguments are already masked as `***`.
    /// `error` is the synchronous error the API returned at once (nil means 0, no error).
    case call(api: String, arguments: [(String, JSONValue)], error: SyncError?)
    /// A callback the SDK delivered to the app.
    case event(SDKEvent)
    /// The app refused the input before calling the SDK (a form check): the command fails.
    case appCheck(String)
    /// A request got no answer at all (no network, server unreachable): the command fails.
    /// An answer with an error status is an event, not this.
    case networkError(String)
    /// What the app shows the user (a policy message, a counter), not an SDK callback.
    case appShows(String)
    /// Simulator commentary that no real SDK sends.
    case note(String)
    /// Simulator commentary of one kind: which rule of the policy refused a secret, by its
    /// key in the policy (`minSc`, `blocklist`, `hasDigit`) and in the user's words.
    case policyRefusal(rule: String, message: String)

    public static func == (lhs: Outcome, rhs: Outcome) -> Bool {
        switch (lhs, rhs) {
        case let (.call(a1, args1, e1), .call(a2, args2, e2)):
            return a1 == a2 && e1 == e2 && JSONValue.object(args1) == JSONValue.object(args2)
        case let (.event(a), .event(b)): return a == b
        case let (.appCheck(a), .appCheck(b)), let (.appShows(a), .appShows(b)), let (.note(a), .note(b)),
             let (.networkError(a), .networkError(b)):
            return a == b
        case let (.policyRefusal(r1, m1), .policyRefusal(r2, m2)):
            return r1 == r2 && m1 == m2
        default: return false
        }
    }

    /// The event, if this outcome is one.
    public var event: SDKEvent? {
        if case .event(let e) = self { return e }
        return nil
    }
}

/// A callback with its payload, keys in the SDK's own names and order.
public struct SDKEvent: Equatable, Sendable {
    public let name: String
    public let fields: [(String, JSONValue)]
    /// The values of the fields shown as `***` (the catalog marks them secret), kept aside
    /// so that a script may capture one (`let tok = event response.access_token`) to use
    /// later; no output shows them: the language masks them wherever a capture goes, and
    /// the output edge wherever else the event sends them (Redactor.outcome).
    public let secretValues: [(String, String)]
    /// The fields whose object's keys someone outside the catalog chose (a request's other
    /// parameters, by the names sent): the secrets' net passes those keys as it passes
    /// values; every other key is a catalog's name, which it never rewrites.
    public let clientKeyFields: [String]
    /// The secret values came from a real client (`credsh serve`), not from the script:
    /// they are hidden wherever this event sends them (Redactor.outcome).
    public let fromClient: Bool

    public init(_ name: String, _ fields: [(String, JSONValue)], secretValues: [(String, String)] = [],
                clientKeyFields: [String] = [], fromClient: Bool = false) {
        self.name = name
        self.fields = fields
        self.secretValues = secretValues
        self.clientKeyFields = clientKeyFields
        self.fromClient = fromClient
    }

    /// The same event, its secrets sent by a real client.
    public var sentByClient: SDKEvent {
        SDKEvent(name, fields, secretValues: secretValues, clientKeyFields: clientKeyFields, fromClient: true)
    }

    /// The same event with other fields, the keys chosen outside the catalog still said so.
    public func with(_ fields: [(String, JSONValue)]) -> SDKEvent {
        SDKEvent(name, fields, clientKeyFields: clientKeyFields)
    }

    /// The value of a field shown as `***`, as the SDK delivered it.
    public func secretValue(_ field: String) -> String? { secretValues.first { $0.0 == field }?.1 }

    public static func == (a: SDKEvent, b: SDKEvent) -> Bool {
        a.name == b.name && JSONValue.object(a.fields) == JSONValue.object(b.fields)
    }

    public subscript(field: String) -> JSONValue? { fields.first { $0.0 == field }?.1 }
}

/// The error an SDK API returns synchronously (`RDNAError.longErrorCode` and its string).
public struct SyncError: Equatable, Error, Sendable {
    public let code: Int
    public let message: String
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }
}

/// A request the simulation cannot carry out at all (no such user, nothing pending):
/// not an SDK answer, but a mistake in what the script asked for.
public struct SimulationError: Error, Equatable, Sendable {
    /// What kind of request was refused: each kind has its own diagnostic code, so a test,
    /// an editor or CI can tell them apart without reading the message (docs/diagnostics.md).
    public enum Kind: Sendable {
        /// No user of that name (`login nobody`).
        case unknownUser
        /// A user of that name exists already (`user add` twice).
        case userExists
        /// The command needs a signed-in user, and nobody is.
        case notSignedIn
        /// Someone is signed in, and the command needs nobody to be.
        case alreadySignedIn
        /// Not at this step: nothing pending to answer or cancel, or another screen open.
        case notNow
        /// A policy that cannot be set: an unknown key, a value out of range, rules no secret meets.
        case badPolicy
        /// `explain` or `glossary` of something it does not know (`explain CS9999`).
        case nothingToExplain
        /// Any other request the simulation cannot carry out.
        case other
    }

    public let kind: Kind
    public let message: String
    public init(_ message: String) { self.init(.other, message) }

    /// Equal by message: each refusal's kind is given where its message is written.
    public static func == (a: SimulationError, b: SimulationError) -> Bool { a.message == b.message }
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
