/// The Language Server Protocol's framing: each message is a header block
/// (`Content-Length: N`, other headers ignored, lines ending in CRLF, a blank line) and
/// then N bytes of JSON. Reads from any source of byte chunks, so tests feed it bytes.
///
/// Bounds: a header block longer than `maximumHeaderBytes` is dropped; a body longer
/// than `maximumBodyBytes` is skipped as it arrives (never buffered, but for its first
/// `keptHeadBytes`, which say what it was); either is reported once, and reading goes on
/// with the next message.
public struct MessageReader {
    public enum Frame: Equatable {
        case message([UInt8])
        /// A header block the server could not use, and why; the server answers it with
        /// the protocol's parse error and goes on.
        case malformed(String)
        /// A message longer than `maximumBodyBytes`, skipped: its length, and its first
        /// bytes (at most `keptHeadBytes`) to tell which document it was about.
        case tooLarge(bytes: Int, head: [UInt8])
        case end
    }

    public static let maximumHeaderBytes = 8 << 10
    /// The largest document the server holds (LanguageServer.maximumDocumentBytes, 4 MiB)
    /// JSON-encoded, with room for its escapes (a newline or a quote is two bytes): 8 MiB.
    /// A message is held whole while it is read and parsed, about five times its size at
    /// the peak, so this bounds what one message can make the server hold.
    public static let maximumBodyBytes = 8 << 20
    /// The bytes of a skipped message kept to read its method and document from.
    public static let keptHeadBytes = 64 << 10

    private let readChunk: () -> [UInt8]?
    private var buffer: [UInt8] = []
    private var start = 0
    private var skipping = 0
    private var ended = false

    /// `readChunk` returns the next bytes, or nil at the end of the input.
    public init(readChunk: @escaping () -> [UInt8]?) {
        self.readChunk = readChunk
    }

    /// Reads more input into the buffer; false at the end.
    private mutating func fill() -> Bool {
        guard !ended, let chunk = readChunk(), !chunk.isEmpty else {
            ended = true
            return false
        }
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        if skipping > 0 {
            let dropped = min(skipping, chunk.count)
            skipping -= dropped
            buffer += chunk[dropped...]
        } else {
            buffer += chunk
        }
        return true
    }

    public mutating func next() -> Frame {
        while true {
            while skipping > 0 {
                let available = buffer.count - start
                let dropped = min(skipping, available)
                start += dropped
                skipping -= dropped
                if skipping > 0, !fill() { return .end }
            }
            if let headerEnd = findHeaderEnd() {
                let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
                start = headerEnd + 4
                guard let length = MessageReader.contentLength(in: header) else {
                    return .malformed("a message header without a valid Content-Length")
                }
                guard length <= MessageReader.maximumBodyBytes else {
                    let kept = min(length, MessageReader.keptHeadBytes)
                    while buffer.count - start < kept {
                        guard fill() else { break }
                    }
                    let head = Array(buffer[start..<min(buffer.count, start + kept)])
                    skipping = length
                    return .tooLarge(bytes: length, head: head)
                }
                while buffer.count - start < length {
                    guard fill() else { return .end }
                }
                let body = Array(buffer[start..<(start + length)])
                start += length
                return .message(body)
            }
            if buffer.count - start > MessageReader.maximumHeaderBytes {
                start = buffer.count
                return .malformed("a message header longer than \(MessageReader.maximumHeaderBytes) bytes")
            }
            guard fill() else { return .end }
        }
    }

    /// Where the blank line after the headers begins, if it has arrived.
    private func findHeaderEnd() -> Int? {
        var index = start
        // Bound: the header is searched at most `maximumHeaderBytes` far.
        let limit = min(buffer.count - 3, start + MessageReader.maximumHeaderBytes)
        while index < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    static func contentLength(in header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingSpaces.lowercased()
            guard name == "content-length" else { continue }
            guard let value = Int(line[line.index(after: colon)...].trimmingSpaces), value >= 0 else { return nil }
            return value
        }
        return nil
    }
}

/// One message framed for writing.
public enum MessageWriter {
    public static func frame(_ json: String) -> [UInt8] {
        let body = Array(json.utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return text
    }
}
