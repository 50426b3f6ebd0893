import CredLanguage
import CredSimulator

/// What one run met, or several added up: the tally of docs/coverage.md's items, and for
/// each transition the codes its second callback carried (the picture's edge labels).
/// `credsh serve --coverage` and `GET /__credsh/coverage` write it, `credsh coverage merge`
/// reads and adds it (docs/coverage.md, "Coverage of an app").
public struct CoverageRun: Equatable, Sendable {
    public var tally = CoverageTally()
    /// By SDK, by transition: the codes met on it (`status code 102`, a screen) and how often.
    public private(set) var edgeCodes: [SDKID: [CoverageKey: [CoverageKey: Int]]] = [:]
    /// How many runs were added up: a server's, or a `credsh test --coverage` file, is one.
    public var runs = 1

    /// The most one item counts: a sum past it stays at it, so adding files never overflows.
    public static let maximumHits = 1_000_000_000_000_000

    public init(tally: CoverageTally = CoverageTally(), runs: Int = 1) {
        self.tally = tally
        self.runs = runs
    }

    /// Counts one met transition's codes.
    public mutating func addEdge(_ transition: CoverageKey, codes: [CoverageKey], sdk: SDKID, count: Int = 1) {
        for code in codes where count > 0 {
            let now = edgeCodes[sdk]?[transition]?[code] ?? 0
            edgeCodes[sdk, default: [:]][transition, default: [:]][code] = Self.sum(now, count)
        }
    }

    /// Adds `count` hits of `key`, saturating at `maximumHits`.
    public mutating func add(_ key: CoverageKey, sdk: SDKID, count: Int) {
        guard count > 0 else { return }
        let now = tally.hits(key, sdk: sdk)
        tally.add(key, sdk: sdk, count: Self.sum(now, count) - now)
    }

    public mutating func merge(_ other: CoverageRun) {
        for (sdk, hits) in other.tally.counts {
            for (key, count) in hits { add(key, sdk: sdk, count: count) }
        }
        for (sdk, edges) in other.edgeCodes {
            for (transition, codes) in edges {
                for (code, count) in codes { addEdge(transition, codes: [code], sdk: sdk, count: count) }
            }
        }
        runs = Self.sum(runs, other.runs)
    }

    static func sum(_ a: Int, _ b: Int) -> Int { min(maximumHits, a + min(b, maximumHits)) }

    /// Each SDK's items with their hits (FlowCoverage.report).
    public var report: [SDKCoverage] { FlowCoverage.report(tally) }
}

/// The JSON of a run's coverage, one document:
/// `{"credshCoverage":1,"runs":N,"totals":{…},"sdks":[{"sdk":…,"used":…,"items":…,"met":…}],"items":[…]}`.
/// Each item names its SDK, its kind (docs/coverage.md's), the item, and its hits; the
/// totals count only items credsh can produce, in the SDKs the runs used (met at least once).
public enum CoverageDocument {
    public static let version = 1

    /// The items a gate counts: listed, produced by credsh, of an SDK the runs used.
    public static func counted(_ report: [SDKCoverage]) -> (items: Int, met: Int) {
        report.filter(\.used).reduce((0, 0)) { ($0.0 + $1.reachableCount, $0.1 + $1.reachableHit) }
    }

    public static func json(_ run: CoverageRun) -> JSONValue {
        let report = run.report
        let totals = counted(report)
        var items: [JSONValue] = []
        for sdk in report {
            let edges = run.edgeCodes[sdk.sdk] ?? [:]
            for line in sdk.lines {
                var fields = Self.fields(line, sdk: sdk.sdk, kindKey: "kind")
                if let codes = edges[line.item.key], !codes.isEmpty {
                    let sorted = codes.sorted { ($0.key.kind, $0.key.id) < ($1.key.kind, $1.key.id) }
                    fields.append(("codes", .array(sorted.map {
                        .object([("kind", .string($0.key.kind)), ("item", .string($0.key.id)), ("hits", .int($0.value))])
                    })))
                }
                items.append(.object(fields))
            }
        }
        let sdks: [JSONValue] = report.map {
            .object([("sdk", .string($0.sdk.name)), ("used", .bool($0.used)),
                     ("items", .int($0.reachableCount)), ("met", .int($0.reachableHit))])
        }
        return .object([
            ("credshCoverage", .int(version)), ("runs", .int(run.runs)),
            ("totals", .object([("items", .int(totals.items)), ("met", .int(totals.met))])),
            ("sdks", .array(sdks)), ("items", .array(items)),
        ])
    }

