#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to stdout and stderr. Output is buffered for throughput; before
/// anything goes to stderr, stdout is flushed so the two stay in order in a pipe or a
/// terminal.
final class StandardStreams {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// At the prompt every result is flushed at once.
    var flushEachWrite = false

    init() { buffer.reserveCapacity(flushThreshold) }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if flushEachWrite || buffer.count >= flushThreshold { flush() }
    }

    func writeError(_ text: String) {
        flush()
        var bytes = Array(text.utf8)
        writeAll(2, &bytes)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        writeAll(1, &buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ fd: Int32, _ bytes: inout [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // a closed pipe: nothing more can be said there
                }
                offset += written
            }
        }
    }

    static var stdinIsTerminal: Bool { isatty(0) == 1 }
    static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    static var stderrIsTerminal: Bool { isatty(2) == 1 }
}

/// Environment look-ups without Foundation (which would cost start-up time).
enum Environment {
    static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
