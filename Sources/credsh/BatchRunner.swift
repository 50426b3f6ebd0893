import CredScript
import CredSimulator

/// Runs scripts without a prompt: files in order in one simulation, or standard input.
enum BatchRunner {
    static func run(paths: [String], evaluator: Evaluator, host: TerminalHost) -> Int32 {
        defer { host.streams.flush() }
        for path in paths {
            let source: SourceFile
            do { source = try load(path) } catch {
                let diagnostic = Diagnostic(.io, error.message, file: path, at: .start)
                evaluator.recordFailure(diagnostic)
                host.streams.writeError("credsh: \(error.message)\n")
                if evaluator.options.keepGoing { continue }
                return 4
            }
            if !evaluator.run(source) || evaluator.exitRequested { break }
        }
        return evaluator.exitCode
    }

    /// A path, or `-` for standard input.
    static func load(_ path: String) throws(HostError) -> SourceFile {
        if path == "-" { return SourceFile(name: "<stdin>", bytes: try FileSystem.readAll(0, name: "standard input")) }
        return SourceFile(name: path, bytes: try FileSystem.read(path))
    }

    /// `credsh check`: parses and validates every file, runs nothing.
    static func check(paths: [String], host: TerminalHost) -> Int32 {
        var code: Int32 = 0
        let evaluator = Evaluator(host: host)
        for path in paths {
            do {
                let source = try load(path)
                if evaluator.check(source) {
                    host.streams.write("ok    \(source.name)\n")
                } else if code == 0 {
                    code = 2
                }
            } catch {
                host.streams.writeError("credsh: \(error.message)\n")
                if code == 0 { code = 4 }
            }
        }
        host.streams.flush()
        return code
    }
}
