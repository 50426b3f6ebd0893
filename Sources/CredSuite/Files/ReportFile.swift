#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredLanguage
import CredScript

/// Where `credsh test --junit`/`--html` and `credsh diagram -o` put what they write, so a
/// CI pipeline can use the path it has (docs/scripts.md, "Files credsh writes"):
/// - `-`, `/dev/stdout` and `/dev/stderr` (and `/dev/fd/1`, `/dev/fd/2`) are the process's
///   own streams: the text goes there, in order with the rest of the output. On Linux
///   `/dev/stdout` is a link to `/proc/self/fd/1`; that is no link planted by someone
///   else, so it is not refused as one;
/// - any other path is a file, written by `FileSystem.write` (a fresh temporary created
///   exclusively, then renamed; never through a link or over a device it was not named
///   for), after its missing parent folders are made (as the umask allows);
/// - a new file is as readable as the umask allows (0644 under 022): none of these files
///   holds a secret, every report masks them (a file that may, as `record`'s, stays 0600).
package enum ReportFile {
    /// The standard stream `path` names (1 or 2), or nil for a file.
    package static func standardStream(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return 1
        case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return 2
        default: return nil
        }
    }

    package static func write(_ path: String, _ text: String, streams: StandardStreams) throws(HostError) {
        switch standardStream(path) {
        case 1: streams.write(text); streams.flush()
        case 2: streams.writeError(text)
        default:
            try makeParentDirectories(path)
            try FileSystem.write(path, Array(text.utf8), mode: .replace(newMode: FileSystem.umaskedMode(0o666)))
        }
    }

    /// Makes the folders `path` is in that are missing (`out/junit.xml` makes `out`), as
    /// `mkdir -p` does, with the mode the umask leaves of 0777.
    package static func makeParentDirectories(_ path: String) throws(HostError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        if FileSystem.isDirectory(parent) { return }
        var prefix = parent.hasPrefix("/") ? "/" : ""
        for part in parent.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += part
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                throw HostError("cannot write \(path): cannot make the folder \(prefix): \(FileSystem.lastError())")
            }
            prefix += "/"
        }
        guard FileSystem.isDirectory(parent) else {
            throw HostError("cannot write \(path): \(parent) is not a folder")
        }
    }
}
