import CredLanguage
import CredSimulator

/// The run's one account of its secrets (grammar.md, "Secrets"): which values are secrets
/// (KnownSecrets), which names hold one (SecretFlow), and whether they are shown. It is
/// owned by the run's event publisher (RunEvents), which masks every event with it before
/// any subscriber sees it; the prompt, its history file, the served log, reports, pictures
/// and the editor ask it, and nothing else, what to hide.
///
/// It learns from three places: a reading of a script (SecretReading: the facts found
/// before any of it runs), a value bound to a name that holds a secret as the run goes,
/// and values a served SDK issued (tokens).
///
/// `--show-secrets` and `secrets shown|masked` (docs/teaching.md): a class
/// practising with made-up passwords sees the secrets typed in the session where people
/// watch (the echo, `--step`, text output, diagrams, the live page), so `update *** *** ***`
/// reads `update Passw0rd! N3w-Passw0rd N3w-Passw0rd!` and the mismatch is visible.
/// That is `shown`, one switch on the path of the records people read: the echo is written
/// unmasked and the records skip the known secrets. Every other path masks as always,
/// because it does not pass there: the history file (SecretMasker), recordings
/// (ScriptWriter), the served log and answers (ServeEdge), diagnostics, and JSON Lines, which refuse
/// the switch. The simulated SDKs mask their own call arguments (`setPassword
/// password=***`) as a real SDK's log does; those stay masked.
public struct SecretLedger: Sendable {
    /// The line printed wherever secrets are shown, so nobody mistakes the output for a
    /// masked one (a screenshot of it included).
    public static let shownBanner = "⚠ secrets shown: the passwords and PINs typed in this session appear in plain text (practice secrets only; 'secrets masked' hides them)"

    /// Every secret value seen so far.
    public var values = KnownSecrets()
    /// Which names hold secrets, from every source read so far.
    private(set) var flow = SecretFlow()
    /// `--show-secrets`, `secrets shown`: the records people read skip `values`, and the
    /// echo is unmasked.
    public var shown = false
    /// The values never shown, whatever `shown` says, and found percent-encoded too: the
    /// control token of `credsh serve --control` (docs/serving.md, "The control API"),
    /// which is the server's and no practice secret. They are in `values` as well.
    public private(set) var withheld = KnownSecrets()

    public init() {}

    /// Learns what a reading found (SecretReading): its flow is the ledger's from now on
    /// (it started from it), and its values are secrets.
    package mutating func learn(_ facts: SecretFacts) {
        flow = facts.flow
        for value in facts.values { values.add(value) }
    }

    /// Takes over what another run's ledger knows (the values and the names), keeping its
    /// own `shown`: `credsh test` reads a file once for all its tests, and a control run
    /// of `credsh serve` starts from the live session's secrets and hands them back.
    public mutating func adopt(_ other: SecretLedger) {
        let kept = withheld
        values = other.values
        flow = other.flow
        withheld = other.withheld
        // A value never shown stays so, whichever ledger learnt it.
        for value in kept.values where !withheld.knows(value) { withhold(value) }
    }

    /// A value never shown (`withheld`): masked wherever the run's secrets are, under
    /// `secrets shown` too, and in any spelling a URL decodes to it.
    public mutating func withhold(_ value: String) {
        values.add(value, percentEncodedToo: true)
        withheld.add(value, percentEncodedToo: true)
    }

    /// A value that is a secret, however it came to be bound (a `let`, a procedure's
    /// parameter, a `for` variable, a capture, `--secret`, an issued token). With it, the
    /// spellings a command prints it in when it reads it as a number or a duration:
    /// `repeat $pin`'s count 2000000 for 02000000, `maxAge=$d` as 1d1h1m1s for 90061s,
    /// and for 90061 alone, which a duration takes as seconds (grammar.md, "Secrets").
    public mutating func add(_ value: String) { values.addAsRead(value) }

    /// Whether `name` holds a secret, by what the sources read so far say of it.
    package func holdsSecret(_ name: String) -> Bool { flow.holdsSecret(name) }


    /// `text` with each known secret as `***`, shown or not: what diagnostics, reports and
    /// logs carry.
    public func masked(_ text: String) -> String { values.redact(text) }

    /// What the history file keeps of an entry typed at the prompt (SecretMasker.maskTyped),
    /// from the prompt's reading of it. While the SDK waits for a secret (PromptState), an
    /// entry that does not parse is a password typed alone: only `***` is kept.
    public func historyEntry(_ entry: String, read script: ParsedScript, simulation: Simulation,
                             table: CommandTable) -> String {
        // By place and by shape, then by the values this session knows (a PIN echoed where
        // nothing is secret): the file outlives the session.
        values.redact(SecretMasker.maskTyped(entry, read: script, challengePending: simulation.active.challengePending, table: table,
                                             users: HistoryVocabulary.users(of: simulation)))
    }

    /// Text as the history file keeps it, its secrets masked by their places
    /// (SecretMasker.mask): what the prompt says of a block it dropped.
    public func historyText(_ text: String, table: CommandTable, sdk: SDKID) -> String {
        SecretMasker.mask(text, table: table, sdk: sdk)
    }

    /// Every `***` given where a secret goes in a line recalled from the history file,
    /// which must not be sent as it is (SecretMasker.removedSecrets).
    public func removedSecrets(in script: ParsedScript) -> [SecretMasker.RemovedSecret] {
        script.diagnostics.isEmpty ? SecretMasker.removedSecrets(in: script) : []
    }
}
