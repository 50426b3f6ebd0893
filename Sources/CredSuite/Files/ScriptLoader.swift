import CredLanguage
import CredScript

/// Reads scripts the way every part of credsh does: a path, or `-` for standard input;
/// only regular files (FileSystem.read); a UTF-8 byte-order mark at the start skipped,
/// as editors on some systems write one that is no part of the first command.
package enum ScriptLoader {
    package static func load(_ path: String) throws(HostError) -> SourceFile {
        if path == "-" { return source(name: "<stdin>", bytes: try FileSystem.readAll(0, name: "standard input")) }
        return try file(path)
    }

    /// A file by its path; `-` here is a file named `-` (what `source -` means).
    package static func file(_ path: String) throws(HostError) -> SourceFile {
        source(name: path, bytes: try FileSystem.read(path))
    }

    package static func source(name: String, bytes: [UInt8]) -> SourceFile {
        if bytes.starts(with: byteOrderMark) { return SourceFile(name: name, bytes: Array(bytes.dropFirst(3))) }
        return SourceFile(name: name, bytes: bytes)
    }

    package static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
