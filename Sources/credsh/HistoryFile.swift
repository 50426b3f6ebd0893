#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import CredCommandLine
import CredSuite

/// The prompt's history file, in the format bash and readline use for multi-line entries:
/// each entry is a `#SECONDS` line (when it was typed) followed by its lines, so a whole
/// `repeat { … }` block comes back as one entry. Lines before the first `#SECONDS` line
/// (files written by earlier versions) are one entry each.
///
/// Only masked text is ever written here (`login alice ***`); what was typed stays in
/// memory for the session. Bounds: the file is read from its last `readLimit` bytes, and
/// keeps its last `entryLimit` entries (it is rewritten when it holds more).
enum HistoryFile {
    static let entryLimit = 1000
    static let readLimit = 1 << 20

    /// The entries of the file, oldest first (at most `entryLimit`). A file with more is
    /// rewritten with the last `entryLimit`, keeping its mode.
    static func load(_ path: String) -> [String] {
        guard let (bytes, cut) = readTail(path) else { return [] }
        var entries = parse(bytes, startsMidFile: cut)
        if entries.count > entryLimit || cut {
            entries.removeFirst(max(0, entries.count - entryLimit))
            try? FileSystem.write(path, Array(entries.map { format($0) }.joined().utf8), mode: .replacePrivately, origin: .derived)
        }
        return entries
    }

    /// Adds an entry at the end of the file in one write (O_APPEND), so two sessions
    /// writing at once never interleave their lines.
    static func append(_ entry: String, to path: String) {
        try? FileSystem.write(path, Array(format(entry).utf8), mode: .append, origin: .derived)
    }

    static func format(_ entry: String, at seconds: Int = time(nil)) -> String {
        "#\(seconds)\n\(entry)\n"
    }

    static func parse(_ bytes: [UInt8], startsMidFile: Bool = false) -> [String] {
        var entries: [String] = []
        var stamped = false
        // Reading from the middle of a file: skip to the first whole entry.
        var skipping = startsMidFile
        for raw in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            let line = String(decoding: raw, as: UTF8.self)
            if isTimestamp(raw) {
                skipping = false
                stamped = true
                entries.append("")
                continue
            }
            if skipping || line.isEmpty { continue }
            if stamped, let last = entries.last {
                entries[entries.count - 1] = last.isEmpty ? line : last + "\n" + line
            } else {
                entries.append(line)
            }
        }
        return entries.filter { !$0.isEmpty }
    }

    private static func isTimestamp(_ line: ArraySlice<UInt8>) -> Bool {
        line.count > 1 && line.first == UInt8(ascii: "#")
            && line.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The last `readLimit` bytes of the file, and whether that is not the whole file.
    private static func readTail(_ path: String) -> ([UInt8], Bool)? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        let start = max(0, size - readLimit)
        guard lseek(fd, off_t(start), SEEK_SET) == off_t(start) else { return nil }
        var bytes = [UInt8](repeating: 0, count: size - start)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n <= 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return (bytes, start > 0)
    }
}