    /// One item's members: its kind (under `kindKey`: this document's `kind`, or the
    /// `coverage` of `credsh test --coverage --format json`), SDK, item, code or name or
    /// the two ends of a transition, hits, and whether it is listed and produced.
    public static func fields(_ line: CoverageLine, sdk: SDKID, kindKey: String) -> [(String, JSONValue)] {
        var fields: [(String, JSONValue)] = [(kindKey, .string(line.item.key.kind)), ("sdk", .string(sdk.name)), ("item", .string(line.item.key.id))]
        if let code = line.item.code { fields.append(("code", .int(code))) }
        if let (from, to) = line.item.transition {
            fields += [("from", .string(from)), ("to", .string(to))]
        } else {
            fields.append(("name", .string(line.item.name)))
        }
        return fields + [("hits", .int(line.hits)), ("listed", .bool(line.listed)), ("reachable", .bool(line.reachable))]
    }

    /// The document as text, one item a line, so two runs' files diff item by item.
    public static func text(_ run: CoverageRun) -> String {
        guard case .object(let members) = json(run) else { return "" }
        var out = "{"
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { out += "," }
            JSONValue.writeString(key, to: &out)
            out += ":"
            guard key == "items", case .array(let items) = value else {
                value.write(to: &out)
                continue
            }
            out += "[\n"
            for (number, item) in items.enumerated() {
                item.write(to: &out)
                out += number == items.count - 1 ? "\n" : ",\n"
            }
            out += "]"
        }
        return out + "}\n"
    }

    /// Why a file could not be read as coverage; `message` names the file and, for JSON
    /// Lines, the line.
    public struct ReadError: Error, Sendable {
        public let message: String
    }

    /// Reads a file of either kind: this document, or the JSON Lines of `credsh test
    /// --coverage --format json` (its scripts' and totals' objects are passed over, each
    /// item is an object with `coverage`, its kind). `name` is the file's, for messages.
    public static func read(_ text: String, name: String) throws(ReadError) -> CoverageRun {
        let whole: Result<JSONValue, JSONParseError>
        do throws(JSONParseError) { whole = .success(try JSONValue.parse(text)) } catch { whole = .failure(error) }
        switch whole {
        case .success(let value) where value["credshCoverage"] != nil:
            return try readDocument(value, name: name)
        case .failure(let error) where isDocument(text):
            // A document spans lines: read line by line, its first line is cut short
            // ("found the end"), whatever the fault and wherever it is.
            let fault = CoverageParseFault(error, in: text)
            throw ReadError(message: "\(name):\(fault.line):\(fault.column): \(fault.description)")
        default:
            break
        }
        var run = CoverageRun()
        var found = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            let place = "\(name):\(index + 1)"
            let value: JSONValue
            let lineText = String(line)
            do throws(JSONParseError) { value = try JSONValue.parse(lineText) } catch {
                let fault = CoverageParseFault(error, in: lineText)
                throw ReadError(message: "\(place):\(fault.column): \(fault.description)")
            }
            guard case .object = value else { throw ReadError(message: "\(place): not a JSON object") }
            guard value["coverage"] != nil else { continue }
            try add(value, to: &run, place: place)
            found = true
        }
        guard found else {
            throw ReadError(message: "\(name): no coverage items in it; a coverage file is what credsh serve --coverage or credsh test --coverage --format json writes")
        }
        return run
    }

    /// Whether a text that is not one JSON value was meant as this document rather than
    /// JSON Lines: its first line is not a value alone, or is the document's opening.
    private static func isDocument(_ text: String) -> Bool {
        guard let first = text.split(separator: "\n").first(where: { $0.contains { !$0.isWhitespace } }) else { return true }
        guard let value = try? JSONValue.parse(String(first)) else { return true }
        return value["credshCoverage"] != nil
    }

    private static func readDocument(_ whole: JSONValue, name: String) throws(ReadError) -> CoverageRun {
        let version = whole["credshCoverage"] ?? .null
        guard version == .int(Self.version) else {
            throw ReadError(message: "\(name): a coverage file of version \(version.serialized); this credsh reads version \(Self.version)")
        }
        guard case .array(let items)? = whole["items"] else { throw ReadError(message: "\(name): no \"items\" array") }
        var run = CoverageRun()
        if let runs = whole["runs"] {
            guard case .int(let count) = runs, (0...CoverageRun.maximumHits).contains(count) else {
                throw ReadError(message: "\(name): \"runs\" is not a whole number from 0 to \(CoverageRun.maximumHits)")
            }
            run.runs = count
        }
        // The summary is written from the items and read back from them, but an SDK it
        // names must be one credsh has, as an item's must.
        if let sdks = whole["sdks"] {
            guard case .array(let list) = sdks else { throw ReadError(message: "\(name): \"sdks\" is not an array") }
            for (index, entry) in list.enumerated() {
                let place = "\(name): sdks \(index + 1)"
                guard case .object = entry else { throw ReadError(message: "\(place): not a JSON object") }
                _ = try sdk(entry, place: place)
            }
        }
        for (index, item) in items.enumerated() {
            try add(item, to: &run, place: "\(name): item \(index + 1)")
        }
        // No run, yet something met: the sum's runs would undercount what met it.
        let met = run.tally.counts.values.reduce(0) { $0 + $1.values.count { $0 > 0 } }
        if run.runs == 0, met > 0 {
            throw ReadError(message: "\(name): \"runs\" is 0, yet \(met) item\(met == 1 ? " was" : "s were") met; the runs that met them count at least 1")
        }
        return run
    }

    /// The SDK an item or a summary entry names (`sdk`), one credsh has.
    private static func sdk(_ entry: JSONValue, place: String) throws(ReadError) -> SDKID {
        guard case .string(let name)? = entry["sdk"], !name.isEmpty else { throw ReadError(message: "\(place): \"sdk\" is not a text") }
        guard let sdk = SDKID(named: name) else {
            throw ReadError(message: "\(place): no SDK '\(name)'; credsh has \(SDKID.all.map(\.name).joined(separator: ", "))")
        }
        return sdk
    }

    /// `kind` as one of `sdk`'s kinds of item (docs/coverage.md, "The items"): an item of
    /// another kind would count nowhere, and a file that has one is not credsh's.
    private static func kind(_ kind: String, of sdk: SDKID, place: String) throws(ReadError) -> String {
        let kinds = FlowCoverage.models.first { $0.sdk == sdk }?.kinds ?? []
        guard kinds.contains(kind) else {
            throw ReadError(message: "\(place): \(sdk.name) has no kind of item '\(kind)'; its kinds are \(kinds.joined(separator: ", "))")
        }
        return kind
    }

    private static func add(_ item: JSONValue, to run: inout CoverageRun, place: String) throws(ReadError) {
        func text(_ key: String) throws(ReadError) -> String {
            guard case .string(let value)? = item[key], !value.isEmpty else {
                throw ReadError(message: "\(place): \"\(key)\" is not a text")
            }
            return value
        }
        guard case .object = item else { throw ReadError(message: "\(place): not a JSON object") }
        let sdk = try sdk(item, place: place)
        let kind = try kind(item["kind"] == nil ? try text("coverage") : try text("kind"), of: sdk, place: place)
        let key = CoverageKey(kind, try text("item"))
        guard case .int(let hits)? = item["hits"], (0...CoverageRun.maximumHits).contains(hits) else {
            throw ReadError(message: "\(place): \"hits\" is not a whole number from 0 to \(CoverageRun.maximumHits)")
        }
        run.add(key, sdk: sdk, count: hits)
        guard let codes = item["codes"] else { return }
        guard case .array(let list) = codes else { throw ReadError(message: "\(place): \"codes\" is not an array") }
        for code in list {
            guard case .string(let kind)? = code["kind"], case .string(let id)? = code["item"],
                  case .int(let count)? = code["hits"], (0...CoverageRun.maximumHits).contains(count) else {
                throw ReadError(message: "\(place): each of \"codes\" is {\"kind\":…,\"item\":…,\"hits\":N}")
            }
            run.addEdge(key, codes: [CoverageKey(try Self.kind(kind, of: sdk, place: place), id)], sdk: sdk, count: count)
        }
    }
}

extension SDKCoverage {
    /// Whether the runs met anything of this SDK: an app that never calls it is not
    /// counted as missing all of it.
    public var used: Bool { lines.contains { $0.hits > 0 } }
}
