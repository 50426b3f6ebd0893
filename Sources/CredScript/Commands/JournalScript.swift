import CredLanguage
import CredSimulator

/// A device's journal as a .credscript (docs/double.md, "The journal as a script"): an
/// `sdk NAME` line where the SDK changes, a `call …` line per call and, after each, the
/// events that came back as `expect events …` and one `expect event N …` per event. Run
/// after the same scenario, it makes the same calls and checks the same answers (a call
/// the SDK refused at once is followed by `expect error CODE`, as it failed then). The
/// journal never holds a plain secret, so the script holds none either: each secret field
/// is a variable (`password=$password1`) the header names, bound by `--secret NAME`
/// (from the environment) or `--var NAME=VALUE` when it is replayed or checked. So is a
/// text sent or answered in a field that is not secret when it holds a secret the run
/// knows (`userID=$userID1`: a user ID typed with a password's value), which every output
/// would show as `***`, a line that does not replay.
///
/// The script masks by field, so it is shown as it is, never masked again by value (which
/// would write `errorCode=***` where a number merely has a secret PIN's digits: a field the
/// catalog does not mark secret is no secret, as in every record and JSON answer): a secret
/// field is a variable, a text that holds a known secret is a variable, a text inside a
/// list or an object has each known secret masked (Redactor.json, strings only), and
/// so do the device's name and an error's message; numbers and booleans are written as
/// they are. The same journal is drawn as a picture by `svg`, masked the same way: the
/// journal's one writer.
public enum JournalScript {
    /// The script for `device`'s journal in `simulation` (the wire's `GET /__credsh/journal`).
    /// `secrets`: the run's known secrets (SecretLedger.values).
    public static func script(of simulation: Simulation, device: DeviceID, secrets: KnownSecrets = KnownSecrets()) -> String {
        lines(of: simulation.journal(of: device), device: device, secrets: secrets).joined(separator: "\n") + "\n"
    }

