/// Text that reaches a terminal: no control character goes out raw (an ESC in a policy's
/// `msg` must not recolour the screen, a newline in a name must not split a
/// `file:line:col:` headline), and a message quoting a huge word quotes a piece of it.
extension String {
    /// Control characters written as escapes: `\n`, `\t`, `\r`, `\u{1B}`.
    public var escapingControls: String {
        guard mayHoldControls(keepingNewlines: false), unicodeScalars.contains(where: Self.isControl) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where Self.isControl(scalar): out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Appends the text with its control characters escaped (newlines kept as they are
    /// when `keepingNewlines`): text without any is appended whole, with no copy of its own.
    func appendEscapingControls(to out: inout String, keepingNewlines: Bool = false) {
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

    /// False when no byte can start a control character: below 0x20 (but a newline, if
    /// kept), DEL, or 0xC2, the lead byte of U+0080…U+009F (and of other characters, which
    /// the exact check then lets through).
    private func mayHoldControls(keepingNewlines: Bool) -> Bool {
        utf8.contains { byte in
            (byte < 0x20 && !(keepingNewlines && byte == UInt8(ascii: "\n"))) || byte == 0x7F || byte == 0xC2
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Every run of more than `limit` scalars without a space cut to its start and an
    /// ellipsis. Scalars, not characters: a 10 MB word is cut without segmenting it first.
    func shorteningWords(to limit: Int = 80) -> String {
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
