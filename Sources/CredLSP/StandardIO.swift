#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CredLanguage
import CredEditor
import CredScript

extension LanguageServer {
    /// Serves on standard input and output until `exit` or the end of input; returns the
    /// exit code: 0 after `shutdown` then `exit`, 1 when the client left without `shutdown`.
    public static func runOnStandardIO(version: String, documentationPath: String? = nil, readFile: @escaping FileReader) -> Int32 {
        let server = LanguageServer(version: version, documentationPath: documentationPath, readFile: readFile) { json in writeAll(MessageWriter.frame(json)) }
        var reader = MessageReader {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return nil }
                return Array(chunk[..<count])
            }
        }
        while server.handle(reader.next()) {}
        return server.exitCode ?? 1
    }

    private static func writeAll(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
