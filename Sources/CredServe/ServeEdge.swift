import CredScript
import CredSimulator

/// The server's one output edge (docs/development.md, "Secrets at the edge"): every answer
/// and every log line of `credsh serve` passes here, and nothing else in CredServe applies
/// a mask. The data says what it carries: an answer how it may leave (WireResponse.Leaving)
/// and the secrets it quotes, a log entry the secrets its request carries; the edge hides
/// those with the run's ledger, the control token among them (SecretLedger.withheld).
/// Answers and the log are read by programs and other people, so secrets are masked here
/// whether or not the run shows them (`secrets shown`, docs/teaching.md).
struct ServeEdge: Sendable {
    let ledger: SecretLedger

    /// The run's secrets, whatever `shown` says.
    private var redactor: Redactor { Redactor(ledger, shown: false) }

    /// Only the values never shown, byte for byte: what the simulated server's own answer
    /// loses (the control token echoed in TRACE or quoted by an error page).
    private var withheld: Redactor { Redactor(known: KnownSecrets()).carrying(ledger.withheld) }

    /// An answer as it leaves: by what it says of itself (`Leaving`); its header values
    /// lose the values never shown. A drawing is passed as it is drawn, off the turn.
    func answer(_ response: WireResponse) -> WireResponse {
        var shown = response
        if let drawing = response.drawing {
            shown.drawing = { self.answer(drawing()) }
            return shown
        }
        let withheld = self.withheld
        switch response.leaving {
        case .asMade:
            guard !withheld.passesAll else { return response }
            if case .json(let value, nil, let negativeZeroID) = response.content {
                shown.content = .json(value, mask: { withheld.json($0) }, negativeZeroID: negativeZeroID)
            } else {
                shown.content = .bytes(withheld.bytes(response.body))
            }
        case .quoting(let carried, let echoed):
            let redactor = self.redactor.carrying(carried)
            guard !redactor.passesAll else { return response }
            if case .json(let value, nil, let negativeZeroID) = response.content {
                // Keys and numbers are left, so it stays JSON; what is echoed to the client
                // exactly (its own request's id) loses only the values never shown.
                shown.content = .json(value, mask: { value in
                    guard !echoed.isEmpty, case .object(let members) = value else { return redactor.json(value) }
                    return .object(members.map { echoed.contains($0.0) ? ($0.0, withheld.json($0.1)) : ($0.0, redactor.json($0.1)) })
                }, negativeZeroID: negativeZeroID)
            } else {
                shown.content = .bytes(Array(redactor.text(String(decoding: response.body, as: UTF8.self)).utf8))
            }
        }
        if !response.headers.isEmpty, !withheld.passesAll {
            shown.headers = response.headers.map { ($0.0, String(decoding: withheld.bytes(Array($0.1.utf8)), as: UTF8.self)) }
        }
        return shown
    }

    /// A log entry as it is written: every text a client chose (path, parameter names and
    /// values, device, note) without the run's secrets and those the request carries.
    func entry(_ entry: ServeLogEntry) -> ServeLogEntry {
        let redactor = self.redactor.carrying(entry.carried)
        guard !redactor.passesAll else { return entry }
        return entry.withClientTexts(redactor.text)
    }
}
