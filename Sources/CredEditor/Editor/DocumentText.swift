import CredLanguage
import CredScript
/// A place in a document as editors count it: a 0-based line, and UTF-16 code units
/// into that line (the Language Server Protocol's default). The language itself counts
/// lines from 1 and columns in Unicode scalars; this is the editor's side.
public struct TextPoint: Equatable, Sendable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A stretch of a document, `end` excluded.
public struct TextSpan: Equatable, Sendable {
    public var start: TextPoint
    public var end: TextPoint

    public init(start: TextPoint, end: TextPoint) {
        self.start = start
        self.end = end
    }
}

/// A document's bytes with where each line starts, so an editor's positions turn into
/// byte offsets and back in time proportional to one line, and an edit costs one copy
/// of the bytes after it. Every position is clamped: a point past the end of a line is
/// its end, a line past the last is the end of the document (never a trap).
public struct DocumentText: Sendable {
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte; line 0 starts at 0.
    public private(set) var lineStarts: [Int]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lineStarts = DocumentText.lineStarts(in: bytes, from: 0, startingAt: 0)
    }

    public init(_ text: String) { self.init(bytes: Array(text.utf8)) }

    private static func lineStarts(in bytes: [UInt8], from start: Int, startingAt lineStart: Int) -> [Int] {
        var starts = [lineStart]
        var index = start
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            index += 1
        }
        return starts
    }

    public var lineCount: Int { lineStarts.count }

    /// The bytes of `line` without its newline (nor a `\r` before it); empty past the end.
    public func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    public func lineBytes(_ line: Int) -> [UInt8] { Array(bytes[lineRange(line)]) }

    /// The byte offset of `point`, clamped into the document.
    public func offset(of point: TextPoint) -> Int {
        guard point.line >= 0 else { return 0 }
        guard point.line < lineStarts.count else { return bytes.count }
        let range = lineRange(point.line)
        var units = 0, index = range.lowerBound
        while index < range.upperBound, units < point.character {
            let length = DocumentText.sequenceLength(bytes[index])
            units += length == 4 ? 2 : 1
            index += length
        }
        return min(index, range.upperBound)
    }

    /// The line holding byte `offset` (binary search).
    public func line(containing offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The editor's point for byte `offset`.
    public func point(at offset: Int) -> TextPoint {
        let clamped = max(0, min(offset, bytes.count))
        let line = line(containing: clamped)
        return TextPoint(line: line, character: DocumentText.utf16Count(bytes, lineStarts[line]..<clamped))
    }

    /// UTF-16 code units in `range` of `bytes`, counted from their UTF-8 lead bytes.
    static func utf16Count(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        var units = 0
        for index in range where bytes[index] & 0xC0 != 0x80 {
            units += bytes[index] >= 0xF0 ? 2 : 1
        }
        return units
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// Replaces `span` with `text`: an editor's incremental change. Lines before the
    /// change keep their starts, lines after it are shifted, only the new text is scanned.
    public mutating func replace(_ span: TextSpan, with text: [UInt8]) {
        var start = offset(of: span.start), end = offset(of: span.end)
        if end < start { swap(&start, &end) }
        bytes.replaceSubrange(start..<end, with: text)
        let firstLine = line(containing: start)
        let delta = text.count - (end - start)
        var starts = Array(lineStarts[...firstLine])
        var index = start
        while index < start + text.count {
            if bytes[index] == UInt8(ascii: "\n") { starts.append(index + 1) }
            index += 1
        }
        for old in lineStarts[(firstLine + 1)...] where old > end { starts.append(old + delta) }
        lineStarts = starts
    }

    /// The span of bytes `range` (offsets into the document).
    public func span(_ range: Range<Int>) -> TextSpan {
        TextSpan(start: point(at: range.lowerBound), end: point(at: range.upperBound))
    }
}
