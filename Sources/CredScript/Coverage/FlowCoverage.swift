import CredLanguage
import CredSimulator

/// Flow coverage (`credsh test --coverage`): which of an SDK's callbacks, codes, modes,
/// screens, policy rules and transitions a suite exercised, and how often.
///
/// What exists comes from each SDK's catalog, gathered by its flow (`SDKFlow.coverageModel`);
/// what was hit comes only from the outcomes a run produced, read by the same flow
/// (`SDKFlow.coverage(of:)`), so this file knows no SDK by name. docs/coverage.md
/// describes every kind of item.
public enum FlowCoverage {
    /// Every SDK's items, in the order of `Simulation.sdkTypes`.
    public static var models: [CoverageModel] { SDKFlows.all.map { $0.coverageModel } }

    /// Each SDK's items with their hits, in the model's order. An item a run hit that the
    /// model does not list (a code missing from the catalog, a transition the flow's list
    /// lacks) follows the listed items of its kind, marked as not listed, so nothing hit
    /// is ever hidden.
    public static func report(_ tally: CoverageTally) -> [SDKCoverage] {
        models.map { model in
            let hits = tally.counts[model.sdk] ?? [:]
            var lines: [CoverageLine] = []
            var kinds: [String] = []
            for item in model.items {
                if !kinds.contains(item.key.kind) { kinds.append(item.key.kind) }
                lines.append(CoverageLine(item: item, hits: hits[item.key] ?? 0, listed: true,
                                          reachable: !model.unreachable.contains(item.key)))
            }
            let listed = Set(model.items.map(\.key))
            let unlisted = hits.keys.filter { !listed.contains($0) }.sorted { ($0.kind, $0.id) < ($1.kind, $1.id) }
            for key in unlisted {
                let line = CoverageLine(item: CoverageItem(unlisted: key), hits: hits[key] ?? 0, listed: false, reachable: true)
                if let last = lines.lastIndex(where: { $0.item.key.kind == key.kind }) {
                    lines.insert(line, at: last + 1)
                } else {
                    lines.append(line)
                }
            }
            return SDKCoverage(sdk: model.sdk, lines: lines)
        }
    }
}

/// One thing a suite can exercise in an SDK, as a key: its kind and what names it within
/// the kind.
public struct CoverageKey: Hashable, Sendable {
    /// `event`, `transition`, `screen`, `policy rule`, or the catalog's kind of a code
    /// (`status code`, `sync error`, `challenge mode`, `error code`, `input mode`, `HTTP status`…).
    public let kind: String
    /// The code's number when it has one (`110`), else its name; `from → to` for a transition.
    public let id: String

    public init(_ kind: String, _ id: String) {
        self.kind = kind
        self.id = id
    }

    public static let eventKind = "event"
    public static let transitionKind = "transition"
    public static let screenKind = "screen"
    public static let policyRuleKind = "policy rule"
    static let arrow = " → "

    public static func event(_ name: String) -> CoverageKey { CoverageKey(eventKind, name) }
    /// A code of the catalog by its number (status codes, errors, modes, HTTP statuses).
    public static func code(_ kind: String, _ number: Int) -> CoverageKey { CoverageKey(kind, String(number)) }
    /// A code of the catalog that has only a name (input modes, delegate errors).
    public static func named(_ kind: String, _ name: String) -> CoverageKey { CoverageKey(kind, name) }
    public static func policyRule(_ key: String) -> CoverageKey { CoverageKey(policyRuleKind, key) }
    public static func transition(_ from: String, _ to: String) -> CoverageKey { CoverageKey(transitionKind, from + arrow + to) }
}

/// A listed item: its key and how it reads (`110 PASSWORD_EXPIRED_WHILE_UPDATING`).
public struct CoverageItem: Sendable {
    public let key: CoverageKey
    /// The number shown before the name, if any.
    public let code: Int?
    public let name: String

    public init(_ key: CoverageKey, code: Int? = nil, name: String) {
        self.key = key
        self.code = code
        self.name = name
    }

    /// A code of the catalog, keyed as `coverage(of:)` keys what carries it.
    public init(_ explanation: CodeExplanation) {
        let key = explanation.code.map { CoverageKey.code(explanation.kind, $0) } ?? .named(explanation.kind, explanation.name)
        self.init(key, code: explanation.code, name: explanation.name)
    }

    /// An item hit but not listed: it reads as its key.
    init(unlisted key: CoverageKey) {
        self.init(key, code: nil, name: key.id)
    }

    public static func event(_ name: String) -> CoverageItem { CoverageItem(.event(name), name: name) }
    public static func policyRule(_ key: String) -> CoverageItem { CoverageItem(.policyRule(key), name: key) }
    public static func transition(_ from: String, _ to: String) -> CoverageItem {
        CoverageItem(.transition(from, to), name: from + CoverageKey.arrow + to)
    }

    /// `110 PASSWORD_EXPIRED_WHILE_UPDATING`, `getPassword`, `getUser → getPassword`.
    public var label: String { code.map { "\($0) \(name)" } ?? name }

    /// The two ends of a transition.
    public var transition: (from: String, to: String)? {
        guard key.kind == CoverageKey.transitionKind, let arrow = key.id.firstRange(of: CoverageKey.arrow) else { return nil }
        return (String(key.id[..<arrow.lowerBound]), String(key.id[arrow.upperBound...]))
    }
}

