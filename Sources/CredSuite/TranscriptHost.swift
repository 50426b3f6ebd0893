import CredLanguage
import CredScript
import CredSimulator

/// The host of one run of `credsh test`: its records rendered as the text `credsh --echo`
/// prints, into memory (the transcript to compare), or not at all when there is none to
/// compare; its diagnostics printed nowhere, since the report is made of them
/// (FailureCollector follows the run's events for that).
package final class TranscriptHost: ScriptHost {
    package let streams: StandardStreams
    private let writer = TextRecordWriter(style: .plain)
    /// Whether the records are rendered at all.
    private let transcribes: Bool
    private let files = ScriptFiles()
    /// Each record is rendered once into this one buffer.
    private var line = ""

    package init(capturingUpTo limit: Int, transcribes: Bool) {
        streams = StandardStreams(capturingUpTo: limit)
        self.transcribes = transcribes
    }

    package func emit(_ record: OutputRecord, from origin: RecordOrigin?) {
        guard transcribes else { return }
        line.removeAll(keepingCapacity: true)
        writer.write(record, from: origin, to: &line)
        streams.write(line)
    }

    package func report(_ diagnostic: Diagnostic, source: SourceFile?) {}

    package func loadScript(_ path: String, includingFile: String) throws(HostError) -> SourceFile {
        try files.loadScript(path, includingFile: includingFile)
    }

    package func beginRecording(_ path: String, text: String, overwrite: Bool) throws(HostError) {
        try files.beginRecording(path, text: text, overwrite: overwrite)
    }

    package func appendRecording(_ text: String) { _ = files.appendRecording(text) }
    package func endRecording() { files.endRecording() }
    package func writePicture(_ path: String, text: String) throws(HostError) { try files.writePicture(path, text: text) }
    package func setCompact(_ on: Bool) -> Bool { writer.setCompact(on) }

    package func classroom(_ request: ClassroomRequest) throws(HostError) -> [String] {
        throw HostError("live and secrets work at the credsh prompt; for a script, run: credsh --live [--show-secrets] [--step] SCRIPT")
    }
}

/// The failures a run showed, for `credsh test`'s report: the first `limit` kept with the
/// SDK active when each happened (its source line is masked by that SDK's reading); the
/// rest only counted, so memory stays bounded however often a script fails.
package final class FailureCollector: RunEventSubscriber {
    package static let limit = 100
    package private(set) var collected: [(Diagnostic, SourceFile?, sdk: SDKID)] = []
    package private(set) var uncollected = 0
    private let activeSDK: () -> SDKID

    package init(activeSDK: @escaping () -> SDKID) { self.activeSDK = activeSDK }

    package func receiveOutput(_ record: OutputRecord, origin: RecordOrigin?) {}

    package func receive(_ event: RunEvent) {
        guard let (diagnostic, source) = event.shownDiagnostic else { return }
        if collected.count < Self.limit { collected.append((diagnostic, source, activeSDK())) } else { uncollected += 1 }
    }
}
