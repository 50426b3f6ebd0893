#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredScript

/// `--step`: before each command of a script, shows it and waits for Enter, so a class can
/// follow one command at a time. Expectations and `let` lines show without a pause (they
/// check or bind; nothing happens). Ctrl-D runs the rest without pausing; Ctrl-C stops.
/// It reads standard input, which must be a terminal (Launcher checks).
final class StepPacer {
    private let table: CommandTable
    private var paused = false
    private var finished = false

    init(table: CommandTable = .standard) { self.table = table }

    static let hint = "--step: Enter runs the command shown; Ctrl-D runs the rest without stopping; Ctrl-C stops.\n"

    func pause(before command: String, shown: String, sdk: String, streams: StandardStreams) {
        // The echo masks secret arguments; raw request parameters named like secrets too.
        let line = shown.replacingFirst(command, with: SequenceDiagram.Recorder.maskingSecretPairs(command, sdk: sdk))
        guard !finished, table.isStep(echoed: command) else {
            streams.write(line)
            return
        }
        if !paused {
            paused = true
            streams.writeError(Self.hint)
        }
        // The command without its newline: the Enter the user types ends the line.
        streams.write(String(line.dropLast()) + " ")
        streams.flush()
        if readLine(strippingNewline: true) == nil {
            finished = true
            streams.write("\n")
        }
    }
}

extension String {
    /// This text with the first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, target != replacement, let range = firstRange(of: target) else { return self }
        return self[..<range.lowerBound] + replacement + self[range.upperBound...]
    }
}
