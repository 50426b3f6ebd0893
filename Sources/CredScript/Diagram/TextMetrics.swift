import CredLanguage
/// How wide text is in the pictures, and how it wraps. The SVG sets a monospace font, so a
/// character's width is known without measuring: about 0.6 em (7.2 px at 12 px), twice that for
/// the wide characters of East Asian scripts and emoji, nothing for combining marks.
enum TextMetrics {
    /// Cells a text takes in a monospace font.
    static func cells(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += cells(scalar) }
        return total
    }

    static func cells(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        switch v {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0  // combining marks, zero-width, variation selectors
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
             0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// The longest prefix of `text` that fits in `width` cells.
    static func prefix(_ text: String, fitting width: Int) -> (String, rest: String) {
        var used = 0
        var index = text.startIndex
        while index < text.endIndex {
            let w = cells(String(text[index]))
            if used + w > width { break }
            used += w
            index = text.index(after: index)
        }
        if index == text.startIndex, index < text.endIndex { index = text.index(after: index) }  // always progress
        return (String(text[..<index]), String(text[index...]))
    }

    /// `text` cut to `width` cells, ending in an ellipsis when something was cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard cells(text) > width else { return text }
        return prefix(text, fitting: max(1, width - 1)).0 + "…"
    }

    /// Words (tokens that must not be split when they fit) laid into lines of at most
    /// `width` cells, joined by single spaces; at most `maxLines` lines, the last ending in
    /// an ellipsis when something was left out. A word longer than a line breaks after a
    /// comma where it can (JSON reads well that way), else anywhere.
    static func wrap(_ words: [String], width: Int, maxLines: Int) -> [String] {
        var pieces: [String] = []
        for word in words where !word.isEmpty {
            if cells(word) <= width { pieces.append(word); continue }
            pieces += split(word, width: width)
        }
        var lines: [String] = []
        var current = ""
        var currentCells = 0
        var truncated = false
        for piece in pieces {
            let w = cells(piece)
            if currentCells > 0, currentCells + 1 + w <= width {
                current += " " + piece
                currentCells += 1 + w
                continue
            }
            if currentCells > 0 {
                lines.append(current)
                if lines.count == maxLines { truncated = true; break }
            }
            current = piece
            currentCells = w
        }
        if !truncated, currentCells > 0 { lines.append(current) }
        if truncated, var last = lines.popLast() {
            if cells(last) + 2 > width { last = prefix(last, fitting: width - 2).0 }
            lines.append(last + " …")
        }
        return lines
    }

    /// A word too long for a line, in pieces that fit: at a space inside it (a quoted
    /// message) or after a comma (JSON) where it can, else where the line is full.
    static func split(_ word: String, width: Int) -> [String] {
        var pieces: [String] = []
        var rest = Substring(word)
        while cells(String(rest)) > width {
            let (head, _) = prefix(String(rest), fitting: width)
            var cut = head.endIndex
            var skip = 0
            if let space = head.lastIndex(of: " "), head.distance(from: head.startIndex, to: space) >= width / 3 {
                cut = space
                skip = 1
            } else if let comma = head.lastIndex(of: ","), head.distance(from: head.startIndex, to: comma) >= width / 3 {
                cut = head.index(after: comma)
            }
            let piece = head[..<cut]
            pieces.append(String(piece))
            rest = rest.dropFirst(piece.count + skip)
        }
        if !rest.isEmpty { pieces.append(String(rest)) }
        return pieces
    }
}
