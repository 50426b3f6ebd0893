import CredLanguage
import CredSimulator

/// A device's journal as a sequence diagram (docs/double.md, "The journal as a script"):
/// the journal's other rendering, beside JournalScript, a `call …` line per call and the
/// events that came back, as the double's `GET /__credsh/journal?format=svg` draws it.
/// It masks as JournalScript does, field by field, never the picture as a whole: each
/// argument's texts and each outcome's (an event's flagged fields by their flag,
/// Redactor.outcome), and the device's name; numbers are drawn as they are.
public enum JournalPicture {
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
