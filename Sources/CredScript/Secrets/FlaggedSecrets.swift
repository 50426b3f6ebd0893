import CredSimulator

/// What an outcome carries as secret by its own flags (`SDKEvent.secretValues`, from the
/// catalog's `FieldSpec.secret`, decided where the event was made): the outcome with each
/// flagged field written `***`, the flag dropped, and the values to hide wherever else the
/// writing sends them. Every writer's edge applies it (Redactor.outcome; the served
/// double's answers, which mask a whole answer at once: docs/development.md, "Secrets at the edge").
extension Outcome {
    /// Nil for an outcome that flags nothing.
    public var flaggedSecrets: (outcome: Outcome, carries: [String])? {
        guard case .event(let event) = self, !event.secretValues.isEmpty else { return nil }
        let fields = event.fields.map { field in event.secretValue(field.0) == nil ? field : (field.0, FieldSpec.hidden) }
        // A real client's secret is hidden wherever the event sends it; the exemption is
        // the rule for a script's own literals (carriedElsewhere).
        let carries = event.secretValues.map(\.1).filter { event.fromClient || Self.carriedElsewhere($0, in: fields) }
        return (.event(event.with(fields)), carries)
    }

    /// Whether a flagged value is hidden in the event's other texts too: yes, unless the
    /// event also sends it whole where nothing is secret and it is not shaped like a
    /// secret, the rule a file's literals follow (SecretReading): a new password equal to
    /// the e-mail leaves `changepassword=ann1@example.com`, a password sent again as
    /// `x=Wrong9Pass!x` is hidden there.
    private static func carriedElsewhere(_ value: String, in fields: [(String, JSONValue)]) -> Bool {
        func sends(_ json: JSONValue) -> Bool {
            switch json {
            case .string(let text): return text == value
            case .array(let items): return items.contains(where: sends)
            case .object(let members): return members.contains { sends($0.1) }
            default: return false
            }
        }
        return KnownSecrets.mayBeSecret(value) || !fields.contains { sends($0.1) }
    }
}
