import CredLanguage
import CredSimulator

/// A steering run as lines of a journal's script (JournalScript; docs/double.md, "Steered
/// tests replay"): the run's lines as sent, after a comment that marks them; the journal
/// writes the `device` line that brings the replay back to its device after them, masked
/// as its header masks it. A run starts on `default` with the SDK then active, so the
/// block does too. Lines a replay must not
/// repeat are comments: the run's own calls (journalled as calls already), the journal
/// lines (`expect called`, `expect calls`, `expect no call`, `journal …`: they look at
/// devices the replay does not have), `devices forget`. A literal that is a known secret is
/// a variable (`login alice $secret1`), a quoted one spelt with escapes too
/// (`"\u{53}ecret12!"`, read as the lexer reads it); a line that holds a secret in another spelling, or a
/// control character, is left out, said so, never written.
public enum SteeringBlock {
    /// The words that start a line a replay does not repeat.
    static let notReplayed = ["call", "expect called", "expect calls", "expect no call", "journal", "devices forget"]

    /// Whether a run changes the world: one made only of blank lines, comments, `sdk` and
    /// `device` lines and lines a replay leaves out (the journal checks a test ends with)
    /// steers nothing, and is not kept, whether it passed or not.
    public static func steers(_ text: String) -> Bool {
        let choosing = ["sdk", "device"]
        return text.split(whereSeparator: \.isNewline).contains { raw in
            let trimmed = raw.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return !trimmed.isEmpty && !trimmed.hasPrefix("#") && !(notReplayed + choosing).contains { starts(trimmed, with: $0) }
        }
    }

    private static func starts(_ line: Substring, with word: String) -> Bool {
        line.hasPrefix(word) && (line.count == word.count || line.dropFirst(word.count).first.map { $0 == " " || $0 == "\t" || $0 == "\r" } == true)
    }

    /// `variable`: the variable that stands for a secret value (the same value, the same one).
    static func lines(_ run: SteeringRun, device: DeviceID, secrets: KnownSecrets, variable: (String) -> String) -> [String] {
        var lines = [run.passed
            ? "# steering: a control run between the calls (POST /__credsh/run)"
            : "# steering: a control run that failed part way; not replayed, so the replay may meet another world than the app did"]
        if device != .standard { lines.append("device default") }
        // The SDK active at its start, unless the run names one first.
        let first = run.text.split(whereSeparator: \.isNewline).lazy.map { $0.drop { $0 == " " || $0 == "\t" } }.first { !$0.isEmpty }
        if first.map({ !$0.hasPrefix("sdk ") }) ?? true { lines.append("sdk \(run.sdk.name)") }
        var previousSkipped = false
        for raw in run.text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty else { continue }
            // The script is text a terminal may show: a line with a control character
            // (a tab aside) is not written, as no line of a journal ever holds one raw.
            if line.unicodeScalars.contains(where: { $0 != "\t" && TerminalSafe.isUnsafe($0) }) {
                lines.append("# (a line left out: it holds a control character)")
                continue
            }
            guard let written = withSecretsAsVariables(line, secrets: secrets, variable: variable) else {
                lines.append("# (a line left out: it holds a secret in a spelling the journal cannot make a variable of)")
                continue
            }
            func starts(_ word: String) -> Bool { Self.starts(trimmed, with: word) }
            // An `expect error` acknowledges the line before it: left out with it.
            let skipped = !run.passed || notReplayed.contains(where: starts) || (previousSkipped && starts("expect error"))
            previousSkipped = skipped
            lines.append(skipped ? "# " + written : written)
        }
        return lines
    }

    /// The line with each word, quoted text or `name=value` value that is a known secret
    /// replaced by its variable; nil when a secret is left in it all the same.
    static func withSecretsAsVariables(_ line: String, secrets: KnownSecrets, variable: (String) -> String) -> String? {
        guard !secrets.isEmpty else { return line }
        var out = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == " " || character == "\t" {
                out.append(character)
                index = line.index(after: index)
                continue
            }
            // One word: up to a blank outside quotes.
            var end = index
            var quoted = false, escaped = false
            while end < line.endIndex {
                let c = line[end]
                if quoted {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false }
                } else if c == "\"" {
                    quoted = true
                } else if c == " " || c == "\t" {
                    break
                }
                end = line.index(after: end)
            }
            guard let word = maskedWord(String(line[index..<end]), secrets: secrets, variable: variable) else { return nil }
            out += word
            index = end
        }
        return secrets.holdsSecret(out) ? nil : out
    }

    /// The word, or its value as a variable when that is a known secret; nil when a quoted
    /// text spelt with escapes holds a secret it is not whole (`"x\u{53}ecret12!"`), which
    /// no variable stands for and no byte of the line shows.
    private static func maskedWord(_ word: String, secrets: KnownSecrets, variable: (String) -> String) -> String? {
        if let value = value(of: word) {
            if value.exact, secrets.knows(value.text) { return "$" + variable(value.text) }
            if word.hasPrefix("\""), secrets.holdsSecret(value.text) { return nil }
        }
        if let equals = word.firstIndex(of: "="), !word.hasPrefix("\"") {
            let written = String(word[word.index(after: equals)...])
            if let value = value(of: written) {
                if value.exact, secrets.knows(value.text) { return word[...equals] + "$" + variable(value.text) }
                if written.hasPrefix("\""), secrets.holdsSecret(value.text) { return nil }
            }
        }
        return word
    }

    /// A word's value: a quoted text as the lexer reads it (its escapes decoded), or a bare
    /// word. Not `exact` for a quoted text the lexer does not read whole and clean (a bad
    /// escape, no closing quote): what it spells is looked at, never made a variable.
    private static func value(of word: String) -> (text: String, exact: Bool)? {
        guard word.hasPrefix("\"") else { return word.isEmpty ? nil : (word, true) }
        guard word.contains("\\") else {
            guard word.utf8.count >= 2, word.hasSuffix("\"") else { return nil }
            return (String(word.dropFirst().dropLast()), true)
        }
        var lexer = Lexer(SourceFile(name: "", text: word))
        let token = lexer.next()
        guard case .string(let text) = token.kind else { return nil }
        return (text, token.length == word.utf8.count && word.hasSuffix("\"") && lexer.diagnostics.isEmpty)
    }
}
