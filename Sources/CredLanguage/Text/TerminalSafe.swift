/// Text that reaches a terminal: no control character goes out raw (an ESC in a policy's
/// `msg` must not recolour the screen, a newline in a name must not split a
/// `file:line:col:` headline, an OSC sequence from an HTTP client must not retitle the
/// teacher's window, a right-to-left override must not make a line read backwards), and
/// a message quoting a huge word quotes a piece of it.
///
/// This is the one test of what is unsafe (`isUnsafe`) and the one way to make text safe
/// (`text`, and the String methods below): the text renderers, the diagnostic formatter,
/// the serve log and the diagrams all go through it. JSON output is left to the JSON
/// encoder, which escapes what JSON must; its readers are programs.
public enum TerminalSafe {
    /// C0 controls (ESC, BEL, backspace, newline…), DEL, C1 controls (CSI, OSC as single
    /// characters) and the bidirectional controls (embeddings, overrides, isolates, marks).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// The text with every unsafe character written as an escape: `\n`, `\u{1B}`, `\u{202E}`.
    public static func text(_ text: String) -> String { text.escapingControls }

    /// A character of a source line as a diagnostic quotes it (DiagnosticFormatter): a tab
    /// as it is (the caret's line keeps it, so the caret stays under its column), any other
    /// unsafe character as its escape, as every message writes it.
    package static func quotedInLine(_ scalar: Unicode.Scalar) -> String {
        scalar == "\t" || !isUnsafe(scalar) ? String(scalar) : escape(scalar)
    }

    /// One unsafe character's escape.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }
}

extension String {
    /// Control characters written as escapes: `\n`, `\t`, `\r`, `\u{1B}`.
    public var escapingControls: String {
        guard mayHoldControls(keepingNewlines: false), unicodeScalars.contains(where: TerminalSafe.isUnsafe) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if TerminalSafe.isUnsafe(scalar) { out += TerminalSafe.escape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Appends the text with its control characters escaped (newlines kept as they are
    /// when `keepingNewlines`): text without any is appended whole, with no copy of its own.
    package func appendEscapingControls(to out: inout String, keepingNewlines: Bool = false) {
        guard mayHoldControls(keepingNewlines: keepingNewlines) else {
            out += self
            return
        }
        if keepingNewlines {
            for (index, piece) in split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { out += "\n" }
                out += String(piece).escapingControls
            }
        } else {
            out += escapingControls
        }
    }

    /// False when no byte can start an unsafe character: below 0x20 (but a newline, if
    /// kept), DEL, 0xC2 (the lead byte of U+0080…U+009F), 0xD8 (of U+061C) or 0xE2 (of
    /// U+2000…U+2FFF); other characters with those lead bytes the exact check lets through.
    private func mayHoldControls(keepingNewlines: Bool) -> Bool {
        utf8.contains { byte in
            (byte < 0x20 && !(keepingNewlines && byte == UInt8(ascii: "\n"))) || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
        }
    }

    package static func isControl(_ scalar: Unicode.Scalar) -> Bool { TerminalSafe.isUnsafe(scalar) }

    /// Every run of more than `limit` scalars without a space cut to its start and an
    /// ellipsis. Scalars, not characters: a 10 MB word is cut without segmenting it first.
    package func shorteningWords(to limit: Int = 80) -> String {
        guard utf8.count > limit else { return self }
        var out = String.UnicodeScalarView()
        var run = 0
        for scalar in unicodeScalars {
            if scalar == " " {
                run = 0
            } else {
                run += 1
                if run == limit + 1 { out.append("…") }
                if run > limit { continue }
            }
            out.append(scalar)
        }
        return String(out)
    }
}
