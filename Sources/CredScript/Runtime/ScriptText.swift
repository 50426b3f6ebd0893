import CredLanguage
/// Whether a file `source` was given is a script at all: UTF-8 text with no NUL byte.
/// Checked before a byte of it is parsed, so that a file of secrets (`/proc/self/environ`,
/// a key, a binary) is refused by name and never quoted line by line in error messages.
enum ScriptText {
    /// Why the bytes are not a text script (naming where, never what), or nil when they are.
    static func problem(in bytes: [UInt8]) -> String? {
        var line = 1
        var lineStart = 0
        var index = 0
        // One pass over the file, bounded by its size (at most FileSystem's 64 MB).
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0 { return "a NUL byte at line \(line), column \(index - lineStart + 1)" }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return "bytes that are not UTF-8 at line \(line), column \(index - lineStart + 1)" }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` (RFC 3629: no overlong
    /// forms, no surrogates, nothing past U+10FFFF), or 0 when there is none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let first = bytes[index]
        if first < 0x80 { return 1 }
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.count && range.contains(bytes[index + offset])
        }
        switch first {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
