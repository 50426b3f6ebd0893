#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredLanguage
import CredScript

/// The few file operations credsh needs, on POSIX calls directly: reading a script,
/// writing a file, listing a directory.
package enum FileSystem {
    package static let maximumScriptBytes = 64 << 20

    /// A script file's bytes. Only regular files are read: opening a FIFO would wait for a
    /// writer forever, and a device never ends; `-` is the way to read a pipe.
    /// `pipeHint`: whether to point at `-` (not for a file credsh derives, as `X.expected`).
    package static func read(_ path: String, pipeHint: Bool = true) throws(HostError) -> [UInt8] {
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
            throw HostError("cannot read \(path): not a regular file (\(kind(info.st_mode)))"
                                + (pipeHint ? "; use '-' to read a pipe from standard input" : ""))
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
    package static func readAll(_ fd: Int32, name: String) throws(HostError) -> [UInt8] {
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

    /// How `write` treats the file it writes.
    package enum WriteMode {
        /// A new file or a whole new content: `diagram -o`, `test --update`, `--junit`.
        /// An existing file keeps its mode; a new one gets `newMode`.
        case replace(newMode: mode_t)
        /// A whole new content that holds secrets (`record --force`, the history file's
        /// rewrite): mode 0600 whatever the file had, set on the temporary before the
        /// rename, so the secrets are never readable by others, not even for a moment.
        case replacePrivately
        /// A new file only (`record FILE`): one that exists already is refused.
        case createNew
        /// More at the end of a file (a recording's next lines, the history's next entry).
        case append
    }

    /// Who chose the path: a device or a FIFO is written straight to only when the user
    /// named it (`diagram -o /dev/stdout`); a path credsh derived itself (a transcript
    /// beside its script, the history file) must be a regular file.
    package enum PathOrigin { case named, derived }

    /// Writes `bytes` to `path` without ever clobbering what is not a regular file or
    /// following a planted link (docs/scripts.md, "Files credsh writes"):
    /// - a symbolic link at `path` is refused, whatever it points to;
    /// - a directory, a socket and a block device are refused;
    /// - a FIFO or a character device is written straight to (no temporary, no chmod, no
    ///   truncation) when the user named it, and refused otherwise; a FIFO with no reader
    ///   is refused at once instead of waiting for one (O_NONBLOCK);
    /// - a regular file (or none) is replaced through a temporary file of a random name in
    ///   the same folder, created with O_CREAT|O_EXCL|O_NOFOLLOW (so nothing planted at
    ///   that name is followed or reused), then renamed over the target in one step:
    ///   an interrupted write never leaves half a file.
    package static func write(_ path: String, _ bytes: [UInt8], mode: WriteMode, origin: PathOrigin = .named) throws(HostError) {
        var info = stat()
        let present = lstat(path, &info) == 0
        if present {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK:
                throw HostError("cannot write \(path): it is a symbolic link, which credsh does not follow; name the file it points to")
            case S_IFDIR: throw HostError("cannot write \(path): it is a directory")
            case S_IFIFO where origin == .named, S_IFCHR where origin == .named:
                return try writeStraight(path, bytes)
            default:
                throw HostError("cannot write \(path): not a regular file (\(kind(info.st_mode))); credsh replaces regular files only")
            }
        }
        switch mode {
        case .createNew:
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw HostError("cannot write \(path): \(lastError())") }
            let written = writeAll(fd, bytes)
            let failure = lastError()
            close(fd)
            if !written { throw HostError("cannot write \(path): \(failure)") }
        case .append:
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw HostError("cannot write \(path): \(lastError())") }
            defer { close(fd) }
            // What was opened is what was checked: a file swapped for something else in
            // between is left alone.
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                throw HostError("cannot write \(path): not a regular file any more")
            }
            if !writeAll(fd, bytes) { throw HostError("cannot write \(path): \(lastError())") }
        case .replace(let newMode):
            try replaceThroughTemporary(path, bytes, mode: present ? info.st_mode & 0o777 : newMode)
        case .replacePrivately:
            try replaceThroughTemporary(path, bytes, mode: 0o600)
        }
    }

    /// Tries of a fresh temporary name before giving up: each fails only when a file of
    /// that random name exists already.
    package static let temporaryNameTries = 16

    private static func replaceThroughTemporary(_ path: String, _ bytes: [UInt8], mode: mode_t) throws(HostError) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<temporaryNameTries {
            let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            temporary = directory + "." + base.prefix(100) + ".credsh-" + random
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw HostError("cannot write \(path): \(lastError())") }
        // Our own new file: its mode becomes the one the target had (or the new one).
        fchmod(fd, mode)
        let written = writeAll(fd, bytes)
        let closed = close(fd) == 0
        guard written, closed, rename(temporary, path) == 0 else {
            let message = lastError()
            unlink(temporary)
            throw HostError("cannot write \(path): \(message)")
        }
    }

    /// A FIFO or a character device the user named: opened without creating, truncating or
    /// following anything, and without waiting for a FIFO's reader.
    private static func writeStraight(_ path: String, _ bytes: [UInt8]) throws(HostError) {
        let fd = open(path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENXIO { throw HostError("cannot write \(path): a FIFO with no reader") }
            throw HostError("cannot write \(path): \(lastError())")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT) else {
            throw HostError("cannot write \(path): it changed while being opened")
        }
        // A reader is there: from now on a write waits for it to read, as a pipe does.
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        if !writeAll(fd, bytes) { throw HostError("cannot write \(path): \(lastError())") }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw -> Bool in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 { if errno == EINTR { continue }; return false }
                offset += written
            }
            return true
        }
    }

    /// The file's identity (device and inode), following links; nil when it cannot be
    /// looked at. Two paths to one file have the same identity.
    package static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }

    package static func isDirectory(_ path: String) -> Bool { identity(path)?.isDirectory ?? false }

    package static func exists(_ path: String) -> Bool { identity(path) != nil }

    /// True when `path` is there and is a stream rather than a file: a FIFO, a character
    /// device (`/dev/null`, `/dev/stdout`) or a socket (links followed).
    package static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// True when `path` itself is a symbolic link (not what it points at).
    package static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The names in a directory, sorted, without `.` and `..`; nil when it cannot be read.
    package static func names(in directory: String) -> DirectoryNames? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names = DirectoryNames()
        while let entry = readdir(dir) {
            // A name that is not UTF-8 has no String that opens the same file again (the
            // decoder would replace its bytes): it is kept apart, its bytes shown as escapes.
            let valid = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(validatingCString: $0) }
            }
            guard let name = valid else {
                let spelled = DirectoryNames.spelled(withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) })
                names.notUTF8.append((spelled, isDirectory: entry.pointee.d_type == UInt8(DT_DIR)))
                continue
            }
            if name != "." && name != ".." { names.valid.append(name) }
        }
        names.valid.sort()
        names.notUTF8.sort { $0.name < $1.name }
        return names
    }

    /// A directory's entries: those named in UTF-8, sorted, and the others as escapes.
    package struct DirectoryNames {
        package var valid: [String] = []
        /// Names that are not UTF-8, each byte that is not part of a valid character
        /// written `\x{FF}` (and then made terminal-safe like any name), and whether the
        /// directory says the entry is a directory.
        package var notUTF8: [(name: String, isDirectory: Bool)] = []

        package static func spelled(_ bytes: [UInt8]) -> String {
            var out = ""
            var rest = bytes[...]
            while !rest.isEmpty {
                // The longest valid prefix, then one byte that is not.
                var valid = rest.count
                while valid > 0, String(validating: rest.prefix(valid), as: UTF8.self) == nil { valid -= 1 }
                if valid > 0 {
                    out += String(decoding: rest.prefix(valid), as: UTF8.self)
                    rest = rest.dropFirst(valid)
                } else {
                    out += "\\x{" + String(rest.first!, radix: 16, uppercase: true) + "}"
                    rest = rest.dropFirst()
                }
            }
            return TerminalSafe.text(out)
        }
    }

    /// `mode` less what the process's umask takes away, as `open` with O_CREAT gives a new
    /// file (the temporary a file is replaced through is chmod'ed, which ignores the umask).
    /// Read from /proc/self/status, so the umask is never changed, even for a moment, while
    /// other threads create files; where that is not there, set and set back.
    package static func umaskedMode(_ mode: mode_t) -> mode_t {
        if let status = try? read("/proc/self/status", pipeHint: false),
           let line = String(decoding: status, as: UTF8.self).split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
           let mask = mode_t(String(line.dropFirst("Umask:".count).filter { $0 != " " && $0 != "\t" }), radix: 8) {
            return mode & ~mask & 0o777
        }
        let mask = umask(0o077)
        umask(mask)
        return mode & ~mask & 0o777
    }

    /// Creates a directory and its parents with mode 0700.
    package static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            mkdir(prefix, 0o700)
        }
    }

    /// `dir/name` resolved against the directory of `file` unless `name` is absolute.
    package static func resolve(_ name: String, relativeTo file: String) -> String {
        guard !name.hasPrefix("/"), let slash = file.lastIndex(of: "/"), !file.hasPrefix("<") else { return name }
        return String(file[...slash]) + name
    }

    package static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    package static func lastError() -> String { String(cString: strerror(errno)) }
}

/// Which file a path leads to, whatever the path.
package struct FileIdentity: Hashable {
    package let device: UInt64
    package let inode: UInt64
    package let isDirectory: Bool
}
