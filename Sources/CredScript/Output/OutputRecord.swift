import CredLanguage
import CredSimulator

/// One thing a script run shows on its standard output, before it is rendered as
/// text for people or JSON Lines for `jq`.
public enum OutputRecord: Equatable, Sendable {
    /// The command about to run, secrets masked (`--echo`).
    case echo(command: String, file: String, line: Int)
    /// The comment lines directly above the command about to run (Narration), shown
    /// before its echo by `--echo`, `--step`, diagrams and the live page.
    case narration(String)
    /// An SDK call, callback, app check, or simulator note, and the SDK it came from.
    case outcome(Outcome, sdk: SDKID)
    /// A command that could not run at all (no such user, nothing pending), with the
    /// code of its kind of refusal (docs/diagnostics.md).
    case commandError(String, code: DiagnosticCode)
    /// Informational output of a command (`users`, `help`, `echo`): one line.
    case text(String)
}

/// Where a record came from: the file and line of the statement that produced it
/// (the JSON Lines output carries them as `file` and `line`).
public struct RecordOrigin: Equatable, Sendable {
    public let file: String
    public let line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }
}

/// Colour as a swappable decorator: the plain style is the identity, so whether output
/// is coloured is decided once, where the output goes, not in every renderer.
public struct Style: Sendable {
    public let enabled: Bool

    public static let plain = Style(enabled: false)
    public static let ansi = Style(enabled: true)

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func call(_ text: String) -> String { wrap(text, "36") }
    public func event(_ text: String) -> String { wrap(text, "32") }
    public func failure(_ text: String) -> String { wrap(text, "31") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func caret(_ text: String) -> String { wrap(text, "1;32") }
    public func errorLabel(_ text: String) -> String { wrap(text, "1;31") }
}
