import Testing
import Expectations
@testable import CredLSP

/// Content-Length framing: whole messages out of arbitrary chunks, and bad headers
/// reported without losing the messages after them.
@Suite struct FramingTests {
    /// A reader over `chunks`, handed out one at a time.
    func reader(_ chunks: [String]) -> MessageReader {
        var rest = chunks.map { Array($0.utf8) }[...]
        return MessageReader { rest.popFirst() }
    }

    func frames(_ chunks: [String]) -> [MessageReader.Frame] {
        var reader = reader(chunks)
        var out: [MessageReader.Frame] = []
        while true {
            let frame = reader.next()
            out.append(frame)
            if frame == .end || out.count > 20 { return out }
        }
    }

    @Test func messagesSplitAcrossChunksAndTwoInOne() {
        let one = String(decoding: MessageWriter.frame(#"{"a":1}"#), as: UTF8.self)
        let two = String(decoding: MessageWriter.frame(#"{"b":"é"}"#), as: UTF8.self)
        let all = one + two
        let index = all.index(all.startIndex, offsetBy: 9)
        expectEqual(frames([String(all[..<index]), String(all[index...])]), [
            .message(Array(#"{"a":1}"#.utf8)), .message(Array(#"{"b":"é"}"#.utf8)), .end,
        ])
    }

    @Test func headerNamesAnyCaseAndOtherHeadersIgnored() {
        expectEqual(frames(["content-length: 2\r\nContent-Type: application/vscode-jsonrpc\r\n\r\n{}"]), [.message(Array("{}".utf8)), .end])
    }

    @Test func aHeaderWithoutLengthIsReportedAndTheNextMessageStillRead() {
        let result = frames(["Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n{}"])
        expectEqual(result.count, 3)
        guard case .malformed(let why) = result[0] else { Issue.record("expected a malformed frame"); return }
        #expect(why.contains("Content-Length"))
        expectEqual(result[1], .message(Array("{}".utf8)))
    }

    @Test func anEndlessHeaderIsDroppedNotBuffered() {
        let garbage = String(repeating: "x", count: MessageReader.maximumHeaderBytes + 10)
        let result = frames([garbage, "Content-Length: 2\r\n\r\n{}"])
        guard case .malformed = result[0] else { Issue.record("expected a malformed frame, got \(result)"); return }
        #expect(result.contains(.message(Array("{}".utf8))))
    }

    @Test func aTruncatedBodyEndsTheInput() {
        expectEqual(frames(["Content-Length: 10\r\n\r\n{}"]), [.end])
    }
}
