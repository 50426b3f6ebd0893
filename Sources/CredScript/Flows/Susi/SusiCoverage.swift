import CredLanguage
import CredSimulator

/// What the SUSI.AI simulation's outcomes hit, for `credsh test --coverage` (docs/coverage.md).
extension SusiFlow {
    static let coverageModel = CoverageModel(
        sdk: sdkID,
        // The password rules, the token-owner quirk and the throttle's keying are explained,
        // but no outcome says which of them was at work.
        codeKinds: ["HTTP status"],
        transitions: transitions)

    /// A request is answered, or (no network, server down) gets no answer and the next
    /// request follows it; an answer is followed by the next request (docs/susi.md).
    static let transitions: [(String, [String])] = [
        ("request", ["response", "request"]),
        ("response", ["request"]),
    ]

    static func coverage(of outcome: Outcome) -> OutcomeCoverage {
        guard case .event(let event) = outcome else { return .none }
        var keys = [CoverageKey.event(event.name)]
        if event.name == "response", case .int(let status)? = event["status"] { keys.append(.code("HTTP status", status)) }
        return OutcomeCoverage(keys, step: event.name)
    }
}
