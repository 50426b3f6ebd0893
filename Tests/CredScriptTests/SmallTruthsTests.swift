import Testing
import Expectations
#if canImport(Glibc)
import Glibc
#endif
@testable import CredLanguage
@testable import CredScript
@testable import CredSimulator

/// Small things that must be true: what the prompt says, numbers kept whole, the clock's
/// range, the hints for a mistyped command.
@Suite struct SmallTruthsTests {
    static func exampleScripts() -> [String] {
        let folder = CommandTableTests.packageRoot() + "/examples"
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".credscript") { names.append(folder + "/" + name) }
        }
        return names.sorted()
    }

    /// The user named outside the prompt's brackets, if any: `alice [mode 2 update]` → alice.
    static func signedIn(_ status: String?) -> String? {
        guard let status, !status.hasPrefix("[") else { return nil }
        return status.components(separatedBy: " [").first
    }

    /// `inc/NAME` for each file of the `inc` folder next to `script`.
    static func helperFiles(besides script: String) -> [String: String] {
        let folder = String(script[..<(script.lastIndex(of: "/") ?? script.startIndex)]) + "/inc/"
        guard let directory = opendir(folder) else { return [:] }
        defer { closedir(directory) }
        var files: [String: String] = [:]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix("."), let text = CommandTableTests.read(folder + name) { files["inc/" + name] = text }
        }
        return files
    }

    /// Regression: after `login alice` (password not yet given) the prompt read
    /// `credsh relid alice [mode 0 verify]>` while `state` said "logged in: nobody".
    /// After every statement of every example, the prompt names as signed in exactly the
    /// user whose state is logged-in.
    @Test func thePromptNeverShowsAUserSignedInThatStateDoesNot() throws {
        let scripts = Self.exampleScripts()
        #expect(scripts.count >= 30)
        var checked = 0
        var pendingForSomebodyNotSignedIn = 0
        for path in scripts {
            let text = try #require(CommandTableTests.read(path))
            let host = MemoryHost()
            // The helper files examples source (`source inc/steps.inc`), by the path written.
            host.files = Self.helperFiles(besides: path)
            let source = SourceFile(name: path, text: text)
            var parser = ScriptReader(source)
            let helpers = host.files
            parser.sourceLoader = { path, _ in helpers[path].map { SourceFile(name: path, text: $0) } }
            let statements = parser.parseAll()
            // A file with named tests runs its setup, then one test, in a fresh simulation each.
            let setup = statements.filter { if case .test = $0 { false } else { true } }
            let tests = statements.compactMap { statement -> NamedTest? in if case .test(let test) = statement { test } else { nil } }
            for run in tests.isEmpty ? [setup] : tests.map({ setup + $0.body }) {
                let evaluator = Evaluator(simulation: Simulation(seed: 0), host: host)
                for statement in run {
                    _ = evaluator.execute(statement, in: source)
                    let sim = evaluator.simulation
                    let loggedIn = sim.active.userIDs.filter { sim.active.states(of: $0, world: sim.world)?.contains("logged-in") == true }
                    let status = sim.active.promptStatus
                    #expect(Self.signedIn(status).map { [$0] } ?? [] == loggedIn,
                            "\(path):\(statement.position.line): prompt \(status ?? "(none)") but logged in: \(loggedIn)")
                    if status?.hasPrefix("[") == true { pendingForSomebodyNotSignedIn += 1 }
                    checked += 1
                }
                evaluator.flushPendingFailure()
                expectEqual(evaluator.exitCode, 0, "\(path): \(host.errors)")
            }
        }
        #expect(checked > 300)
        #expect(pendingForSomebodyNotSignedIn > 5, "the examples log in step by step")
    }

    @Test func thePromptStatusReadsTheSameForEverySDK() {
        expectEqual(PromptStatus.compose(signedIn: nil, pending: nil), nil)
        expectEqual(PromptStatus.compose(signedIn: "alice", pending: nil), "alice")
        expectEqual(PromptStatus.compose(signedIn: "alice", pending: ("alice", "mode 2 update")), "alice [mode 2 update]")
        expectEqual(PromptStatus.compose(signedIn: nil, pending: ("alice", "mode 0 verify")), "[alice: mode 0 verify]")
        expectEqual(PromptStatus.compose(signedIn: "bob", pending: ("alice", "unlock")), "bob [alice: unlock]")
    }

    /// Regression: attempts went through Int32(clamping:), so 3,000,000,000 became 2,147,483,647.
    @Test func attemptsAreKeptWhole() {
        let (host, evaluator) = runScript("""
            policy password attempts=3000000000
            user add alice password "Passw0rd!"
            login alice
            expect event getPassword attemptsLeft=3000000000
            password Wrong-Pass1
            expect event getPassword attemptsLeft=2999999999
            """ + "\n")
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
    }

    /// Regression: `clock set 1960-01-01` set the clock to 1970-01-01 and said so.
    @Test func theClockIsNotSetBefore1970() {
        let (host, evaluator) = runScript("clock set 1960-01-01\nexpect error ~\"cannot go before 1970\"\nclock\nclock set 1970-01-01\n")
        expectEqual(evaluator.exitCode, 0, "\(host.errors)")
        #expect(host.output.contains("✗ error: the clock cannot go before 1970-01-01T00:00:00Z"))
        #expect(host.output.contains("2026-01-01T00:00:00Z\n1970-01-01T00:00:00Z\n"), "the refused set changed nothing")
    }

    @Test(arguments: ["quit", ".exit", "\\q", "q", ":q", ".quit"])
    func otherWaysToLeaveHintAtExit(word: String) {
        let result = parse(word + "\n")
        expectEqual(result.diagnostics.map(\.message), ["unknown command '\(word)' — did you mean 'exit'?"])
    }

    @Test func initiateWithTheWrongCaseSuggestsTheOfferedName() {
        let (host, evaluator) = runScript("""
            user add alice password "Passw0rd!"
            login alice "Passw0rd!"
            initiate password
            expect error 123
            """ + "\n")
        expectEqual(evaluator.exitCode, 0)
        #expect(host.output.contains("✗ error 123 \"Credential type not supported for update\"\n"
            + "  app: alert \"Update Password Error\": Credential type not supported for update\n  · did you mean 'Password'?"))
    }
}
