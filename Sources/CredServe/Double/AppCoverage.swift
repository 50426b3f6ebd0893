import CredLanguage
import CredScript
import CredSimulator

/// What the apps met over the wire (docs/coverage.md, "Coverage of an app"): the items of
/// each SDK's coverage model, counted from the answers to the apps' own requests (`POST
/// /sdk/NAME`, the served SDK's HTTP API) and the callbacks an events stream delivered to
/// them. A control run's lines are the test's, not the app's: what they answer counts
/// nothing. It belongs to the server's run, not to the world: it lives beside the
/// simulation, so rebuilding the simulation (the double's reset) leaves it as it was.
///
/// Touched only in a request's turn in the simulation (ServeSession: one at a time, through the inbox), and after
/// serving has stopped.
final class AppCoverage {
    private(set) var run = CoverageRun()
    /// Each app's order of callbacks, by device (the served SDK's clients share one, ""),
    /// for its transitions.
    private var sequences: [String: CoverageSequence] = [:]
    /// Devices whose order is kept; past it every order starts afresh (forgotten devices'
    /// names would otherwise pile up; at most 256 are live: docs/double.md, "Bounds").
    static let sequenceLimit = 1024

    /// Counts what `outcomes` hit, met by `device`'s app, in order.
    func count(_ outcomes: some Sequence<Outcome>, sdk: SDKID, device: String) {
        if sequences[device] == nil, sequences.count >= Self.sequenceLimit { sequences = [:] }
        var sequence = sequences[device] ?? CoverageSequence()
        for outcome in outcomes {
            guard let met = sequence.count(outcome, sdk: sdk, into: &run.tally) else { continue }
            run.addEdge(met.transition, codes: met.codes, sdk: sdk)
        }
        sequences[device] = sequence
    }

    /// Every app's order of callbacks starts afresh, as each script's does, while the hits
    /// stay: for a reset of the world between tests, so that no transition joins one
    /// test's last callback to the next test's first.
    func startSequencesAfresh() { sequences = [:] }
}

// MARK: `GET /__credsh/coverage`

extension AppCoverage {
    static let path = "/__credsh/coverage"

    /// The answer: the run's coverage now (or, when nothing counts, an empty run's).
    static func answer(_ coverage: AppCoverage?) -> WireResponse {
        let text = CoverageDocument.text(coverage?.run ?? CoverageRun())
        return WireResponse(status: 200, reason: "OK", contentType: "application/json;charset=utf-8", body: Array(text.utf8))
    }

    static var operation: APIOperation {
        let counts = APISchema.object(properties: [("items", .integer), ("met", .integer)], required: ["items", "met"])
        let code = APISchema.object(properties: [("kind", .string), ("item", .string), ("hits", .integer)], required: ["kind", "item", "hits"])
        let item = APISchema.object(properties: [
            ("sdk", .string), ("kind", .string), ("item", .string), ("code", .integer), ("name", .string), ("from", .string), ("to", .string),
            ("hits", .integer), ("listed", .boolean), ("reachable", .boolean), ("codes", .array(code)),
        ], required: ["sdk", "kind", "item", "hits", "listed", "reachable"])
        let sdk = APISchema.object(properties: [("sdk", .string), ("used", .boolean), ("items", .integer), ("met", .integer)],
                                   required: ["sdk", "used", "items", "met"])
        return APIOperation(
            summary: "What the apps met so far: each SDK's coverage items with how often the answers to the apps' calls and the callbacks their event streams delivered hit them; the double's reset leaves it (docs/coverage.md, \"Coverage of an app\").",
            needsToken: true,
            responses: [APIResponse(
                status: 200, description: "The coverage document credsh serve --coverage FILE writes when it stops.", contentType: "application/json",
                schema: .object(properties: [
                    ("credshCoverage", .integer), ("runs", .integer), ("totals", counts), ("sdks", .array(sdk)), ("items", .array(item)),
                ], required: ["credshCoverage", "runs", "totals", "sdks", "items"]))])
    }
}