    public static func lines(of journal: DeviceJournal, device: DeviceID, secrets: KnownSecrets = KnownSecrets()) -> [String] {
        let redactor = Redactor(known: secrets)
        let renderer = TextRenderer()  // for its field glosses (`challengeMode=0 (NAME)`)
        var body: [String] = []
        var variables: [String] = []
        var counters: [String: Int] = [:]
        // Texts of fields that are not secret but hold a known secret, and their variables:
        // the same text answered in an event is the same variable.
        var held: [String: String] = [:]
        func variable(for name: String) -> String {
            counters[name, default: 0] += 1
            let variable = "\(name)\(counters[name]!)"
            variables.append(variable)
            return variable
        }
        // A list one of whose texts holds a secret (`rememberedUsers=[…]`) is a variable
        // whole, its value the list as written (`--secret rememberedUsers1='[alice,…]'`):
        // masked inside, it would be a check no replay passes.
        func heldVariable(_ name: String, _ value: JSONValue) -> String? {
            guard !secrets.isEmpty else { return nil }
            let text: String
            switch value {
            case .string(let string) where secrets.holdsSecret(string): text = string
            case .array(let items) where items.contains(where: { if case .string(let s) = $0 { secrets.holdsSecret(s) } else { false } }):
                text = FieldText.plain(value)
            default: return nil
            }
            if let known = held[text] { return known }
            let made = variable(for: name)
            held[text] = made
            return made
        }
        // A secret written in a steering run: its own variables, one per value.
        var steeringHeld: [String: String] = [:]
        func steeringVariable(_ text: String) -> String {
            if let known = steeringHeld[text] { return known }
            let made = variable(for: "secret")
            steeringHeld[text] = made
            return made
        }
        var sdk: SDKID?
        // Steering runs, each before the call it came before: the replay must run on this
        // device, as the calls did, since a run starts on `default` and may name others.
        var marks = journal.steering[...]
        // A device named with a known secret is never written: a variable stands for its
        // name, as for any text that holds one, so the journal still replays. Made when
        // first written, so the header names no variable that no line uses.
        var writtenDevice: String?
        func deviceLine() -> String {
            if let writtenDevice { return writtenDevice }
            let line = "device " + (heldVariable("device", .string(device.name)).map { "$" + $0 } ?? device.name)
            writtenDevice = line
            return line
        }
        if device != .standard, !marks.isEmpty { body.append(deviceLine()) }
        func steer(before index: Int) {
            while let mark = marks.first, mark.before <= index {
                marks.removeFirst()
                body += SteeringBlock.lines(mark.run, device: device, secrets: secrets, variable: steeringVariable)
                body.append(deviceLine())  // the replay back on the journal's device
                sdk = nil
            }
        }
        for (index, entry) in journal.entries.enumerated() {
            steer(before: index)
            if entry.sdk != sdk {
                body.append("sdk \(entry.sdk.name)")
                sdk = entry.sdk
            }
            var line = "call \(entry.method)"
            for (name, value) in entry.arguments {
                if entry.secretFields.contains(name) {
                    line += " \(name)=$\(variable(for: name))"
                } else if let variable = heldVariable(name, value) {
                    line += " \(name)=$\(variable)"
                } else {
                    line += " \(name)="
                    FieldText.write(redactor.json(value), asLanguage: true, to: &line)
                }
            }
            body.append(line)
            // A call the SDK refused at once fails the line, as it did when it was made.
            if let failure = Evaluator.failure(in: entry.outcomes) {
                body.append("expect error " + (failure.code.map(String.init) ?? FieldText.quote(redactor.text(failure.message))))
            }
            let catalog = entry.sdk.catalog
            let events = entry.events
            body.append((["expect events"] + events.map(\.name)).joined(separator: " "))
            for (index, event) in events.enumerated() {
                // A secret field is shown `***` in every record: nothing to pin down.
                let spec = catalog.event(event.name)
                let fields = event.fields.filter { spec?.field($0.0)?.secret != true }
                let heldFields = fields.compactMap { field in heldVariable(field.0, field.1).map { (field.0, $0) } }
                let shown = SDKEvent(event.name, fields.filter { field in !heldFields.contains { $0.0 == field.0 } }.map { ($0.0, redactor.json($0.1)) })
                // Each text as the language reads it back (a control character as `\u{7}`).
                var line = "expect event \(index + 1) " + shown.name
                renderer.writeFields(shown.fields, sdk: entry.sdk, asLanguage: true, to: &line)
                for (name, variable) in heldFields { line += " \(name)=$\(variable)" }
                body.append(line)
            }
        }
        steer(before: Int.max)
        var header = ["# The calls device \(redactor.text(device.name)) made, as credsh journalled them (docs/double.md, \"The journal as a script\").",
                      "# Replay it after the same scenario (the same setup lines before it)."]
        if variables.isEmpty {
            header.append("# It holds no secret.")
        } else {
            header.append("# Its secrets are variables: bind each, e.g. credsh test "
                          + variables.map { "--secret \($0)" }.joined(separator: " ") + " FILE (values from the environment).")
        }
        if journal.overflowed {
            header.append("# The journal overflowed (it keeps \(journal.fullAt ?? "\(DeviceJournal.capacity) calls")): \(journal.dropped) later call\(journal.dropped == 1 ? " is" : "s are") not in it.")
        }
        if !journal.steering.isEmpty {
            header.append("# The control runs that steered the world between its calls are in it at their place, marked steering.")
        }
        if journal.steeringDropped > 0 {
            header.append("# \(journal.steeringDropped) later steering run\(journal.steeringDropped == 1 ? " is" : "s are") not in it (over \(DeviceJournal.steeringCapacity >> 20) MiB of them): it does not replay as the app met it.")
        }
        if journal.entries.isEmpty { header.append("# The device made no call since it first called or since journal clear.") }
        return header + body
    }
}

extension JournalScript {
    /// The journal drawn instead of written (the wire's `GET /__credsh/journal?format=svg`):
    /// a `call …` line per call and the events that came back, as a sequence diagram. It
    /// masks as the script does, field by field, never the picture as a whole: each
    /// argument's texts, each outcome's (an event's flagged fields by their flag,
    /// Redactor.outcome) and the device's name; numbers are drawn as they are.
    /// `secrets`: the run's known secrets (SecretLedger.values).
    public static func svg(of simulation: Simulation, device: DeviceID, table: CommandTable, secrets: KnownSecrets = KnownSecrets()) -> String {
        let redactor = Redactor(known: secrets)
        var recorder = SequenceDiagram.Recorder(table: table)
        for entry in simulation.journal(of: device).entries {
            let arguments = entry.arguments.map { " \($0.0)=\(text(redactor.json($0.1)))" }.joined()
            recorder.record(.echo(command: "call \(entry.method)\(arguments)", file: "<journal>", line: 0), activeSDK: entry.sdk)
            for outcome in entry.outcomes { recorder.record(.outcome(redactor.outcome(outcome), sdk: entry.sdk), activeSDK: entry.sdk) }
        }
        return SVGWriter().render(recorder.diagram(title: "device \(redactor.text(device.name))"))
    }

    /// A text as it is, any other value as JSON.
    private static func text(_ value: JSONValue) -> String {
        if case .string(let text) = value { return text }
        return value.serialized
    }
}

extension Simulation {
    /// A device's journal as a .credscript (JournalScript): what `journal show` prints and
    /// the wire's `GET /__credsh/journal?device=ID` answers.
    public func journalScript(device: DeviceID, secrets: KnownSecrets = KnownSecrets()) -> String {
        JournalScript.script(of: self, device: device, secrets: secrets)
    }
}