/// Everything coverage lists for one SDK, in the order shown: its callbacks, the kinds of
/// code its outcomes carry, its own extras (screens, policy rules), and the transitions
/// between callbacks that its docs page describes.
public struct CoverageModel: Sendable {
    public let sdk: SDKID
    public let items: [CoverageItem]
    /// Items the catalog explains but credsh's simulation never produces (a mode it does
    /// not simulate, an error its app always prevents): listed, but not counted as missed.
    public let unreachable: Set<CoverageKey>
    /// Its kinds of item, in the order listed: what a coverage file may name for this SDK.
    public let kinds: [String]

    /// `codeKinds` picks which of the catalog's codes outcomes can carry, in the order
    /// listed (a catalog also explains policy keys and behaviours that no outcome names).
    /// `transitions` lists, for each step, the steps that may follow it.
    init(sdk: SDKID, codeKinds: [String], extras: [CoverageItem] = [], unreachable: [CoverageKey] = [],
         transitions: [(String, [String])]) {
        self.sdk = sdk
        let catalog = sdk.catalog
        self.unreachable = Set(unreachable)
        var items = catalog.events.map { CoverageItem.event($0.name) }
        for kind in codeKinds {
            items += catalog.codes.filter { $0.kind == kind }.map(CoverageItem.init)
        }
        items += extras
        for (from, next) in transitions {
            items += next.map { CoverageItem.transition(from, $0) }
        }
        self.items = items
        var kinds = [CoverageKey.eventKind] + codeKinds
        for kind in extras.map(\.key.kind) + [CoverageKey.transitionKind] where !kinds.contains(kind) { kinds.append(kind) }
        self.kinds = kinds
    }
}

/// What one outcome exercised: the items it hit, and the step it is in the SDK's
/// transitions (nil for an outcome that is no step: a call, a note, an event outside
/// the flows).
public struct OutcomeCoverage: Sendable {
    public var keys: [CoverageKey]
    public var step: String?

    public init(_ keys: [CoverageKey] = [], step: String? = nil) {
        self.keys = keys
        self.step = step
    }

    public static let none = OutcomeCoverage()
}

/// How often a run hit each item, by SDK: a value that merges by adding, so scripts run
/// in any order, on any number of threads, add up to the same tally.
public struct CoverageTally: Equatable, Sendable {
    public private(set) var counts: [SDKID: [CoverageKey: Int]] = [:]

    public init() {}

    public mutating func add(_ key: CoverageKey, sdk: SDKID, count: Int = 1) {
        counts[sdk, default: [:]][key, default: 0] += count
    }

    public mutating func merge(_ other: CoverageTally) {
        for (sdk, hits) in other.counts {
            for (key, count) in hits { add(key, sdk: sdk, count: count) }
        }
    }

    public func hits(_ key: CoverageKey, sdk: SDKID) -> Int { counts[sdk]?[key] ?? 0 }
}

/// Counts what a run hits, outcome by outcome: a subscriber of the run's events
/// (`evaluator.events.subscribe`), so a plain run, which has none, does no work for coverage.
public final class CoverageRecorder: RunEventSubscriber {
    public private(set) var tally = CoverageTally()
    private var sequence = CoverageSequence()

    public init() {}

    /// Counts what each outcome a command produced hits, under the SDK it came from.
    public func receive(_ event: RunEvent) {
        guard case .output(.outcome(let outcome, let sdk), _) = event else { return }
        sequence.count(outcome, sdk: sdk, into: &tally)
    }
}

/// One run's (or one app's) order of steps: counts what each outcome hits, and the
/// transition from the step before it of the same SDK. Each SDK keeps its own flow
/// while another is active, so a transition never spans two SDKs.
public struct CoverageSequence: Sendable {
    private var lastStep: [SDKID: String] = [:]

    public init() {}

    /// Counts `outcome`'s items into `tally`; returns the transition it made, if any, with
    /// the codes its second callback carried (the other items it hit).
    @discardableResult
    public mutating func count(_ outcome: Outcome, sdk: SDKID, into tally: inout CoverageTally) -> (transition: CoverageKey, codes: [CoverageKey])? {
        guard let flow = SDKFlows.flow(for: sdk) else { return nil }
        let hit = flow.coverage(of: outcome)
        for key in hit.keys { tally.add(key, sdk: sdk) }
        guard let step = hit.step else { return nil }
        defer { lastStep[sdk] = step }
        guard let previous = lastStep[sdk] else { return nil }
        let transition = CoverageKey.transition(previous, step)
        tally.add(transition, sdk: sdk)
        return (transition, hit.keys.filter { $0.kind != CoverageKey.eventKind })
    }
}

/// One SDK's part of a coverage report.
public struct SDKCoverage: Sendable {
    public let sdk: SDKID
    public let lines: [CoverageLine]

    /// Its lines in runs of one kind, in order, as the reports show them under a heading each.
    public var kinds: [(kind: String, lines: ArraySlice<CoverageLine>)] {
        var runs: [(kind: String, lines: ArraySlice<CoverageLine>)] = []
        var start = lines.startIndex
        while start < lines.endIndex {
            let kind = lines[start].item.key.kind
            let end = lines[start...].firstIndex { $0.item.key.kind != kind } ?? lines.endIndex
            runs.append((kind, lines[start..<end]))
            start = end
        }
        return runs
    }

    /// The items a suite could hit, and how many of them it did.
    public var reachableCount: Int { lines.count { $0.listed && $0.reachable } }
    public var reachableHit: Int { lines.count { $0.listed && $0.reachable && $0.hits > 0 } }
}

public struct CoverageLine: Sendable {
    public let item: CoverageItem
    public let hits: Int
    /// False for an item hit that the SDK's model does not list.
    public let listed: Bool
    /// False for an item credsh's simulation never produces.
    public let reachable: Bool
}
