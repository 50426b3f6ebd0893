import CredSimulator

/// What the first bytes of a message too large to read say about it: its method, its id
/// and the document it is about, when they come before the document's text (as editors
/// write them: `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":
/// {"uri":…,"text":…`). So a message the server skips unread can still be answered with a
/// diagnostic on its document, not with silence.
///
/// Scans JSON tokens only as far as the head goes: strings are read with their escapes,
/// so `"uri":` inside a document's text (written `\"uri\":`) is not taken for the key.
struct MessageHead: Equatable {
    var method: String?
    var id: JSONValue?
    var uri: String?

    init(method: String? = nil, id: JSONValue? = nil, uri: String? = nil) {
        self.method = method
        self.id = id
        self.uri = uri
    }

    init(scanning bytes: [UInt8]) {
        var index = 0
        /// The string starting at `index` (a quote), decoded; nil when it does not end in the head.
        func string() -> String? {
            let start = index
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""):
                    index += 1
                    guard case .string(let text)? = try? JSONValue.parse(String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
                    return text
                default: index += 1
                }
            }
            return nil
        }
        func skipSpaces() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        // Every step moves `index` forward, and it stops at the head's end.
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "\"") else {
                index += 1
                continue
            }
            guard let key = string() else { return }
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { continue }  // a value, not a key
            index += 1
            skipSpaces()
            guard index < bytes.count else { return }
            switch key {
            case "method", "uri":
                guard bytes[index] == UInt8(ascii: "\"") else { continue }
                guard let value = string() else { return }
                if key == "method", method == nil { method = value }
                if key == "uri", uri == nil { uri = value }
            case "id":
                let start = index
                if bytes[index] == UInt8(ascii: "\"") {
                    guard let value = string() else { return }
                    if id == nil { id = .string(value) }
                } else {
                    while index < bytes.count, bytes[index] == UInt8(ascii: "-") || (bytes[index] >= 0x30 && bytes[index] <= 0x39) { index += 1 }
                    guard index < bytes.count else { return }
                    if id == nil, let number = Int(String(decoding: bytes[start..<index], as: UTF8.self)) { id = .int(number) }
                }
            default:
                continue
            }
        }
    }
}
