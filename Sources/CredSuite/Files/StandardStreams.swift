#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered writes to stdout and stderr. Output is buffered for throughput; before
/// anything goes to stderr, stdout is flushed so the two stay in order in a pipe or a
/// terminal. `credsh test` uses the capturing kind, which keeps what a script prints
/// (its transcript) in memory instead.
package final class StandardStreams {
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 16
    /// At the prompt every result is flushed at once.
    package var flushEachWrite = false
    /// Called when stdout's reader has gone (EPIPE): the process exits with the code it
    /// returns. SIGPIPE is ignored (main.swift), so a closed pipe arrives here.
    package var onClosedOutput: (() -> Int32)?

    /// nil for the real streams; the most bytes to keep when capturing.
    private let captureLimit: Int?
    /// A capture that reached its limit and dropped the rest.
    package private(set) var overflowed = false

    package init() {
        captureLimit = nil
        buffer.reserveCapacity(flushThreshold)
    }

    /// What was written to stderr, when capturing with `keepingErrors`.
    package private(set) var capturedErrors: [UInt8] = []
    private var keepsErrors = false

    /// Streams that keep stdout in memory (up to `limit` bytes) and drop stderr, or keep
    /// it too (`keepingErrors`, for the suite library's tests).
    package init(capturingUpTo limit: Int, keepingErrors: Bool = false) {
        captureLimit = limit
        keepsErrors = keepingErrors
    }

    /// What was written so far, when capturing.
    package var captured: [UInt8] { buffer }

    package func write(_ text: String) {
        if let captureLimit {
            guard !overflowed else { return }
            buffer.append(contentsOf: text.utf8)
            if buffer.count > captureLimit {
                buffer.removeLast(buffer.count - captureLimit)
                overflowed = true
            }
            return
        }
        buffer.append(contentsOf: text.utf8)
        if flushEachWrite || buffer.count >= flushThreshold { flush() }
    }

    package func writeError(_ text: String) {
        guard captureLimit == nil else {
            if keepsErrors, capturedErrors.count < captureLimit ?? 0 { capturedErrors += text.utf8 }
            return
        }
        flush()
        var bytes = Array(text.utf8)
        _ = Self.writeAll(2, &bytes)
    }

    package func flush() {
        guard captureLimit == nil, !buffer.isEmpty else { return }
        let delivered = Self.writeAll(1, &buffer)
        buffer.removeAll(keepingCapacity: true)
        guard !delivered else { return }
        let failure = errno
        if failure == EPIPE { exit(onClosedOutput?() ?? 0) }
        // A full disk (`> /dev/full`), a quota, an I/O error: the transcript is lost, so
        // the run is an I/O error (4), said once on stderr, not a silent success.
        guard failure != EAGAIN else { return }
        var message = Array("credsh: cannot write standard output: \(String(cString: strerror(failure)))\n".utf8)
        _ = Self.writeAll(2, &message)
        exit(4)
    }

    /// Writes every byte, retrying interrupted writes; false when the descriptor refused.
    private static func writeAll(_ fd: Int32, _ bytes: inout [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    package static var stdinIsTerminal: Bool { isatty(0) == 1 }
    package static var stdoutIsTerminal: Bool { isatty(1) == 1 }
    package static var stderrIsTerminal: Bool { isatty(2) == 1 }

    /// Standard output is /dev/null (`credsh big.credscript > /dev/null`): nothing written
    /// there is ever read, so a batch run need not render it (as GNU tar skips reading
    /// files when it archives to /dev/null).
    package static var stdoutIsNull: Bool {
        var out = stat(), null = stat()
        guard fstat(1, &out) == 0, stat("/dev/null", &null) == 0 else { return false }
        return (out.st_mode & S_IFMT) == S_IFCHR && out.st_rdev == null.st_rdev
    }
}

/// Environment look-ups without Foundation (which would cost start-up time).
package enum Environment {
    package static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        return String(cString: raw)
    }
}
