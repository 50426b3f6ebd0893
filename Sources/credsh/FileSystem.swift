#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredScript

/// The few file operations credsh needs, on POSIX calls directly: reading a script,
/// writing a private file (mode 0600), listing a directory.
enum FileSystem {
    static let maximumScriptBytes = 64 << 20

    static func read(_ path: String) throws(HostError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw HostError("cannot read \(path): \(lastError())") }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw HostError("cannot read \(path): it is a directory")
        }
        return try readAll(fd, name: path)
    }

    static func readAll(_ fd: Int32, name: String) throws(HostError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw HostError("cannot read \(name): \(lastError())")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maximumScriptBytes {
                throw HostError("\(name) is larger than \(maximumScriptBytes >> 20) MB")
            }
        }
    }

    /// Creates (or truncates) a file only its owner can read, and writes `text`.
    static func writePrivate(_ path: String, _ text: String, append: Bool = false) throws(HostError) {
        let flags = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw HostError("cannot write \(path): \(lastError())") }
        defer { close(fd) }
        fchmod(fd, 0o600)
        var bytes = Array(text.utf8)
        let ok = bytes.withUnsafeMutableBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return true
        }
        if !ok { throw HostError("cannot write \(path): \(lastError())") }
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Every file under `directory` whose name ends with `suffix`, sorted, recursively.
    static func files(under directory: String, suffix: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var found: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            if isDirectory(path) {
                found += files(under: path, suffix: suffix)
            } else if name.hasSuffix(suffix) {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// Creates a directory and its parents with mode 0700.
    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            mkdir(prefix, 0o700)
        }
    }

    /// `dir/name` resolved against the directory of `file` unless `name` is absolute.
    static func resolve(_ name: String, relativeTo file: String) -> String {
        guard !name.hasPrefix("/"), let slash = file.lastIndex(of: "/"), !file.hasPrefix("<") else { return name }
        return String(file[...slash]) + name
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}
