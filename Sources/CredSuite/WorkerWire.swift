/// The wire between `credsh test` and its long-lived worker processes (`credsh test-one
/// --worker`), each of which runs many scripts, one at a time: the runner writes a
/// script's path ended by a NUL byte (no path holds one) to the worker's requests; the
/// worker runs it (ScriptTest.run, as in a process of its own) and answers with the
/// script's verdicts as one line of JSON (VerdictWire; JSON writes no newline inside a
/// string) on its standard output, then reads the next path. A worker whose answer ends
/// before its newline died while running that script: the runner reports the script as
/// crashed and starts another worker for the scripts after it.
package enum WorkerWire {
    /// The longest path a request carries; a worker given more stops (docs/scripts.md, "Bounds").
    package static let maximumPathBytes = 1 << 16

    /// One request: the path and its NUL.
    package static func request(_ path: String) -> [UInt8] { Array(path.utf8) + [0] }

    /// A worker's loop: reads requests with `read` (a chunk of bytes, nil at the end) and
    /// answers each with `answer` (false when the runner has gone). `starting` hears each
    /// path before its run (the worker shows it in its process title). Ends when the
    /// requests end, the runner goes, or a request is longer than `maximumPathBytes`.
    /// Bound: one run per request, and requests are only as many as the runner writes.
    package static func serve(_ settings: ScriptTest.Settings, read: () -> [UInt8]?, answer: (String) -> Bool,
                              starting: (String) -> Void = { _ in }) {
        var requests = Frames(separator: 0)
        while true {
            while let path = requests.next() {
                let name = String(decoding: path, as: UTF8.self)
                starting(name)
                guard answer(VerdictWire.encode(ScriptTest.run(name, settings))) else { return }
            }
            guard requests.pending <= maximumPathBytes, let chunk = read() else { return }
            requests.append(chunk)
        }
    }

    /// Bytes as they arrive, cut into frames at `separator`.
    package struct Frames {
        private var bytes: [UInt8] = []
        private var start = 0
        private let separator: UInt8

        package init(separator: UInt8) { self.separator = separator }

        /// Bytes received and not yet in a whole frame.
        package var pending: Int { bytes.count - start }

        package mutating func append(_ chunk: [UInt8]) {
            if start > 0 {
                bytes.removeFirst(start)
                start = 0
            }
            bytes += chunk
        }

        /// The next whole frame, without its separator; nil until one has arrived.
        package mutating func next() -> [UInt8]? {
            guard let end = bytes[start...].firstIndex(of: separator) else { return nil }
            let frame = Array(bytes[start..<end])
            start = end + 1
            return frame
        }
    }
}
