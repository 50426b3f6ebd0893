#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredScript

/// The few file operations credsh needs, on POSIX calls directly: reading a script,
/// writing a file, listing a directory.
enum FileSystem {
    static let maximumScriptBytes = 64 << 20

    /// A script file's bytes. Only regular files are read: opening a FIFO would wait for a
    /// writer forever, and a device never ends; `-` is the way to read a pipe.
    static func read(_ path: String) throws(HostError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading must not wait for a writer before the
        // check below can refuse it. It changes nothing for a regular file.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw HostError("cannot read \(path): \(lastError())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw HostError("cannot read \(path): \(lastError())") }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw HostError("cannot read \(path): it is a directory")
        default:
            throw HostError("cannot read \(path): not a regular file (\(kind(info.st_mode))); use '-' to read a pipe from standard input")
        }
        return try readAll(fd, name: path)
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    /// Everything up to the end of `fd`. A regular file's size is known, so the buffer
    /// is its size and it is usually one read (no 64 KB chunk to clear first).
    static func readAll(_ fd: Int32, name: String) throws(HostError) -> [UInt8] {
        var info = stat()
        let known = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        var capacity = min(max(known + 1, 1 << 12), maximumScriptBytes + 1)
        guard var buffer = malloc(capacity) else { throw HostError("cannot read \(name): out of memory") }
        defer { free(buffer) }
        var count = 0
        while true {
            if count == capacity {
                guard capacity <= maximumScriptBytes else {
                    throw HostError("\(name) is larger than \(maximumScriptBytes >> 20) MB")
                }
                capacity = min(capacity * 2, maximumScriptBytes + 1)
                guard let grown = realloc(buffer, capacity) else { throw HostError("cannot read \(name): out of memory") }
                buffer = grown
            }
            let got = Glibc.read(fd, buffer + count, capacity - count)
            if got < 0 {
                if errno == EINTR { continue }
                throw HostError("cannot read \(name): \(lastError())")
            }
            if got == 0 { break }
            count += got
        }
        return Array(UnsafeRawBufferPointer(start: buffer, count: count).bindMemory(to: UInt8.self))
    }

    /// Creates (or truncates) a file only its owner can read, and writes `text`.
    /// `exclusive`: refuse a file that already exists (checked and created in one step).
    static func writePrivate(_ path: String, _ text: String, append: Bool = false, exclusive: Bool = false) throws(HostError) {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC) | (exclusive ? O_EXCL : 0)
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw HostError("cannot write \(path): \(lastError())") }
        defer { close(fd) }
        fchmod(fd, 0o600)
        if !writeAll(fd, Array(text.utf8)) { throw HostError("cannot write \(path): \(lastError())") }
    }

    /// Replaces `path` with `bytes` all at once (a file beside it, then rename), keeping
    /// its permissions: an interrupted update never leaves half a transcript.
    static func replace(_ path: String, with bytes: [UInt8]) throws(HostError) {
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let temporary = path + ".credsh-new"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw HostError("cannot write \(temporary): \(lastError())") }
        let written = writeAll(fd, bytes)
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let message = lastError()
            unlink(temporary)
            throw HostError("cannot write \(path): \(message)")
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return true
        }
    }

    /// The file's identity (device and inode), following links; nil when it cannot be
    /// looked at. Two paths to one file have the same identity.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }

    static func isDirectory(_ path: String) -> Bool { identity(path)?.isDirectory ?? false }

    static func exists(_ path: String) -> Bool { identity(path) != nil }

    /// True when `path` itself is a symbolic link (not what it points at).
    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be read.
    static func names(in directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
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

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Which file a path leads to, whatever the path.
struct FileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64
    let isDirectory: Bool
}
