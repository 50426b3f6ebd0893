#if canImport(Glibc)
@preconcurrency import Glibc
#endif
@testable import CredSuite

/// A folder of scripts for one test, under the system's temporary folder; no process is
/// started to make or read it.
struct SuiteFolder {
    let path: String

    init() {
        var template = Array("/tmp/credsuite-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// Writes `text` as `name` (folders made as needed); the file's full path.
    @discardableResult
    func write(_ text: String, _ name: String) throws -> String {
        let file = path + "/" + name
        try ReportFile.makeParentDirectories(file)
        try FileSystem.write(file, Array(text.utf8), mode: .replace(newMode: 0o644))
        return file
    }

    func read(_ name: String) throws -> String {
        String(decoding: try FileSystem.read(path + "/" + name), as: UTF8.self)
    }

    /// The classic folder: one script passes, one fails an expectation, one has a syntax error.
    static func classic() throws -> SuiteFolder {
        let folder = SuiteFolder()
        try folder.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=1\n", "a-pass.credscript")
        try folder.write("user add alice\nlogin alice\nexpect event getPassword challengeMode=0\n", "b-fail.credscript")
        try folder.write("lgoin\n", "c-syntax.credscript")
        return folder
    }
}

/// Runs a suite in this process (ScriptTest.run for each script, where `credsh test`
/// uses worker processes): what it printed, what it said on stderr, and its exit code.
func runSuite(_ plan: SuitePlan) -> (out: String, err: String, code: Int32) {
    let streams = StandardStreams(capturingUpTo: 1 << 24, keepingErrors: true)
    let settings = plan.settings
    let code = SuiteRun.run(plan, streams: streams) { ScriptTest.run($0, settings) }
    return (String(decoding: streams.captured, as: UTF8.self), String(decoding: streams.capturedErrors, as: UTF8.self), code)
}
