import CredSimulator

/// A device's journal as a .credscript (docs/double.md, "The journal as a script"): an
/// `sdk NAME` line where the SDK changes, a `call …` line per call and, after each, the
/// events that came back as `expect events …` and one `expect event N …` per event. Run
/// after the same scenario, it makes the same calls and checks the same answers (a call
/// the SDK refused at once is followed by `expect error CODE`, as it failed then). The
/// journal never holds a plain secret, so the script holds none either: each secret field
/// is a variable (`password=$password1`) the header names, bound by `--secret NAME`
/// (from the environment) or `--var NAME=VALUE` when it is replayed or checked.
public enum JournalScript {
    /// The script for `device`'s journal in `simulation` (the wire's `GET /__credsh/journal`).
    public static func script(of simulation: Simulation, device: DeviceID) -> String {
        lines(of: simulation.journal(of: device), device: device).joined(separator: "\n") + "\n"
    }

    public static func lines(of journal: DeviceJournal, device: DeviceID) -> [String] {
        let renderer = TextRenderer()  // for its field glosses (`challengeMode=0 (NAME)`)
        var body: [String] = []
        var variables: [String] = []
        var counters: [String: Int] = [:]
        var sdk: SDKID?
        for entry in journal.entries {
            if entry.sdk != sdk {
                body.append("sdk \(entry.sdk.name)")
                sdk = entry.sdk
            }
            var line = "call \(entry.method)"
            for (name, value) in entry.arguments {
                if entry.secretFields.contains(name) {
                    counters[name, default: 0] += 1
                    let variable = "\(name)\(counters[name]!)"
                    variables.append(variable)
                    line += " \(name)=$\(variable)"
                } else {
                    line += " \(name)="
                    FieldText.write(value, asLanguage: true, to: &line)
                }
            }
            body.append(line)
            // A call the SDK refused at once fails the line, as it did when it was made.
            if let failure = Evaluator.failure(in: entry.outcomes) {
                body.append("expect error " + (failure.code.map(String.init) ?? FieldText.quote(failure.message)))
            }
            let catalog = entry.sdk.catalog
            let events = entry.events
            body.append((["expect events"] + events.map(\.name)).joined(separator: " "))
            for (index, event) in events.enumerated() {
                // A secret field is shown `***` in every record: nothing to pin down.
                let spec = catalog.event(event.name)
                let shown = SDKEvent(event.name, event.fields.filter { spec?.field($0.0)?.secret != true })
                // Each text as the language reads it back (a control character as `\u{7}`).
                var line = "expect event \(index + 1) " + shown.name
                renderer.writeFields(shown.fields, sdk: entry.sdk, asLanguage: true, to: &line)
                body.append(line)
            }
        }
        var header = ["# The calls device \(device.name) made, as credsh journalled them (docs/double.md, \"The journal as a script\").",
                      "# Replay it after the same scenario (the same setup lines before it)."]
        if variables.isEmpty {
            header.append("# It holds no secret.")
        } else {
            header.append("# Its secrets are variables: bind each, e.g. credsh test "
                          + variables.map { "--secret \($0)" }.joined(separator: " ") + " FILE (values from the environment).")
        }
        if journal.overflowed {
            header.append("# The journal overflowed: \(journal.dropped) later call\(journal.dropped == 1 ? " is" : "s are") not in it.")
        }
        if journal.entries.isEmpty { header.append("# The device made no call since it first called or since journal clear.") }
        return header + body
    }
}

extension Simulation {
    /// A device's journal as a .credscript (JournalScript): what `journal show` prints and
    /// the wire's `GET /__credsh/journal?device=ID` answers.
    public func journalScript(device: DeviceID) -> String { JournalScript.script(of: self, device: device) }
}
