/// A simulated app instance: `default`, or a name of 1–64 characters of `A-Za-z0-9._-`
/// (docs/double.md, "Devices").
public struct DeviceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let name: String

    /// The device every script used before devices existed.
    public static let standard = DeviceID(unchecked: "default")
    public static let maxNameLength = 64

    private init(unchecked name: String) { self.name = name }

    public init(_ name: String) throws(DeviceRefusal) {
        guard !name.isEmpty, name.utf8.count <= Self.maxNameLength,
              name.unicodeScalars.allSatisfy({ $0.isASCII && (("a"..."z").contains($0) || ("A"..."Z").contains($0)
                                                               || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-") })
        else {
            // At most 64 characters of it are quoted, `…` closing one that was cut, as written:
            // each output writes a control character in it as it writes every other one
            // (`\u{7}`: TerminalSafe, in CredScript), as CallValidator.quoted leaves a name.
            let cut = name.unicodeScalars.count > Self.maxNameLength ? "…" : ""
            let shown = String(String.UnicodeScalarView(name.unicodeScalars.prefix(Self.maxNameLength))) + cut
            throw DeviceRefusal("a device ID is 1-\(Self.maxNameLength) characters of A-Z a-z 0-9 . _ -, not '\(shown)'")
        }
        self.name = name
    }

    public var description: String { name }
    public static func < (a: DeviceID, b: DeviceID) -> Bool { a.name < b.name }
}

/// A device the simulation will not enter: a bad ID, or one device past the bound.
public struct DeviceRefusal: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// One call a device's app made, as the journal keeps it: never a plain secret (the
/// call's secret fields are `***`, its outcomes are masked as every record is).
public struct JournalEntry: Sendable {
    public let sdk: SDKID
    public let method: String
    /// The fields in the order the call gave them, secret ones as `***`.
    public let arguments: [(String, JSONValue)]
    /// The names of the fields the call spec marks secret, so a renderer can put a
    /// variable in their place.
    public let secretFields: [String]
    public let outcomes: [Outcome]
    /// What it holds in memory (HeldBytes), counted against the journals' bounds in bytes.
    public let bytes: Int

    init(sdk: SDKID, method: String, arguments: [(String, JSONValue)], secretFields: [String], outcomes: [Outcome]) {
        self.sdk = sdk
        self.method = method
        self.arguments = arguments
        self.secretFields = secretFields
        self.outcomes = outcomes
        bytes = HeldBytes.of(method) + HeldBytes.of(arguments) + secretFields.reduce(0) { $0 + HeldBytes.of($1) }
            + outcomes.reduce(HeldBytes.word) { $0 + HeldBytes.of($1) }
    }

    /// The events the call produced, in order.
    public var events: [SDKEvent] { outcomes.compactMap(\.event) }
    /// The call's synchronous error, if the SDK refused it at once.
    public var syncError: SyncError? {
        if case .call(_, _, let error)? = outcomes.first { return error }
        return nil
    }
}

/// A device's calls since it first called, or since `journal clear`. Bounded by count
/// (`capacity` entries) and by bytes (JournalBudget: its own, and every journal's
/// together): past a bound, calls still run but are not kept, and the journal says it
/// overflowed, and which bound it met, until it is cleared (docs/double.md, "Bounds").
public struct DeviceJournal: Sendable {
    public static let capacity = 10_000
    public private(set) var entries: [JournalEntry] = []
    /// The bytes its entries hold (JournalEntry.bytes).
    public private(set) var bytes = 0
    /// Calls made after the journal was full (not kept).
    public private(set) var dropped = 0
    /// The bound the first call not kept met, in words: `10000 calls`.
    public private(set) var fullAt: String?
    public var overflowed: Bool { dropped > 0 }

    public init() {}

    /// Keeps `entry` when it fits, with `others` bytes held by every other device's journal.
    mutating func append(_ entry: JournalEntry, others: Int) {
        let bound: String?
        if entries.count >= Self.capacity {
            bound = "\(Self.capacity) calls"
        } else if bytes + entry.bytes > JournalBudget.deviceBytes {
            bound = "\(JournalBudget.deviceBytes >> 20) MiB"
        } else if others + bytes + entry.bytes > JournalBudget.allBytes {
            bound = "its share of the \(JournalBudget.allBytes >> 20) MiB every device's journal holds together"
        } else {
            bound = nil
        }
        guard let bound else {
            entries.append(entry)
            bytes += entry.bytes
            return
        }
        if fullAt == nil { fullAt = bound }
        dropped += 1
    }

    /// The control runs that steered the world between the calls, each at its place
    /// (docs/double.md, "Steered tests replay"); at most `steeringCapacity` bytes of them.
    public private(set) var steering: [SteeringMark] = []
    /// Runs past `steeringCapacity` (not kept): the journal then says it cannot replay.
    public private(set) var steeringDropped = 0
    private var steeringBytes = 0
    public static let steeringCapacity = 1 << 20

    /// Keeps a steering run before the next call (after the calls made so far). Runs are
    /// shared between journals, as the same text: the bound is per journal.
    mutating func appendSteering(_ run: SteeringRun) {
        guard steeringBytes + run.text.utf8.count <= Self.steeringCapacity else {
            steeringDropped += 1
            return
        }
        steeringBytes += run.text.utf8.count
        steering.append(SteeringMark(before: entries.count, run: run))
    }
}

/// A control run (`POST /__credsh/run`) that ran while a device's journal was kept: its
/// lines changed the world the device's app met (`expire`, `network down`, …), so a
/// replay runs them at their place. The text is the script as sent: it may hold secrets,
/// which JournalScript writes as variables, never as they are.
public struct SteeringRun: Sendable {
    public let text: String
    /// The SDK active when it started: its lines act on that one until an `sdk` line.
    public let sdk: SDKID
    /// Whether it passed; a failed run stopped part way, so a replay cannot repeat it.
    public let passed: Bool

    public init(text: String, sdk: SDKID, passed: Bool) {
        self.text = text
        self.sdk = sdk
        self.passed = passed
    }
}

/// A steering run and the number of the journal's calls made before it.
public struct SteeringMark: Sendable {
    public let before: Int
    public let run: SteeringRun
}

/// What the simulation keeps of a device while another is in front: each SDK's device
/// side (in `Simulation.sdkTypes` order) and whether its network is up.
struct ParkedDevice: Sendable {
    var sides: [any Sendable]
    var networkUp: Bool
}

/// A call the double did not perform: the call was refused, or the device was.
public enum DoubleRefusal: Error, Equatable, Sendable {
    case call(CallRefusal)
    case device(DeviceRefusal)

    public var message: String {
        switch self {
        case .call(let r): return r.message
        case .device(let r): return r.message
        }
    }
}

// The SDK-side state of one device, read and written without naming the SDK.
func deviceSide<T: SimulatedSDK>(of sdk: T) -> any Sendable { sdk.deviceSide }

func install<T: SimulatedSDK>(_ side: any Sendable, into sdk: inout T) {
    // Each side was read from a value of the same type (`ParkedDevice.sides` keeps
    // `sdkTypes` order), so the cast always succeeds.
    guard let side = side as? T.DeviceSide else { preconditionFailure("a device side of another SDK given to \(T.self)") }
    sdk.deviceSide = side
}

func perform<T: SimulatedSDK>(_ call: ValidatedCall, on sdk: inout T, world: World) -> [Outcome] {
    sdk.perform(call, world: world)
}
